/* SPDX-License-Identifier: MIT */
/* flametui - diffcolor.c: see diffcolor.h.
 * A slot holds the sign (bits 8-9: 0 none, 1 growth, 2 shrinkage) and the colour's
 * varying component (bits 0-7) of diffcolor_scale. */
#include "config.h"

#include "render/diffcolor.h"

#include <math.h>
#include <string.h>

#include "core/diff.h"
#include "core/trie.h"
#include "core/util.h"

struct rgb diffcolor_scale(double value, double max)
{
    struct rgb c = {255, 255, 255};
    if (!(max > 0))
        return c;
    if (value > max)
        value = max;
    if (value < -max)
        value = -max;
    if (value > 0) {
        c.g = c.b = (unsigned char)(int)(210 * (max - value) / max);
    } else if (value < 0) {
        c.r = c.g = (unsigned char)(int)(210 * (max + value) / max);
    }
    return c;
}

/* new - base of node's own samples, the right way round. */
static double self_delta(const struct trie *t, uint32_t node)
{
    double d = diff_delta_d(trie_base_self(t, node), trie_self(t, node));
    return trie_base_swapped(t) ? -d : d;
}

double diffcolor_max(const struct trie *t)
{
    double max = 1;
    size_t n = trie_size(t);
    for (size_t i = 0; i < n; i++) {
        if (!trie_is_terminal(t, (uint32_t)i))
            continue;
        double d = fabs(self_delta(t, (uint32_t)i));
        if (d > max)
            max = d;
    }
    return max;
}

enum diff_mark diffcolor_mark(const struct trie *t, uint32_t node)
{
    double nw = trie_total_d(t, node), bs = trie_base_total_d(t, node);
    if (trie_base_swapped(t)) {
        double x = nw;
        nw = bs;
        bs = x;
    }
    if (node != TRIE_ROOT && bs == 0 && nw > 0)
        return DIFF_NEW;
    if (node != TRIE_ROOT && nw == 0 && bs > 0)
        return DIFF_GONE;
    double d = self_delta(t, node);
    return d > 0 ? DIFF_GREW : d < 0 ? DIFF_SHRANK : DIFF_SAME;
}

const char *diffcolor_mark_text(enum diff_mark m)
{
    static const char *const text[] = {"", "+", "-", "++", "--"};
    return text[m];
}

unsigned diffcolor_slot(const struct trie *t, uint32_t node, double max)
{
    double d = self_delta(t, node);
    struct rgb c = diffcolor_scale(d, max);
    if (d > 0)
        return DIFFCOLOR_FLAG | 1u << 8 | c.g;
    if (d < 0)
        return DIFFCOLOR_FLAG | 2u << 8 | c.r;
    return DIFFCOLOR_FLAG;
}

struct rgb diffcolor_rgb(unsigned slot)
{
    unsigned char v = (unsigned char)(slot & 0xff);
    struct rgb c = {255, 255, 255};
    switch (slot >> 8 & 3) {
    case 1:
        c.g = c.b = v;
        break;
    case 2:
        c.r = c.g = v;
        break;
    default:
        break;
    }
    return c;
}

int diffcolor_8(unsigned slot)
{
    switch (slot >> 8 & 3) {
    case 1:
        return THEME_RED;
    case 2:
        return THEME_CYAN;   /* blue is the selection's */
    default:
        return THEME_WHITE;
    }
}

int diffcolor_put_mark(struct buf *labels, const struct trie *t, uint32_t node, int inner,
                       int *cols)
{
    const char *m = diffcolor_mark_text(diffcolor_mark(t, node));
    int k = (int)strlen(m);
    if (k == 0 || k > inner)
        return 0;
    buf_append(labels, m, (size_t)k);
    *cols += k;
    return k;
}
