/* SPDX-License-Identifier: MIT */
/* flametui - parse_bpftrace.c: see parse_bpftrace.h. The line rules follow
 * stackcollapse-bpftrace.pl: outside a stack, "@[" alone opens one and "@[, X]: N" is a
 * one-frame stack; inside, a line with "]: N" closes it (what comes before, after an
 * optional ',' and one blank, is the root-most frame), any other line is a frame with
 * its leading blanks removed. */
#include "config.h"

#include "input/parse_bpftrace.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"

struct bpftrace_parser {
    struct trie *t;
    bool in_stack, drop;    /* drop: the open stack lost a line (too long) */
    size_t max_line;        /* 0: none */
    uint32_t *frames;       /* name ids, leaf first (as printed) */
    size_t nframes, cap;
    uint32_t *names;        /* root first, for trie_insert */
    size_t ncap;
    bool has_key;           /* a comm key came before the stack: key is the root */
    uint32_t key;
    long line, open_line;
    size_t samples, skipped;
    struct ft_error first;
};

struct bpftrace_parser *bpftrace_new(struct trie *t, size_t max_line)
{
    struct bpftrace_parser *p = xcalloc(1, sizeof *p);
    p->t = t;
    p->max_line = max_line;
    return p;
}

void bpftrace_free(struct bpftrace_parser *p)
{
    if (!p)
        return;
    free(p->frames);
    free(p->names);
    free(p);
}

size_t bpftrace_samples(const struct bpftrace_parser *p)
{
    return p->samples;
}

size_t bpftrace_skipped(const struct bpftrace_parser *p, struct ft_error *first)
{
    if (first)
        *first = p->first;
    return p->skipped;
}

static void skip(struct bpftrace_parser *p, long line, const char *why)
{
    if (!p->skipped++)
        ft_error_set(&p->first, line, "%s", why);
}

static bool blank(char c)   /* Perl's \s */
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static uint32_t intern(struct bpftrace_parser *p, const char *s, size_t n)
{
    return strtab_intern(trie_names(p->t), s, n);
}

static void push(struct bpftrace_parser *p, const char *s, size_t n)
{
    if (!n)
        return;   /* an empty frame line (the script would keep an empty frame) */
    FT_GROW(p->frames, p->cap, p->nframes + 1);
    p->frames[p->nframes++] = intern(p, s, n);
}

/* "@" then a map name ([A-Za-z0-9_]*) then "[": the length of that prefix, or 0. */
static size_t map_open(const char *s, size_t n)
{
    if (!n || s[0] != '@')
        return 0;
    size_t i = 1;
    while (i < n && (s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
                     (s[i] >= '0' && s[i] <= '9')))
        i++;
    return i < n && s[i] == '[' ? i + 1 : 0;
}

/* The last "]: " followed by a digit in s[from..n): its position, or SIZE_MAX. The
 * digits' run goes to *dn. */
static size_t close_at(const char *s, size_t n, size_t from, size_t *dn)
{
    for (size_t i = n >= 4 ? n - 4 + 1 : 0; i-- > from;) {
        if (s[i] == ']' && s[i + 1] == ':' && s[i + 2] == ' ' && s[i + 3] >= '0' &&
            s[i + 3] <= '9') {
            size_t k = i + 3;
            while (k < n && s[k] >= '0' && s[k] <= '9')
                k++;
            *dn = k - (i + 3);
            return i;
        }
    }
    return SIZE_MAX;
}

static void emit(struct bpftrace_parser *p, const char *digits, size_t dn)
{
    struct count c;
    size_t n = 0;
    if (count_parse(digits, dn, false, &c) != 0) {
        skip(p, p->line, "count too large");
        return;
    }
    FT_GROW(p->names, p->ncap, p->nframes + 1);
    if (p->has_key)
        p->names[n++] = p->key;
    for (size_t i = p->nframes; i-- > 0;)
        p->names[n++] = p->frames[i];
    if (!n) {
        skip(p, p->line, "empty stack");
        return;
    }
    trie_insert(p->t, p->names, n, c);
    p->samples++;
}

static void parse_line(struct bpftrace_parser *p, const char *s, size_t n)
{
    p->line++;
    size_t dn, at;
    if (!p->in_stack) {
        size_t o = map_open(s, n);
        if (!o)
            return;
        if (o == n) {   /* "@[": a stack follows */
            p->in_stack = true;
            p->has_key = false;
        } else if (s[o] == ',' && o + 1 < n && blank(s[o + 1]) &&
                   (at = close_at(s, n, o + 2, &dn)) != SIZE_MAX) {
            /* "@[, X]: N": an empty stack and one more key */
            p->nframes = 0;
            p->has_key = false;
            push(p, s + o + 2, at - (o + 2));
            emit(p, s + at + 3, dn);
            p->nframes = 0;
            return;
        } else {
            /* "@[comm, " at the end of the line: a key, then the stack */
            size_t e = n;
            while (e > o && blank(s[e - 1]))
                e--;
            if (e <= o + 1 || s[e - 1] != ',' || memchr(s + o, ']', e - o))
                return;
            p->in_stack = true;
            p->has_key = true;
            p->key = intern(p, s + o, e - 1 - o);
        }
        p->nframes = 0;
        p->drop = false;
        p->open_line = p->line;
        return;
    }
    if ((at = close_at(s, n, 0, &dn)) != SIZE_MAX) {
        size_t b = 0;
        if (b < at && s[b] == ',')
            b++;
        if (b < at && blank(s[b]))
            b++;
        push(p, s + b, at - b);
        if (p->drop)
            skip(p, p->open_line, "a line of the stack was too long");
        else
            emit(p, s + at + 3, dn);
        p->in_stack = p->has_key = p->drop = false;
        p->nframes = 0;
        return;
    }
    size_t b = 0;
    while (b < n && blank(s[b]))
        b++;
    push(p, s + b, n - b);
}

size_t bpftrace_feed(struct bpftrace_parser *p, const char *buf, size_t len, bool eof)
{
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(buf + i, '\n', len - i);
        if (!nl && !eof)
            break;
        size_t n = nl ? (size_t)(nl - (buf + i)) : len - i;
        if (p->max_line && n > p->max_line)
            bpftrace_long_line(p);
        else
            parse_line(p, buf + i, n);
        i += n + (nl ? 1 : 0);
    }
    if (eof && p->in_stack) {
        skip(p, p->open_line, "stack not closed by ']: COUNT'");
        p->in_stack = p->has_key = p->drop = false;
        p->nframes = 0;
    }
    return i;
}

void bpftrace_long_line(struct bpftrace_parser *p)
{
    p->line++;
    if (p->in_stack)
        p->drop = true;
}

bool bpftrace_sniff(const char *buf, size_t len)
{
    size_t i = 0;
    for (;;) {   /* the first non-blank line */
        const char *nl = memchr(buf + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (buf + i)) : len - i;
        size_t k = 0;
        while (k < n && blank(buf[i + k]))
            k++;
        if (k < n || !nl)
            break;
        i += n + 1;
    }
    const char *s = buf + i;
    size_t n = len - i;
    const char *nl = memchr(s, '\n', n);
    if (!nl)
        return false;   /* wait for the whole line */
    n = (size_t)(nl - s);
    if (n > 10 && !memcmp(s, "Attaching ", 10)) {
        size_t k = 10;
        while (k < n && s[k] >= '0' && s[k] <= '9')
            k++;
        return k > 10 && k + 6 <= n && !memcmp(s + k, " probe", 6);
    }
    return map_open(s, n) > 0;
}
