/* SPDX-License-Identifier: MIT */
/* flametui - feed.h: live-read scheduling for the viewer's event loop, curses-free.
 * Owns the per-loader state (has more / waiting / done), which fds to poll, when to look
 * at a --follow file again, the samples/s and MB/s rates, the first loader error and
 * the end of all input. The event loop polls the terminal together with
 * feed_poll_fds(), then calls feed_step(). Does not own the loaders, never prints.
 * Times are milliseconds on CLOCK_MONOTONIC. */
#ifndef FLAMETUI_FEED_H
#define FLAMETUI_FEED_H
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

struct feed;
struct load_opts;
struct loader;
struct trie;

/* LIVE_LOAD: regular files still loading (no pipe, no --follow): shown as LOADING.
 * LIVE_EOF: a live input ended. LIVE_NONE: nothing to show (no input, or files that
 * finished loading). */
enum live_state { LIVE_NONE, LIVE_ON, LIVE_LOAD, LIVE_EOF };

struct feed_status {
    enum live_state live;
    double rate;          /* samples per second, averaged over 0.5 s */
    double mbps;          /* input MB per second */
    uint64_t samples;     /* records read so far, all loaders */
    char error[200];      /* "NAME:LINE: message" of the first loader error; "" none */
    char notice[200];     /* the latest loader notice (loader_notice), "NAME: message" */
    unsigned notices;     /* notices so far: show notice in the status line when it moves */
    char progress[80];    /* a network input being fetched: "recording 10 s ... 4 s left"
                           * (loader_progress), refreshed by feed_poll_fds; "" none */
    /* perf script input: events[0] is the event shown (its records), the others are
     * records skipped because they are of another event (perf_events of every loader,
     * merged by name). nevents 0: not perf script. */
    struct feed_event {
        char name[64];
        uint64_t samples;
    } events[8];
    size_t nevents;
};

/* ls[0..n) are borrowed and must outlive the feed. */
struct feed *feed_new(struct loader **ls, size_t n, long long now_ms);
void feed_free(struct feed *f);                       /* NULL is a no-op */
/* Writes the fds to wait on into fds[0..max) and returns their number; lowers
 * *timeout_ms (-1 = no limit) to the time until the feed wants to run again: 0 when a
 * loader has data without waiting (a regular file still loading), the next --follow
 * check otherwise, and at most 0.5 s while any input is pending (the rates are
 * recomputed, so they fall to 0 when a pipe goes quiet). Nothing once every loader
 * finished. */
size_t feed_poll_fds(struct feed *f, struct pollfd *fds, size_t max, long long now_ms,
                     int *timeout_ms);
/* Gives every loader that is ready (its fd in fds[0..nfds) has revents, it has data
 * without waiting, or its --follow timer ran out) one bounded step (at most 256 KiB).
 * Returns true when anything was parsed (the trie may have grown). A step that takes
 * more than 20 ms halves the bytes of the next one (down to 64 KiB), one of under 5 ms
 * doubles them (up to 256 KiB): keys are looked at every 20 ms or so however slow
 * parsing is. */
bool feed_step(struct feed *f, const struct pollfd *fds, size_t nfds, long long now_ms);
size_t feed_step_bytes(const struct feed *f);   /* the bytes of the next step */
/* The clock (ms) steps are timed by; the monotonic clock unless set (tests). */
void feed_set_clock(struct feed *f, long long (*clock)(void));
/* Stops reading: network transfers are cancelled (loader_cancel); every loader not
 * finished yet is taken as ended (its unread data and
 * an incomplete last line are dropped; the loaders stay open, the caller frees them), so
 * the status becomes LIVE_EOF and feed_take_end reports the end. For Ctrl-C in a live
 * session whose writer does not end by itself. */
void feed_stop(struct feed *f);
/* True once every loader finished (end of input or error). */
bool feed_done(const struct feed *f);
/* True exactly once, at the first call after every loader finished: msg gets the
 * skipped-lines summaries (one line each, without a "flametui: " prefix) unless a loader
 * failed (the error wins), and "NAME: no samples found (...)" for each input when none
 * had a sample (loader_no_samples). */
bool feed_take_end(struct feed *f, struct buf *msg);
const struct feed_status *feed_status(const struct feed *f);
/* Reads every input again, keeping only the samples of the perf event `event` (the
 * --event-filter): new loaders are opened on files[0..) (one per input, in order) with
 * lo's options, on t. event is copied into the feed, which must outlive their first
 * step (a loader reads it then). Once all are open, t is emptied (the new loaders fill
 * it again), the old loaders are freed, the new ones take their places in the array
 * given to feed_new, and the feed starts over as feed_new(..., now_ms) did. Returns 0
 * (msg untouched); -1 with the reason in msg[0..n) when nothing changed: an input
 * cannot be read again (a pipe, or lo or files NULL; a network input is fetched again:
 * --refresh) or one fails to open. */
int feed_reopen(struct feed *f, const struct load_opts *lo, char *const *files,
                const char *event, struct trie *t, long long now_ms, char *msg, size_t n);
/* --refresh: reads every input again as feed_reopen does, with the same event (the last
 * feed_reopen's, else lo's --event-filter). keep: t keeps its stacks and the new ones add
 * to them (a sliding window then shows the last fetches); else t is emptied first. */
int feed_refetch(struct feed *f, const struct load_opts *lo, char *const *files,
                 struct trie *t, bool keep, long long now_ms, char *msg, size_t n);
/* The title of one input that names its sample type and unit once decoded (pprof):
 * "INPUT (TYPE, UNIT)" into out[0..n), true. False, out untouched, for any other feed
 * (not exactly one input, or one without a sample type, yet). input may not be out. */
bool feed_title(const struct feed *f, const char *input, char *out, size_t n);
#endif
