/* SPDX-License-Identifier: MIT */
/* flametui - tui.c: terminal session, signals and the event loop: poll the terminal and
 * the inputs, keys -> app, one bounded feed step, then lay out and draw as the reactions
 * say (ui/app.h). Scheduling of the inputs is input/feed.c's; the state is the app's. */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <term.h>
#include <time.h>
#include <unistd.h>

#include "core/trie.h"
#include "core/util.h"
#include "input/feed.h"
#include "input/loader.h"
#include "render/label.h"
#include "ui/app.h"
#include "ui/keep.h"

#define RELAYOUT_MS 100         /* relayout at most this often while data flows */
#define RATE_MS 500             /* the live counters are repainted this often */
#define DEFAULT_WINDOW 10.0     /* seconds, for the WINDOW key without --window */
/* While the window is shown, the base trie is compacted once it has more nodes than this
 * (app_compact); documented in flametui.1 (--window) and README */
#define WINDOW_MAX_NODES ((size_t)1 << 19)
#define STOP_IDLE_MS 1000       /* after Ctrl-C in a live session: the input is taken as
                                 * ended once it brings nothing for this long ... */
#define STOP_MAX_MS 5000        /* ... or this long after the Ctrl-C at the latest (a
                                 * writer outside our process group never ends) */
#define FIRST_DATA_MS 300       /* a live pipe: wait this long for data before taking the
                                 * screen, so a producer that fails at once (a perf usage
                                 * error) leaves its message readable */
static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t got_tstp;   /* Ctrl-Z (see suspend()) */

static struct session {
    bool active;
    FILE *tty;
    SCREEN *scr;
    struct sigaction old[NSIG];
    bool caught[NSIG];        /* sigs whose action session_open replaced */
    int err_saved, err_mem;   /* stderr while curses runs goes to a memfd */
    int osc52;                /* 0: no clipboard; 1: OSC 52; 2: in GNU screen's DCS */
    int frame_saved, frame_mem; /* tui_refresh: the tty's fd, and a memfd for one frame */
    bool in_frame;            /* the tty's fd points at frame_mem (inside tui_refresh) */
    char *frame_buf;
    size_t frame_cap;
} sess = {.err_saved = -1, .err_mem = -1, .frame_saved = -1, .frame_mem = -1};

/* Every asynchronous signal whose default action ends the process: while the viewer
 * runs, each one only sets got_signal, and the loop restores the terminal and exits
 * 128+N (SIGINT: 0). The faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP,
 * SIGSYS) are synchronous and stay as they are; SIGPIPE is ignored. */
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

static void on_tstp(int sig)
{
    (void)sig;
    got_tstp = 1;
}

/* Ctrl-Z. ncurses' own SIGTSTP handler would leave the SGR mouse mode (tui_input.c) on
 * in the shell: ours only sets a flag, and here the terminal is given back (endwin and
 * our modes off), the process stops, and after fg curses' modes and ours come back (the
 * caller repaints). */
static void suspend(void)
{
    struct sigaction dfl, mine;
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
    for (size_t off = 0; got > 0 && off < (size_t)got;) {
        ssize_t w = write(fd, sess.frame_buf + off, (size_t)got - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
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
    restore_one(SIGPIPE, NULL);
    restore_one(SIGTSTP, NULL);
    if (sess.scr)
        delscreen(sess.scr);
    sess.scr = NULL;
    if (sess.tty)
        fclose(sess.tty);
    sess.tty = NULL;
}

/* y Y C: the app's clipboard text goes out as one OSC 52 sequence, between two screen
 * updates (curses has flushed everything it wrote), straight to the terminal. */
static void send_clip(struct app *a)
{
    size_t n;
    const char *p = app_clip(a, &n);
    if (!sess.osc52) {
        const char *term = getenv("TERM");
        app_message(a, "not copied: TERM=%s has no clipboard sequence (OSC 52)",
                    term ? term : "");
        return;
    }
    struct buf b = {0};
    keep_osc52(&b, p, n, sess.osc52 == 2);
    int fd = fileno(sess.tty);
    for (size_t off = 0; off < b.len;) {
        ssize_t w = write(fd, b.p + off, b.len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    buf_fini(&b);
}

static int session_open(const struct tui_opts *o)
{
    sess.tty = fopen("/dev/tty", "r+");
    if (!sess.tty) {
        fprintf(stderr, "flametui: cannot open /dev/tty: %s\n", strerror(errno));
        return -1;
    }
    errno = 0;
    sess.scr = newterm(NULL, sess.tty, sess.tty);
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
    sa.sa_handler = on_tstp;   /* replaces ncurses' (see suspend()) */
    sa.sa_flags = 0;
    catch_one(SIGTSTP, &sa);

    sess.osc52 = tui_osc52_mode();
    cbreak();   /* not raw(): Ctrl-C stays a signal, which the tty sends to the whole
                 * pipeline (perf | perf script | flametui): see interrupted() */
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    leaveok(stdscr, TRUE);
    tui_input_init(o->no_mouse, fileno(sess.tty));
    tui_draw_init(o);
    return 0;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct loop {
    struct app app;
    struct feed *feed;
    bool live;                 /* a live input (pipe, --follow) at the start */
    long long last_layout, last_draw;
    long long layout_cost;     /* ms the last relayout took */
    char event[64];            /* e: the event the inputs were read again for */
    long long stop_idle, stop_max; /* Ctrl-C in a live session: when to stop the input */
    uint64_t stop_samples;     /* samples when stop_idle was last moved */
    bool stopped;              /* the input ended after Ctrl-C: repaint over what the
                                * pipeline printed as it ended */
    struct loader *const *ls;  /* the inputs (for the pprof title below) */
    size_t nls;
    char title[512];           /* pprof: "NAME (TYPE, UNIT)", the title once known */
};

static void draw(struct loop *lp);

/* Ctrl-C in a live session (app_interrupt said RE_INTERRUPT). As a signal it came from
 * the tty, which sent it to the whole foreground process group: perf and perf script
 * end and flush, and the pipe ends. As a key (a terminal in raw mode) nobody else got
 * it: send SIGINT to our process group, ignoring it ourselves. Either way the input is
 * read until it ends, is quiet for STOP_IDLE_MS, or STOP_MAX_MS have passed. */
static void interrupted(struct loop *lp, bool as_key)
{
    long long now = now_ms();
    if (as_key) {
        struct sigaction ign, old;
        memset(&ign, 0, sizeof ign);
        ign.sa_handler = SIG_IGN;
        sigemptyset(&ign.sa_mask);
        if (sigaction(SIGINT, &ign, &old) == 0) {
            kill(0, SIGINT);
            sigaction(SIGINT, &old, NULL);
        }
    }
    lp->stop_idle = now + STOP_IDLE_MS;
    lp->stop_max = now + STOP_MAX_MS;
    lp->stop_samples = feed_status(lp->feed)->samples;
}

/* After Ctrl-C: stops the input when it is time (interrupted()); lowers *timeout to
 * the next check. */
static void stop_check(struct loop *lp, long long now, int *timeout)
{
    if (!lp->stop_max || feed_done(lp->feed))
        return;
    uint64_t s = feed_status(lp->feed)->samples;
    if (s != lp->stop_samples) {
        lp->stop_samples = s;
        lp->stop_idle = now + STOP_IDLE_MS;
    }
    if (now >= lp->stop_idle || now >= lp->stop_max) {
        feed_stop(lp->feed);
        lp->stop_max = 0;
        return;
    }
    long long due = (lp->stop_idle < lp->stop_max ? lp->stop_idle : lp->stop_max) - now;
    if (*timeout < 0 || due < *timeout)
        *timeout = (int)due;
}

/* A signal arrived: SIGINT in a live session stops the input and the viewer stays
 * (app_interrupt); true when the viewer must quit. */
static bool signalled(struct loop *lp)
{
    if (!got_signal)
        return false;
    if (got_signal == SIGINT && sess.active && (app_interrupt(&lp->app) & RE_INTERRUPT)) {
        got_signal = 0;
        interrupted(lp, false);
        draw(lp);
        return false;
    }
    return true;
}

/* Data-driven relayouts wait at least this long after the last one: 100 ms, or more
 * when relayout itself is slow (a rebuilt filtered view of a huge profile), so that
 * parsing and keys keep at least 80% of the time. */
static long long relayout_gap(const struct loop *lp)
{
    return lp->layout_cost * 4 > RELAYOUT_MS ? lp->layout_cost * 4 : RELAYOUT_MS;
}

static void draw(struct loop *lp)
{
    lp->last_draw = now_ms();
    tui_draw(&lp->app, app_rects(&lp->app));
}

static void relayout(struct loop *lp)
{
    long long t0 = now_ms();
    app_resize(&lp->app, COLS, LINES);
    if (!lp->app.paused)
        app_update(&lp->app);
    app_layout(&lp->app);
    draw(lp);
    lp->last_layout = lp->last_draw;
    lp->layout_cost = lp->last_layout - t0;
}

/* Handles every pending key and mouse event; returns the combined reaction. */
static enum reaction read_keys(struct loop *lp)
{
    enum reaction re = RE_NONE;
    struct tui_event ev;
    while (tui_input_read(&ev)) {
        struct app *a = &lp->app;
        if (ev.key == FT_KEY_RESIZE)
            re |= RE_RELAYOUT;
        else if (ev.key == FT_KEY_MOUSE)
            re |= app_mouse(a, ev.mx, ev.my, ev.clicks, ev.wheel);
        else
            re |= app_key(a, ev.key);
        if (re & RE_QUIT)
            break;
        if (re & RE_REPAINT) {
            clearok(curscr, TRUE);
            re = (re & ~RE_REPAINT) | RE_REDRAW;
        }
        if (re & RE_COPY) {
            send_clip(a);
            re &= ~RE_COPY;
        }
        if (re & RE_INTERRUPT) {
            interrupted(lp, true);
            re &= ~RE_INTERRUPT;
        }
        /* A key that moves the selection needs the new rects before the next one. */
        if (re & (RE_RELAYOUT | RE_REBUILD)) {
            relayout(lp);
            re = RE_NONE;
        }
    }
    return re;
}

static const char *input_title(struct loader **ls, size_t nls, char *tmp, size_t n)
{
    if (nls == 1)
        return loader_name(ls[0]);
    snprintf(tmp, n, "%zu inputs", nls);
    return tmp;
}

/* Before the screen is taken: a live input gets FIRST_DATA_MS to bring data or end. */
static void wait_first_data(struct feed *f, struct pollfd *fds, size_t maxfds)
{
    long long end = now_ms() + FIRST_DATA_MS;
    while (feed_status(f)->live == LIVE_ON && feed_status(f)->samples == 0 && !feed_done(f)) {
        long long now = now_ms();
        if (now >= end || got_signal)
            return;
        int timeout = (int)(end - now);
        size_t nf = feed_poll_fds(f, fds, maxfds, now, &timeout);
        if (timeout < 0 || timeout > end - now)
            timeout = (int)(end - now);
        if (poll(fds, nf, timeout) < 0 && errno != EINTR)
            return;
        feed_step(f, fds, nf, now_ms());
    }
}

/* A live input that ended without a single sample: nothing to show. */
static bool ended_empty(const struct feed *f, bool live)
{
    return live && feed_done(f) && feed_status(f)->samples == 0;
}

/* Prints "flametui: " s "suffix" on stderr, s made safe (label.h) on a terminal. */
static void print_err(const char *s, const char *suffix)
{
    struct buf b = {0};
    if (isatty(STDERR_FILENO))
        label_escape(&b, s, strlen(s), LABEL_AUTO);
    else
        buf_append(&b, s, strlen(s));
    buf_putc(&b, '\0');
    fprintf(stderr, "flametui: %s%s\n", b.p, suffix);
    buf_fini(&b);
}

static int report_empty(const struct feed *f, const char *title)
{
    const struct feed_status *st = feed_status(f);
    if (st->error[0])
        print_err(st->error, "");
    print_err(title, ": no samples: the input ended before any arrived");
    return 1;
}

/* The live counters move (and a sliding window with them): repaint every RATE_MS. */
static bool counters_move(const struct loop *lp)
{
    enum live_state st = feed_status(lp->feed)->live;
    return (st == LIVE_ON || st == LIVE_LOAD) && !app_paused(&lp->app);
}

/* How long poll() may sleep: until the feed wants to run, a due relayout of new data,
 * or the next repaint of the live counters. */
static int poll_timeout(const struct loop *lp, long long now, int timeout)
{
    if (app_paused(&lp->app))
        return timeout;
    if (app_stale(&lp->app)) {
        long long due = lp->last_layout + relayout_gap(lp) - now;
        if (timeout < 0 || due < timeout)
            timeout = due > 0 ? (int)due : 0;
    }
    if (counters_move(lp) && (timeout < 0 || timeout > RATE_MS))
        timeout = RATE_MS;
    return timeout;
}

/* A pprof input names its sample type and unit in the title, once it is decoded. */
static void pprof_title(struct loop *lp)
{
    const char *unit = NULL;
    const char *type = lp->nls == 1 ? loader_sample_type(lp->ls[0], &unit) : NULL;
    if (!type || lp->title[0])
        return;
    snprintf(lp->title, sizeof lp->title, "%s (%s, %s)", app_input_name(&lp->app), type, unit);
    app_set_title(&lp->app, lp->title);
}

/* All input ended: the skipped-lines summaries become the status message. Returns
 * false when a live input ended without a single sample (the caller leaves). */
static bool input_ended(struct loop *lp, struct buf *msg)
{
    if (ended_empty(lp->feed, lp->live))
        return false;
    while (msg->len && msg->p[msg->len - 1] == '\n')
        msg->len--;
    for (size_t i = 0; i < msg->len; i++)   /* one summary line per input */
        if (msg->p[i] == '\n')
            msg->p[i] = ';';
    buf_putc(msg, '\0');
    app_input_end(&lp->app, msg->p);
    pprof_title(lp);
    relayout(lp);
    return true;
}

/* The state before the screen is taken: the app with the command line's start-up
 * state, and for a live input the sliding window and its first data. */
static void loop_init(struct loop *lp, const struct tui_opts *o, struct trie *t,
                      const char *name, struct pollfd *fds, size_t maxfds)
{
    struct ft_error err = {0, ""};
    lp->live = feed_status(lp->feed)->live == LIVE_ON;
    app_init(&lp->app, t, name);
    app_tick(&lp->app, (double)now_ms() / 1000.0);
    if (app_apply_options(&lp->app, &o->app, &err) < 0)
        app_message(&lp->app, "invalid regex: %s", err.msg);
    if (lp->live)   /* arrival time: parsers do not hand their timestamps out */
        app_set_window(&lp->app, o->window > 0 ? o->window : DEFAULT_WINDOW, o->window > 0);
    wait_first_data(lp->feed, fds, maxfds);
}

/* e: reads every input again, keeping only the samples of the event the app asks for
 * (--event-filter): new loaders on the emptied base trie, stepped by a new feed as at
 * the start. Pipes cannot be read again: the status line says so. */
static void reread_event(struct loop *lp, const struct tui_opts *o, struct trie *t,
                         struct loader **ls, size_t nls)
{
    char msg[200];
    snprintf(lp->event, sizeof(lp->event), "%s", app_event_request(&lp->app));
    for (size_t i = 0; i < nls; i++) {
        if (!o->load || !o->files || loader_is_live(ls[i])) {
            snprintf(msg, sizeof(msg), "%s cannot be read again: restart with "
                     "--event-filter=%s", loader_name(ls[i]), lp->event);
            app_event_done(&lp->app, msg);
            return;
        }
    }
    struct load_opts lo = *o->load;
    lo.perf.event_filter = lp->event;
    struct loader **nl = xcalloc(nls, sizeof(*nl));
    for (size_t i = 0; i < nls; i++) {
        struct ft_error err = {0, ""};
        nl[i] = loader_open(o->files[i], &lo, t, &err);
        if (!nl[i]) {
            ft_error_format(&err, o->files[i], msg, sizeof(msg));
            for (size_t k = 0; k < i; k++)
                loader_free(nl[k]);
            free(nl);
            app_event_done(&lp->app, msg);
            return;
        }
    }
    trie_replace(t, trie_new(trie_names(t)));   /* empty: the loaders fill it again */
    feed_free(lp->feed);                         /* it borrows the old loaders */
    for (size_t i = 0; i < nls; i++) {
        loader_free(ls[i]);
        ls[i] = nl[i];
    }
    free(nl);
    lp->feed = feed_new(ls, nls, now_ms());
    snprintf(msg, sizeof(msg), "event %s (e: the next one)", lp->event);
    app_event_done(&lp->app, msg);
}

/* What the app shows of the feed's status. */
static void set_live(struct app *a, const struct feed_status *f)
{
    static const enum ui_live modes[] = {[LIVE_NONE] = UI_LIVE_NONE, [LIVE_ON] = UI_LIVE_ON,
                                         [LIVE_LOAD] = UI_LIVE_LOAD, [LIVE_EOF] = UI_LIVE_EOF};
    struct live_status s = {.live = modes[f->live], .rate = f->rate, .mbps = f->mbps,
                            .notices = f->notices, .nevents = f->nevents};
    snprintf(s.error, sizeof s.error, "%s", f->error);
    snprintf(s.notice, sizeof s.notice, "%s", f->notice);
    for (size_t i = 0; i < f->nevents && i < FT_ARRAY_LEN(s.events); i++) {
        snprintf(s.events[i].name, sizeof s.events[i].name, "%s", f->events[i].name);
        s.events[i].samples = f->events[i].samples;
    }
    app_set_live(a, &s);
}

int tui_run(const struct tui_opts *o, struct trie *t, struct loader **ls, size_t nls)
{
    struct loop lp;
    char title[32];
    const char *name = input_title(ls, nls, title, sizeof(title));
    char *name_kept = xstrdup(name);   /* e frees the loaders that own the name */
    name = name_kept;
    struct buf endmsg = {0};
    int status = 0;

    memset(&lp, 0, sizeof(lp));
    got_signal = 0;
    lp.feed = feed_new(ls, nls, now_ms());
    /* the terminal and one per input: a fixed size would leave inputs past it to be
     * stepped without waiting, a busy loop while they are idle */
    struct pollfd *fds = xcalloc(1 + nls, sizeof *fds);
    lp.ls = ls;
    lp.nls = nls;
    loop_init(&lp, o, t, name, fds + 1, nls);
    pprof_title(&lp);   /* a small profile is read before the screen is taken */
    if (ended_empty(lp.feed, lp.live))
        status = report_empty(lp.feed, name);
    else if (session_open(o) < 0)
        status = 1;
    else
        relayout(&lp);
    enum reaction re = RE_REDRAW;
    while (status == 0 && !signalled(&lp)) {
        /* what the input did (or the start-up read): status, clock, end, then paint */
        long long now = now_ms();
        set_live(&lp.app, feed_status(lp.feed));
        app_tick(&lp.app, (double)now / 1000.0);
        if (app_compact(&lp.app, WINDOW_MAX_NODES))      /* bounded memory (--window) */
            for (size_t i = 0; i < nls; i++)
                loader_trie_replaced(ls[i]);
        endmsg.len = 0;
        if (feed_take_end(lp.feed, &endmsg)) {
            if (lp.stop_max || lp.app.interrupted)   /* perf printed as it ended */
                clearok(curscr, TRUE);
            if (!input_ended(&lp, &endmsg)) {
                tui_shutdown();
                status = report_empty(lp.feed, name);
                break;
            }
        } else if (app_stale(&lp.app) && !app_paused(&lp.app) &&
                   now - lp.last_layout >= relayout_gap(&lp)) {
            relayout(&lp);                          /* new data, at most every 100 ms */
        } else if ((re & RE_REDRAW) || (counters_move(&lp) && now - lp.last_draw >= RATE_MS)) {
            draw(&lp);   /* the same rects: status, prompt, help, rates */
        }
        /* wait for a key or input */
        int timeout = -1;
        fds[0].fd = fileno(sess.tty);
        fds[0].events = POLLIN;
        nfds_t nf = 1 + feed_poll_fds(lp.feed, fds + 1, nls, now_ms(), &timeout);
        stop_check(&lp, now_ms(), &timeout);
        int pr = poll(fds, nf, poll_timeout(&lp, now_ms(), timeout));
        if (pr < 0 && errno != EINTR)
            break;
        if (got_tstp) {
            suspend();
            relayout(&lp);
        }
        re = read_keys(&lp);                        /* keys first: never behind the data */
        if ((re & RE_QUIT) || signalled(&lp))
            break;
        if (app_event_request(&lp.app)[0]) {        /* e: another perf event */
            reread_event(&lp, o, t, ls, nls);
            re |= RE_REDRAW;
            continue;
        }
        if (pr >= 0)
            feed_step(lp.feed, fds + 1, nf - 1, now_ms());   /* one bounded step */
    }
    if (got_signal && status == 0)
        status = got_signal == SIGINT ? 0 : 128 + got_signal;
    /* --save: before the terminal is restored, while the signals only set a flag (a
     * second SIGHUP must not cut the write short); errors show after endwin */
    if (o->save && sess.active) {
        struct ft_error err = {0, ""};
        if (app_save_profile(&lp.app, o->save, &err) < 0) {
            fprintf(stderr, "flametui: %s\n", err.msg);
            if (status == 0)
                status = 1;
        }
    }
    tui_shutdown();
    app_fini(&lp.app);
    feed_free(lp.feed);
    free(fds);
    buf_fini(&endmsg);
    free(name_kept);
    return status;
}
