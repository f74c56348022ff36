/* SPDX-License-Identifier: MIT */
/* flametui - diffcollapse.c: see diffcollapse.h. The lines are built in memory and
 * sorted as a whole (the counts are part of the sort key, as for `sort`). */
#include "config.h"

#include "render/diffcollapse.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/trie.h"
#include "core/util.h"
#include "render/foldesc.h"

struct line {
    size_t off, len;
};

static int cmp_lines(const void *a, const void *b, void *ctx)
{
    const char *p = ctx;
    const struct line *x = a, *y = b;
    size_t m = x->len < y->len ? x->len : y->len;
    int c = memcmp(p + x->off, p + y->off, m);
    if (c)
        return c;
    return (x->len > y->len) - (x->len < y->len);
}

static int write_diff(FILE *out, struct trie *t)
{
    struct buf text = {0};
    struct line *lines = NULL;
    size_t nl = 0, cap = 0;
    size_t n = trie_size(t);
    uint32_t *path = xreallocarray(NULL, (size_t)trie_max_depth(t) + 1, sizeof *path);
    char num[COUNT_FMT_MAX];
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i;
        if (!trie_is_terminal(t, node))
            continue;
        size_t d = trie_path(t, node, path), start = text.len;
        for (size_t k = 0; k < d; k++) {
            size_t len;
            const char *name = trie_label(t, path[k], &len);
            if (k)
                buf_putc(&text, ';');
            buf_append(&text, name, len);
        }
        buf_putc(&text, ' ');
        buf_append(&text, num, (size_t)count_format(num, trie_base_self(t, node)));
        buf_putc(&text, ' ');
        buf_append(&text, num, (size_t)count_format(num, trie_self(t, node)));
        FT_GROW(lines, cap, nl + 1);
        lines[nl++] = (struct line){start, text.len - start};
        buf_putc(&text, '\n');
    }
    free(path);
    if (nl > 1)
        qsort_r(lines, nl, sizeof *lines, cmp_lines, text.p);
    int rc = 0;
    for (size_t i = 0; i < nl && rc == 0; i++)
        if (fwrite(text.p + lines[i].off, 1, lines[i].len + 1, out) != lines[i].len + 1)
            rc = -1;
    free(lines);
    buf_fini(&text);
    return rc;
}

int collapse_write_diff(FILE *out, struct trie *t)
{
    struct trie *esc = foldesc_trie(t);   /* names that would not read back: escaped */
    int rc = write_diff(out, esc ? esc : t);
    trie_free(esc);
    return rc;
}
