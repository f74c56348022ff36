/* SPDX-License-Identifier: MIT */
/* flametui - parse_folded.c: see parse_folded.h.
 * Line rules (flamegraph.pl's, made explicit): the count is the text after the LAST
 * whitespace character, so trailing spaces of the last frame belong to the frame; a
 * differential line "stack C1 C2" uses C2 (the "after" count, as flamegraph.pl sizes
 * frames); frames are split on ';', inner empty frames are kept and trailing empty ones
 * dropped (Perl's split); a trailing '\r' is removed (CRLF files); blank lines and lines
 * starting with '#' (austin, comment headers) are ignored. A stack holding a backslash
 * may hold the folded writer's escapes (render/foldesc.h: "\x3b" for ';' and eight
 * more), undone per frame after the split (add_escaped).
 * Speed: consecutive lines usually share a prefix (sorted input), so the node ids of the
 * previous line's frames are reused for the common prefix (compared a word at a time)
 * without any hashing. The other frames are hashed while scanning for ';', their trie
 * and string table slots are prefetched, and each is then resolved by trie_child_bytes,
 * which interns the name (the string table's slot points at the bytes) and probes the
 * trie by (parent, name id), so a hit never reads a node's name bytes. The bytes parsed
 * go to trie_hint_progress, which sizes the lookup table's growth for the whole input. */
#include "config.h"

#include "input/parse_folded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"

#define PROGRESS_STEP ((size_t)256 << 10)

struct folded_parser {
    struct trie *t;
    struct strtab *names;
    long line;
    size_t skipped, samples;
    struct ft_error first;
    struct buf prev;        /* previous stack text (kept between feeds) */
    const char *prev_p;     /* previous stack: in prev, or in the buffer being fed */
    size_t prev_len;
    bool prev_ext;          /* prev_p points into the caller's buffer */
    uint32_t *ends;         /* end offset of each frame of prev */
    uint32_t *nodes;        /* node of each frame of prev */
    uint64_t *nh, *ph;      /* name hash and path hash of each new frame */
    size_t nprev, cap;
    size_t max_line;        /* 0: no limit */
    size_t reported;        /* bytes of this feed told to trie_hint_progress */
    char long_why[48];      /* "line longer than 16 MiB" */
    struct stack_sink sink; /* folded_set_sink: stacks go there, not into the trie */
    struct stack_frame *sf; /* the new frames of a stack for the sink */
    size_t sf_cap;
    struct buf esc;         /* the frames of a line with escapes, unescaped */
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
    free(p->nh);
    free(p->ph);
    free(p->sf);
    buf_fini(&p->esc);
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
    /* differential "stack C1 C2": keep C2, drop C1. Only digits and '.' are scanned,
     * so an ordinary stack costs a byte or two here. */
    size_t j = before;
    while (j > 0 && ((line[j - 1] >= '0' && line[j - 1] <= '9') || line[j - 1] == '.'))
        j--;
    struct count c1;
    if (j < before && j > 0 && is_space((unsigned char)line[j - 1]) &&
        count_parse(line + j, before - j, false, &c1) == 0)
        before = j - 1;
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

void folded_set_max_line(struct folded_parser *p, size_t max)
{
    p->max_line = max;
    if (max && max % (1u << 20) == 0)
        snprintf(p->long_why, sizeof p->long_why, "line longer than %zu MiB", max >> 20);
    else if (max && max % 1024 == 0)
        snprintf(p->long_why, sizeof p->long_why, "line longer than %zu KiB", max >> 10);
    else
        snprintf(p->long_why, sizeof p->long_why, "line longer than %zu bytes", max);
}

void folded_long_line(struct folded_parser *p)
{
    p->line++;
    skip(p, p->long_why[0] ? p->long_why : "line too long");
}

/* Length of the frame at p (up to the next ';' or end) and util_hash() of its bytes,
 * found in one pass, 8 bytes at a time. */
static inline size_t scan_frame(const char *p, const char *end, uint64_t *hash)
{
    uint64_t h = UTIL_HASH_SEED;
    const char *q = p;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (end - q >= 8) {
        uint64_t w;
        memcpy(&w, q, 8);
        uint64_t x = w ^ 0x3b3b3b3b3b3b3b3bull; /* ';' bytes become 0 */
        uint64_t z = (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
        if (z) {
            unsigned k = (unsigned)__builtin_ctzll(z) >> 3;
            if (k)
                h = util_hash_word(h, w & ((1ull << (k * 8)) - 1));
            size_t n = (size_t)(q - p) + k;
            *hash = util_hash_final(h, n);
            return n;
        }
        h = util_hash_word(h, w);
        q += 8;
    }
#endif
    const char *sc = memchr(q, ';', (size_t)(end - q));
    const char *fe = sc ? sc : end;
    while (fe - q >= 8) {
        uint64_t w;
        memcpy(&w, q, 8);
        h = util_hash_word(h, w);
        q += 8;
    }
    if (fe > q) {
        uint64_t w = 0;
        memcpy(&w, q, (size_t)(fe - q));
        h = util_hash_word(h, w);
    }
    size_t n = (size_t)(fe - p);
    *hash = util_hash_final(h, n);
    return n;
}

static void reserve_frames(struct folded_parser *p, size_t n)
{
    if (n <= p->cap)
        return;
    /* four parallel arrays, one capacity: each grows from the same old one */
    size_t cap = p->cap, c;
    c = cap, FT_GROW(p->ends, c, n);
    c = cap, FT_GROW(p->nodes, c, n);
    c = cap, FT_GROW(p->nh, c, n);
    c = cap, FT_GROW(p->ph, c, n);
    p->cap = c;
}

/* Length of the common prefix of a and b (at most m bytes), a word at a time. */
static inline size_t common_prefix(const char *a, const char *b, size_t m)
{
    size_t l = 0;
    while (m - l >= 8) {
        uint64_t x, y;
        memcpy(&x, a + l, 8);
        memcpy(&y, b + l, 8);
        if (x != y)
            break;
        l += 8;
    }
    while (l < m && a[l] == b[l])
        l++;
    return l;
}

/* Scans and hashes the frames of s from byte start on as frames nf, nf + 1, ... (ends,
 * name hashes, path hashes from ph, the parent's); with prefetch, asks for their trie and
 * strtab slots, so that the probes that follow overlap. Returns the frame count. */
static inline size_t scan_frames(struct folded_parser *p, const char *s, size_t len,
                                 size_t start, size_t nf, uint64_t ph, bool prefetch)
{
    const char *q = s + start, *end = s + len;
    for (;;) {
        reserve_frames(p, nf + 1);
        uint64_t h;
        size_t fl = scan_frame(q, end, &h);
        ph = trie_hash_step(ph, h);
        if (prefetch) {
            trie_prefetch(p->t, ph);
            strtab_prefetch(p->names, h); /* a new node interns its name */
        }
        p->ends[nf] = (uint32_t)(q + fl - s);
        p->nh[nf] = h;
        p->ph[nf] = ph;
        nf++;
        if (q + fl == end)
            return nf;
        q += fl + 1;
    }
}

/* Hands frames [k, nf) of the stack s over to the sink. */
static void to_sink(struct folded_parser *p, const char *s, size_t k, size_t nf, struct count c)
{
    if (nf - k > p->sf_cap)
        FT_GROW(p->sf, p->sf_cap, nf - k);
    for (size_t i = k; i < nf; i++) {
        uint32_t fs = i ? p->ends[i - 1] + 1 : 0;
        p->sf[i - k] = (struct stack_frame){s + fs, p->ends[i] - fs, STACK_ID_NONE, p->nh[i],
                                            p->ph[i]};
    }
    p->sink.stack(p->sink.ctx, p->sf, k, nf, c);
}

static void add_line(struct folded_parser *p, const char *s, size_t len, struct count c)
{
    /* common prefix with the previous stack: its frames keep their nodes */
    size_t l = common_prefix(s, p->prev_p, len < p->prev_len ? len : p->prev_len);
    size_t k = 0;
    uint32_t node = TRIE_ROOT;
    size_t start = 0;
    while (k < p->nprev) {
        size_t e = p->ends[k];
        if (e > l || !(e == len || s[e] == ';'))
            break;
        node = p->nodes[k];
        start = e + 1;
        k++;
    }
    /* scan and hash the new frames, then resolve them (a sink does that itself): the
     * probes use precomputed path hashes, so consecutive ones overlap. The path hash of
     * a kept frame is still in ph[] (set when that frame was new). */
    size_t nf = k;
    bool more = start <= len && !(k > 0 && p->ends[k - 1] == len);
    if (more && p->sink.stack) {
        nf = scan_frames(p, s, len, start, k, k ? p->ph[k - 1] : p->sink.root_phash, false);
    } else if (more) {
        nf = scan_frames(p, s, len, start, k, trie_phash(p->t, node), true);
        for (size_t i = k; i < nf; i++) {
            size_t fs = i ? p->ends[i - 1] + 1 : 0;
            node = trie_child_bytes(p->t, node, p->ph[i], p->nh[i], s + fs, p->ends[i] - fs);
            p->nodes[i] = node;
        }
    }
    p->nprev = nf;
    p->prev_p = s; /* in the caller's buffer until keep_prev() */
    p->prev_len = len;
    p->prev_ext = true;
    if (p->sink.stack)
        to_sink(p, s, k, nf, c);
    else
        trie_add(p->t, node, c);
    p->samples++;
}

/* The byte of a folded writer's escape at s ("\xHH", render/foldesc.h: one of nine
 * codes), or -1. */
static int unescape_at(const char *s, size_t n)
{
    static const char codes[] = "3b0a232009" "0b0c0d5c";
    if (n < 4 || s[0] != '\\' || s[1] != 'x')
        return -1;
    for (size_t i = 0; codes[i]; i += 2)
        if (s[2] == codes[i] && s[3] == codes[i + 1])
            return (s[2] - '0') * 16 + (s[3] >= 'a' ? s[3] - 'a' + 10 : s[3] - '0');
    return -1;
}

/* A stack holding a backslash: its frames are split on ';' first, then each one's
 * escapes are undone (so a name may hold ';' or a newline), and it is added frame by
 * frame. The previous stack's frames are not reused across it. */
static void add_escaped(struct folded_parser *p, const char *s, size_t len, struct count c)
{
    p->esc.len = 0;
    size_t nf = 0;
    for (size_t i = 0;; i++) {
        int b = i < len && s[i] != ';' ? unescape_at(s + i, len - i) : -1;
        if (i == len || s[i] == ';') {
            reserve_frames(p, nf + 1);
            p->ends[nf++] = (uint32_t)p->esc.len;
            if (i == len)
                break;
        } else if (b >= 0) {
            buf_putc(&p->esc, (char)b);
            i += 3;
        } else {
            buf_putc(&p->esc, s[i]);
        }
    }
    const char *d = p->esc.p ? p->esc.p : "";
    uint32_t node = TRIE_ROOT;
    uint64_t ph = p->sink.stack ? p->sink.root_phash : 0;
    if (p->sink.stack && nf > p->sf_cap)
        FT_GROW(p->sf, p->sf_cap, nf);
    for (size_t k = 0; k < nf; k++) {
        size_t fs = k ? p->ends[k - 1] : 0, fl = p->ends[k] - fs;
        if (p->sink.stack) {
            uint64_t h = util_hash(d + fs, fl);
            ph = trie_hash_step(ph, h);
            p->sf[k] = (struct stack_frame){d + fs, (uint32_t)fl, STACK_ID_NONE, h, ph};
        } else {
            node = trie_child(p->t, node, strtab_intern(p->names, d + fs, fl));
        }
    }
    if (p->sink.stack)
        p->sink.stack(p->sink.ctx, p->sf, 0, nf, c);
    else
        trie_add(p->t, node, c);
    p->nprev = 0;
    p->prev_len = 0;
    p->prev_ext = false;
    p->samples++;
}

/* The previous stack must outlive the caller's buffer: copy it once per feed, not once
 * per line. */
static void keep_prev(struct folded_parser *p)
{
    if (!p->prev_ext)
        return;
    p->prev.len = 0;
    buf_append(&p->prev, p->prev_p, p->prev_len);
    p->prev_p = p->prev.p;
    p->prev_ext = false;
}

size_t folded_feed(struct folded_parser *p, const char *buf, size_t len, bool eof, bool strict,
                   struct ft_error *err)
{
    size_t pos = 0;
    p->reported = 0;
    while (pos < len) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        if (!nl && !eof)
            break;
        size_t ll = nl ? (size_t)(nl - (buf + pos)) : len - pos;
        p->line++;
        size_t sl;
        struct count c;
        const char *why = NULL;
        int rc;
        if (p->max_line && ll > p->max_line)
            rc = (why = p->long_why, -1);
        else if (ll > UINT32_MAX - 2)
            rc = (why = "line too long", -1);
        else
            rc = folded_split_line(buf + pos, ll, &sl, &c, &why);
        if (rc < 0) {
            if (strict) {
                keep_prev(p);
                ft_error_set(err, p->line, "%s", why);
                return (size_t)-1;
            }
            skip(p, why);
        } else if (rc == 0 && memchr(buf + pos, '\\', sl)) {
            add_escaped(p, buf + pos, sl, c);
        } else if (rc == 0) {
            add_line(p, buf + pos, sl, c);
        }
        pos += ll + (nl ? 1 : 0);
        if (!p->sink.stack && pos - p->reported >= PROGRESS_STEP) {
            trie_hint_progress(p->t, pos - p->reported);
            p->reported = pos;
        }
    }
    keep_prev(p);
    if (!p->sink.stack)
        trie_hint_progress(p->t, pos - p->reported);
    return pos;
}

void folded_set_sink(struct folded_parser *p, const struct stack_sink *sink)
{
    p->sink = *sink;
    p->nprev = 0;
}

void folded_trie_replaced(struct folded_parser *p)
{
    p->nprev = 0;
    p->prev_len = 0;
    p->prev_ext = false;
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
