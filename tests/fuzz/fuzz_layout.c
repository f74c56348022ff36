/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_layout.c: libFuzzer target for layout, textrender, labels
 * and the viewer's pure state (app): random viewports, zoom roots, selections and key
 * sequences, as the TUI loop drives them. Input: 9 header bytes, then key bytes, then
 * folded text.
 *   byte 0: cols - 1; byte 1: rows + 1 (& 63; <= 0 lays out every depth); byte 2: scroll
 *   byte 3: bit 0 icicle, bit 1 order by weight, bits 2-3 label mode (auto, utf8, ascii,
 *           ascii), bit 4 highlight every name with an odd id, bit 5 run the key script
 *   bytes 4-5 / 6-7: zoom / selected node (modulo the trie size)
 *   byte 8: number of key bytes that follow (& 63)
 * Checks: no crash or leak; every rect lies inside the viewport, rows are disjoint; every
 * label, text row, title and status line is safe text (no C0/C1 controls, ESC, DEL or
 * invalid UTF-8; ASCII only in the ASCII mode) and no row is wider than the viewport;
 * layout_hit finds each rect; moves stay inside the trie. */
#include "config.h"

#include <locale.h>
#include <wchar.h>

#include "ui/app.h"
#include "fuzz_common.h"
#include "ui/keymap.h"
#include "render/label.h"
#include "render/layout.h"
#include "core/strtab.h"
#include "render/textrender.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!setlocale(LC_ALL, "C.UTF-8"))
        setlocale(LC_ALL, "");
    return 0;
}

/* Zero-width characters that must never reach the screen unescaped (format characters:
 * bidi controls, zero-width spaces and joiners, variation selectors, tags). */
static bool invisible_format(wchar_t wc)
{
    unsigned long c = (unsigned long)wc;
    return c == 0xad || c == 0x61c || (c >= 0x180b && c <= 0x180e) ||
           (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
           (c >= 0x2060 && c <= 0x206f) || c == 0xfeff || (c >= 0xfe00 && c <= 0xfe0f) ||
           c >= 0xe0000;
}

/* Checks that s[0..n) is safe terminal text; returns its columns. nl: '\n' allowed.
 * strict: every character must be at least one column wide (labels), except a combining
 * mark right after another character (label.h). */
static int check_safe(const char *s, size_t n, bool ascii, bool nl, bool strict,
                      const char *what)
{
    mbstate_t st;
    memset(&st, 0, sizeof(st));
    int cols = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' && nl) {
            i++;
            continue;
        }
        FUZZ_CHECK(c >= 0x20 && c != 0x7f, "%s: control byte 0x%02x at %zu", what, c, i);
        if (c < 0x80) {
            cols++;
            i++;
            continue;
        }
        FUZZ_CHECK(!ascii, "%s: byte 0x%02x in ASCII mode", what, c);
        wchar_t wc;
        size_t k = mbrtowc(&wc, s + i, n - i, &st);
        FUZZ_CHECK(k != (size_t)-1 && k != (size_t)-2 && k != 0, "%s: invalid UTF-8 at %zu",
                   what, i);
        FUZZ_CHECK(!(wc >= 0x80 && wc < 0xa0), "%s: C1 control U+%04X", what, (unsigned)wc);
        int w = wcwidth(wc);
        bool mark = w == 0 && i > 0 && !invisible_format(wc);
        FUZZ_CHECK(w >= (strict && !mark ? 1 : 0), "%s: U+%04X has width %d", what,
                   (unsigned)wc, w);
        cols += w;
        i += k;
    }
    return cols;
}

static void check_layout(const struct layout_in *in, const struct rect_list *rl, bool ascii)
{
    size_t size = trie_size(in->t);
    int rows = in->vp.rows > 0 ? in->vp.rows : rl->rows;
    FUZZ_CHECK(in->vp.rows <= 0 || rl->rows == in->vp.rows, "rows %d vs %d", rl->rows,
               in->vp.rows);
    for (size_t i = 0; i < rl->n; i++) {
        const struct rect *r = &rl->v[i];
        FUZZ_CHECK(r->w >= 1 && r->x >= 0 && r->x + r->w <= in->vp.cols,
                   "rect %zu x=%d w=%d cols=%d", i, r->x, r->w, in->vp.cols);
        FUZZ_CHECK(r->y >= 0 && r->y < rows, "rect %zu y=%d rows=%d", i, r->y, rows);
        FUZZ_CHECK(r->node < size, "rect %zu node %u of %zu", i, r->node, size);
        FUZZ_CHECK(r->label < rl->labels.len, "label offset");
        const char *l = layout_label(rl, r);
        size_t ll = strnlen(l, rl->labels.len - r->label);
        FUZZ_CHECK(r->label + ll < rl->labels.len, "label not NUL-terminated");
        int c = check_safe(l, ll, ascii, false, true, "label");
        FUZZ_CHECK(c == r->label_cols, "label_cols %d, label has %d", r->label_cols, c);
        FUZZ_CHECK(r->w < 3 ? c == 0 : c <= r->w - 2, "label %d cols in w=%d", c, r->w);
        if (i > 0 && rl->v[i - 1].y == r->y)
            FUZZ_CHECK(rl->v[i - 1].x + rl->v[i - 1].w <= r->x, "rects overlap on row %d", r->y);
        const struct rect *h = layout_hit(rl, r->x + r->w - 1, r->y);
        FUZZ_CHECK(h == r, "layout_hit misses rect %zu", i);
        if (r->flags & RECT_MERGED) {   /* narrow frames; node is their parent's */
            FUZZ_CHECK(r->hidden >= 1 && r->hidden_total >= 0 && ll == 0, "merged rect");
            const struct rect *p = layout_find(rl, r->node);
            FUZZ_CHECK(!p || !(p->flags & RECT_MERGED), "layout_find gave a merged rect");
        } else {
            FUZZ_CHECK(layout_find(rl, r->node) != NULL, "layout_find misses node %u",
                       r->node);
        }
        struct buf ft = {0};
        layout_frame_text(rl, r, &ft);
        int fc = check_safe(ft.p, ft.len, ascii, false, false, "frame text");
        FUZZ_CHECK(fc == r->w, "frame text %d cols, rect w=%d", fc, r->w);
        buf_fini(&ft);
    }
    struct buf text = {0};
    textrender_rows(rl, in->vp.cols, &text);
    size_t start = 0, nrows = 0;
    for (size_t i = 0; i < text.len; i++) {
        if (text.p[i] != '\n')
            continue;
        int c = check_safe(text.p + start, i - start, ascii, false, false, "text row");
        FUZZ_CHECK(c <= in->vp.cols, "text row %zu has %d cols > %d", nrows, c, in->vp.cols);
        start = i + 1;
        nrows++;
    }
    FUZZ_CHECK(start == text.len && (int)nrows == rl->rows, "text rows %zu vs %d", nrows,
               rl->rows);
    buf_fini(&text);
    uint32_t node = in->selected;
    if (node != TRIE_NONE) {
        for (int m = LAYOUT_PARENT; m <= LAYOUT_DOWN; m++) {
            uint32_t to = layout_move(in, rl, node, (enum layout_move)m);
            FUZZ_CHECK(to < size, "layout_move %d gave %u", m, to);
        }
        (void)layout_drawable(in, node);
        (void)layout_scroll_to(in, node);
    }
}

static void check_labels(const char *name, size_t n, int cols, enum label_mode m)
{
    bool ascii = label_mode_resolve(m) == LABEL_ASCII;
    struct buf b = {0};
    int w = label_width(name, n, m);
    int e = label_escape(&b, name, n, m);
    FUZZ_CHECK(e == w, "label_escape %d vs label_width %d", e, w);
    FUZZ_CHECK(check_safe(b.p, b.len, ascii, false, true, "label_escape") == e, "escape cols");
    struct buf s = {0};
    int sc = label_slice(&s, b.p, b.len, cols / 3, cols);
    FUZZ_CHECK(sc <= cols && check_safe(s.p, s.len, ascii, false, true, "slice") == sc, "slice");
    b.len = 0;
    int f = label_fit(&b, name, n, cols, m);
    FUZZ_CHECK(f <= cols, "label_fit %d > %d", f, cols);
    FUZZ_CHECK(check_safe(b.p, b.len, ascii, false, true, "label_fit") == f, "fit cols");
    buf_fini(&b);
    buf_fini(&s);
}

static void check_app_text(const struct app *a, bool ascii)
{
    struct buf t = {0}, l = {0}, r = {0};
    app_title(a, &t, &r);
    check_safe(t.p, t.len, ascii, false, false, "title");
    check_safe(r.p, r.len, ascii, false, false, "title right");
    t.len = r.len = 0;
    app_status(a, &l, &r);
    check_safe(t.p, t.len, ascii, false, false, "title");
    check_safe(l.p, l.len, ascii, false, false, "status");
    check_safe(r.p, r.len, ascii, false, false, "status right");
    for (size_t i = 0; i < 4; i++) {
        t.len = 0;
        if (!app_top_line(a, i, &t))
            break;
        check_safe(t.p, t.len, ascii, false, false, "top line");
    }
    buf_fini(&t);
    buf_fini(&l);
    buf_fini(&r);
}

/* Drives the app as tui.c does: a key becomes an action (or a prompt key, a click, a
 * wheel turn or a resize), and the reaction decides whether to lay out again. */
static void run_app(struct trie *t, const struct viewport *vp, const uint8_t *k, size_t nk)
{
    static const int special[] = {FT_KEY_UP,    FT_KEY_DOWN,      FT_KEY_LEFT, FT_KEY_RIGHT,
                                  FT_KEY_ENTER, FT_KEY_BACKSPACE, FT_KEY_ESC,  FT_KEY_PGUP,
                                  FT_KEY_PGDN,  FT_KEY_HOME,      FT_KEY_END,  FT_KEY_DELETE};
    struct app a;
    struct rect_list rl = {0};
    struct layout_in in;
    app_init(&a, t, "fuzz\033[2J");
    int cols = vp->cols, rows = vp->rows > 0 ? vp->rows : 10;
    for (size_t i = 0;; i++) {
        app_update(&a);
        app_resize(&a, cols, rows + 2);   /* the whole screen: title and status lines */
        app_layout_in(&a, &in);
        layout_compute(&in, &rl);
        app_set_rects(&a, &rl);
        check_layout(&in, &rl, label_mode_resolve(LABEL_AUTO) == LABEL_ASCII);
        check_app_text(&a, false);
        if (i >= nk)
            break;
        uint8_t b = k[i];
        enum reaction re;
        if (b >= 0xf8 && i + 2 < nk) {
            /* mouse: click, double-click, wheel; or a resize */
            int x = k[i + 1] % (cols + 2) - 1, y = k[i + 2] % (rows + 2) - 1;
            if (b == 0xf8)
                re = app_mouse(&a, x, y + 1, 1, 0);
            else if (b == 0xf9)
                re = app_mouse(&a, x, y + 1, 2, 0);
            else if (b == 0xfa)
                re = app_mouse(&a, x, y + 1, 0, (k[i + 1] & 1) ? 1 : -1);
            else
                cols = 1 + k[i + 1] % 200, rows = 1 + k[i + 2] % 60, re = RE_RELAYOUT;
            i += 2;
        } else if (a.prompt != PROMPT_NONE) {
            int key = b >= 0xe0 ? special[(b - 0xe0) % FT_ARRAY_LEN(special)] : b;
            re = app_prompt_key(&a, key);
        } else {
            re = app_handle(&a, (enum action)(b % ACT_COUNT));
        }
        if (re & RE_QUIT)
            break;
    }
    app_fini(&a);
    rect_list_free(&rl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 9)
        return 0;
    struct viewport vp = {0};
    vp.cols = 1 + data[0];
    vp.rows = (data[1] & 63) - 1;
    vp.scroll = data[2] & 31;
    vp.orient = data[3] & 1 ? ORIENT_ICICLE : ORIENT_FLAME;
    vp.order = data[3] & 2 ? ORDER_WEIGHT : ORDER_NAME;
    static const enum label_mode modes[4] = {LABEL_AUTO, LABEL_UTF8, LABEL_ASCII, LABEL_ASCII};
    enum label_mode lm = modes[(data[3] >> 2) & 3];
    size_t nk = data[8] & 63;
    if (nk > size - 9)
        nk = size - 9;
    const uint8_t *keys = data + 9;
    const char *p = (const char *)data + 9 + nk;
    size_t n = size - 9 - nk;

    check_labels(p, n < 400 ? n : 400, vp.cols, lm);

    struct trie *t = trie_new(NULL);
    fuzz_folded_into(t, p, n);
    size_t tsize = trie_size(t);
    uint32_t zoom = (uint32_t)((data[4] | data[5] << 8) % tsize);
    uint32_t sel = (uint32_t)((data[6] | data[7] << 8) % (tsize + 1));
    unsigned char *match = NULL;
    size_t nnames = strtab_count(trie_names(t));
    if (data[3] & 16) {
        match = xcalloc(nnames ? nnames : 1, 1);
        for (size_t i = 1; i < nnames; i += 2)
            match[i] = 1;
    }
    struct layout_in in = {0};
    in.t = t;
    in.zoom = zoom;
    in.selected = sel == tsize ? TRIE_NONE : sel;
    in.match = match;
    in.vp = vp;
    in.label_mode = lm;
    struct rect_list rl = {0};
    layout_compute(&in, &rl);
    check_layout(&in, &rl, label_mode_resolve(lm) == LABEL_ASCII);
    /* again into the same list (reuse path) with the zoom reset */
    in.zoom = TRIE_ROOT;
    layout_compute(&in, &rl);
    check_layout(&in, &rl, label_mode_resolve(lm) == LABEL_ASCII);
    rect_list_free(&rl);
    if (data[3] & 32)
        run_app(t, &vp, keys, nk);
    free(match);
    trie_free(t);
    return 0;
}
