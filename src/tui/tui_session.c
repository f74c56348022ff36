/* SPDX-License-Identifier: MIT */
/* flametui - tui_session.c: the terminal's chores while the viewer runs: the session on
 * /dev/tty (open, close, suspend on Ctrl-Z), the signals that end the process (caught
 * as a flag the loop reads), stderr kept aside while curses owns the screen, every
 * frame sent with one write(), and the clipboard sequence (OSC 52). No app state. */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include "core/util.h"
#include "ui/keep.h"

static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t got_tstp;   /* Ctrl-Z (see tui_session_suspend()) */

static struct session {
    bool active;
    FILE *tty;
    SCREEN *scr;
    struct sigaction old[NSIG];
    bool caught[NSIG];        /* sigs whose action tui_session_open replaced */
    int err_saved, err_mem;   /* stderr while curses runs goes to a memfd */
    int osc52;                /* 0: no clipboard; 1: OSC 52; 2: in GNU screen's DCS */
    int frame_saved, frame_mem; /* tui_refresh: the tty's fd, and a memfd for one frame */
    bool in_frame;            /* the tty's fd points at frame_mem (inside tui_refresh) */
    char *frame_buf;
    size_t frame_cap;
    /* a fault (on_fault): the terminal's fd, the shell's modes, and the bytes that leave
     * the alternate screen and our modes, made when the session opens */
    int tty_fd;
    bool have_tio;
    struct termios shell_tio;
    char restore[512];
    size_t restore_len;
} sess = {.err_saved = -1, .err_mem = -1, .frame_saved = -1, .frame_mem = -1, .tty_fd = -1};

/* Every asynchronous signal whose default action ends the process: while the viewer
 * runs, each one only sets got_signal, and the loop restores the terminal and exits
 * 128+N (SIGINT: 0). The faults (below) restore the terminal in the handler and then
 * take their previous action; SIGPIPE is ignored. */
static const int sigs[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ,
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGLOST
    SIGLOST,
#endif
};

static const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};

/* Calls fn for each signal above, then SIGRTMIN..SIGRTMAX (their default ends too). */
static void each_signal(void (*fn)(int sig, const struct sigaction *sa),
                        const struct sigaction *sa)
{
    for (size_t i = 0; i < FT_ARRAY_LEN(sigs); i++)
        fn(sigs[i], sa);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int s = SIGRTMIN; s <= SIGRTMAX && s < NSIG; s++)
        fn(s, sa);
#endif
}

static void catch_one(int sig, const struct sigaction *sa)
{
    if (sig > 0 && sig < NSIG && !sess.caught[sig] && sigaction(sig, sa, &sess.old[sig]) == 0)
        sess.caught[sig] = true;
}

static void restore_one(int sig, const struct sigaction *sa)
{
    (void)sa;
    if (sig > 0 && sig < NSIG && sess.caught[sig]) {
        sigaction(sig, &sess.old[sig], NULL);
        sess.caught[sig] = false;
    }
}

static void on_signal(int sig)
{
    got_signal = sig;
}

/* write() of all of p[0..n), async-signal-safe. */
static void put_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

/* A fault (or abort) while curses owns the terminal: gives the terminal back as the
 * shell had it (its fd if a frame was being drawn, the main screen, our modes off, its
 * modes) and stderr with what it held, then takes the signal's previous action (a
 * sanitizer's report, or the default: a core dump). Only async-signal-safe calls. */
static void on_fault(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    int e = errno;
    if (sess.in_frame && sess.frame_saved >= 0)
        dup2(sess.frame_saved, sess.tty_fd);
    if (sess.tty_fd >= 0) {
        put_all(sess.tty_fd, sess.restore, sess.restore_len);
        if (sess.have_tio)
            tcsetattr(sess.tty_fd, TCSANOW, &sess.shell_tio);
    }
    if (sess.err_mem >= 0 && sess.err_saved >= 0) {
        char b[4096];
        ssize_t n;
        off_t off = 0;
        dup2(sess.err_saved, STDERR_FILENO);
        while ((n = pread(sess.err_mem, b, sizeof b, off)) > 0) {
            put_all(STDERR_FILENO, b, (size_t)n);
            off += n;
        }
        sess.err_mem = -1;
    }
    sigaction(sig, &sess.old[sig], NULL);
    sess.caught[sig] = false;
    errno = e;
    if (info->si_code <= 0)   /* sent (kill, raise, abort): again, to the old action */
        raise(sig);
    /* a real fault: returning runs the faulting instruction again, under the old action */
}

/* The bytes on_fault writes: leave the alternate screen, mouse and keypad modes, show
 * the cursor, plain attributes (terminfo's strings of the terminal curses opened). */
static void restore_bytes(void)
{
    static const char *const caps[] = {"rmkx", "sgr0", "cnorm", "rmcup"};
    static const char mouse_off[] = "\033[?1006l\033[?1002l\033[?1000l";
    sess.restore_len = 0;
    memcpy(sess.restore, mouse_off, sizeof mouse_off - 1);
    sess.restore_len = sizeof mouse_off - 1;
    for (size_t i = 0; i < FT_ARRAY_LEN(caps); i++) {
        const char *s = tigetstr(caps[i]);
        size_t n = s && s != (const char *)-1 ? strlen(s) : 0;
        if (n && sess.restore_len + n < sizeof sess.restore) {
            memcpy(sess.restore + sess.restore_len, s, n);
            sess.restore_len += n;
        }
    }
}

static void on_tstp(int sig)
{
    (void)sig;
    got_tstp = 1;
}

/* Ctrl-Z. ncurses' own SIGTSTP handler would leave the SGR mouse mode (tui_input.c) on
 * in the shell: ours only sets a flag, and here the terminal is given back (endwin and
 * our modes off), the process stops, and after fg curses' modes and ours come back. */
bool tui_session_suspend(void)
{
    struct sigaction dfl, mine;
    if (!got_tstp)
        return false;
    got_tstp = 0;
    tui_input_suspend(true);
    endwin();
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    if (sigaction(SIGTSTP, &dfl, &mine) == 0) {
        raise(SIGTSTP);                       /* stopped here until SIGCONT */
        sigaction(SIGTSTP, &mine, NULL);
    }
    /* back in curses mode on the real terminal (its modes are set with ioctls on the
     * tty's fd, which tui_refresh points at a memfd while it draws) */
    reset_prog_mode();
    refresh();
    tui_input_suspend(false);
    clearok(curscr, TRUE);
    return true;
}

/* Anything written to stderr while curses owns the terminal (a library warning, a
 * sanitizer) would scribble over the screen: keep it in a memfd and print it after endwin. */
static void stderr_capture(void)
{
    fflush(stderr);
    sess.err_mem = memfd_create("flametui-stderr", MFD_CLOEXEC);
    if (sess.err_mem < 0)
        return;
    sess.err_saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (sess.err_saved < 0 || dup2(sess.err_mem, STDERR_FILENO) < 0) {
        close(sess.err_mem);
        sess.err_mem = -1;
    }
}

static void stderr_release(void)
{
    char b[4096];
    ssize_t n;
    if (sess.err_mem < 0)
        return;
    fflush(stderr);
    dup2(sess.err_saved, STDERR_FILENO);
    close(sess.err_saved);
    if (lseek(sess.err_mem, 0, SEEK_SET) == 0)
        while ((n = read(sess.err_mem, b, sizeof(b))) > 0)
            if (write(STDERR_FILENO, b, (size_t)n) < 0)
                break;
    close(sess.err_mem);
    sess.err_mem = sess.err_saved = -1;
}

/* Writes p[0..n) to fd, again after EINTR; stops at the first error. */
static void write_all(int fd, const char *p, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t w = write(fd, p + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
}

/* ncurses 6 writes with write(2) itself (no stdio buffer) and flushes after every
 * cursor move of an update, so one repaint was dozens of write()s, and a terminal could
 * show it half drawn. During refresh() the tty's descriptor points at a memfd; the
 * frame is then sent with one write(). Typeahead checks are off (they would poll the
 * memfd). Without memfd the frame goes out as ncurses writes it. */
static void frame_open(void)
{
    int fd = sess.tty ? fileno(sess.tty) : -1;
    if (fd < 0)
        return;
    sess.frame_mem = memfd_create("flametui-frame", MFD_CLOEXEC);
    if (sess.frame_mem < 0)
        return;
    sess.frame_saved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (sess.frame_saved < 0) {
        close(sess.frame_mem);
        sess.frame_mem = -1;
        return;
    }
    typeahead(-1);
}

static void frame_end(void)
{
    int fd = fileno(sess.tty);
    sess.in_frame = false;
    if (dup2(sess.frame_saved, fd) < 0)
        return;
    off_t n = lseek(sess.frame_mem, 0, SEEK_CUR);
    if (n <= 0)
        return;
    if ((size_t)n > sess.frame_cap) {
        free(sess.frame_buf);
        sess.frame_cap = (size_t)n;
        sess.frame_buf = xmalloc(sess.frame_cap);
    }
    ssize_t got = pread(sess.frame_mem, sess.frame_buf, (size_t)n, 0);
    if (got > 0)
        write_all(fd, sess.frame_buf, (size_t)got);
    if (ftruncate(sess.frame_mem, 0) == 0)
        lseek(sess.frame_mem, 0, SEEK_SET);
}

/* The tty's size matches the screen's (a resize still to be handled would make
 * ncurses ask the memfd for the size inside refresh(), and get none). */
static bool size_settled(int fd, struct winsize *ws)
{
    return ioctl(fd, TIOCGWINSZ, ws) == 0 && ws->ws_row == LINES && ws->ws_col == COLS;
}

void tui_refresh(void)
{
    int fd = sess.tty ? fileno(sess.tty) : -1;
    struct winsize ws;
    sigset_t winch, old;
    sigemptyset(&winch);
    sigaddset(&winch, SIGWINCH);
    if (sess.frame_mem < 0 || fd < 0 || isendwin() || !size_settled(fd, &ws)) {
        refresh();   /* ncurses handles the resize with the real terminal */
        return;
    }
    /* no SIGWINCH while the fd points at the memfd: it is handled after, by getch */
    sigprocmask(SIG_BLOCK, &winch, &old);
    if (!size_settled(fd, &ws) || dup2(sess.frame_mem, fd) < 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        refresh();
        return;
    }
    int nl = LINES, nc = COLS;   /* (not "lines"/"cols": <term.h> has such macros) */
    sess.in_frame = true;
    refresh();
    frame_end();
    /* a resize signalled just before the block was handled against the memfd: give
     * ncurses the real size (it queues KEY_RESIZE) */
    if ((LINES != nl || COLS != nc) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0)
        resizeterm(ws.ws_row, ws.ws_col);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

static void frame_close(void)
{
    if (sess.in_frame)   /* died inside refresh(): the terminal gets its fd back first */
        frame_end();
    if (sess.frame_mem >= 0)
        close(sess.frame_mem);
    if (sess.frame_saved >= 0)
        close(sess.frame_saved);
    sess.frame_mem = sess.frame_saved = -1;
    free(sess.frame_buf);
    sess.frame_buf = NULL;
    sess.frame_cap = 0;
}

void tui_shutdown(void)
{
    if (!sess.active)
        return;
    sess.active = false;
    frame_close();
    tui_input_fini();
    endwin();
    stderr_release();
    each_signal(restore_one, NULL);
    for (size_t i = 0; i < FT_ARRAY_LEN(faults); i++)
        restore_one(faults[i], NULL);
    sess.tty_fd = -1;
    restore_one(SIGPIPE, NULL);
    restore_one(SIGTSTP, NULL);
    if (sess.scr)
        delscreen(sess.scr);
    sess.scr = NULL;
    if (sess.tty)
        fclose(sess.tty);
    sess.tty = NULL;
}

/* The clipboard text goes out as one OSC 52 sequence, between two screen updates
 * (curses has flushed everything it wrote), straight to the terminal. */
int tui_session_clip(const char *p, size_t n)
{
    if (!sess.osc52)
        return -1;
    struct buf b = {0};
    keep_osc52(&b, p, n, sess.osc52 == 2);
    write_all(fileno(sess.tty), b.p, b.len);
    buf_fini(&b);
    return 0;
}

int tui_session_open(bool no_mouse)
{
    sess.tty = fopen("/dev/tty", "r+");
    if (!sess.tty) {
        fprintf(stderr, "flametui: cannot open /dev/tty: %s\n", strerror(errno));
        return -1;
    }
    sess.tty_fd = fileno(sess.tty);
    sess.have_tio = tcgetattr(sess.tty_fd, &sess.shell_tio) == 0;
    char direct[64];
    const char *type = tui_direct_term(direct, sizeof(direct));
    /* the terminal's own size (ioctl), never LINES/COLUMNS exported by a shell (stale
     * after a resize, or hostile): ncurses reads them at newterm and at every resize */
    unsetenv("LINES");
    unsetenv("COLUMNS");
    errno = 0;
    sess.scr = newterm(type, sess.tty, sess.tty);
    if (!sess.scr) {
        /* out of descriptors (newterm opens the terminfo file, and its errno does not
         * survive): say so, not only "the terminal" */
        int e = errno, probe = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (probe < 0)
            e = errno;
        else
            close(probe);
        const char *term = getenv("TERM") ? getenv("TERM") : "";
        if (e == EMFILE || e == ENFILE || e == ENOMEM)
            fprintf(stderr, "flametui: cannot initialise the terminal (TERM=%s): %s\n",
                    term, strerror(e));
        else
            fprintf(stderr, "flametui: cannot initialise the terminal (TERM=%s)\n", term);
        fclose(sess.tty);
        sess.tty = NULL;
        sess.tty_fd = -1;
        return -1;
    }
    set_term(sess.scr);
    sess.active = true;
    stderr_capture();
    frame_open();
    util_set_die_hook(tui_shutdown);

    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    each_signal(catch_one, &sa);
    sa.sa_handler = SIG_IGN;
    catch_one(SIGPIPE, &sa);
    sa.sa_handler = on_tstp;   /* replaces ncurses' (see tui_session_suspend()) */
    sa.sa_flags = 0;
    catch_one(SIGTSTP, &sa);
    restore_bytes();
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    for (size_t i = 0; i < FT_ARRAY_LEN(faults); i++)
        catch_one(faults[i], &sa);

    sess.osc52 = tui_osc52_mode();
    cbreak();   /* not raw(): Ctrl-C stays a signal, which the tty sends to the whole
                 * pipeline (perf | perf script | flametui): see tui.c's interrupted() */
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    leaveok(stdscr, TRUE);
    tui_input_init(no_mouse, fileno(sess.tty));
    return 0;
}

int tui_session_fd(void)
{
    return sess.active ? fileno(sess.tty) : -1;
}

bool tui_session_active(void)
{
    return sess.active;
}

int tui_session_signal(void)
{
    return got_signal;
}

void tui_session_signal_clear(void)
{
    got_signal = 0;
}

void tui_session_interrupt_group(void)
{
    struct sigaction ign, old;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    if (sigaction(SIGINT, &ign, &old) == 0) {
        kill(0, SIGINT);
        sigaction(SIGINT, &old, NULL);
    }
}
