/* SPDX-License-Identifier: MIT */
/* flametui - loader.h: opens an input (file, "-" = stdin, pipe; gzip, zstd, xz or bzip2
 * compressed, told by their magic bytes: decompress.h),
 * sniffs its format (folded or perf script) and feeds it in chunks to the right parser,
 * which adds the stacks to a trie. Pipes, ttys and --follow inputs are "live":
 * loader_step() never blocks on them, so the TUI can poll() loader_fd() with the terminal.
 * Memory is bounded whatever the input: a line longer than the cap (max_line) is skipped
 * and counted, compressed input is decoded in bounded slices, and regular files are never copied
 * whole (a batch output maps them, the viewer reads them in steps). A file that shrinks
 * while it is read is an error ("changed while it was read"), never a crash.
 * A regular folded file of 4 MiB or more (threads >= 2, or 0 on two CPUs or more) is read
 * and split on a second thread (folded_pipe.h); loader_step then inserts what that thread
 * has ready, waiting for it 20 ms at most.
 * Never prints; loader_report() formats the skipped-lines summary and the notices for the
 * caller. */
#ifndef FLAMETUI_LOADER_H
#define FLAMETUI_LOADER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "input/format.h"
#include "input/parse_perf.h"
#include "core/util.h"

struct trie;
struct loader;
struct remote_opts;


/* How to read an input (main.c fills it in from the command line). */
struct load_opts {
    enum input_format format;
    struct perf_opts perf;
    bool follow;        /* --follow: keep reading a growing regular file */
    bool strict;        /* --strict: a folded line that does not parse is an error */
    bool interactive;   /* for the viewer: FIFOs opened non-blocking, parsed in steps */
    int threads;        /* batch perf collapsing: threads (0 = ncpu, at most 4); folded
                         * input: two threads when >= 2 (0: when there are 2 CPUs) */
    size_t max_line;    /* --max-line: longer lines are skipped (0: LOAD_MAX_LINE_DEFAULT) */
    int tee_fd;         /* --tee: every raw byte read (before decompression) is written
                         * here as it arrives; 0 = none (fd 0 is always the input or
                         * /dev/null). A write error stops the copy with a notice. */
    const char *perf_path;  /* --perf=PATH: perf for perf.data (NULL: perf on PATH) */
    const char *perf_args;  /* --perf-args: extra perf script words (NULL: none) */
    int perf_script;        /* perf.data: 1 through perf script, -1 never, 0 natively
                             * where the reader can */
    const char *sample_type; /* --sample-type: pprof's sample value (NULL: its default) */
    /* http(s) URLs, Pyroscope and Parca (remote.h): NULL reads URLs with the defaults */
    const struct remote_opts *remote;
    bool pprof_lines;   /* pprof: frames named FUNC:FILE:LINE, as perf script --srcline
                         * names them (--annotate reads the lines from the names) */
};
#define LOAD_MAX_LINE_DEFAULT ((size_t)16 << 20)

enum load_status {
    LOAD_MORE,   /* parsed something; call again */
    LOAD_AGAIN,  /* live input has no data now: poll loader_fd() and call again */
    LOAD_EOF,    /* input finished (a --follow input never reports this) */
    LOAD_ERROR,  /* err is filled in: "FILE:LINE: message" material */
};

/* Opens path ("-" is standard input; an http(s) URL, or a Pyroscope or Parca query
 * (remote.h), is fetched on a thread and read like a pipe). Stacks go into t (not owned). Returns NULL with
 * err filled in if the input cannot be opened. o is read, not kept. */
struct loader *loader_open(const char *path, const struct load_opts *o, struct trie *t,
                           struct ft_error *err);
void loader_free(struct loader *l);                 /* NULL is a no-op; closes the fd */
/* A network input still being fetched: what it is doing ("recording 10 s ... 4 s left")
 * into out[0..n), true; false for other inputs and once the transfer ended. */
bool loader_progress(const struct loader *l, char *out, size_t n);
/* Stops a network input's transfer (its next step reports "cancelled"); a no-op for the
 * other inputs. */
void loader_cancel(struct loader *l);
/* Reads and parses up to about max_bytes of input (at least 4 KiB). The time a step takes
 * is bounded by max_bytes plus, once, a line of up to max_line bytes. A compressed input
 * after its last member: zeros are accepted (as gzip does), anything else ends the input
 * with a notice. --follow: a file that shrinks or is replaced (its name now points to another
 * file) is read again from the start, with a notice. */
enum load_status loader_step(struct loader *l, size_t max_bytes, struct ft_error *err);
/* The loader's trie was rebuilt in place (trie_replace: a compacted window): the parser
 * forgets the node ids it keeps between lines (the folded parser's previous line, the
 * folded pipe's previous stack; the perf parser resolves every record from the root and
 * caches names as bytes, so it keeps none). loader_step does it by itself when the
 * trie's generation moved since the last step; calling it too (between two steps) is
 * harmless. */
void loader_trie_replaced(struct loader *l);
/* Reads everything to EOF, blocking. Returns 0 or -1 with err filled in. */
int loader_run(struct loader *l, struct ft_error *err);
/* The fd to poll() for POLLIN. -1 when there is nothing to wait for: a regular file
 * (always readable: just call loader_step) or a --follow file at its end (call
 * loader_step again after a short sleep, e.g. the 100 ms redraw tick), or once closed. */
int loader_fd(const struct loader *l);
bool loader_is_live(const struct loader *l);        /* pipe, tty or --follow */
/* path is still the file l opened, unchanged (device, inode, size, modification time). */
bool loader_same_file(const struct loader *l, const char *path);
bool loader_is_remote(const struct loader *l);      /* a URL or a query: can be fetched again */
const char *loader_name(const struct loader *l);    /* "-" shows as "stdin" */
enum input_format loader_format(const struct loader *l); /* FORMAT_AUTO until sniffed */
/* --tee's write error (errno; the copying stopped), 0 when none (or l NULL). */
int loader_tee_error(const struct loader *l);
size_t loader_bytes(const struct loader *l);        /* input bytes consumed so far */
size_t loader_samples(const struct loader *l);      /* stacks/records added so far */
/* perf input whose records carry no timestamps (--from/--to cannot apply). */
bool loader_untimed(const struct loader *l);
/* The events of a perf script input read in steps (the viewer): perf_events() of its
 * parser; 0 for other inputs and for batch (multi-threaded) collapsing. */
size_t loader_perf_events(const struct loader *l, size_t i, const char **name, size_t *len,
                          size_t *samples);
/* pprof input: the sample type shown and its unit ("cpu", "nanoseconds"), known once the
 * input is read; NULL for the other formats (and before). */
const char *loader_sample_type(const struct loader *l, const char **unit);
/* What the input's weights measure, once known: the type into type[0..n) and *unit
 * (static or the parser's). pprof: its sample type and unit ("cpu", "nanoseconds");
 * an input with perf events: the event kept and "period" ("samples" with
 * --weight=samples). False, nothing written, for inputs whose weights count samples
 * (folded, bpftrace) and before it is known. render/numfmt.h's numfmt_unit_set reads it. */
bool loader_weight(const struct loader *l, char *type, size_t n, const char **unit);
/* Appends "NAME: N lines skipped (first at line L: reason)\n" to msg if any lines were
 * skipped (a line longer than the cap: "line longer than 16 MiB"), then every notice so
 * far (see loader_notice), one line each, with no "flametui: " prefix (that is the
 * printer's business); returns false, msg untouched, when there is nothing to report. */
bool loader_report(const struct loader *l, struct buf *msg);
/* Appends the notices given since the last call, "NAME: message\n" each: "trailing
 * garbage after the gzip data ignored" (zstd, xz, bzip2 alike), "file truncated: reading it again from the start",
 * "file replaced: reading the new file from the start". Returns false, msg untouched,
 * when there is none. The viewer shows them in the status line as they come (feed.h). */
bool loader_notice(struct loader *l, struct buf *msg);
/* Appends "NAME: no samples found (HINT)\n": what the loader read the input as (the
 * formats tried when it was sniffed, or perf script for a perf.data); when
 * --event-filter=EV kept nothing of records of other events, "NAME: no samples of event
 * EV; the input has: EV1, EV2\n" instead. For inputs that ended with loader_samples()
 * == 0. */
void loader_no_samples(const struct loader *l, struct buf *msg);
#endif
