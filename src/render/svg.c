/* SPDX-License-Identifier: MIT */
/* flametui - svg.c: the SVG writer (see svg.h).
 * Layout: flamegraph.pl sorts the folded lines and merges equal frames of neighbouring
 * lines. Under one parent, child c contributes the line that ends at c (its own
 * samples: key "c COUNT") and the lines through c (key "c;..."); sorting those items
 * per parent by their keys and merging neighbours of the same child gives exactly its
 * frames, one depth-first walk, no lines built. The script (svg_script.c) is ours. */
#include "config.h"

#include "render/svg.h"
#include "render/label.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "render/numfmt.h"

#define PUT(b, lit) buf_append((b), (lit), sizeof(lit) - 1)

/* flamegraph.pl's defaults */
#define IMAGE_WIDTH 1200
#define FRAME_HEIGHT 16
#define FONT_SIZE 12
#define FONT_WIDTH 0.59
#define MIN_WIDTH 0.1
#define XPAD 10
#define YPAD1 (FONT_SIZE * 3)
#define YPAD2 (FONT_SIZE * 2 + 10)
#define YPAD3 (FONT_SIZE * 2)
#define FRAME_PAD 1

extern const char svg_script[];  /* svg_script.c */
extern const char svg_style[];

/* ---- names ---- */

/* One character of p[0..n) (n > 0): returns its byte length; *cp the code point, or the
 * byte's value for a byte of invalid UTF-8 (*ok false). */
static size_t u8_next(const unsigned char *p, size_t n, uint32_t *cp, bool *ok)
{
    unsigned long v;
    size_t len = label_utf8_decode(p, n, &v);
    *ok = len > 0;
    *cp = len ? (uint32_t)v : p[0];
    return len ? len : 1;
}

static bool xml_char_ok(uint32_t cp)
{
    return cp >= 0x20 && cp != 0x7f && cp != 0xfffe && cp != 0xffff;
}

static void put_hex(struct buf *out, const unsigned char *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        char e[4] = {'\\', 'x', hex[p[i] >> 4], hex[p[i] & 15]};
        buf_append(out, e, 4);
    }
}

/* One character (as u8_next read it) as XML text. */
static void put_char(struct buf *out, const unsigned char *p, size_t len, uint32_t cp, bool ok)
{
    if (!ok || !xml_char_ok(cp)) {
        put_hex(out, p, len);
        return;
    }
    switch (cp) {
    case '&': PUT(out, "&amp;"); break;
    case '<': PUT(out, "&lt;"); break;
    case '>': PUT(out, "&gt;"); break;
    case '"': PUT(out, "&quot;"); break;
    default: buf_append(out, p, len); break;
    }
}

void svg_escape(struct buf *out, const char *name, size_t len)
{
    const unsigned char *p = (const unsigned char *)name;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        bool ok;
        size_t k = u8_next(p + i, len - i, &cp, &ok);
        put_char(out, p + i, k, cp, ok);
        i += k;
    }
}

void svg_commify(struct buf *out, double v)
{
    char num[400];
    int n = snprintf(num, sizeof num, "%.0f", v);
    if (n < 0 || (size_t)n >= sizeof num) { /* inf, nan: as printed */
        buf_printf(out, "%.0f", v);
        return;
    }
    int start = (num[0] == '-' || num[0] == '+') ? 1 : 0;
    int digits = n - start;
    if (digits < 1 || num[start] < '0' || num[start] > '9') {
        buf_append(out, num, (size_t)n);
        return;
    }
    buf_append(out, num, (size_t)start);
    for (int i = 0; i < digits; i++) {
        if (i > 0 && (digits - i) % 3 == 0)
            buf_putc(out, ',');
        buf_putc(out, num[start + i]);
    }
}

/* Length of name without a trailing _[k] _[w] _[i] _[j] annotation (flamegraph.pl strips
 * it from titles and labels). */
static size_t strip_annotation(const char *p, size_t n)
{
    if (n >= 4 && p[n - 4] == '_' && p[n - 3] == '[' && p[n - 1] == ']' &&
        (p[n - 2] == 'k' || p[n - 2] == 'w' || p[n - 2] == 'i' || p[n - 2] == 'j'))
        return n - 4;
    return n;
}

/* ---- colours ---- */

double svg_namehash(const char *name, size_t len)
{
    const unsigned char *p = (const unsigned char *)name;
    uint32_t sum = 0;   /* unpack("%32W*", $name) */
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        bool ok;
        i += u8_next(p + i, len - i, &cp, &ok);
        sum += cp;
    }
    /* Perl's srand(sum); rand(1): its drand48 */
    uint64_t x = 0x330eull + ((uint64_t)sum << 16);
    x = (x * 0x5deece66dull + 0xb) & ((1ull << 48) - 1);
    return ldexp((double)x, -48);
}

struct rgb svg_name_rgb(enum palette pal, const char *name, size_t len)
{
    if (len == 2 && memcmp(name, "--", 2) == 0)
        return (struct rgb){160, 160, 160};
    if (len == 1 && name[0] == '-')
        return (struct rgb){200, 200, 200};
    double v = svg_namehash(name, len); /* v1 = v2 = v3: three srand()s of one seed */
    return theme_palette_rgb(theme_resolve(pal, name, len), v, v, v, v);
}

struct rgb svg_diff_rgb(double delta, double maxdelta, bool negate)
{
    int r = 255, g = 255, b = 255;
    if (negate)
        delta = -delta;
    if (!(maxdelta > 0))
        maxdelta = 1;
    if (delta > 0)
        g = b = (int)(210 * (maxdelta - delta) / maxdelta);
    else if (delta < 0)
        r = g = (int)(210 * (maxdelta + delta) / maxdelta);
    return (struct rgb){(unsigned char)r, (unsigned char)g, (unsigned char)b};
}

/* ---- layout ---- */

struct item {
    uint32_t node;
    bool own;            /* the line ending at node; else the lines through it */
    unsigned char clen;
    char cnt[COUNT_FMT_MAX];
};

/* Byte i of the item's key (name, then " COUNT" or ";"), -1 past its end. */
static int key_at(const struct item *it, const unsigned char *name, size_t len, size_t i)
{
    if (i < len)
        return name[i];
    if (i == len)
        return it->own ? ' ' : ';';
    if (!it->own || i - len - 1 >= it->clen)
        return -1;
    return (unsigned char)it->cnt[i - len - 1];
}

static int cmp_items(const void *a, const void *b, void *ctx)
{
    const struct trie *t = ctx;
    const struct item *x = a, *y = b;
    size_t lx, ly;
    const unsigned char *px = (const unsigned char *)trie_label(t, x->node, &lx);
    const unsigned char *py = (const unsigned char *)trie_label(t, y->node, &ly);
    size_t m = lx < ly ? lx : ly;
    int c = memcmp(px, py, m);
    if (c)
        return c;
    for (size_t i = m;; i++) {
        int cx = key_at(x, px, lx, i), cy = key_at(y, py, ly, i);
        if (cx != cy)
            return cx < cy ? -1 : 1;
        if (cx < 0)
            return 0;
    }
}

struct walk {
    uint32_t node, depth;
    double samples;      /* from the trie's sums: for pruning without visiting */
    bool own, below;     /* own samples / the subtree is part of this frame */
    size_t close;        /* SIZE_MAX: open this frame; else: frame index to close */
};

/* The walk's state: the frames so far, the stack, and the work space of sorted lines. */
struct frames {
    struct trie *t;
    struct svg_frame *out;
    size_t nout, ocap;
    struct walk *st;
    size_t nst, scap;
    struct item *items;
    size_t icap;
};

/* The lines of w's children in flamegraph.pl's sorted order (a child's own line and the
 * lines through it are one frame), pushed so that the leftmost is on top of the stack. */
static void push_children(struct frames *f, const struct walk *w)
{
    struct trie *t = f->t;
    size_t nk, ni = 0;
    const uint32_t *k = trie_children(t, w->node, &nk);
    FT_GROW(f->items, f->icap, 2 * nk);
    struct item *items = f->items;
    for (size_t i = 0; i < nk; i++) {
        if (trie_is_terminal(t, k[i])) {
            struct item *it = &items[ni++];
            it->node = k[i];
            it->own = true;
            it->clen = (unsigned char)count_format(it->cnt, trie_self(t, k[i]));
        }
        if (trie_has_children(t, k[i]))
            items[ni++] = (struct item){.node = k[i], .own = false};
    }
    if (ni > 1)
        qsort_r(items, ni, sizeof *items, cmp_items, t);
    size_t first = f->nst;
    for (size_t i = 0; i < ni;) {
        struct walk c = {items[i].node, w->depth + 1, 0, false, false, SIZE_MAX};
        for (; i < ni && items[i].node == c.node; i++) {
            if (items[i].own)
                c.own = true;
            else
                c.below = true;
        }
        double self = trie_self_d(t, c.node);
        c.samples = (c.own ? self : 0) + (c.below ? trie_total_d(t, c.node) - self : 0);
        FT_GROW(f->st, f->scap, f->nst + 1);
        f->st[f->nst++] = c;
    }
    /* left to right: the leftmost child on top of the stack */
    for (size_t a = first, b = f->nst; a + 1 < b; a++, b--) {
        struct walk tmp = f->st[a];
        f->st[a] = f->st[b - 1];
        f->st[b - 1] = tmp;
    }
}

/* The ancestors of the zoom root (zdepth of them) as full-width bars first, then the
 * frames of f at least minwidth_time wide; returns their number. */
static size_t prune(struct frames *f, uint32_t zoom, uint32_t zdepth, double timemax,
                    double minwidth_time)
{
    struct svg_frame *out;
    size_t keep = 0;
    if (zdepth) { /* ancestors of the zoom root: full-width bars under it */
        uint32_t *path = xcalloc(zdepth, sizeof *path);
        trie_path(f->t, zoom, path);
        FT_GROW(f->out, f->ocap, f->nout + zdepth);
        out = f->out;
        memmove(out + zdepth, out, f->nout * sizeof *out);
        out[keep++] = (struct svg_frame){TRIE_ROOT, 0, 0, timemax, false, true};
        for (uint32_t d = 1; d < zdepth; d++)
            out[keep++] = (struct svg_frame){path[d - 1], d, 0, timemax, false, true};
        free(path);
        f->nout += zdepth;
    }
    out = f->out;
    for (size_t i = keep; i < f->nout; i++)
        if (!(out[i].samples < minwidth_time))
            out[keep++] = out[i];
    return keep;
}

/* flamegraph.pl's clock: every line adds its count to the time, in sorted order, and a
 * frame spans from the time its first line starts to the time its last line ends. With
 * integer counts (exact in a double) a subtree's span is its sum, so narrow subtrees are
 * skipped unvisited; with fractional counts the sums of flamegraph.pl's order are
 * rounded differently ("%.0f" of 7.4999 is 7), so every line is visited in its order. */
struct svg_frame *svg_frames(struct trie *t, uint32_t zoom, int width, size_t *n)
{
    struct frames f = {.t = t};
    *n = 0;
    if (width <= 2 * XPAD)
        width = IMAGE_WIDTH;
    if (zoom >= trie_size(t))
        zoom = TRIE_ROOT;
    struct count ztotal = trie_total(t, zoom);
    double timemax = count_to_double(ztotal);
    if (!(timemax > 0))
        return NULL;
    bool exact = !ztotal.is_float && ztotal.u <= (1ull << 53);
    double minwidth_time = MIN_WIDTH / ((double)(width - 2 * XPAD) / timemax);
    uint32_t zdepth = trie_depth(t, zoom);
    FT_GROW(f.st, f.scap, 1);
    f.st[f.nst++] = (struct walk){zoom, zdepth, timemax, true, true, SIZE_MAX};
    double time = 0;
    while (f.nst) {
        struct walk w = f.st[--f.nst];
        if (w.close != SIZE_MAX) {
            f.out[w.close].samples = time - f.out[w.close].stime;
            continue;
        }
        if (exact && w.samples < minwidth_time) {
            time += w.samples;
            continue;
        }
        FT_GROW(f.out, f.ocap, f.nout + 1);
        f.out[f.nout] = (struct svg_frame){w.node, w.depth, time, 0, w.own, false};
        if (w.own)
            time += trie_self_d(t, w.node);
        FT_GROW(f.st, f.scap, f.nst + 1);
        f.st[f.nst++] = (struct walk){.close = f.nout++};
        if (w.below)
            push_children(&f, &w);
    }
    free(f.items);
    free(f.st);
    /* flamegraph.pl's pruning, by the clock's spans; width per time from its total */
    if (!exact) {
        timemax = time;
        minwidth_time = MIN_WIDTH / ((double)(width - 2 * XPAD) / timemax);
    }
    *n = prune(&f, zoom, zdepth, timemax, minwidth_time);
    return f.out;
}

/* The total the frames of svg_frames() are drawn against (flamegraph.pl's $timemax):
 * the sum of the frames at the zoom root's depth. */
static double frames_total(const struct svg_frame *f, size_t n, uint32_t zdepth)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        if (f[i].depth == zdepth && !f[i].ancestor)
            sum += f[i].samples;
    return sum;
}

/* ---- writer ---- */

struct writer {
    FILE *out;
    struct buf b;
    int err;
};

static void flush(struct writer *w, bool all)
{
    if (w->b.len && (all || w->b.len >= (1u << 20))) {
        if (!w->err && fwrite(w->b.p, 1, w->b.len, w->out) != w->b.len)
            w->err = -1;
        w->b.len = 0;
    }
}

/* A Perl number as "$y" prints it: %.15g. */
static void put_num(struct buf *b, double v)
{
    buf_printf(b, "%.15g", v);
}

static void put_text(struct buf *b, const char *id, double x, double y, const char *cls,
                     const char *text, size_t len)
{
    buf_printf(b, "<text id=\"%s\" x=\"%.2f\" y=\"", id, x);
    put_num(b, y);
    buf_printf(b, "\"%s%s%s>", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
    svg_escape(b, text, len);
    PUT(b, "</text>\n");
}

/* flamegraph.pl's label: as many characters as fit at 7.08 px each (3 at least), the
 * last two replaced by ".." when cut. */
static void put_label(struct buf *b, const char *name, size_t len, double px)
{
    long chars = (long)(px / (FONT_SIZE * FONT_WIDTH));
    if (chars < 3)
        return;
    const unsigned char *p = (const unsigned char *)name;
    size_t ncp = 0;
    for (size_t i = 0; i < len; ncp++) {
        uint32_t cp;
        bool ok;
        i += u8_next(p + i, len - i, &cp, &ok);
    }
    size_t keep = (size_t)chars < ncp ? (size_t)chars : ncp;
    size_t dots = (size_t)chars < ncp ? 2 : 0;
    size_t i = 0;
    for (size_t c = 0; c + dots < keep; c++) {
        uint32_t cp;
        bool ok;
        size_t k = u8_next(p + i, len - i, &cp, &ok);
        put_char(b, p + i, k, cp, ok);
        i += k;
    }
    if (dots)
        PUT(b, "..");
}

/* The node of the other trie at the path of names of node in t, or TRIE_NONE. */
static uint32_t same_path(const struct trie *other, const struct trie *t, uint32_t node)
{
    uint32_t small[64], *path = small;
    uint32_t d = trie_depth(t, node);
    if (d > FT_ARRAY_LEN(small))
        path = xcalloc(d, sizeof *path);
    trie_path(t, node, path);
    bool shared = trie_names(other) == trie_names(t);
    uint32_t cur = TRIE_ROOT;
    for (uint32_t i = 0; i < d && cur != TRIE_NONE; i++) {
        uint32_t name = trie_name(t, path[i]);
        if (!shared) {
            size_t len;
            const char *p = trie_label(t, path[i], &len);
            name = strtab_lookup(trie_names(other), p, len);
        }
        cur = name == UINT32_MAX ? TRIE_NONE : trie_find_child(other, cur, name);
    }
    if (path != small)
        free(path);
    return cur;
}

double svg_base_delta(void *base, const struct trie *t, uint32_t node)
{
    const struct trie *b = base;
    uint32_t k = same_path(b, t, node);
    return trie_self_d(t, node) - (k == TRIE_NONE ? 0 : trie_self_d(b, k));
}

double svg_base_maxdelta(const struct trie *base, const struct trie *t)
{
    double m = 1;
    for (int pass = 0; pass < 2; pass++) {
        const struct trie *x = pass ? base : t, *y = pass ? t : base;
        size_t n = trie_size(x);
        for (uint32_t i = 1; i < n; i++) {
            if (!trie_is_terminal(x, i))
                continue;
            uint32_t k = same_path(y, x, i);
            double d = fabs(trie_self_d(x, i) - (k == TRIE_NONE ? 0 : trie_self_d(y, k)));
            if (d > m)
                m = d;
        }
    }
    return m;
}

double svg_own_base_delta(void *unused, const struct trie *t, uint32_t node)
{
    (void)unused;
    return trie_self_d(t, node) - count_to_double(trie_base_self(t, node));
}

double svg_own_base_maxdelta(const struct trie *t)
{
    double m = 1;
    size_t n = trie_size(t);
    for (uint32_t i = 1; i < n; i++) {
        double bs = count_to_double(trie_base_self(t, i));
        if (!trie_is_terminal(t, i) && bs == 0)
            continue;
        double d = fabs(trie_self_d(t, i) - bs);
        if (d > m)
            m = d;
    }
    return m;
}

static double max_delta(struct trie *t, const struct svg_opts *o)
{
    double m = 1;   /* flamegraph.pl's $maxdelta starts at 1 */
    if (o->maxdelta > 0)
        return o->maxdelta;
    size_t n = trie_size(t);
    for (uint32_t i = 1; i < n; i++) {
        if (!trie_is_terminal(t, i))
            continue;
        double d = fabs(o->self_delta(o->delta_ctx, t, i));
        if (d > m)
            m = d;
    }
    return m;
}

/* The count of a title with its word, as flamegraph.pl's --countname writes it:
 * "1,234 samples", "1,170,000,000 ns", "10,905,190 bytes", "25,662 page-faults"; inputs
 * in different units: the number alone. The script reads the number before the first
 * space. */
static void put_count(struct buf *b, double v, const struct unit *u)
{
    svg_commify(b, v);
    if (!u || u->u == UNIT_SAMPLES) {
        PUT(b, " samples");
    } else if (u->u == UNIT_NS || u->u == UNIT_BYTES) {
        buf_printf(b, " %s", u->u == UNIT_NS ? "ns" : "bytes");
    } else if (u->u == UNIT_EVENTS && u->noun[0]) {
        buf_putc(b, ' ');
        svg_escape(b, u->noun, strlen(u->noun));
    }
}

static void put_frame(struct writer *w, struct trie *t, const struct svg_frame *f,
                      const struct svg_opts *o, double wpt, int height, double pct_total,
                      double maxdelta)
{
    struct buf *b = &w->b;
    double x1 = XPAD + f->stime * wpt, x2 = XPAD + (f->stime + f->samples) * wpt;
    int y1, y2;
    if (!o->icicle) {
        y1 = height - YPAD2 - ((int)f->depth + 1) * FRAME_HEIGHT + FRAME_PAD;
        y2 = height - YPAD2 - (int)f->depth * FRAME_HEIGHT;
    } else {
        y1 = YPAD1 + (int)f->depth * FRAME_HEIGHT;
        y2 = YPAD1 + ((int)f->depth + 1) * FRAME_HEIGHT - FRAME_PAD;
    }
    size_t len = 0;
    const char *name = f->node == TRIE_ROOT ? "" : trie_label(t, f->node, &len);
    size_t slen = strip_annotation(name, len);
    double samples = f->ancestor ? trie_total_d(t, f->node) : f->samples;
    char num[400];
    snprintf(num, sizeof num, "%.0f", samples);
    double rounded = strtod(num, NULL);
    double delta = 0;
    bool diff = o->self_delta != NULL;
    if (diff && f->own && !f->ancestor)
        delta = o->self_delta(o->delta_ctx, t, f->node);

    if (f->ancestor)
        PUT(b, "<g class=\"anc\">\n<title>");
    else
        PUT(b, "<g>\n<title>");
    if (f->node == TRIE_ROOT) {
        PUT(b, "all (");
        put_count(b, samples, o->unit);
        PUT(b, ", 100%)");
    } else {
        svg_escape(b, name, slen);
        PUT(b, " (");
        put_count(b, samples, o->unit);
        buf_printf(b, ", %.2f%%", 100 * rounded / pct_total);
        if (diff) {
            double d = o->negate ? -delta : delta;
            buf_printf(b, "; %s%.2f%%", d > 0 ? "+" : "", 100 * d / pct_total);
        }
        buf_putc(b, ')');
    }
    struct rgb c = diff ? svg_diff_rgb(delta, maxdelta, o->negate)
                        : svg_name_rgb(o->palette, name, len);
    char sx1[400], sx2[400];
    snprintf(sx1, sizeof sx1, "%0.1f", x1);
    snprintf(sx2, sizeof sx2, "%0.1f", x2);
    buf_printf(b, "</title><rect x=\"%s\" y=\"%d\" width=\"%0.1f\" height=\"%0.1f\" "
               "fill=\"rgb(%d,%d,%d)\" rx=\"2\" ry=\"2\"/>\n<text x=\"%0.2f\" y=\"",
               sx1, y1, strtod(sx2, NULL) - strtod(sx1, NULL), (double)(y2 - y1), c.r, c.g,
               c.b, x1 + 3);
    put_num(b, 3 + (y1 + y2) / 2.0);
    PUT(b, "\">");
    put_label(b, name, slen, x2 - x1);
    PUT(b, "</text>\n</g>\n");
    flush(w, false);
}

static const char *bg_color(enum palette p, int which)
{
    switch (p) {
    case PALETTE_MEM:
        return which ? "#e0ffe0" : "#eef2ee";
    case PALETTE_IO:
    case PALETTE_WAKEUP:
        return which ? "#e0e0ff" : "#eeeeee";
    case PALETTE_RED: case PALETTE_GREEN: case PALETTE_BLUE: case PALETTE_AQUA:
    case PALETTE_YELLOW: case PALETTE_PURPLE: case PALETTE_ORANGE:
        return which ? "#e8e8e8" : "#f8f8f8";
    default:
        return which ? "#eeeeb0" : "#eeeeee";
    }
}

int svg_write(FILE *out, struct trie *t, uint32_t zoom, const struct svg_opts *o)
{
    static const struct svg_opts defaults = {0};
    if (!o)
        o = &defaults;
    struct writer w = {out, {0}, 0};
    struct buf *b = &w.b;
    int width = o->width > 2 * XPAD ? o->width : IMAGE_WIDTH;
    const char *title = o->title ? o->title : o->icicle ? "Icicle Graph" : "Flame Graph";
    bool sub = o->subtitle && *o->subtitle;
    if (zoom >= trie_size(t))
        zoom = TRIE_ROOT;
    size_t nf;
    struct svg_frame *f = svg_frames(t, zoom, width, &nf);

    PUT(b, "<?xml version=\"1.0\" standalone=\"no\"?>\n");
    if (!f) { /* no samples: say so, as flamegraph.pl does */
        int h = FONT_SIZE * 5;
        buf_printf(b, "<svg version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                   "xmlns=\"http://www.w3.org/2000/svg\">\n<text x=\"%.2f\" y=\"%d\" "
                   "style=\"font-family:Verdana;font-size:%dpx\" text-anchor=\"middle\">"
                   "No samples to draw.</text>\n</svg>\n",
                   width, h, width, h, (double)(width / 2), FONT_SIZE * 2, FONT_SIZE);
        flush(&w, true);
        buf_fini(b);
        return w.err || fflush(out) ? -1 : 0;
    }
    uint32_t depthmax = 0;
    for (size_t i = 0; i < nf; i++)
        if (f[i].depth > depthmax)
            depthmax = f[i].depth;
    int height = ((int)depthmax + 1) * FRAME_HEIGHT + YPAD1 + YPAD2 + (sub ? YPAD3 : 0);
    double timemax = frames_total(f, nf, trie_depth(t, zoom));
    double wpt = (double)(width - 2 * XPAD) / timemax;
    double pct_total = zoom == TRIE_ROOT ? timemax : trie_total_d(t, TRIE_ROOT);
    double maxdelta = o->self_delta ? max_delta(t, o) : 1;

    buf_printf(b, "<svg version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "xmlns=\"http://www.w3.org/2000/svg\" data-search=\"", width, height, width,
               height);
    if (o->search)
        svg_escape(b, o->search, strlen(o->search));
    buf_printf(b, "\" data-ignorecase=\"%d", o->search && o->search_icase ? 1 : 0);
    buf_printf(b, "\">\n<!-- flametui " PACKAGE_VERSION ": a flame graph laid out as "
               "flamegraph.pl lays it out; click a frame to zoom, Ctrl-F to search -->\n"
               "<defs>\n<linearGradient id=\"bg\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\">\n"
               "<stop stop-color=\"%s\" offset=\"5%%\"/>\n<stop stop-color=\"%s\" "
               "offset=\"95%%\"/>\n</linearGradient>\n</defs>\n<style type=\"text/css\">",
               bg_color(o->palette, 0), bg_color(o->palette, 1));
    buf_append(b, svg_style, strlen(svg_style));
    buf_printf(b, "</style>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
               "fill=\"url(#bg)\"/>\n", width, height);
    put_text(b, "title", width / 2, FONT_SIZE * 2, NULL, title, strlen(title));
    if (sub)
        put_text(b, "subtitle", width / 2, FONT_SIZE * 4, NULL, o->subtitle,
                 strlen(o->subtitle));
    put_text(b, "details", XPAD, height - YPAD2 / 2.0, NULL, " ", 1);
    put_text(b, "unzoom", XPAD, FONT_SIZE * 2, "hide", "Reset Zoom", 10);
    put_text(b, "search", width - XPAD - 100, FONT_SIZE * 2, NULL, "Search", 6);
    put_text(b, "ic", width - XPAD - 16, FONT_SIZE * 2, NULL, "ic", 2);
    put_text(b, "matched", width - XPAD - 100, height - YPAD2 / 2.0, NULL, " ", 1);
    PUT(b, "<g id=\"frames\">\n");
    for (size_t i = 0; i < nf; i++)
        put_frame(&w, t, &f[i], o, wpt, height, pct_total, maxdelta);
    buf_printf(b, "</g>\n<script type=\"text/ecmascript\"><![CDATA[\nvar FT = {width: %d, "
               "xpad: %d, charw: %.2f, y0: %d, dy: %d};\n",
               width, XPAD, FONT_SIZE * FONT_WIDTH,
               o->icicle ? YPAD1 : height - YPAD2 - FRAME_HEIGHT + FRAME_PAD,
               o->icicle ? FRAME_HEIGHT : -FRAME_HEIGHT);
    buf_append(b, svg_script, strlen(svg_script));
    PUT(b, "]]></script>\n</svg>\n");
    flush(&w, true);
    free(f);
    buf_fini(b);
    if (w.err || fflush(out) != 0 || ferror(out))
        return -1;
    return 0;
}
