/* SPDX-License-Identifier: MIT */
/* flametui - tui_input.c: wget_wch() and mouse events -> struct tui_event (keymap keys). */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <term.h>
#include <time.h>

#include "ui/keymap.h"

#define SGR_KEY (KEY_MAX + 7)     /* define_key code of "ESC [ <" (fits ncurses' tries) */
#define DOUBLE_MS 300              /* two presses on one cell this close: a double click */

static struct {
    bool sgr;                      /* we turned on 1006 and parse its reports */
    int fd;                        /* the terminal (putp() would write to stdout) */
    long long last_ms;             /* the last SGR press: time and cell */
    int last_x, last_y;
} in;

/* Our own mode strings go straight to the terminal: between screen updates curses has
 * nothing buffered, and 1006 does not depend on the order with ncurses' 1000. */
static void send(const char *s)
{
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(in.fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

void tui_input_init(bool no_mouse, int tty_fd)
{
    memset(&in, 0, sizeof in);
    in.fd = tty_fd;
    if (no_mouse)
        return;
    mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
                  | BUTTON5_PRESSED
#endif
              ,
              NULL);
    mouseinterval(200);
    const char *km = tigetstr("kmous");
    if (km && km != (const char *)-1 && !strcmp(km, "\033[M") &&
        define_key("\033[<", SGR_KEY) == OK) {
        in.sgr = true;
        send("\033[?1006h");
    }
}

void tui_input_suspend(bool off)
{
    if (in.sgr)
        send(off ? "\033[?1006l" : "\033[?1006h");
}

void tui_input_fini(void)
{
    if (in.sgr)
        send("\033[?1006l");
    in.sgr = false;
}

static long long ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The rest of an SGR report after ESC [ <: "B;X;Y" then M (press) or m (release), X and
 * Y from 1. Fills ev for a left press (clicks 1, or 2 after a press on the same cell
 * within DOUBLE_MS), a left release on another cell than the press (clicks -1: a drag)
 * or a wheel step; returns false for anything else (releases, other buttons, motion, a
 * report cut short). */
static bool read_sgr(struct tui_event *ev)
{
    long v[3] = {0, 0, 0};
    int k = 0, digits = 0;
    wint_t wc;
    for (int i = 0; i < 40; i++) {
        if (wget_wch(stdscr, &wc) != OK)
            return false;
        if (wc >= '0' && wc <= '9' && v[k] < 100000) {
            v[k] = v[k] * 10 + (long)(wc - '0');
            digits++;
        } else if (wc == ';' && k < 2 && digits) {
            k++;
            digits = 0;
        } else if ((wc == 'M' || wc == 'm') && k == 2 && digits) {
            if (wc == 'm' && v[0] == 0 && v[1] >= 1 && v[2] >= 1 &&
                (v[1] - 1 != in.last_x || v[2] - 1 != in.last_y)) {
                ev->key = FT_KEY_MOUSE;    /* the end of a drag */
                ev->mx = (int)(v[1] - 1);
                ev->my = (int)(v[2] - 1);
                ev->clicks = -1;
                return true;
            }
            if (wc == 'm' || (v[0] & 32) || v[1] < 1 || v[2] < 1)
                return false;              /* release, motion, or out of range */
            ev->key = FT_KEY_MOUSE;
            ev->mx = (int)v[1] - 1;
            ev->my = (int)v[2] - 1;
            long b = v[0] & ~(4L | 8L | 16L);   /* shift, meta, ctrl */
            if (b == 64 || b == 65) {
                ev->wheel = b == 64 ? -1 : 1;
                return true;
            }
            if (b != 0)
                return false;
            long long now = ms_now();
            ev->clicks = now - in.last_ms <= DOUBLE_MS && ev->mx == in.last_x &&
                                 ev->my == in.last_y
                             ? 2
                             : 1;
            in.last_ms = ev->clicks == 2 ? 0 : now;
            in.last_x = ev->mx;
            in.last_y = ev->my;
            return true;
        } else {
            return false;
        }
    }
    return false;
}

static int map_code(int c)
{
    switch (c) {
    case KEY_UP:
        return FT_KEY_UP;
    case KEY_DOWN:
        return FT_KEY_DOWN;
    case KEY_LEFT:
        return FT_KEY_LEFT;
    case KEY_RIGHT:
        return FT_KEY_RIGHT;
    case KEY_ENTER:
        return FT_KEY_ENTER;
    case KEY_BACKSPACE:
        return FT_KEY_BACKSPACE;
    case KEY_PPAGE:
        return FT_KEY_PGUP;
    case KEY_NPAGE:
        return FT_KEY_PGDN;
    case KEY_HOME:
        return FT_KEY_HOME;
    case KEY_END:
        return FT_KEY_END;
    case KEY_DC:
        return FT_KEY_DELETE;
    case KEY_RESIZE:
        return FT_KEY_RESIZE;
    case KEY_MOUSE:
        return FT_KEY_MOUSE;
    default:
        return FT_KEY_NONE;
    }
}

static int map_char(wint_t c)
{
    switch (c) {
    case '\r':
    case '\n':
        return FT_KEY_ENTER;
    case 8:
    case 127:
        return FT_KEY_BACKSPACE;
    case 27:
        return FT_KEY_ESC;
    default:
        return (int)c;
    }
}

int tui_input_read(struct tui_event *ev)
{
    wint_t wc;
    memset(ev, 0, sizeof(*ev));
    for (;;) {
        int r = wget_wch(stdscr, &wc);
        if (r == ERR)
            return 0;
        if (r == KEY_CODE_YES && (int)wc == SGR_KEY) {
            if (read_sgr(ev))
                return 1;
            memset(ev, 0, sizeof(*ev));
            continue;
        }
        ev->key = r == KEY_CODE_YES ? map_code((int)wc) : map_char(wc);
        if (ev->key == FT_KEY_MOUSE) {
            MEVENT me;
            if (getmouse(&me) != OK)
                continue;
            ev->mx = me.x;
            ev->my = me.y;
            if (me.bstate & BUTTON4_PRESSED)
                ev->wheel = -1;
#ifdef BUTTON5_PRESSED
            else if (me.bstate & BUTTON5_PRESSED)
                ev->wheel = 1;
#endif
            else if (me.bstate & BUTTON1_DOUBLE_CLICKED)
                ev->clicks = 2;
            else if (me.bstate & BUTTON1_CLICKED)
                ev->clicks = 1;
            else
                continue;
        }
        if (ev->key != FT_KEY_NONE)
            return 1;
    }
}
