/* flametui - textrender.c: the graph as text rows (see textrender.h). */
#include "config.h"

#include "render/textrender.h"

#include <stdlib.h>

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

void textrender_rows(const struct rect_list *rl, int cols, struct buf *out)
{
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
    }
    free(refs);
}

int textrender_print(FILE *out, struct trie *t, uint32_t zoom, const struct viewport *vp,
                     const unsigned char *match)
{
    struct layout_in in = {0};
    in.t = t;
    in.zoom = zoom;
    in.selected = TRIE_NONE;
    in.match = match;
    in.vp = *vp;
    struct rect_list rl = {0};
    struct buf b = {0};
    layout_compute(&in, &rl);
    textrender_rows(&rl, vp->cols, &b);
    int rc = 0;
    if (b.len && fwrite(b.p, 1, b.len, out) != b.len)
        rc = -1;
    if (fflush(out) != 0 || ferror(out))
        rc = -1;
    buf_fini(&b);
    rect_list_free(&rl);
    return rc;
}
