/* flametui - parse_folded.c: see parse_folded.h.
 * Line rules (flamegraph.pl's, made explicit): the count is the text after the LAST
 * whitespace character, so trailing spaces of the last frame belong to the frame; a
 * differential line "stack C1 C2" uses C2 (the "after" count, as flamegraph.pl sizes
 * frames); frames are split on ';', inner empty frames are kept and trailing empty ones
 * dropped (Perl's split); a trailing '\r' is removed (CRLF files); blank lines and lines
 * starting with '#' (austin, comment headers) are ignored.
 * Speed: consecutive lines usually share a prefix (sorted input), so the node ids of the
 * previous line's frames are reused for the common prefix without any hashing. */
#include "config.h"

#include "parse_folded.h"

#include <stdlib.h>
#include <string.h>

#include "strtab.h"
#include "trie.h"

struct folded_parser {
    struct trie *t;
    struct strtab *names;
    long line;
    size_t skipped, samples;
    struct ft_error first;
    struct buf prev;        /* previous stack text */
    uint32_t *ends;         /* end offset of each frame of prev */
    uint32_t *nodes;        /* node of each frame of prev */
    size_t nprev, cap;
};

struct folded_parser *folded_new(struct trie *t)
{
    struct folded_parser *p = xcalloc(1, sizeof *p);
    p->t = t;
    p->names = trie_names(t);
    return p;
}

void folded_free(struct folded_parser *p)
{
    if (!p)
        return;
    buf_fini(&p->prev);
    free(p->ends);
    free(p->nodes);
    free(p);
}

static inline bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r' || c == '\n';
}

/* Splits off the last whitespace-separated number. Returns 0 and sets *before (length of
 * the text before the whitespace) or -1. */
static int split_count(const char *s, size_t len, size_t *before, struct count *c,
                       const char **why)
{
    size_t i = len;
    while (i > 0 && !is_space((unsigned char)s[i - 1]))
        i--;
    if (i == 0) {
        *why = "no count at the end of the line";
        return -1;
    }
    int rc = count_parse(s + i, len - i, false, c);
    if (rc == -2) {
        *why = "count too large";
        return -1;
    }
    if (rc) {
        *why = i == len ? "no count at the end of the line" : "count is not a number";
        return -1;
    }
    *before = i - 1;
    return 0;
}

int folded_split_line(const char *line, size_t len, size_t *stack_len, struct count *c,
                      const char **why)
{
    if (len && line[len - 1] == '\r')
        len--;
    size_t i = 0;
    while (i < len && is_space((unsigned char)line[i]))
        i++;
    if (i == len || line[i] == '#')
        return 1;
    size_t before;
    if (split_count(line, len, &before, c, why))
        return -1;
    /* differential "stack C1 C2": keep C2, drop C1 */
    size_t b2;
    struct count c1;
    const char *why2;
    if (before > 0 && split_count(line, before, &b2, &c1, &why2) == 0)
        before = b2;
    /* trailing empty frames are dropped (Perl split) */
    while (before > 0 && line[before - 1] == ';')
        before--;
    if (before == 0) {
        *why = "empty stack";
        return -1;
    }
    *stack_len = before;
    return 0;
}

static void skip(struct folded_parser *p, const char *why)
{
    if (p->skipped++ == 0)
        ft_error_set(&p->first, p->line, "%s", why);
}

static void add_line(struct folded_parser *p, const char *s, size_t len, struct count c)
{
    /* common prefix with the previous stack */
    size_t l = 0, m = len < p->prev.len ? len : p->prev.len;
    while (l < m && s[l] == p->prev.p[l])
        l++;
    size_t k = 0; /* frames reused */
    uint32_t node = TRIE_ROOT;
    size_t start = 0;
    while (k < p->nprev) {
        size_t e = p->ends[k];
        if (e > l)
            break;
        /* current frame k must end at e too */
        if (!(e == len || s[e] == ';'))
            break;
        node = p->nodes[k];
        start = e + 1;
        k++;
    }
    size_t nf = k;
    if (start <= len) {
        const char *q = s + start, *end = s + len;
        for (;;) {
            const char *sc = memchr(q, ';', (size_t)(end - q));
            const char *fe = sc ? sc : end;
            node = trie_child(p->t, node, strtab_intern(p->names, q, (size_t)(fe - q)));
            if (nf == p->cap) {
                p->cap = p->cap ? p->cap * 2 : 64;
                p->ends = xreallocarray(p->ends, p->cap, sizeof *p->ends);
                p->nodes = xreallocarray(p->nodes, p->cap, sizeof *p->nodes);
            }
            p->ends[nf] = (uint32_t)(fe - s);
            p->nodes[nf] = node;
            nf++;
            if (!sc)
                break;
            q = sc + 1;
        }
    }
    p->nprev = nf;
    p->prev.len = 0;
    buf_append(&p->prev, s, len);
    trie_add(p->t, node, c);
    p->samples++;
}

size_t folded_feed(struct folded_parser *p, const char *buf, size_t len, bool eof, bool strict,
                   struct ft_error *err)
{
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        if (!nl && !eof)
            break;
        size_t ll = nl ? (size_t)(nl - (buf + pos)) : len - pos;
        p->line++;
        size_t sl;
        struct count c;
        const char *why = NULL;
        int rc = ll > UINT32_MAX - 2 ? (why = "line too long", -1)
                                     : folded_split_line(buf + pos, ll, &sl, &c, &why);
        if (rc < 0) {
            if (strict) {
                ft_error_set(err, p->line, "%s", why);
                return (size_t)-1;
            }
            skip(p, why);
        } else if (rc == 0) {
            add_line(p, buf + pos, sl, c);
        }
        pos += ll + (nl ? 1 : 0);
    }
    return pos;
}

size_t folded_skipped(const struct folded_parser *p, struct ft_error *first)
{
    if (first)
        *first = p->first;
    return p->skipped;
}

size_t folded_samples(const struct folded_parser *p)
{
    return p->samples;
}
