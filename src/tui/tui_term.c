/* SPDX-License-Identifier: MIT */
/* flametui - tui_term.c: can the terminal run the viewer? A terminfo look-up only: no
 * screen is opened and no curses state is left behind (see tui.h). */
#include "config.h"

#include "tui/tui.h"

#include <curses.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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
