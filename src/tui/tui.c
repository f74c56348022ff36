/* flametui - tui.c: terminal session, signals and the event loop (keys + live input). */
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
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ui/app.h"
#include "ui/keymap.h"
#include "render/layout.h"
#include "input/loader.h"
#include "core/trie.h"
#include "core/util.h"

#define STEP_BYTES (1u << 20)   /* parse at most this much before looking at keys */
#define RELAYOUT_MS 100         /* relayout at most this often while data flows */
#define RATE_MS 500             /* samples/s and MB/s are averaged over this */
#define DEFAULT_WINDOW 10.0     /* seconds, for the WINDOW key without --window */
#define FOLLOW_MS 100           /* --follow of a regular file: look for growth this often */

static volatile sig_atomic_t got_signal;

static struct session {
    bool active;
    FILE *tty;
    SCREEN *scr;
    struct sigaction old[3];
    int err_saved, err_mem;   /* stderr while curses runs goes to a memfd */
} sess = {.err_saved = -1, .err_mem = -1};

static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int sig)
{
    got_signal = sig;
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

void tui_shutdown(void)
{
    if (!sess.active)
        return;
    sess.active = false;
    endwin();
    stderr_release();
    for (size_t i = 0; i < FT_ARRAY_LEN(sigs); i++)
        sigaction(sigs[i], &sess.old[i], NULL);
    if (sess.scr)
        delscreen(sess.scr);
    sess.scr = NULL;
    if (sess.tty)
        fclose(sess.tty);
    sess.tty = NULL;
}

static int session_open(const struct tui_opts *o)
{
    sess.tty = fopen("/dev/tty", "r+");
    if (!sess.tty) {
        fprintf(stderr, "flametui: cannot open /dev/tty: %s\n", strerror(errno));
        return -1;
    }
    sess.scr = newterm(NULL, sess.tty, sess.tty);
    if (!sess.scr) {
        fprintf(stderr, "flametui: cannot initialise the terminal (TERM=%s)\n",
                getenv("TERM") ? getenv("TERM") : "");
        fclose(sess.tty);
        sess.tty = NULL;
        return -1;
    }
    set_term(sess.scr);
    sess.active = true;
    stderr_capture();
    util_set_die_hook(tui_shutdown);

    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < FT_ARRAY_LEN(sigs); i++)
        sigaction(sigs[i], &sa, &sess.old[i]);

    cbreak();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    leaveok(stdscr, TRUE);
    tui_input_init();
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
    struct rect_list rl;
    struct loader **ls;
    size_t nls;
    unsigned char *state;      /* per loader: 0 idle, 1 has more, 2 done */
    bool *pollable;            /* per loader: poll() tells when it has data */
    long long *next_try;       /* per loader that cannot be polled: when to read again */
    bool any_live;
    long long last_layout, last_draw;
    long long layout_cost;     /* ms the last relayout took */
    long long rate_t;
    size_t rate_samples, rate_bytes;
    uint64_t drawn_gen;
};

enum { L_IDLE, L_MORE, L_DONE };

/* Data-driven relayouts wait at least this long after the last one: 100 ms, or more
 * when relayout itself is slow (a rebuilt filtered view of a huge profile), so that
 * parsing and keys keep at least 80% of the time. */
static long long relayout_gap(const struct loop *lp)
{
    return lp->layout_cost * 4 > RELAYOUT_MS ? lp->layout_cost * 4 : RELAYOUT_MS;
}

static void relayout(struct loop *lp)
{
    long long t0 = now_ms();
    struct layout_in in;
    int gc, gr;
    tui_draw_graph_size(COLS, LINES, &gc, &gr);
    app_refresh(&lp->app);
    app_resize(&lp->app, gc, gr);
    app_layout_in(&lp->app, &in);
    layout_compute(&in, &lp->rl);
    app_set_rects(&lp->app, &lp->rl);
    lp->drawn_gen = trie_generation(lp->app.t);
    tui_draw(&lp->app, &lp->rl);
    lp->last_layout = lp->last_draw = now_ms();
    lp->layout_cost = lp->last_layout - t0;
}

static void redraw(struct loop *lp)
{
    lp->last_draw = now_ms();
    tui_draw(&lp->app, &lp->rl);
}

static size_t total_samples(const struct loop *lp)
{
    size_t n = 0;
    for (size_t i = 0; i < lp->nls; i++)
        n += loader_samples(lp->ls[i]);
    return n;
}

static size_t total_bytes(const struct loop *lp)
{
    size_t n = 0;
    for (size_t i = 0; i < lp->nls; i++)
        n += loader_bytes(lp->ls[i]);
    return n;
}

static void update_rates(struct loop *lp, long long now)
{
    long long dt = now - lp->rate_t;
    if (dt < RATE_MS)
        return;
    size_t s = total_samples(lp), b = total_bytes(lp);
    lp->app.rate = (double)(s - lp->rate_samples) * 1000.0 / (double)dt;
    lp->app.mbps = (double)(b - lp->rate_bytes) * 1000.0 / (double)dt / 1e6;
    lp->rate_samples = s;
    lp->rate_bytes = b;
    lp->rate_t = now;
}

/* Steps loader i once; returns true when it parsed something. */
static bool step(struct loop *lp, size_t i)
{
    struct ft_error err = {0, ""};
    switch (loader_step(lp->ls[i], STEP_BYTES, &err)) {
    case LOAD_MORE:
        lp->state[i] = L_MORE;
        return true;
    case LOAD_AGAIN:
        lp->state[i] = L_IDLE;
        lp->next_try[i] = now_ms() + FOLLOW_MS;
        return false;
    case LOAD_EOF:
        lp->state[i] = L_DONE;
        return true;
    case LOAD_ERROR:
        lp->state[i] = L_DONE;
        if (err.line > 0)
            snprintf(lp->app.error, sizeof(lp->app.error), "%s:%ld: %s",
                     loader_name(lp->ls[i]), err.line, err.msg);
        else
            snprintf(lp->app.error, sizeof(lp->app.error), "%s: %s", loader_name(lp->ls[i]),
                     err.msg);
        app_message(&lp->app, "%s (the data read so far is kept)", lp->app.error);
        return true;
    }
    return false;
}

/* Skipped-lines summaries of the loaders, as a status message. */
static void report_skipped(struct loop *lp)
{
    struct buf msg = {0};
    for (size_t i = 0; i < lp->nls; i++) {
        msg.len = 0;
        if (lp->app.error[0] || !loader_report(lp->ls[i], &msg))   /* the error wins */
            continue;
        size_t n = msg.len;
        while (n > 0 && msg.p[n - 1] == '\n')
            n--;
        const char *p = msg.p;
        if (n >= 10 && memcmp(p, "flametui: ", 10) == 0)
            p += 10, n -= 10;
        app_message(&lp->app, "%.*s", (int)n, p);
    }
    buf_fini(&msg);
}

static bool all_done(const struct loop *lp)
{
    for (size_t i = 0; i < lp->nls; i++)
        if (lp->state[i] != L_DONE)
            return false;
    return true;
}

/* Handles every pending input; returns the combined reaction. */
static enum reaction read_keys(struct loop *lp)
{
    enum reaction re = RE_NONE;
    struct tui_event ev;
    while (tui_input_read(&ev)) {
        struct app *a = &lp->app;
        if (ev.key == FT_KEY_RESIZE) {
            re |= RE_RELAYOUT;
        } else if (ev.key == FT_KEY_MOUSE) {
            if (a->prompt != PROMPT_NONE || a->help || a->top)
                continue;
            if (ev.wheel)
                re |= app_wheel(a, ev.wheel);
            else if (ev.clicks)
                re |= app_click(a, ev.mx, ev.my - 1, ev.clicks);
        } else if (a->prompt != PROMPT_NONE) {
            re |= app_prompt_key(a, ev.key);
        } else {
            re |= app_handle(a, keymap_lookup(ev.key));
        }
        if (re & RE_QUIT)
            break;
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

int tui_run(const struct tui_opts *o, struct trie *t, struct loader **ls, size_t nls)
{
    struct loop lp;
    char title[32];
    int status = 0;

    memset(&lp, 0, sizeof(lp));
    got_signal = 0;
    if (session_open(o) < 0)
        return 1;
    lp.ls = ls;
    lp.nls = nls;
    lp.state = xcalloc(nls ? nls : 1, 1);
    lp.pollable = xcalloc(nls ? nls : 1, sizeof(*lp.pollable));
    lp.next_try = xcalloc(nls ? nls : 1, sizeof(*lp.next_try));
    for (size_t i = 0; i < nls; i++) {
        /* A regular file (--follow) always polls readable: read it on a timer instead. */
        struct stat st;
        int fd = loader_fd(ls[i]);
        lp.pollable[i] = fd >= 0 && fstat(fd, &st) == 0 && !S_ISREG(st.st_mode);
    }
    for (size_t i = 0; i < nls; i++)
        if (loader_is_live(ls[i]))
            lp.any_live = true;
    app_init(&lp.app, t, input_title(ls, nls, title, sizeof(title)));
    struct ft_error err = {0, ""};
    lp.app.now = (double)now_ms() / 1000.0;
    if (app_apply_options(&lp.app, &o->app, &err) < 0)
        app_message(&lp.app, "invalid regex: %s", err.msg);
    if (lp.any_live)   /* arrival time: parsers do not hand their timestamps out */
        app_set_window(&lp.app, o->window > 0 ? o->window : DEFAULT_WINDOW, o->window > 0);
    lp.app.live = nls == 0 ? LIVE_NONE : lp.any_live ? LIVE_ON : LIVE_LOAD;
    lp.rate_t = now_ms();
    relayout(&lp);

    for (;;) {
        if (got_signal) {
            status = got_signal == SIGINT ? 0 : 128 + got_signal;
            break;
        }
        bool busy = false;          /* a loader has data ready without waiting */
        struct pollfd fds[1 + 64];
        size_t map[64];
        nfds_t nf = 1;
        fds[0].fd = fileno(sess.tty);
        fds[0].events = POLLIN;
        long long wake = -1;        /* earliest timer of a loader that cannot be polled */
        for (size_t i = 0; i < nls; i++) {
            if (lp.state[i] == L_DONE)
                continue;
            if (!loader_is_live(ls[i]) || lp.state[i] == L_MORE) {
                busy = true;
            } else if (!lp.pollable[i] || loader_fd(ls[i]) < 0) {
                if (wake < 0 || lp.next_try[i] < wake)
                    wake = lp.next_try[i];
            } else if (nf < FT_ARRAY_LEN(fds)) {
                fds[nf].fd = loader_fd(ls[i]);
                fds[nf].events = POLLIN;
                map[nf - 1] = i;
                nf++;
            } else {
                busy = true;        /* no fd to wait on (or too many): just step it */
            }
        }
        long long now = now_ms();
        bool dirty = (trie_generation(t) != lp.drawn_gen || lp.app.win_dirty) && !lp.app.paused;
        int timeout = -1;
        if (busy)
            timeout = 0;
        else if (dirty)
            timeout = (int)(lp.last_layout + relayout_gap(&lp) - now);
        else if (!all_done(&lp))
            timeout = RATE_MS;
        if (lp.app.windowed && (timeout < 0 || timeout > RATE_MS))
            timeout = RATE_MS;   /* the window slides even without new data */
        if (wake >= 0 && (timeout < 0 || wake - now < timeout))
            timeout = wake > now ? (int)(wake - now) : 0;
        if (timeout < -1)
            timeout = 0;
        int pr = poll(fds, nf, timeout);
        if (pr < 0 && errno != EINTR)
            break;

        enum reaction re = read_keys(&lp);
        if (re & RE_QUIT)
            break;
        if (got_signal)
            continue;

        /* Input: each loader gets at most one bounded step, then keys again. */
        if (pr >= 0) {
            for (size_t i = 0; i < nls; i++) {
                if (lp.state[i] == L_DONE)
                    continue;
                bool ready = !loader_is_live(ls[i]) || lp.state[i] == L_MORE;
                for (nfds_t k = 1; k < nf && !ready; k++)
                    if (map[k - 1] == i && fds[k].revents)
                        ready = true;
                if (!lp.pollable[i] && now_ms() >= lp.next_try[i])
                    ready = true;
                if (ready)
                    step(&lp, i);
            }
        }
        now = now_ms();
        update_rates(&lp, now);
        app_tick(&lp.app, (double)now / 1000.0);
        if (nls > 0 && all_done(&lp) && (lp.app.live == LIVE_ON || lp.app.live == LIVE_LOAD)) {
            report_skipped(&lp);
            lp.app.live = lp.any_live ? LIVE_EOF : LIVE_NONE;
            lp.app.paused = false;
            relayout(&lp);
            continue;
        }
        dirty = (trie_generation(t) != lp.drawn_gen || lp.app.win_dirty) && !lp.app.paused;
        if (dirty && now - lp.last_layout >= relayout_gap(&lp))
            relayout(&lp);
        else if ((re & RE_REDRAW) || (lp.app.live != LIVE_NONE && lp.app.live != LIVE_EOF &&
                                      !lp.app.paused &&
                                       now - lp.last_draw >= RATE_MS))
            redraw(&lp);   /* the same rects: status, prompt, help, rates */
    }

    tui_shutdown();
    app_fini(&lp.app);
    rect_list_free(&lp.rl);
    free(lp.state);
    free(lp.pollable);
    free(lp.next_try);
    return status;
}
