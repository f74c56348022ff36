/* SPDX-License-Identifier: MIT */
/* flametui - textrender.c: the graph as text rows (see textrender.h). */
#include "config.h"

#include "render/textrender.h"

#include <stdlib.h>

#ifndef TEXT_BAND_ROWS
#define TEXT_BAND_ROWS 256   /* rows laid out at once */
#endif

#include "core/trie.h"

/* Rects are ordered by depth, then x; rows map to depths one to one, so sort a list
 * of indexes by (y, x) once and walk it. */
struct ref {
    int y, x;
    size_t i;
};

static int cmp_ref(const void *a, const void *b)
{
    const struct ref *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return p->x < q->x ? -1 : p->x > q->x;
}

/* The rows of rl into out; with f, each row is written to f as soon as it is complete
 * (out then holds at most one row). Returns 0, or -1 on a write error. */
static int rows_to(const struct rect_list *rl, int cols, struct buf *out, FILE *f)
{
    int rc = 0;
    struct ref *refs = xcalloc(rl->n ? rl->n : 1, sizeof(*refs));
    for (size_t i = 0; i < rl->n; i++)
        refs[i] = (struct ref){rl->v[i].y, rl->v[i].x, i};
    qsort(refs, rl->n, sizeof(*refs), cmp_ref);
    size_t k = 0;
    for (int y = 0; y < rl->rows; y++) {
        while (k < rl->n && refs[k].y < y)
            k++;
        size_t row_start = out->len, content_end = out->len;
        int col = 0;
        for (; k < rl->n && refs[k].y == y; k++) {
            const struct rect *r = &rl->v[refs[k].i];
            if (r->x < col || r->x + r->w > cols)
                continue;   /* never happens with layout's rects; keep the grid sane */
            for (; col < r->x; col++)
                buf_putc(out, ' ');
            layout_frame_text(rl, r, out);
            col += r->w;
            content_end = out->len;
        }
        out->len = content_end > row_start ? content_end : row_start;
        while (out->len > row_start && out->p[out->len - 1] == ' ')
            out->len--;
        buf_putc(out, '\n');
        if (f) {
            if (fwrite(out->p, 1, out->len, f) != out->len)
                rc = -1;
            out->len = 0;
            if (rc < 0)
                break;
        }
    }
    free(refs);
    return rc;
}

void textrender_rows(const struct rect_list *rl, int cols, struct buf *out)
{
    rows_to(rl, cols, out, NULL);
}

/* Lays out rows [first, first + n) of the whole graph (depths from in->vp.scroll on)
 * as one band and writes them to f. */
static int band(const struct layout_in *all, int first, int n, int total, struct rect_list *rl,
                struct buf *row, FILE *f)
{
    struct layout_in in = *all;
    in.vp.rows = n;
    /* icicle: row y is depth scroll + y; flame: row y is depth scroll + total - 1 - y */
    if (in.vp.orient == ORIENT_ICICLE)
        in.vp.scroll = all->vp.scroll + first;
    else
        in.vp.scroll = all->vp.scroll + total - first - n;
    layout_compute(&in, rl);
    return rows_to(rl, in.vp.cols, row, f);
}

int textrender_print(FILE *out, struct trie *t, uint32_t zoom, const struct viewport *vp,
                     const unsigned char *match)
{
    return textrender_print_names(out, t, zoom, vp, match, NULL);
}

int textrender_print_names(FILE *out, struct trie *t, uint32_t zoom, const struct viewport *vp,
                           const unsigned char *match, struct names *names)
{
    struct layout_in in = {0};
    in.names = names;
    in.t = t;
    in.zoom = zoom;
    in.selected = TRIE_NONE;
    in.match = match;
    in.vp = *vp;
    struct rect_list rl = {0};
    struct buf b = {0};
    int rc = 0;
    /* Streamed a band of rows at a time: a profile 100k deep at 100k columns is 10 GB of
     * text, which must never be in memory at once (nor the labels of all its frames). */
    int total = vp->rows;
    if (total <= 0) {
        int depth = layout_depth(&in);
        total = depth - vp->scroll + 1;
        if (total <= TEXT_BAND_ROWS) {   /* small: one layout, as many rows as it needs */
            layout_compute(&in, &rl);
            rc = rows_to(&rl, vp->cols, &b, out);
            total = 0;
        }
    }
    for (int first = 0; rc == 0 && first < total; first += TEXT_BAND_ROWS) {
        int n = total - first < TEXT_BAND_ROWS ? total - first : TEXT_BAND_ROWS;
        rc = band(&in, first, n, total, &rl, &b, out);
    }
    if (fflush(out) != 0 || ferror(out))
        rc = -1;
    buf_fini(&b);
    rect_list_free(&rl);
    return rc;
}
