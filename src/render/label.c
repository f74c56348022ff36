/* SPDX-License-Identifier: MIT */
/* flametui - label.c: safe labels (see label.h). */
#include "config.h"

#include "render/label.h"

#include <langinfo.h>
#include <string.h>
#include <wchar.h>

/* One display unit: a printable character, or a run of raw bytes shown escaped. */
struct unit {
    size_t len;   /* raw bytes consumed */
    int width;    /* columns */
    int esc;      /* nonzero: show the len raw bytes as \xNN each */
};

enum label_mode label_mode_resolve(enum label_mode m)
{
    if (m != LABEL_AUTO)
        return m;
    const char *cs = nl_langinfo(CODESET);
    if (cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0 || strcmp(cs, "utf-8") == 0))
        return LABEL_UTF8;
    return LABEL_ASCII;
}

size_t label_utf8_decode(const unsigned char *p, size_t n, unsigned long *cp)
{
    unsigned char c = p[0];
    size_t len;
    unsigned long v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        len = 2, v = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3, v = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (p[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return len;
}

/* Combining marks (nonspacing and enclosing, general categories Mn/Me) of the common
 * scripts: shown as text with width 0 after the character they mark. Format characters
 * (bidi overrides, zero-width joiners and spaces), variation selectors and every other
 * zero-width code point stay escaped. */
static int combining(unsigned long cp)
{
    static const unsigned long r[][2] = {
        {0x0300, 0x036f}, {0x0483, 0x0489}, {0x0591, 0x05c7}, {0x0610, 0x061a},
        {0x064b, 0x065f}, {0x0670, 0x0670}, {0x06d6, 0x06dc}, {0x06df, 0x06ed},
        {0x0711, 0x0711}, {0x0730, 0x074a}, {0x07a6, 0x07b0}, {0x0900, 0x0dff},
        {0x0e31, 0x0eff}, {0x0f18, 0x0fff}, {0x102b, 0x109f}, {0x1160, 0x11ff},
        {0x135d, 0x135f}, {0x1712, 0x1734}, {0x17b4, 0x17dd}, {0x1a17, 0x1a7f},
        {0x1ab0, 0x1aff}, {0x1b00, 0x1bff}, {0x1dc0, 0x1dff}, {0x20d0, 0x20ff},
        {0x302a, 0x302f}, {0x3099, 0x309a}, {0xa66f, 0xa67d}, {0xfe20, 0xfe2f},
        {0x1d165, 0x1d1ad},
    };
    for (size_t i = 0; i < sizeof(r) / sizeof(r[0]); i++)
        if (cp >= r[i][0] && cp <= r[i][1])
            return 1;
    return 0;
}

/* first: p is the start of the name (a combining mark there has nothing to mark). */
static struct unit next_unit(const unsigned char *p, size_t n, enum label_mode m, int first)
{
    struct unit u = {1, 4, 1};
    if (p[0] < 0x80) {
        if (p[0] >= 0x20 && p[0] < 0x7f)
            u.width = 1, u.esc = 0;
        return u;
    }
    if (m != LABEL_UTF8)
        return u;
    unsigned long cp;
    size_t len = label_utf8_decode(p, n, &cp);
    if (len == 0)
        return u;   /* one invalid byte escaped; resynchronise at the next byte */
    u.len = len;
    int w = wcwidth((wchar_t)cp);
    if (w >= 1)
        u.width = w, u.esc = 0;
    else if (w == 0 && !first && combining(cp))
        u.width = 0, u.esc = 0;
    else
        u.width = 4 * (int)len;   /* C1, zero-width, unassigned: every byte escaped */
    return u;
}

static void put_unit(struct buf *out, const unsigned char *p, struct unit u)
{
    static const char hex[] = "0123456789abcdef";
    if (!u.esc) {
        buf_append(out, p, u.len);
        return;
    }
    for (size_t i = 0; i < u.len; i++) {
        char e[4] = {'\\', 'x', hex[p[i] >> 4], hex[p[i] & 15]};
        buf_append(out, e, 4);
    }
}

int label_width(const char *name, size_t len, enum label_mode m)
{
    const unsigned char *p = (const unsigned char *)name;
    m = label_mode_resolve(m);
    int w = 0;
    for (size_t i = 0; i < len;) {
        struct unit u = next_unit(p + i, len - i, m, i == 0);
        w += u.width;
        i += u.len;
    }
    return w;
}

int label_escape(struct buf *out, const char *name, size_t len, enum label_mode m)
{
    const unsigned char *p = (const unsigned char *)name;
    m = label_mode_resolve(m);
    int w = 0;
    for (size_t i = 0; i < len;) {
        struct unit u = next_unit(p + i, len - i, m, i == 0);
        put_unit(out, p + i, u);
        w += u.width;
        i += u.len;
    }
    return w;
}

int label_fit(struct buf *out, const char *name, size_t len, int cols, enum label_mode m)
{
    const unsigned char *p = (const unsigned char *)name;
    if (cols <= 0)
        return 0;
    m = label_mode_resolve(m);
    /* One pass: remember where the prefix that leaves room for ".." ends, and stop as
     * soon as the name is known not to fit, so long names cost O(cols). */
    int w = 0, cut_w = 0;
    size_t i = 0, cut = 0;
    while (i < len) {
        struct unit u = next_unit(p + i, len - i, m, i == 0);
        if (w + u.width > cols)
            break;
        w += u.width;
        i += u.len;
        if (w <= cols - 2)
            cut = i, cut_w = w;
    }
    if (i >= len) {   /* the whole name fits */
        label_escape(out, name, len, m);
        return w;
    }
    if (cols < 3 || cut == 0)
        return 0;
    label_escape(out, name, cut, m);
    buf_append(out, "..", 2);
    return cut_w + 2;
}

size_t label_strip_kind(const char *name, size_t len)
{
    if (len > 4 && name[len - 4] == '_' && name[len - 3] == '[' && name[len - 1] == ']' &&
        (name[len - 2] == 'k' || name[len - 2] == 'j' || name[len - 2] == 'i'))
        return len - 4;
    return len;
}

bool label_right_fits(int cols, int rw)
{
    return rw == 0 || cols - rw - 1 >= cols / 2;
}

int label_slice(struct buf *out, const char *s, size_t len, int skip, int cols)
{
    const unsigned char *p = (const unsigned char *)s;
    int col = 0, w = 0, started = 0;
    for (size_t i = 0; i < len;) {
        struct unit u = next_unit(p + i, len - i, LABEL_UTF8, i == 0);
        if (col >= skip) {
            if (w + u.width > cols)
                break;
            if (started || u.width > 0) {   /* not the marks of a character cut off */
                put_unit(out, p + i, u);
                started = 1;
            }
            w += u.width;
        }
        col += u.width;
        i += u.len;
    }
    return w;
}

int label_fit_tail(struct buf *out, const char *name, size_t len, size_t tail, int cols,
                   enum label_mode m)
{
    const unsigned char *p = (const unsigned char *)name;
    if (cols <= 0)
        return 0;
    m = label_mode_resolve(m);
    if (tail == 0 || tail >= len || len > LABEL_TAIL_MAX)
        return label_fit(out, name, len, cols, m);
    const char *ell = m == LABEL_UTF8 ? "\xe2\x80\xa6" : "..";
    int ellw = m == LABEL_UTF8 ? 1 : 2;
    int total = label_width(name, len, m);
    if (total <= cols)
        return label_escape(out, name, len, m);
    if (label_width(name + tail, len - tail, m) + ellw > cols)   /* even the method does not
                                                               * fit: its start, not the name's */
        return label_fit(out, name + tail, len - tail, cols, m);
    /* the first unit boundary from which the rest fits beside the ellipsis */
    int w = 0;
    size_t i = 0;
    while (i < tail && total - w + ellw > cols) {
        struct unit u = next_unit(p + i, len - i, m, i == 0);
        w += u.width;
        i += u.len;
    }
    while (i < tail && p[i] == ':')   /* "…_M_dfs", not "…:_M_dfs" */
        i++;
    buf_append(out, ell, strlen(ell));
    return ellw + label_escape(out, name + i, len - i, m);
}
