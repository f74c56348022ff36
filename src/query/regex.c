/* SPDX-License-Identifier: MIT */
/* flametui - regex.c: PCRE2 wrapper (see regex.h for the matching contract). */
#include "config.h"

#include "query/regex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "core/strtab.h"

/* Enough for any sane frame-name pattern; pathological backtracking gives up: the
 * pattern is "too expensive" (see regex.h). 100000 steps are about 0.25 ms of JIT. The
 * depth limit bounds the interpreter; the JIT is bounded by its stack (32 KB default). */
#define MATCH_LIMIT 100000u
#define DEPTH_LIMIT 10000u
/* Matching a run of names stops as soon as this much time was spent on the regex at an
 * average of more than SLOW_NS per name: a pattern just under the match limit on every
 * name would otherwise take seconds over a large profile. */
#define BUDGET_NS 30000000LL    /* 30 ms: a key is seen within 50 ms */
#define SLOW_NS 20000LL         /* 20 us per name, about 100 times a plain search */

struct regex {
    pcre2_code *code;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    char *pattern;
    bool caseless, jit;
    bool expensive;          /* hit a limit: no more matching (regex_too_expensive) */
    long long spent_ns;      /* time in regex_match_names */
    size_t names;            /* names matched there */
    char *lit;               /* not NULL: an anchored literal too large for PCRE2 */
    size_t lit_len;
};

/* Skips a {..}, <..> or '..' argument starting at p (p points at the opener). */
static const char *skip_arg(const char *p)
{
    char close = *p == '{' ? '}' : *p == '<' ? '>' : '\'';
    for (p++; *p && *p != close; p++)
        ;
    return *p ? p + 1 : p;
}

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

static bool is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* \Q...\E at p: returns what follows it; *upper set (and returns where) when the
 * literal text has an upper-case letter. */
static const char *skip_quoted(const char *p, bool *upper)
{
    for (p += 2; *p && !(p[0] == '\\' && p[1] == 'E'); p++)
        if (is_upper(*p)) {
            *upper = true;
            return p;
        }
    return *p ? p + 2 : p;
}

/* The escape at p (p[0] is '\', p[1] is not NUL): returns what follows it. */
static const char *skip_escape(const char *p, bool *upper)
{
    char c = p[1];
    if (c == 'Q')                               /* literal text up to \E */
        return skip_quoted(p, upper);
    if (c == 'c')                               /* \cX: control character */
        return p[2] ? p + 3 : p + 2;
    if (strchr("pPxoNgk", c) && (p[2] == '{' || p[2] == '<' || p[2] == '\''))
        return skip_arg(p + 2);
    p += 2;                                     /* escape letter (\S, \D, \x4F ...) */
    for (int i = 0; c == 'x' && i < 2 && is_hex(*p); i++)
        p++;                                    /* \xhh: hex digits are not literals */
    return p;
}

/* The character that closes the group name at q (after "(?"), or 0 when it has none. */
static char name_close(const char *q)
{
    if (q[0] == 'P' && (q[1] == '<' || q[1] == '=' || q[1] == '>'))
        return q[1] == '<' ? '>' : ')';         /* (?P<name> (?P=name) (?P>name) */
    if (q[0] == '<' && q[1] != '=' && q[1] != '!')
        return '>';                             /* (?<name> */
    if (q[0] == '\'')
        return '\'';                            /* (?'name' */
    if (q[0] == '&')
        return ')';                             /* (?&name) */
    return 0;
}

static bool is_option(char c)
{
    return (c >= 'a' && c <= 'z') || is_upper(c) || c == '-' || c == '^';
}

/* The group at p ("(?"): returns what follows its name or its option letters. */
static const char *skip_group(const char *p)
{
    const char *q = p + 2;
    char close = name_close(q);
    if (close) {
        for (q++; *q && *q != close; q++)
            ;
        return *q && close != ')' ? q + 1 : q;
    }
    while (is_option(*q))                       /* option letters: (?i) (?U) (?-i:...) */
        q++;
    return q;
}

bool regex_smartcase_lower(const char *p)
{
    bool upper = false;
    while (*p && !upper) {
        if (p[0] == '\\' && p[1] == '\0')
            break;
        if (p[0] == '\\')
            p = skip_escape(p, &upper);
        else if (p[0] == '(' && p[1] == '*')    /* (*VERB) or (*VERB:NAME) */
            p += strcspn(p, ")");
        else if (p[0] == '(' && p[1] == '?')
            p = skip_group(p);
        else
            upper = is_upper(*p++);
    }
    return !upper;
}

static int hex_val(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

/* The bytes of "(?-i)^NAME$" when NAME is literal: plain bytes, a backslash before a
 * punctuation byte, \xHH (what `#` and the table's s make of a function's name); else
 * NULL. */
static char *anchored_literal(const char *p, size_t *len)
{
    size_t n = strlen(p);
    if (n < 7 || strncmp(p, "(?-i)^", 6) != 0 || p[n - 1] != '$')
        return NULL;
    char *out = xmalloc(n), *o = out;
    for (size_t i = 6; i < n - 1; i++) {
        char c = p[i];
        if (c == '\\' && p[i + 1] == 'x' && is_hex(p[i + 2]) && is_hex(p[i + 3]) && i + 3 < n - 1) {
            *o++ = (char)(hex_val(p[i + 2]) * 16 + hex_val(p[i + 3]));
            i += 3;
        } else if (c == '\\' && i + 1 < n - 1 && strchr("\\^$.|?*+()[]{}#", p[i + 1])) {
            *o++ = p[++i];
        } else if (c == '\\' || strchr("^$.|?*+()[]{}", c)) {
            free(out);
            return NULL;
        } else {
            *o++ = c;
        }
    }
    *len = (size_t)(o - out);
    return out;
}

struct regex *regex_new(const char *pattern, struct ft_error *err)
{
    bool caseless = regex_smartcase_lower(pattern);
    int code_err;
    PCRE2_SIZE off;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                     caseless ? PCRE2_CASELESS : 0, &code_err, &off, NULL);
    size_t lit_len = 0;
    char *lit = code ? NULL : anchored_literal(pattern, &lit_len);
    if (lit) {   /* a name of 32 KiB or more: compared byte for byte */
        struct regex *re = xcalloc(1, sizeof *re);
        re->lit = lit;
        re->lit_len = lit_len;
        re->pattern = xstrdup(pattern);
        return re;
    }
    if (!code) {
        PCRE2_UCHAR msg[120];
        if (pcre2_get_error_message(code_err, msg, sizeof msg) < 0)
            strcpy((char *)msg, "invalid regular expression");
        ft_error_set(err, 0, "%s at offset %zu", (const char *)msg, (size_t)off);
        return NULL;
    }
    struct regex *re = xcalloc(1, sizeof *re);
    re->code = code;
    re->caseless = caseless;
    re->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    re->md = pcre2_match_data_create(1, NULL);
    re->mctx = pcre2_match_context_create(NULL);
    if (!re->md || !re->mctx)
        die("out of memory");
    pcre2_set_match_limit(re->mctx, MATCH_LIMIT);
    pcre2_set_depth_limit(re->mctx, DEPTH_LIMIT);
    re->pattern = xstrdup(pattern);
    return re;
}

void regex_free(struct regex *re)
{
    if (!re)
        return;
    pcre2_match_data_free(re->md);
    pcre2_match_context_free(re->mctx);
    pcre2_code_free(re->code);
    free(re->lit);
    free(re->pattern);
    free(re);
}

bool regex_match(struct regex *re, const char *s, size_t len)
{
    int rc;
    if (re->expensive)
        return false;
    if (re->lit)
        return len == re->lit_len && memcmp(s, re->lit, len) == 0;
    if (re->jit)
        rc = pcre2_jit_match(re->code, (PCRE2_SPTR)s, len, 0, 0, re->md, re->mctx);
    else
        rc = pcre2_match(re->code, (PCRE2_SPTR)s, len, 0, 0, re->md, re->mctx);
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
        rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT ||
        rc == PCRE2_ERROR_NOMEMORY)
        re->expensive = true;
    return rc >= 0;    /* no match, a limit or any error: no match */
}

bool regex_too_expensive(const struct regex *re)
{
    return re->expensive;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

const char *regex_pattern(const struct regex *re)
{
    return re->pattern;
}

bool regex_caseless(const struct regex *re)
{
    return re->caseless;
}

bool regex_jit(const struct regex *re)
{
    return re->jit;
}

size_t regex_match_names(struct regex *re, const struct strtab *s, size_t from, size_t to,
                         unsigned char *out)
{
    size_t n = strtab_count(s), hits = 0;
    if (to > n)
        to = n;
    if (from >= to)
        return 0;
    long long t0 = now_ns();
    size_t done = 0;
    for (size_t id = from; id < to; id++) {
        size_t len;
        const char *p = strtab_get(s, (uint32_t)id, &len);
        out[id] = regex_match(re, p, len);
        hits += out[id];
        if (re->expensive) {                 /* the rest cannot match: say no at once */
            memset(out + id + 1, 0, to - id - 1);
            break;
        }
        if (++done % 64 == 0) {
            long long spent = re->spent_ns + now_ns() - t0;
            if (spent > BUDGET_NS && spent > SLOW_NS * (long long)(re->names + done)) {
                re->expensive = true;
                memset(out + id + 1, 0, to - id - 1);
                break;
            }
        }
    }
    re->spent_ns += now_ns() - t0;
    re->names += done;
    return hits;
}
