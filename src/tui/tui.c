/* SPDX-License-Identifier: MIT */
/* flametui - tui.c: the event loop: poll the terminal and the inputs, keys -> app, one
 * bounded feed step, then lay out and draw as the reactions say (ui/app.h). The
 * terminal's chores are tui_session.c's, the scheduling of the inputs input/feed.c's,
 * the state the app's. */
#include "config.h"

#include "tui/tui_private.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/trie.h"
#include "core/util.h"
#include "input/feed.h"
#include "input/loader.h"
#include "render/collapse.h"
#include "render/label.h"
#include "ui/app.h"

#define RELAYOUT_MS 100         /* relayout at most this often while data flows */
#define RATE_MS 500             /* the live counters are repainted this often */
#define FULL_MS 1000            /* live: every cell repainted this often (the producer,
                                 * perf in the pipeline, may write on the terminal) */
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
    long long last_full;       /* the last repaint of every cell (FULL_MS while live) */
    long long layout_cost;     /* ms the last relayout took */
    long long stop_idle, stop_max; /* Ctrl-C in a live session: when to stop the input */
    uint64_t stop_samples;     /* samples when stop_idle was last moved */
    char title[512];           /* "NAME (TYPE, UNIT)" once known (sample_title) */
    long long fetch_start;     /* --refresh: when the last fetch started */
    char fetched[32];          /* --refresh: "fetched HH:MM:SS" of the profile shown */
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
    if (as_key)
        tui_session_interrupt_group();
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
    int sig = tui_session_signal();
    if (!sig)
        return false;
    if (sig == SIGINT && tui_session_active() && (app_interrupt(&lp->app) & RE_INTERRUPT)) {
        tui_session_signal_clear();
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
    if (feed_status(lp->feed)->live == LIVE_ON && lp->last_draw - lp->last_full >= FULL_MS) {
        clearok(curscr, TRUE);   /* whatever another process wrote is painted over */
        lp->last_full = lp->last_draw;
    }
    tui_draw(&lp->app, app_rects(&lp->app));
}

static void relayout(struct loop *lp)
{
    long long t0 = now_ms();
    app_resize(&lp->app, COLS, LINES);
    if (!app_paused(&lp->app))
        app_update(&lp->app);
    app_layout(&lp->app);
    draw(lp);
    lp->last_layout = lp->last_draw;
    lp->layout_cost = lp->last_layout - t0;
}

/* y Y C: the app's clipboard text goes to the terminal (tui_session_clip). */
static void send_clip(struct app *a)
{
    size_t n;
    const char *p = app_clip(a, &n);
    if (tui_session_clip(p, n) < 0) {
        const char *term = getenv("TERM");
        app_message(a, "not copied: TERM=%s has no clipboard sequence (OSC 52)",
                    term ? term : "");
    }
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
        if (now >= end || tui_session_signal())
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

/* print_err for each line of s. */
static void print_lines(const char *s)
{
    struct buf b = {0};
    while (*s) {
        size_t n = strcspn(s, "\n");
        b.len = 0;
        buf_append(&b, s, n);
        buf_putc(&b, '\0');
        print_err(b.p, "");
        s += n + (s[n] == '\n');
    }
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

/* An input that names its sample type and unit once it is decoded shows them in the
 * title (feed_title). */
static void sample_title(struct loop *lp)
{
    if (lp->title[0] || !feed_title(lp->feed, app_input_name(&lp->app), lp->title, sizeof lp->title))
        return;
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
    if (feed_status(lp->feed)->samples == 0) {   /* the messages are the whole screen */
        buf_putc(msg, '\0');
        const char *err = feed_status(lp->feed)->error;
        app_set_empty(&lp->app, err[0] ? err : msg->p);
        sample_title(lp);
        relayout(lp);
        return true;
    }
    for (size_t i = 0; i < msg->len; i++)   /* one summary line per input */
        if (msg->p[i] == '\n')
            msg->p[i] = ';';
    buf_putc(msg, '\0');
    app_input_end(&lp->app, msg->p);
    sample_title(lp);
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

/* e: reads every input again for the event the app asks for (feed_reopen). */
static void reread_event(struct loop *lp, const struct tui_opts *o, struct trie *t)
{
    char msg[200];
    const char *event = app_event_request(&lp->app);
    if (feed_reopen(lp->feed, o->load, o->files, event, t, now_ms(), msg, sizeof(msg)) == 0)
        snprintf(msg, sizeof(msg), "event %s (e: the next one)", event);
    app_event_done(&lp->app, msg);
}

/* What the input did (or the start-up read) since the last round: its end, or new data
 * to lay out (at most every relayout_gap), or a repaint of the same rects (status,
 * prompt, help, rates) when re asks or the live counters move. Returns false when a
 * live input ended without a single sample (the caller leaves). */
/* A key waits on the terminal (it came during a feed step): it is read before a
 * relayout of new data, which can take long (a q would wait for it). */
static bool key_waiting(void)
{
    struct pollfd p = {.fd = tui_session_fd(), .events = POLLIN};
    return p.fd >= 0 && poll(&p, 1, 0) > 0;
}

static bool show(struct loop *lp, enum reaction re, long long now, struct buf *endmsg)
{
    endmsg->len = 0;
    if (feed_take_end(lp->feed, endmsg)) {
        if (lp->stop_max || app_interrupted(&lp->app))   /* perf printed as it ended */
            clearok(curscr, TRUE);
        return input_ended(lp, endmsg);
    }
    if (app_stale(&lp->app) && !app_paused(&lp->app) && now - lp->last_layout >= relayout_gap(lp) &&
        !key_waiting())
        relayout(lp);
    else if ((re & RE_REDRAW) || (counters_move(lp) && now - lp->last_draw >= RATE_MS))
        draw(lp);
    return true;
}

/* --refresh: once the inputs ended, fetches them again every o->refresh seconds (from
 * the start of the last fetch); lowers *timeout to the next one. The profile shown is
 * the latest (with --window: the fetches of the last window, summed); zoom, selection
 * and search stay (by frame path). */
static void refetch(struct loop *lp, const struct tui_opts *o, struct trie *t, long long now,
                    int *timeout)
{
    if (o->refresh <= 0 || !feed_done(lp->feed) || app_paused(&lp->app))
        return;
    long long due = lp->fetch_start + (long long)(o->refresh * 1000);
    if (now < due) {
        if (*timeout < 0 || due - now < *timeout)
            *timeout = (int)(due - now);
        return;
    }
    time_t wall = time(NULL);
    struct tm tm;
    localtime_r(&wall, &tm);
    char msg[200];
    if (feed_refetch(lp->feed, o->load, o->files, t, o->window > 0, now, msg, sizeof msg) < 0) {
        app_message(&lp->app, "%s", msg);
        lp->fetch_start = now;
        return;
    }
    lp->fetch_start = now;
    strftime(lp->fetched, sizeof lp->fetched, "fetched %H:%M:%S", &tm);
}

/* Waits for a key or input: fds[0] is the terminal, fds[1..1+nls) the feed's. Returns
 * poll()'s result; *nf gets the number of fds polled. */
static int wait_events(struct loop *lp, struct pollfd *fds, size_t nls, nfds_t *nf,
                       const struct tui_opts *o, struct trie *t)
{
    int timeout = -1;
    fds[0].fd = tui_session_fd();
    fds[0].events = POLLIN;
    refetch(lp, o, t, now_ms(), &timeout);
    *nf = 1 + feed_poll_fds(lp->feed, fds + 1, nls, now_ms(), &timeout);
    stop_check(lp, now_ms(), &timeout);
    return poll(fds, *nf, poll_timeout(lp, now_ms(), timeout));
}

/* During --save at exit: a signal other than SIGHUP (a closing terminal may send it
 * twice) gives the write up, leaving the old file. */
static bool save_interrupted(void)
{
    int sig = tui_session_signal();
    return sig != 0 && sig != SIGHUP;
}

/* The exit status once the loop ended with status: a signal's, and --save's. --save is
 * written before the terminal is restored, while the signals only set a flag; a signal
 * other than SIGHUP during the write gives it up (and sets the status); its error (in
 * err) is printed after endwin. */
static int finish(struct loop *lp, const struct tui_opts *o, int status, struct ft_error *err)
{
    int sig = tui_session_signal();
    if (sig && status == 0)
        status = sig == SIGINT ? 0 : 128 + sig;
    if (o->save && tui_session_active()) {
        if (!sig) {   /* the terminal is still there: say what the wait is */
            app_message(&lp->app, "saving all samples to %s (Ctrl-C: give up)", o->save);
            draw(lp);
        }
        tui_session_signal_clear();
        collapse_stop_hook(save_interrupted);
        if (app_save_profile(&lp->app, o->save, err) < 0 && status == 0)
            status = save_interrupted() ? 128 + tui_session_signal() : 1;
        collapse_stop_hook(NULL);
    }
    return status;
}

/* What the app shows of the feed's status, and the unit of the inputs' weights.
 * lp->fetched: --refresh's last fetch ("" none): an ended input then still shows as
 * LIVE, with that time. */
static void set_live(struct loop *lp, struct loader *const *ls, size_t nls,
                     const struct trie *t)
{
    struct app *a = &lp->app;
    const struct feed_status *f = feed_status(lp->feed);
    const char *fetched = lp->fetched;
    static const enum ui_live modes[] = {[LIVE_NONE] = UI_LIVE_NONE, [LIVE_ON] = UI_LIVE_ON,
                                         [LIVE_LOAD] = UI_LIVE_LOAD, [LIVE_EOF] = UI_LIVE_EOF};
    struct live_status s = {.live = modes[f->live], .rate = f->rate, .mbps = f->mbps,
                            .notices = f->notices, .nevents = f->nevents};
    snprintf(s.error, sizeof s.error, "%s", f->error);
    snprintf(s.notice, sizeof s.notice, "%s", f->notice);
    snprintf(s.progress, sizeof s.progress, "%s", f->progress[0] ? f->progress : fetched);
    if (fetched[0] && s.live == UI_LIVE_EOF)
        s.live = UI_LIVE_ON;
    for (size_t i = 0; i < f->nevents && i < FT_ARRAY_LEN(s.events); i++) {
        snprintf(s.events[i].name, sizeof s.events[i].name, "%s", f->events[i].name);
        s.events[i].samples = f->events[i].samples;
    }
    s.samples = f->samples;
    struct buf mixed = {0};
    s.has_unit = true;
    if (!state_unit_inputs(&s.unit, ls, nls, trie_total_d(t, TRIE_ROOT), &mixed)) {
        snprintf(s.mixed, sizeof s.mixed, "%.*s", (int)mixed.len, mixed.p);
        if (!a->live.mixed[0])
            app_message(a, "inputs in different units (%s): their numbers are added as "
                        "they are", s.mixed);
    }
    buf_fini(&mixed);
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
    tui_session_signal_clear();
    lp.feed = feed_new(ls, nls, now_ms());
    lp.fetch_start = now_ms();
    /* the terminal and one per input: a fixed size would leave inputs past it to be
     * stepped without waiting, a busy loop while they are idle */
    struct pollfd *fds = xcalloc(1 + nls, sizeof *fds);
    loop_init(&lp, o, t, name, fds + 1, nls);
    sample_title(&lp);   /* a small profile is read before the screen is taken */
    if (ended_empty(lp.feed, lp.live))
        status = report_empty(lp.feed, name);
    else if (tui_session_open(o->no_mouse) < 0)
        status = 1;
    else {
        tui_draw_init(o);
        relayout(&lp);
    }
    enum reaction re = RE_REDRAW;
    while (status == 0 && !signalled(&lp)) {
        long long now = now_ms();
        set_live(&lp, ls, nls, t);
        app_tick(&lp.app, (double)now / 1000.0);
        if (app_compact(&lp.app, WINDOW_MAX_NODES))      /* bounded memory (--window) */
            for (size_t i = 0; i < nls; i++)
                loader_trie_replaced(ls[i]);
        if (!show(&lp, re, now, &endmsg)) {
            tui_shutdown();
            status = report_empty(lp.feed, name);
            break;
        }
        nfds_t nf;
        int pr = wait_events(&lp, fds, nls, &nf, o, t);
        if (pr < 0 && errno != EINTR)
            break;
        if (tui_session_suspend())
            relayout(&lp);
        re = read_keys(&lp);                        /* keys first: never behind the data */
        if ((re & RE_QUIT) || signalled(&lp))
            break;
        if (app_event_request(&lp.app)[0]) {        /* e: another perf event */
            reread_event(&lp, o, t);
            re |= RE_REDRAW;
            continue;
        }
        if (pr >= 0)
            feed_step(lp.feed, fds + 1, nf - 1, now_ms());   /* one bounded step */
    }
    if (status == 0 && app_empty(&lp.app) && !tui_session_signal())
        status = 1;   /* as the non-interactive outputs: no samples */
    struct ft_error save_err = {0, ""};
    status = finish(&lp, o, status, &save_err);
    tui_shutdown();
    if (save_err.msg[0])   /* after the terminal is back: print_err sees it */
        print_err(save_err.msg, "");
    if (app_empty(&lp.app))   /* what the screen said, for the shell's scrollback */
        print_lines(lp.app.empty_msg);
    if (lp.app.live.mixed[0])
        print_err(lp.app.live.mixed, ": inputs in different units: their numbers were added");
    app_fini(&lp.app);
    feed_free(lp.feed);
    free(fds);
    buf_fini(&endmsg);
    free(name_kept);
    return status;
}
