/* SPDX-License-Identifier: MIT */
/* flametui - numfmt.c: numbers for people (see numfmt.h). */
#include "config.h"

#include "render/numfmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int put(char *out, size_t n, const char *s)
{
    size_t l = strlen(s);
    if (n == 0)
        return 0;
    if (l >= n)
        l = n - 1;
    memcpy(out, s, l);
    out[l] = '\0';
    return (int)l;
}

/* Groups the leading digits of s (up to a '.' or the end) into out. */
static int group_digits(char *out, size_t n, const char *s)
{
    char tmp[NUMFMT_MAX * 2];
    size_t digits = strspn(s, "0123456789"), k = 0;
    if (strchr(s, 'e') || strchr(s, 'E') || strchr(s, 'n') || strchr(s, 'i'))
        return put(out, n, s);   /* 2e+19, inf, nan: as Perl prints them */
    for (size_t i = 0; i < digits && k + 2 < sizeof(tmp); i++) {
        if (i > 0 && (digits - i) % 3 == 0)
            tmp[k++] = ',';
        tmp[k++] = s[i];
    }
    tmp[k] = '\0';
    strncat(tmp, s + digits, sizeof(tmp) - k - 1);
    return put(out, n, tmp);
}

int numfmt_group_u(char *out, size_t n, unsigned long long v)
{
    char s[32];
    snprintf(s, sizeof(s), "%llu", v);
    return group_digits(out, n, s);
}

int numfmt_group(char *out, size_t n, struct count c)
{
    char s[COUNT_FMT_MAX];
    count_format(s, c);
    return group_digits(out, n, s);
}

/* v (>= 0, < 1000 after scaling) with three significant digits. */
static void sig3(char *s, size_t n, double v, const char *suffix)
{
    if (v >= 99.95)
        snprintf(s, n, "%.0f%s", v, suffix);
    else if (v >= 9.995)
        snprintf(s, n, "%.1f%s", v, suffix);
    else
        snprintf(s, n, "%.2f%s", v, suffix);
}

int numfmt_compact(char *out, size_t n, double v)
{
    static const char *const sfx[] = {"k", "M", "G", "T", "P", "E", "Z", "Y"};
    char s[NUMFMT_MAX];
    const char *sign = v < 0 ? "-" : "";
    double a = fabs(v);
    if (!isfinite(a))
        return put(out, n, a != a ? "nan" : "inf");
    if (a < 999.5) {
        if (a == floor(a))
            snprintf(s, sizeof(s), "%s%.0f", sign, a);
        else
            snprintf(s, sizeof(s), "%s%.3g", sign, a);
        return put(out, n, s);
    }
    size_t i = 0;
    a /= 1000;
    while (a >= 999.5 && i + 1 < sizeof(sfx) / sizeof(sfx[0])) {
        a /= 1000;
        i++;
    }
    char t[NUMFMT_MAX / 2];
    sig3(t, sizeof(t), a, sfx[i]);
    snprintf(s, sizeof(s), "%s%s", sign, t);
    return put(out, n, s);
}

int numfmt_seconds(char *out, size_t n, double sec, bool ascii)
{
    char s[NUMFMT_MAX];
    if (!isfinite(sec) || sec < 0)
        return put(out, n, "? s");
    if (sec >= 999.5) {
        char g[NUMFMT_MAX / 2];
        numfmt_group_u(g, sizeof(g), (unsigned long long)(sec + 0.5));
        snprintf(s, sizeof(s), "%s s", g);
    } else if (sec >= 0.9995 || sec == 0) {
        sig3(s, sizeof(s), sec, " s");
    } else if (sec >= 0.9995e-3) {
        sig3(s, sizeof(s), sec * 1e3, " ms");
    } else if (sec >= 0.9995e-6) {
        sig3(s, sizeof(s), sec * 1e6, ascii ? " us" : " \xc2\xb5s");
    } else {
        sig3(s, sizeof(s), sec * 1e9, " ns");
    }
    return put(out, n, s);
}

const char *numfmt_plural(double v, const char *one, const char *many)
{
    return v == 1.0 ? one : many;
}

int numfmt_bytes(char *out, size_t n, double v)
{
    static const char *const sfx[] = {" KiB", " MiB", " GiB", " TiB", " PiB", " EiB"};
    char s[NUMFMT_MAX];
    const char *sign = v < 0 ? "-" : "";
    double a = fabs(v);
    if (!isfinite(a))
        return put(out, n, a != a ? "nan B" : "inf B");
    if (a < 1023.5) {
        snprintf(s, sizeof(s), a == floor(a) ? "%s%.0f B" : "%s%.3g B", sign, a);
        return put(out, n, s);
    }
    size_t i = 0;
    a /= 1024;
    while (a >= 1023.5 && i + 1 < sizeof(sfx) / sizeof(sfx[0])) {
        a /= 1024;
        i++;
    }
    char t[NUMFMT_MAX / 2];
    sig3(t, sizeof(t), a, sfx[i]);
    snprintf(s, sizeof(s), "%s%s", sign, t);
    return put(out, n, s);
}

/* Copies s[0..len) to out[0..n) with anything but printable ASCII as '?' (a name from
 * the input: it is printed as it is). */
static void copy_word(char *out, size_t n, const char *s, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < n; i++)
        out[k++] = s[i] > ' ' && s[i] <= '~' ? s[i] : '?';
    out[k] = '\0';
}

/* The perf event without its modifiers ("cpu-clock:pppH" -> "cpu-clock"). */
static void perf_event(struct unit *u, const char *ev)
{
    size_t len = strlen(ev);
    const char *colon = strrchr(ev, ':');
    if (colon && colon[1] && strspn(colon + 1, "ukhpPGHISDWe") == strlen(colon + 1))
        len = (size_t)(colon - ev);
    copy_word(u->event, sizeof(u->event), ev, len);
}

void numfmt_unit_set(struct unit *u, const char *type, const char *unit, bool counts_samples)
{
    memset(u, 0, sizeof(*u));
    u->u = UNIT_SAMPLES;
    if (!type || !unit)
        return;
    if (strcmp(unit, "period") == 0) {
        perf_event(u, type);
        if (counts_samples)
            return;
        if (strcmp(u->event, "cpu-clock") == 0 || strcmp(u->event, "task-clock") == 0) {
            u->u = UNIT_NS;
        } else {
            u->u = UNIT_EVENTS;
            memcpy(u->noun, u->event, sizeof(u->noun));
        }
    } else if (strcmp(unit, "nanoseconds") == 0) {
        u->u = UNIT_NS;
    } else if (strcmp(unit, "bytes") == 0) {
        u->u = UNIT_BYTES;
    } else if (strcmp(unit, "count") == 0) {
        const char *us = strrchr(type, '_');   /* "alloc_objects": objects */
        const char *noun = us && us[1] ? us + 1 : type;
        if (strcmp(noun, "samples") != 0 && strcmp(noun, "sample") != 0) {
            u->u = UNIT_EVENTS;
            copy_word(u->noun, sizeof(u->noun), noun, strlen(noun));
        }
    } else if (strcmp(unit, "samples") != 0) {
        u->u = UNIT_EVENTS;   /* a unit of its own ("requests"): counted as such */
        copy_word(u->noun, sizeof(u->noun), unit, strlen(unit));
    }
}

bool numfmt_unit_same(const struct unit *a, const struct unit *b)
{
    return a->u == b->u && (a->u != UNIT_EVENTS || strcmp(a->noun, b->noun) == 0);
}

const char *numfmt_unit_name(const struct unit *u)
{
    switch (u->u) {
    case UNIT_NS: return "nanoseconds";
    case UNIT_BYTES: return "bytes";
    case UNIT_EVENTS: return u->noun[0] ? u->noun : "counts";
    case UNIT_MIXED: return "mixed units";
    default: return "samples";
    }
}

int numfmt_number(char *out, size_t n, struct count c, const struct unit *u, bool compact)
{
    double v = count_to_double(c);
    if (u->u == UNIT_NS)
        return numfmt_seconds(out, n, v / 1e9, u->ascii);
    if (u->u == UNIT_BYTES)
        return numfmt_bytes(out, n, v);
    return compact ? numfmt_compact(out, n, v) : numfmt_group(out, n, c);
}

int numfmt_weight(char *out, size_t n, struct count c, const struct unit *u, bool compact)
{
    char num[NUMFMT_MAX], s[NUMFMT_MAX + 80];
    double v = count_to_double(c);
    numfmt_number(num, sizeof(num), c, u, compact);
    if (u->u == UNIT_SAMPLES)
        snprintf(s, sizeof(s), "%s %s", num, numfmt_plural(v, "sample", "samples"));
    else if (u->u == UNIT_EVENTS && u->noun[0])
        snprintf(s, sizeof(s), "%s %.63s", num, u->noun);
    else
        return put(out, n, num);
    return put(out, n, s);
}
