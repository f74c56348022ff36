/* SPDX-License-Identifier: MIT */
/* flametui - tui_term.c: what the terminal can do. Can it run the viewer (a terminfo
 * look-up only: no screen is opened and no curses state is left behind, see tui.h), and
 * can it set the clipboard (asked inside the session)? */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <unistd.h>

bool tui_terminal_ok(char *why, size_t n)
{
    const char *name = getenv("TERM");
    int fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);
    int errret = 0;
    bool ok = false;
    if (fd < 0) {
        snprintf(why, n, "cannot open /dev/tty");
        return false;
    }
    if (!name || !*name) {
        snprintf(why, n, "TERM is not set");
        close(fd);
        return false;
    }
    TERMINAL *prev = cur_term;
    if (setupterm(name, fd, &errret) != OK) {
        if (errret == 1)
            snprintf(why, n, "TERM=%s is a hardcopy terminal", name);
        else if (errret == 0)
            snprintf(why, n, "TERM=%s is not a known terminal", name);
        else
            snprintf(why, n, "TERM=%s: no terminfo database found", name);
    } else {
        TERMINAL *mine = cur_term;
        const char *cap = tigetstr("cup");
        ok = cap != NULL && cap != (const char *)-1;
        if (!ok)
            snprintf(why, n, "TERM=%s cannot move the cursor", name);
        del_curterm(mine);
    }
    set_curterm(prev);
    close(fd);
    return ok;
}

/* The colours of terminfo entry name (0: unknown entry or none), read without leaving
 * curses state behind. */
static int entry_colors(const char *name, int fd)
{
    int errret = 0, colors = 0;
    TERMINAL *prev = cur_term;
    if (setupterm(name, fd, &errret) == OK) {
        TERMINAL *mine = cur_term;
        colors = tigetnum("colors");
        del_curterm(mine);
    }
    set_curterm(prev);
    return colors > 0 ? colors : 0;
}

const char *tui_direct_term(char *buf, size_t n)
{
    const char *term = getenv("TERM"), *ct = getenv("COLORTERM");
    if (!term || !*term || !ct || (strcmp(ct, "truecolor") != 0 && strcmp(ct, "24bit") != 0))
        return NULL;
    int fd = open("/dev/null", O_RDWR | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return NULL;
    int own = entry_colors(term, fd);
    const char *found = NULL;
    if (own >= 8 && own < 0x1000000) {
        size_t k = strcspn(term, "-");
        const char *tmux = getenv("TMUX");
        snprintf(buf, n, "%.*s-direct", (int)k, term);
        if (entry_colors(buf, fd) >= 0x1000000)
            found = buf;
        else if (tmux && *tmux && entry_colors("tmux-direct", fd) >= 0x1000000)
            found = "tmux-direct";
        else if (entry_colors("xterm-direct", fd) >= 0x1000000)
            found = "xterm-direct";
    }
    close(fd);
    return found;
}

/* Can the terminal set the clipboard with OSC 52? terminfo's Ms (xterm, tmux-256color,
 * alacritty), tmux (which passes it on with set-clipboard on), and the terminals known to
 * (their TERM). Inside GNU screen (STY, no TMUX) it goes through screen's DCS passthrough. */
int tui_osc52_mode(void)
{
    static const char *const known[] = {"xterm", "tmux", "alacritty", "foot", "kitty",
                                        "wezterm", "st-", "contour", "rio"};
    const char *term = getenv("TERM"), *ms = tigetstr("Ms");
    bool tmux = getenv("TMUX") && *getenv("TMUX");
    bool screen = !tmux && getenv("STY") && *getenv("STY");
    if (screen)
        return 2;
    if (tmux || (ms && ms != (const char *)-1))
        return 1;
    for (size_t i = 0; term && i < FT_ARRAY_LEN(known); i++)
        if (!strncmp(term, known[i], strlen(known[i])))
            return 1;
    return 0;
}
