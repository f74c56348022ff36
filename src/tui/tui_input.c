/* SPDX-License-Identifier: MIT */
/* flametui - tui_input.c: wget_wch() and mouse events -> struct tui_event (keymap keys). */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <string.h>

#include "ui/keymap.h"

void tui_input_init(void)
{
    mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
                  | BUTTON5_PRESSED
#endif
              ,
              NULL);
    mouseinterval(200);
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
