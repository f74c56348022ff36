/* SPDX-License-Identifier: MIT */
/* flametui - feed.c: live-read scheduling (see feed.h). */
#include "config.h"

#include "input/feed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "input/loader.h"
#include "core/trie.h"
#include "core/util.h"

#define STEP_BYTES (256u << 10) /* parse at most this much before the loop looks at keys */
#define STEP_MIN (64u << 10)  /* ... and at least this much */
#define STEP_MS 20            /* a step that took longer halves the next one's bytes */
#define RATE_MS 500           /* samples/s and MB/s are averaged over this */
#define FOLLOW_MS 100         /* --follow of a regular file: look for growth this often */

enum { L_IDLE, L_MORE, L_DONE };

struct feed_input {
    unsigned char state;   /* L_IDLE, L_MORE (has data without waiting), L_DONE */
    long long next_try;    /* not pollable: when to read again */
};

struct feed {
    struct loader **ls;
    size_t n;
    struct feed_input *in;
    bool any_live, ended, end_taken;
    long long rate_t;
    size_t rate_samples, rate_bytes;
    struct feed_status st;
    char event[64];   /* feed_reopen's event: its loaders read it after loader_open */
    size_t step_bytes;   /* the bytes of one step: STEP_MIN..STEP_BYTES */
    long long (*clock)(void);
};

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static size_t total_samples(const struct feed *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += loader_samples(f->ls[i]);
    return n;
}

static size_t total_bytes(const struct feed *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += loader_bytes(f->ls[i]);
    return n;
}

/* The state of a feed just made (feed_new) or started over (feed_reopen); f->event is
 * kept. */
static void start(struct feed *f, struct loader **ls, size_t n, long long now_ms)
{
    f->ls = ls;
    f->n = n;
    f->in = xcalloc(n ? n : 1, sizeof *f->in);
    f->step_bytes = STEP_BYTES;
    if (!f->clock)
        f->clock = mono_ms;
    f->any_live = f->end_taken = false;
    for (size_t i = 0; i < n; i++) {
        if (loader_is_live(ls[i]))
            f->any_live = true;
    }
    f->ended = n == 0;
    f->rate_t = now_ms;
    f->rate_samples = f->rate_bytes = 0;
    memset(&f->st, 0, sizeof f->st);
    f->st.live = n == 0 ? LIVE_NONE : f->any_live ? LIVE_ON : LIVE_LOAD;
}

struct feed *feed_new(struct loader **ls, size_t n, long long now_ms)
{
    struct feed *f = xcalloc(1, sizeof *f);
    start(f, ls, n, now_ms);
    return f;
}

size_t feed_step_bytes(const struct feed *f)
{
    return f->step_bytes;
}

void feed_set_clock(struct feed *f, long long (*clock)(void))
{
    f->clock = clock;
}

void feed_free(struct feed *f)
{
    if (!f)
        return;
    free(f->in);
    free(f);
}

/* A loader that has data without waiting: a regular file still loading, or one whose
 * last step stopped at the byte limit. (A perf.data's perf script output is not live,
 * but waits on its pipe.) */
static bool has_more(const struct feed *f, size_t i)
{
    return (!loader_is_live(f->ls[i]) && loader_fd(f->ls[i]) < 0) ||
           f->in[i].state == L_MORE;
}

/* poll() tells when it has data: not a regular file (a --follow file always polls
 * readable). Asked each time: standard input holding a perf.data turns into a pipe. */
static bool pollable(int fd)
{
    struct stat st;
    return fd >= 0 && fstat(fd, &st) == 0 && !S_ISREG(st.st_mode);
}

static void lower(int *timeout_ms, long long ms)
{
    if (ms < 0)
        ms = 0;
    if (ms > 1000000000)
        ms = 1000000000;
    if (*timeout_ms < 0 || ms < *timeout_ms)
        *timeout_ms = (int)ms;
}

size_t feed_poll_fds(struct feed *f, struct pollfd *fds, size_t max, long long now_ms,
                     int *timeout_ms)
{
    size_t nf = 0;
    f->st.progress[0] = '\0';
    if (f->ended)
        return 0;
    for (size_t i = 0; i < f->n; i++) {
        struct feed_input *in = &f->in[i];
        if (in->state != L_DONE && !f->st.progress[0])
            loader_progress(f->ls[i], f->st.progress, sizeof f->st.progress);
        int fd = loader_fd(f->ls[i]);
        if (in->state == L_DONE)
            continue;
        if (has_more(f, i)) {
            lower(timeout_ms, 0);
        } else if (!pollable(fd)) {
            lower(timeout_ms, in->next_try - now_ms);
        } else if (nf < max) {
            fds[nf].fd = fd;
            fds[nf].events = POLLIN;
            fds[nf].revents = 0;
            nf++;
        } else {
            lower(timeout_ms, 0);   /* no room to wait on it: just step it */
        }
    }
    lower(timeout_ms, f->rate_t + RATE_MS - now_ms);   /* the rates decay while idle */
    return nf;
}

static bool fd_ready(const struct pollfd *fds, size_t nfds, int fd)
{
    if (fd < 0)
        return false;
    for (size_t k = 0; k < nfds; k++)
        if (fds[k].fd == fd && fds[k].revents)
            return true;
    return false;
}

/* The loader's new notices: the last one becomes the status's notice. */
static void take_notices(struct feed *f, size_t i)
{
    struct buf b = {0};
    if (loader_notice(f->ls[i], &b)) {
        while (b.len && b.p[b.len - 1] == '\n')
            b.len--;
        size_t k = b.len;
        while (k && b.p[k - 1] != '\n')
            k--;
        size_t n = b.len - k;
        if (n >= sizeof f->st.notice)
            n = sizeof f->st.notice - 1;
        memcpy(f->st.notice, b.p + k, n);
        f->st.notice[n] = '\0';
        for (size_t j = 0; j < b.len; j++)
            f->st.notices += b.p[j] == '\n';
        f->st.notices++;
    }
    buf_fini(&b);
}

/* Steps loader i once; returns true when it parsed something. */
static bool step(struct feed *f, size_t i, long long now_ms)
{
    struct ft_error err = {0, ""};
    struct feed_input *in = &f->in[i];
    long long t0 = f->clock();
    enum load_status s = loader_step(f->ls[i], f->step_bytes, &err);
    long long took = f->clock() - t0;
    if (took > STEP_MS && f->step_bytes > STEP_MIN)   /* slow parsing: keys more often */
        f->step_bytes /= 2;
    else if (took * 4 < STEP_MS && f->step_bytes < STEP_BYTES)
        f->step_bytes *= 2;
    take_notices(f, i);
    switch (s) {
    case LOAD_MORE:
        in->state = L_MORE;
        return true;
    case LOAD_AGAIN:
        in->state = L_IDLE;
        in->next_try = now_ms + FOLLOW_MS;
        return false;
    case LOAD_EOF:
        in->state = L_DONE;
        return true;
    case LOAD_ERROR:
        in->state = L_DONE;
        if (!f->st.error[0])
            ft_error_format(&err, loader_name(f->ls[i]), f->st.error, sizeof(f->st.error));
        return true;
    }
    return false;
}

/* The perf events of every loader, merged by name (the shown one first). */
static void update_events(struct feed *f)
{
    struct feed_status *st = &f->st;
    st->nevents = 0;
    for (size_t i = 0; i < f->n; i++) {
        const char *name;
        size_t len, samples;
        size_t n = loader_perf_events(f->ls[i], 0, &name, &len, &samples);
        for (size_t k = 0; k < n; k++) {
            loader_perf_events(f->ls[i], k, &name, &len, &samples);
            if (len >= sizeof(st->events[0].name))
                len = sizeof(st->events[0].name) - 1;
            size_t j = 0;
            while (j < st->nevents && (strlen(st->events[j].name) != len ||
                                       memcmp(st->events[j].name, name, len) != 0))
                j++;
            if (j == st->nevents) {
                if (j == FT_ARRAY_LEN(st->events))
                    continue;
                memcpy(st->events[j].name, name, len);
                st->events[j].name[len] = '\0';
                st->events[j].samples = 0;
                st->nevents++;
            }
            st->events[j].samples += samples;
        }
    }
}

static void update_rates(struct feed *f, long long now_ms)
{
    size_t s = total_samples(f);
    f->st.samples = s;
    update_events(f);
    long long dt = now_ms - f->rate_t;
    if (dt < RATE_MS)
        return;
    size_t b = total_bytes(f);
    f->st.rate = (double)(s - f->rate_samples) * 1000.0 / (double)dt;
    f->st.mbps = (double)(b - f->rate_bytes) * 1000.0 / (double)dt / 1e6;
    f->rate_samples = s;
    f->rate_bytes = b;
    f->rate_t = now_ms;
}

bool feed_step(struct feed *f, const struct pollfd *fds, size_t nfds, long long now_ms)
{
    bool parsed = false;
    if (f->ended)
        return false;
    for (size_t i = 0; i < f->n; i++) {
        struct feed_input *in = &f->in[i];
        if (in->state == L_DONE)
            continue;
        bool ready = has_more(f, i) || fd_ready(fds, nfds, loader_fd(f->ls[i]));
        if (!pollable(loader_fd(f->ls[i])) && now_ms >= in->next_try)
            ready = true;
        if (ready && step(f, i, now_ms))
            parsed = true;
    }
    update_rates(f, now_ms);
    if (feed_done(f)) {
        f->ended = true;
        f->st.live = f->any_live ? LIVE_EOF : LIVE_NONE;
        f->st.rate = f->st.mbps = 0;
        f->st.progress[0] = '\0';
    }
    return parsed;
}

void feed_stop(struct feed *f)
{
    for (size_t i = 0; i < f->n; i++) {
        if (f->in[i].state != L_DONE)
            loader_cancel(f->ls[i]);
        f->in[i].state = L_DONE;
    }
    f->st.progress[0] = '\0';
    if (!f->ended) {
        f->ended = true;
        f->st.live = f->any_live ? LIVE_EOF : LIVE_NONE;
        f->st.rate = f->st.mbps = 0;
    }
}

bool feed_done(const struct feed *f)
{
    for (size_t i = 0; i < f->n; i++)
        if (f->in[i].state != L_DONE)
            return false;
    return true;
}

bool feed_take_end(struct feed *f, struct buf *msg)
{
    if (!f->ended || f->end_taken)
        return false;
    f->end_taken = true;
    if (f->st.error[0])   /* the error wins */
        return true;
    for (size_t i = 0; i < f->n; i++)
        loader_report(f->ls[i], msg);
    if (total_samples(f) == 0)   /* the same words as --collapse's exit 1 (main.c) */
        for (size_t i = 0; i < f->n; i++)
            loader_no_samples(f->ls[i], msg);
    return true;
}

const struct feed_status *feed_status(const struct feed *f)
{
    return &f->st;
}

/* New loaders for files[0..f->n) reading only event ev; NULL with the reason in msg when
 * one cannot be opened (those opened are freed again). */
static struct loader **open_again(const struct feed *f, const struct load_opts *lo,
                                  char *const *files, const char *ev, struct trie *t,
                                  char *msg, size_t n)
{
    struct load_opts o = *lo;
    o.perf.event_filter = ev;
    struct loader **nl = xcalloc(f->n, sizeof(*nl));
    for (size_t i = 0; i < f->n; i++) {
        struct ft_error err = {0, ""};
        nl[i] = loader_open(files[i], &o, t, &err);
        if (!nl[i]) {
            ft_error_format(&err, files[i], msg, n);
            for (size_t k = 0; k < i; k++)
                loader_free(nl[k]);
            free(nl);
            return NULL;
        }
    }
    return nl;
}

/* feed_reopen and feed_refetch: keep: t keeps its stacks (the new ones add to them). */
static int reopen(struct feed *f, const struct load_opts *lo, char *const *files,
                  const char *event, struct trie *t, bool keep, long long now_ms, char *msg,
                  size_t n)
{
    const char *ev = f->event;
    snprintf(f->event, sizeof(f->event), "%s", event);
    for (size_t i = 0; i < f->n; i++) {
        if (!lo || !files || (loader_is_live(f->ls[i]) && !loader_is_remote(f->ls[i]))) {
            snprintf(msg, n, "%s cannot be read again: restart with --event-filter=%s",
                     loader_name(f->ls[i]), ev);
            return -1;
        }
    }
    struct loader **nl = open_again(f, lo, files, ev, t, msg, n);
    if (!nl)
        return -1;
    if (!keep)
        trie_replace(t, trie_new(trie_names(t)));   /* empty: the loaders fill it again */
    struct loader **ls = f->ls;
    size_t nls = f->n;
    for (size_t i = 0; i < nls; i++) {
        loader_free(ls[i]);
        ls[i] = nl[i];
    }
    free(nl);
    free(f->in);
    start(f, ls, nls, now_ms);
    return 0;
}

int feed_reopen(struct feed *f, const struct load_opts *lo, char *const *files,
                const char *event, struct trie *t, long long now_ms, char *msg, size_t n)
{
    for (size_t i = 0; files && i < f->n; i++)   /* another event of the same file only */
        if (!loader_is_live(f->ls[i]) && !loader_is_remote(f->ls[i]) &&
            !loader_same_file(f->ls[i], files[i])) {   /* the profile shown stays */
            snprintf(msg, n, "%s changed since it was read: restart with --event-filter=%s",
                     files[i], event);
            return -1;
        }
    return reopen(f, lo, files, event, t, false, now_ms, msg, n);
}

int feed_refetch(struct feed *f, const struct load_opts *lo, char *const *files,
                 struct trie *t, bool keep, long long now_ms, char *msg, size_t n)
{
    char ev[sizeof f->event];
    snprintf(ev, sizeof ev, "%s",
             f->event[0] || !lo || !lo->perf.event_filter ? f->event : lo->perf.event_filter);
    return reopen(f, lo, files, ev, t, keep, now_ms, msg, n);
}

bool feed_title(const struct feed *f, const char *input, char *out, size_t n)
{
    const char *unit = NULL;
    const char *type = f->n == 1 ? loader_sample_type(f->ls[0], &unit) : NULL;
    if (!type)
        return false;
    snprintf(out, n, "%s (%s, %s)", input, type, unit);
    return true;
}
