/* SPDX-License-Identifier: MIT */
/* flametui - annotate.c: see annotate.h. One pass over the nodes in id order; each name
 * is split once (a table by name id); the once-per-stack totals look up the ancestors
 * of the matching nodes only. The text reads each source file once per function. */
#include "config.h"

#include "query/annotate.h"

#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/regex.h"

bool annotate_split(const char *s, size_t n, size_t *func_len, size_t *file_off,
                    size_t *file_len, uint32_t *line)
{
    size_t end = n;
    if (end && s[end - 1] == ')') {   /* " (inlined)" */
        const char *sp = NULL;
        for (size_t i = end; i-- > 0;)
            if (s[i] == ' ' && i + 1 < end && s[i + 1] == '(') {
                sp = s + i;
                break;
            }
        if (sp)
            end = (size_t)(sp - s);
    }
    size_t d = end;
    while (d > 0 && s[d - 1] >= '0' && s[d - 1] <= '9')
        d--;
    if (d == end || end - d > 9 || d == 0 || s[d - 1] != ':')
        return false;
    size_t colon = d - 1, f = colon;
    while (f > 0 && s[f - 1] != ':')
        f--;
    if (f == 0)   /* no FUNC: part */
        return false;
    unsigned long v = strtoul(s + d, NULL, 10);
    *func_len = f - 1;
    *file_off = f;
    *file_len = colon - f;
    *line = (uint32_t)v;
    return *func_len > 0;
}

/* The group of (func, file) in out, added when new. */
static size_t group_of(struct annotate *out, const char *fn, size_t fl, const char *file,
                       size_t fil)
{
    for (size_t i = 0; i < out->n; i++)
        if (strlen(out->v[i].func) == fl && !memcmp(out->v[i].func, fn, fl) &&
            strlen(out->v[i].file) == fil && !memcmp(out->v[i].file, file, fil))
            return i;
    FT_GROW(out->v, out->cap, out->n + 1);
    struct annotate_fn *g = &out->v[out->n];
    memset(g, 0, sizeof *g);
    g->func = xmemdup(fn, fl);
    g->file = xmemdup(file, fil);
    g->self = g->total = count_u64(0);
    return out->n++;
}

static struct annotate_line *line_of(struct annotate_fn *g, uint32_t line)
{
    size_t i = 0;
    while (i < g->n && g->v[i].line < line)
        i++;
    if (i < g->n && g->v[i].line == line)
        return &g->v[i];
    FT_GROW(g->v, g->cap, g->n + 1);
    memmove(g->v + i + 1, g->v + i, (g->n - i) * sizeof *g->v);
    g->n++;
    g->v[i] = (struct annotate_line){line, count_u64(0), count_u64(0)};
    return &g->v[i];
}

#define UNSEEN (-2)
#define NO_MATCH (-1)

/* The group of name id nm (NO_MATCH: no line, or another function), split on first use. */
static long name_group(struct trie *t, struct regex *re, const char *func, size_t flen,
                       long *grp, uint32_t *lno, struct annotate *out, uint32_t nm)
{
    if (grp[nm] != UNSEEN)
        return grp[nm];
    size_t n, fl, fo, fil;
    uint32_t line;
    const char *s = strtab_get(trie_names(t), nm, &n);
    grp[nm] = NO_MATCH;
    if (!annotate_split(s, n, &fl, &fo, &fil, &line))
        return NO_MATCH;
    bool hit = re ? regex_match(re, s, fl) : fl == flen && !memcmp(s, func, fl);
    if (hit) {
        grp[nm] = (long)group_of(out, s, fl, s + fo, fil);
        lno[nm] = line;
    } else {
        grp[nm] = -3;   /* a line of another function */
    }
    return grp[nm];
}

static int by_total(const void *a, const void *b)
{
    const struct annotate_fn *x = a, *y = b;
    double tx = count_to_double(x->total), ty = count_to_double(y->total);
    if (tx != ty)
        return tx > ty ? -1 : 1;
    int c = strcmp(x->func, y->func);
    return c ? c : strcmp(x->file, y->file);
}

void annotate_collect(struct trie *t, struct regex *re, const char *func, size_t func_len,
                      struct annotate *out)
{
    size_t names = strtab_count(trie_names(t)), n = trie_size(t);
    long *grp = xmalloc((names ? names : 1) * sizeof *grp);
    uint32_t *lno = xcalloc(names ? names : 1, sizeof *lno);
    for (size_t i = 0; i < names; i++)
        grp[i] = UNSEEN;
    size_t frames = 0;
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i, nm = trie_name(t, node);
        long g = name_group(t, re, func, func_len, grp, lno, out, nm);
        frames += g != NO_MATCH;
        if (g < 0)
            continue;
        struct annotate_fn *f = &out->v[g];
        struct annotate_line *l = line_of(f, lno[nm]);
        if (trie_is_terminal(t, node)) {
            count_add(&l->self, trie_self(t, node));
            count_add(&f->self, trie_self(t, node));
        }
        bool same_line = false, same_fn = false;   /* an outer occurrence */
        for (uint32_t a = trie_parent(t, node); a != TRIE_ROOT && !same_line;
             a = trie_parent(t, a)) {
            uint32_t an = trie_name(t, a);
            same_line = an == nm;
            same_fn = same_fn || (grp[an] == g);
        }
        if (!same_line)
            count_add(&l->total, trie_total(t, node));
        if (!same_fn && !same_line)
            count_add(&f->total, trie_total(t, node));
    }
    out->line_frames = frames;
    if (out->n > 1)
        qsort(out->v, out->n, sizeof *out->v, by_total);
    free(lno);
    free(grp);
}

void annotate_fini(struct annotate *a)
{
    for (size_t i = 0; i < a->n; i++) {
        free(a->v[i].func);
        free(a->v[i].file);
        free(a->v[i].v);
    }
    free(a->v);
    memset(a, 0, sizeof *a);
}

void annotate_range(const struct annotate_fn *f, uint32_t *first, uint32_t *last)
{
    uint32_t lo = f->n ? f->v[0].line : 1, hi = f->n ? f->v[f->n - 1].line : 1;
    *first = lo > 5 ? lo - 5 : 1;
    *last = hi + 5;
}

void annotate_value(char *out, size_t n, struct count c, const char *unit, bool dot)
{
    static const struct scale {
        const char *name;
        double factor;
    } time_units[] = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"hrs", 3600e9}},
      byte_units[] = {{"B", 1},
                      {"kB", 1024.0},
                      {"MB", 1024.0 * 1024},
                      {"GB", 1024.0 * 1024 * 1024},
                      {"TB", 1024.0 * 1024 * 1024 * 1024},
                      {"PB", 1024.0 * 1024 * 1024 * 1024 * 1024}};
    double v = count_to_double(c);
    const struct scale *u = NULL;
    size_t nu = 0;
    if (unit && !strcmp(unit, "nanoseconds")) {
        u = time_units;
        nu = sizeof time_units / sizeof *time_units;
    } else if (unit && !strcmp(unit, "bytes")) {
        u = byte_units;
        nu = sizeof byte_units / sizeof *byte_units;
    }
    const char *name = "";
    double f = 1;
    for (size_t i = 0; i < nu; i++)
        if (v / u[i].factor >= 1.0) {
            f = u[i].factor;
            name = u[i].name;
        }
    char num[64];
    snprintf(num, sizeof num, "%.2f", v / f);
    size_t l = strlen(num);
    if (l > 3 && !strcmp(num + l - 3, ".00"))
        num[l - 3] = '\0';
    if (!strcmp(num, "0") || !strcmp(num, "-0"))
        snprintf(out, n, "%s", dot ? "." : "0");
    else
        snprintf(out, n, "%s%s", num, name);
}

void annotate_pct(char *out, size_t n, double part, double whole)
{
    double r = whole != 0 ? part / whole * 100 : 0;
    r = r < 0 ? -r : r;
    if (r >= 99.95 && r <= 100.05)
        snprintf(out, n, "  100%%");
    else if (r >= 1.0)
        snprintf(out, n, "%5.2f%%", r);
    else
        snprintf(out, n, "%5.1f%%", r);
}

/* ---- text ---- */

/* The lines of path, found under a --source-path directory (the path's
 * suffixes, longest first, as pprof's -source_path), else where the profile says; *shown
 * gets the name to print (the suffix found, or the path). NULL when not found. */
static FILE *open_source(const char *path, const char *dirs, const char **shown)
{
    FILE *f = NULL;
    for (const char *d = dirs; !f && d && *d;) {
        const char *e = strchr(d, ':');
        size_t dl = e ? (size_t)(e - d) : strlen(d);
        for (const char *suf = path; !f && suf && *suf;) {
            while (*suf == '/')
                suf++;
            struct buf b = {0};
            buf_printf(&b, "%.*s/%s", (int)dl, d, suf);
            f = *suf ? fopen(b.p, "r") : NULL;
            buf_fini(&b);
            *shown = suf;
            suf = strchr(suf, '/');
        }
        d = e ? e + 1 : d + dl;
    }
    if (!f) {
        f = fopen(path, "r");
        *shown = path;
    }
    return f;
}

/* The text of lines first..last of f into lines (one NUL-terminated string each). */
static void read_lines(FILE *f, uint32_t first, uint32_t last, char ***lines)
{
    *lines = xcalloc((size_t)(last - first + 1), sizeof **lines);
    char *l = NULL;
    size_t cap = 0;
    ssize_t len;
    for (uint32_t no = 1; no <= last && (len = getline(&l, &cap, f)) >= 0; no++) {
        if (len && l[len - 1] == '\n')
            l[--len] = '\0';
        if (no >= first)
            (*lines)[no - first] = xstrdup(l);
    }
    free(l);
}

/* One function, as go tool pprof -list prints it. */
static void one(const struct annotate_fn *fn, const char *unit, double all, const char *dirs,
                annotate_safe_fn *safe, struct buf *b)
{
    uint32_t first, last;
    const char *shown;
    char fl[64], cu[64], pct[32];
    char **lines = NULL;
    annotate_range(fn, &first, &last);
    size_t nlines = (size_t)(last - first + 1);
    FILE *src = open_source(fn->file, dirs, &shown);
    if (src) {
        read_lines(src, first, last, &lines);
        fclose(src);
        while (last > first && !lines[last - first])   /* past the end of the file */
            last--;
    }
    buf_printf(b, "ROUTINE ======================== ");
    safe(b, fn->func, strlen(fn->func));
    buf_printf(b, " in ");
    safe(b, shown, strlen(shown));
    annotate_value(fl, sizeof fl, fn->self, unit, false);
    annotate_value(cu, sizeof cu, fn->total, unit, false);
    annotate_pct(pct, sizeof pct, count_to_double(fn->total), all);
    buf_printf(b, "\n%10s %10s (flat, cum) %s of Total%s\n", fl, cu, pct,
               src ? "" : "  (source not found: lines without their text)");
    size_t k = 0;
    for (uint32_t no = first; no <= last; no++) {
        while (k < fn->n && fn->v[k].line < no)
            k++;
        bool has = k < fn->n && fn->v[k].line == no;
        if (!src && !has)
            continue;
        annotate_value(fl, sizeof fl, has ? fn->v[k].self : count_u64(0), unit, true);
        annotate_value(cu, sizeof cu, has ? fn->v[k].total : count_u64(0), unit, true);
        buf_printf(b, "%10s %10s %6u:", fl, cu, no);
        const char *text = lines ? lines[no - first] : NULL;
        for (const char *p = text; p && *p;) {   /* tabs as they are, the rest made safe */
            size_t run = strcspn(p, "\t");
            safe(b, p, run);
            p += run;
            if (*p == '\t')
                buf_putc(b, *p++);
        }
        buf_putc(b, '\n');
    }
    for (size_t i = 0; lines && i < nlines; i++)
        free(lines[i]);
    free(lines);
}

void annotate_text(const struct annotate *an, struct count all, const char *unit,
                   const char *dirs, annotate_safe_fn *safe, struct buf *out)
{
    char tot[64];
    annotate_value(tot, sizeof tot, all, unit, false);
    buf_printf(out, "Total: %s\n", tot);
    for (size_t i = 0; i < an->n; i++)
        one(&an->v[i], unit, count_to_double(all), dirs, safe, out);
}
