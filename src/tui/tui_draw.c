/* SPDX-License-Identifier: MIT */
/* flametui - tui_draw.c: paints app state and layout rects with curses. The only place
 * that knows colour pairs and attributes. All text it gets is already safe (label.h). */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "ui/app.h"
#include "ui/keymap.h"
#include "render/label.h"
#include "render/layout.h"
#include "render/theme.h"
#include "render/diffcolor.h"
#include "render/heat.h"
#include "core/trie.h"
#include "core/util.h"

#define MIN_COLS 20
#define MIN_ROWS 5

enum color_mode { CM_MONO, CM_8, CM_16, CM_256, CM_DIRECT };

static struct {
    enum color_mode mode;
    enum palette pal;
} dc;

void tui_draw_init(const struct tui_opts *o)
{
    dc.mode = CM_MONO;
    if (theme_palette_parse(o->colors, &dc.pal) < 0)
        dc.pal = PALETTE_HOT;
    if (o->no_color || !has_colors())
        return;
    if (start_color() != OK)
        return;
    use_default_colors();
    if (COLORS >= 0x1000000)
        dc.mode = CM_DIRECT;
    else if (COLORS >= 256)
        dc.mode = CM_256;
    else if (COLORS >= 16)
        dc.mode = CM_16;
    else if (COLORS >= 8)
        dc.mode = CM_8;
}

static int rgb_value(struct rgb v)
{
    return v.r << 16 | v.g << 8 | v.b;
}

/* A frame's colour on this terminal (alt: the alternative shade, a neighbour has the
 * same colour); *shown: the RGB the terminal shows for it. Never the selection's. */
static int frame_color(unsigned slot, bool alt, struct rgb *shown)
{
    bool diff = diffcolor_is(slot);
    struct rgb v = diff ? diffcolor_rgb(slot) : theme_rgb_spread(dc.pal, slot);
    int c = -1;
    switch (dc.mode) {
    case CM_DIRECT:
        if (alt)   /* another cell of the 256-colour cube: far enough to see */
            v = theme_rgb_alt(v, 256);
        *shown = theme_frame_direct(v);
        return rgb_value(*shown);
    case CM_256:
        c = theme_frame_256(alt ? theme_rgb_alt(v, 256) : v);
        *shown = theme_256_rgb(c);
        return c;
    case CM_16:
        c = diff ? diffcolor_8(slot) ^ (alt ? 8 : 0) : theme_slot_to_16(dc.pal, slot, alt);
        break;
    case CM_8:
        c = diff ? diffcolor_8(slot) : theme_slot_to_8(dc.pal, slot, alt);
        break;
    case CM_MONO:
        return -1;
    }
    *shown = theme_basic_rgb(c);
    return c;
}

/* The reserved selection colour (theme.h: THEME_SELECT) on this terminal. */
static int select_color(struct rgb *shown)
{
    *shown = theme_select_rgb();
    if (dc.mode == CM_DIRECT)
        return rgb_value(*shown);
    if (dc.mode == CM_256) {
        *shown = theme_256_rgb(THEME_SELECT_256);
        return THEME_SELECT_256;
    }
    *shown = theme_basic_rgb(THEME_BLUE);
    return THEME_BLUE;
}

/* Black or white (bright where the terminal has it), whichever reads on bg. */
static int label_color(struct rgb bg)
{
    bool bright = dc.mode != CM_8;
    if (theme_label_fg(bg, bright) == THEME_BLACK)
        return THEME_BLACK;
    return dc.mode == CM_DIRECT ? 0xffffff : bright ? 15 : THEME_WHITE;
}

/* A theme colour (THEME_BLACK.., THEME_DEFAULT, THEME_FRAME, THEME_SELECT) as a terminal
 * colour; *shown: what it looks like (THEME_LABEL's reference). */
static int term_color(int c, unsigned slot, bool alt, struct rgb *shown)
{
    if (c == THEME_DEFAULT)
        return -1;
    if (c == THEME_FRAME)
        return frame_color(slot, alt, shown);
    if (c == THEME_SELECT)
        return select_color(shown);
    if (c == THEME_LABEL)
        return label_color(*shown);
    *shown = theme_basic_rgb(c);
    return c;
}

static attr_t to_attrs(unsigned a)
{
    attr_t r = A_NORMAL;
    if (a & THEME_A_BOLD)
        r |= A_BOLD;
    if (a & THEME_A_REVERSE)
        r |= A_REVERSE;
    if (a & THEME_A_UNDERLINE)
        r |= A_UNDERLINE;
    if (a & THEME_A_DIM)
        r |= A_DIM;
    return r;
}

/* How a cell looks: what tells two neighbouring frames apart. */
struct look {
    int fg, bg;
    attr_t at;
    int near;   /* direct colour: the background's xterm-256 index (what the eye tells
                 * apart: two colours in one cell of the cube count as the same look) */
};

static struct look style_look(enum style s, unsigned slot, bool alt)
{
    const struct theme_style *st = theme_style(s, dc.mode == CM_MONO);
    struct look l = {-1, -1, to_attrs(st->attrs), -1};
    if (dc.mode != CM_MONO) {
        struct rgb shown = {0, 0, 0};
        l.bg = term_color(st->bg, slot, alt, &shown);
        l.fg = term_color(st->fg, slot, alt, &shown);
        if (dc.mode == CM_DIRECT && st->bg == THEME_FRAME)
            l.near = theme_rgb_to_256((struct rgb){(unsigned char)(l.bg >> 16),
                                                   (unsigned char)(l.bg >> 8),
                                                   (unsigned char)l.bg});
        if (alt && st->bg != THEME_FRAME)   /* a fixed colour (matches): underline */
            l.at ^= A_UNDERLINE;
    }
    return l;
}

static void use_look(const struct look *l)
{
    int pair = 0;
    if (dc.mode != CM_MONO && (l->fg != -1 || l->bg != -1)) {
        pair = alloc_pair(l->fg, l->bg);
        if (pair < 0)
            pair = 0;
    }
    attr_set(l->at, (short)(pair < 0x7fff ? pair : 0), &pair);
}

/* Sets the current attributes for style s (slot: the frame's palette slot). */
static void use_style(enum style s, unsigned slot)
{
    struct look l = style_look(s, slot, false);
    use_look(&l);
}

/* Writes the safe UTF-8 text s[0..len) at (y, x), at most maxw columns; returns the
 * columns written. Characters that do not fit are left out. */
static int put_text(int y, int x, int maxw, const char *s, size_t len)
{
    wchar_t wb[256];
    int n = 0, used = 0;
    mbstate_t st;
    memset(&st, 0, sizeof(st));
    if (maxw <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
        return 0;
    if (x + maxw > COLS)
        maxw = COLS - x;
    while (len > 0 && n < (int)FT_ARRAY_LEN(wb)) {
        wchar_t wc;
        size_t k = mbrtowc(&wc, s, len, &st);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
            wc = L'?';
            k = 1;
            memset(&st, 0, sizeof(st));
        }
        int w = wcwidth(wc);
        if (w < 0) {
            wc = L'?';
            w = 1;
        }
        if (used + w > maxw)
            break;
        wb[n++] = wc;
        used += w;
        s += k;
        len -= k;
    }
    if (n > 0)
        mvaddnwstr(y, x, wb, n);
    return used;
}

static void fill(int y, int x, int w)
{
    if (y < 0 || y >= LINES || w <= 0)
        return;
    if (x + w > COLS)
        w = COLS - x;
    if (w > 0)
        mvhline(y, x, ' ', w);
}

static int text_width(const char *s, size_t len)
{
    struct buf tmp = {0};
    int w = label_slice(&tmp, s, len, 0, 1 << 20);
    buf_fini(&tmp);
    return w;
}

/* The frame to the left on the same row, to keep neighbours apart. */
struct prev_cell {
    int y, end;
    struct look l;
};

static bool same_look(const struct look *a, const struct look *b)
{
    if (a->near >= 0 && a->near == b->near && a->fg == b->fg && a->at == b->at)
        return true;
    return a->fg == b->fg && a->bg == b->bg && a->at == b->at;
}

static void draw_rect(const struct rect_list *rl, const struct rect *r, int top,
                      struct prev_cell *prev)
{
    enum style s = theme_frame_style(r->flags);
    int y = top + r->y;
    struct look l = style_look(s, r->color, false);
    bool touch = prev->y == y && prev->end == r->x, sep = false;
    /* the kind palette on 8/16 colours has one colour per kind: another colour would
     * say another kind, so a bar in the first cell tells the neighbours apart */
    if (touch && dc.mode != CM_MONO && same_look(&l, &prev->l)) {
        if (dc.mode == CM_8 && dc.pal == PALETTE_KIND && !(r->flags & RECT_MERGED))
            sep = true;
        else
            l = style_look(s, r->color, true);
    }
    use_look(&l);
    if (r->flags & RECT_MERGED) {   /* frames narrower than a cell: a run of '+' */
        for (int i = 0; i < r->w && r->x + i < COLS; i++)
            mvaddch(y, r->x + i, '+');
    } else if (dc.mode == CM_MONO) {
        /* '[' label ']' as --text prints it: neighbours stay apart without colour. */
        struct buf ft = {0};
        layout_frame_text(rl, r, &ft);
        put_text(y, r->x, r->w, ft.p ? ft.p : "", ft.len);
        buf_fini(&ft);
    } else {
        const char *text = layout_label(rl, r);
        fill(y, r->x, r->w);
        if (r->w > 2)
            put_text(y, r->x + 1, r->w - 2, text, strlen(text));
        if (sep && r->w >= 2) {   /* U+258F LEFT ONE EIGHTH BLOCK, or '|' */
            static const char bar[] = "\xe2\x96\x8f";
            if (label_mode_resolve(LABEL_AUTO) == LABEL_UTF8)
                put_text(y, r->x, 1, bar, sizeof(bar) - 1);
            else
                mvaddch(y, r->x, '|');
        }
    }
    prev->y = y;
    prev->end = r->x + r->w;
    prev->l = l;
}

/* One line: left (+ info) from the left edge, right flush right. When left + info do not
 * fit, a prompt shows its tail (tail true) and a name is cut with ".." so that the
 * numbers in info stay visible. Returns the columns of left skipped (prompt cursor). */
static int draw_line(int y, enum style s, const struct buf *left, const struct buf *info,
                     const struct buf *right, enum style rs, bool tail)
{
    int skip = 0;
    use_style(s, 0);
    fill(y, 0, COLS);
    int rw = right->len ? text_width(right->p, right->len) : 0;
    if (!label_right_fits(COLS, rw))   /* not enough room: the left part wins */
        rw = 0;
    int lw = COLS - (rw ? rw + 1 : 0);
    int nw = left->len ? text_width(left->p, left->len) : 0;
    int iw = info && info->len ? text_width(info->p, info->len) : 0;
    if (nw + iw <= lw) {
        int x = put_text(y, 0, lw, left->p ? left->p : "", left->len);
        if (iw)
            put_text(y, x, lw - x, info->p, info->len);
    } else if (tail) {
        struct buf cut = {0};
        skip = nw - lw + 1;
        label_slice(&cut, left->p, left->len, skip, lw - 1);
        put_text(y, 0, lw, cut.p ? cut.p : "", cut.len);
        buf_fini(&cut);
    } else {
        struct buf cut = {0};
        int room = iw < lw / 2 ? lw - iw : lw / 2;
        int x = label_slice(&cut, left->p, left->len, 0, room > 2 ? room - 2 : 0);
        buf_append(&cut, "..", 2);
        x = put_text(y, 0, lw, cut.p, cut.len);
        if (iw)
            put_text(y, x, lw - x, info->p, info->len);
        buf_fini(&cut);
    }
    if (rw) {
        use_style(rs, 0);
        put_text(y, COLS - rw, rw, right->p, right->len);
    }
    return skip;
}

/* The help box between the title and the status line (both stay readable); lines from
 * app_help_scroll() on, with a "more" mark on the border when lines are hidden. */
static void draw_help(const struct app *a)
{
    struct buf h = {0};
    app_help_text(a, &h);
    int lines = 0, w = 0;
    for (size_t i = 0, s = 0; i < h.len; i++) {
        if (h.p[i] == '\n') {
            int lw = text_width(h.p + s, i - s);
            if (lw > w)
                w = lw;
            lines++;
            s = i + 1;
        }
    }
    int room = LINES - 4;   /* title, status and the box's two border rows */
    int shown = lines < room ? lines : room;
    int scroll = app_help_scroll(a);
    int first = scroll < lines - shown ? scroll : lines - shown;
    int top = 1 + (LINES - 2 - shown - 2) / 2, left = (COLS - w - 4) / 2;
    if (first < 0)
        first = 0;
    if (left < 0)
        left = 0;
    use_style(STYLE_HELP, 0);
    for (int y = top; y < top + shown + 2; y++)
        fill(y, left, w + 4);
    int y = top + 1, n = 0;
    for (size_t i = 0, s = 0; i < h.len; i++) {
        if (h.p[i] == '\n') {
            if (n >= first && n < first + shown)
                put_text(y++, left + 2, COLS - left - 2, h.p + s, i - s);
            n++;
            s = i + 1;
        }
    }
    static const char up[] = "-- more: k/PgUp --", down[] = "-- more: j/PgDn --";
    if (first > 0)
        put_text(top, left + 2, COLS - left - 2, up, sizeof(up) - 1);
    if (first + shown < lines)
        put_text(top + shown + 1, left + 2, COLS - left - 2, down, sizeof(down) - 1);
    buf_fini(&h);
}

/* A screen of text lines (the hottest-functions table) over the graph area (rows 1 ..
 * LINES-2): a header, the selected line, the others. */
static void draw_rows(const struct app *a)
{
    static const enum style styles[] = {[ROW_PLAIN] = STYLE_EMPTY, [ROW_HEADER] = STYLE_TITLE,
                                        [ROW_SELECTED] = STYLE_SELECTED};
    struct buf b = {0};
    for (int y = 1; y < LINES - 1; y++) {
        enum row_style st = ROW_PLAIN;
        b.len = 0;
        bool ok = app_row(a, (size_t)(y - 1), &b, &st);
        use_style(styles[st], 0);
        fill(y, 0, COLS);
        if (ok)
            put_text(y, 0, COLS, b.p, b.len);
    }
    buf_fini(&b);
}

/* The detail pane (d): a box across the graph area, at the bottom unless the selection
 * is drawn in the lower half (then at the top). */
static void draw_detail(const struct app *a)
{
    struct buf d = {0};
    app_detail_text(a, COLS - 2, &d);
    bool at_top;
    int shown = app_detail_rows(a, &at_top);
    int top = at_top ? 1 : LINES - 1 - shown;
    use_style(STYLE_HELP, 0);
    int y = top;
    for (size_t i = 0, s = 0; i < d.len && y < top + shown; i++) {
        if (d.p[i] == '\n') {
            fill(y, 0, COLS);
            put_text(y, 1, COLS - 2, d.p + s, i - s);
            y++;
            s = i + 1;
        }
    }
    buf_fini(&d);
}

/* --- heat map cells (screen_time.c, render/heat.h) --------------------------------- */
/* One cell: on 256 colours and truecolor the level's colour as the background (the
 * cursor and the selection keep their styles, with the shade); else the shade. */
static void draw_map_cell(int y, int x, const struct map_cell *c)
{
    bool ramp = c->heat > 0 && !c->cursor && !c->selected &&
                (dc.mode == CM_256 || dc.mode == CM_DIRECT);
    if (ramp) {
        struct rgb v = heat_rgb(c->heat);
        struct look l = {-1, dc.mode == CM_256 ? theme_rgb_to_256(v) : v.r << 16 | v.g << 8 | v.b,
                         A_NORMAL, -1};
        use_look(&l);
        mvaddch(y, x, ' ');
        return;
    }
    use_style(c->cursor ? STYLE_SELECTED : c->selected ? STYLE_MATCH : STYLE_EMPTY, 0);
    char ch = c->cursor && c->shade == ' ' ? '_' : c->shade;
    mvaddch(y, x, (chtype)(unsigned char)ch);
}
/* --- end of the heat map cells ------------------------------------------------------ */

/* A heat map (the time view): header, one cell per character (selection reversed, the
 * cursor bold), axis, legend. */
static void draw_map(const struct app *a)
{
    struct map_geom g;
    struct buf b = {0};
    use_style(STYLE_EMPTY, 0);
    for (int y = 1; y < LINES - 1; y++)
        fill(y, 0, COLS);
    if (!app_map_geom(a, &g))
        return;
    app_map_header(a, &b);
    use_style(STYLE_TITLE, 0);
    fill(1, 0, COLS);
    put_text(1, 0, COLS, b.p ? b.p : "", b.len);
    for (int row = 0; row < g.rows; row++) {
        for (int col = 0; col < g.cols && col < COLS; col++) {
            struct map_cell c = app_map_cell(a, col, row);
            draw_map_cell(g.top + row, col, &c);
        }
    }
    b.len = 0;
    app_map_axis(a, &b);
    use_style(STYLE_EMPTY, 0);
    const char *nl = b.p ? memchr(b.p, '\n', b.len) : NULL;
    size_t axis = nl ? (size_t)(nl - b.p) : b.len;
    put_text(g.top + g.rows, 0, COLS, b.p ? b.p : "", axis);
    if (nl)   /* the legend's line: its text, then its cells */
        put_text(g.top + g.rows + 1, 0, COLS, nl + 1, b.len - axis - 1);
    for (int k = 0; k < g.legend_w && g.legend_x + k < COLS; k++) {
        struct map_cell c = app_map_cell(a, k, -1);
        draw_map_cell(g.top + g.rows + 1, g.legend_x + k, &c);
    }
    buf_fini(&b);
}

/* The area between the title and the status line, as the screen shown paints it. */
static void draw_area(const struct app *a, const struct rect_list *rl)
{
    struct prev_cell prev = {-1, -1, {-1, -1, A_NORMAL, -1}};
    switch (app_paint(a)) {
    case PAINT_ROWS:
        draw_rows(a);
        break;
    case PAINT_MAP:
        draw_map(a);
        break;
    case PAINT_RECTS:
    case PAINT_BOX:
        for (size_t i = 0; rl && i < rl->n; i++)
            draw_rect(rl, &rl->v[i], 1, &prev);
        break;
    }
}

static void draw_too_small(void)
{
    static const char note[] = "terminal too small";
    use_style(STYLE_STATUS, 0);
    put_text(0, 0, COLS, note, sizeof(note) - 1);
}

void tui_draw(const struct app *a, const struct rect_list *rl)
{
    struct buf left = {0}, info = {0}, right = {0};
    erase();
    if (COLS < MIN_COLS || LINES < MIN_ROWS) {
        draw_too_small();
        tui_refresh();
        return;
    }
    bool help = app_help_open(a);
    enum status_kind sk = app_status_kind(a);
    use_style(STYLE_EMPTY, 0);
    app_title_fit(a, COLS, &left, &right);   /* numbers never cut */
    if (right.len && text_width(left.p, left.len) + text_width(right.p, right.len) + 2 > COLS)
        right.len = 0;   /* the title wins over the scroll indicator */
    draw_line(0, STYLE_TITLE, &left, NULL, &right, STYLE_TITLE, false);
    draw_area(a, rl);
    left.len = right.len = 0;
    app_status_fit(a, COLS, &left, &info, &right);   /* numbers never cut */
    enum style s = sk == STATUS_PROMPT ? STYLE_PROMPT
                   : sk == STATUS_ERROR ? STYLE_ERROR
                                        : STYLE_STATUS;
    int skip = draw_line(LINES - 1, s, &left, &info, &right, STYLE_LIVE, sk == STATUS_PROMPT);
    if (app_detail_open(a) && !help)
        draw_detail(a);
    if (help)
        draw_help(a);
    buf_fini(&left);
    buf_fini(&info);
    buf_fini(&right);
    int cx = app_prompt_cursor(a);
    if (cx >= 0) {   /* show the cursor in the prompt */
        leaveok(stdscr, FALSE);
        curs_set(1);
        move(LINES - 1, cx - skip < COLS ? cx - skip : COLS - 1);
    } else {
        leaveok(stdscr, TRUE);
        curs_set(0);
    }
    tui_refresh();
}
