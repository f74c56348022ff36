/* SPDX-License-Identifier: MIT */
/* flametui - perf_data.h: a perf.data file (perf record's binary output). In perf's
 * file format, of a layout the native reader knows (perfdata.h), without --perf-args or
 * --srcline, it is read in this process (perf_data_file: the loader feeds its records to
 * the perf script parser, perf_native.h); so is perf's pipe format from a file or a pipe
 * (its header records read ahead to decide: perf_data_stream). Otherwise a child process's
 * standard output, `perf script`'s, is parsed as text, exactly as `perf script -i FILE |
 * flametui -` would, and perf_data_note says why in one line. This module only
 * opens the file or starts, watches and ends that child: it never parses, never prints,
 * and never leaves a child behind (perf_data_free kills and reaps it).
 * The command: PERF script -i FILE -F +pid [-F +srcline] [PERF_ARGS...], where PERF is
 * --perf=PATH or "perf" on PATH, and PERF_ARGS the --perf-args words (split at blanks,
 * '...' and "..." quote); -F is left out when PERF_ARGS has its own -F/--fields.
 * perf's stderr goes through a pipe to a forked keeper that stores its first and last
 * PERF_DATA_KEEP bytes in an unlinked temporary file (in $TMPDIR, else /tmp); when perf
 * fails its last lines are given back. Standard input holding perf.data: a regular file is given to perf as
 * /proc/self/fd/0; a pipe in perf's pipe mode (`perf record -o -`) is relayed to
 * `perf script -i -` by a forked copy loop (live); a pipe holding a normal perf.data
 * (which perf cannot read from a pipe) is first copied to an unlinked temporary file. */
#ifndef FLAMETUI_PERF_DATA_H
#define FLAMETUI_PERF_DATA_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

#define PERF_DATA_MAGIC_LEN 16   /* bytes perf_data_sniff looks at */
#define PERF_DATA_KEEP (64u << 10) /* of perf's stderr: its first and its last bytes */

struct perf_data;

/* how a perf.data is read */
enum perf_data_mode {
    PERF_DATA_AUTO,        /* natively; through perf script what the reader cannot read */
    PERF_DATA_SCRIPT,      /* always through perf script (--perf-script) */
    PERF_DATA_NATIVE,      /* never through perf script (--no-perf-script) */
};

struct perf_data_opts {
    enum perf_data_mode mode;
    const char *perf;      /* the perf binary (NULL: "perf" on PATH) */
    const char *args;      /* extra perf script words (NULL: none) */
    bool srcline;          /* add -F +srcline (the parser's --srcline) */
};

/* True if p[0..n) starts like a perf.data file: "PERFILE2" (either byte order) and a
 * header size; *pipe_mode: written by `perf record -o -` (a 16-byte header). Needs
 * PERF_DATA_MAGIC_LEN bytes. */
bool perf_data_sniff(const void *p, size_t n, bool *pipe_mode);
/* The perf binary that would run (o->perf, else "perf" found on PATH) into out[0..n);
 * false when it is not there (out then names what was looked for). */
bool perf_data_find(const struct perf_data_opts *o, char *out, size_t n);
/* Starts perf script. path: a perf.data file; or path NULL and in_fd: standard input,
 * regular (in_regular) or a pipe whose first bytes prefix[0..nprefix) were read already
 * (pipe_mode as perf_data_sniff said). nonblock: the output fd is non-blocking (the
 * viewer polls it). Returns NULL with err filled in ("perf not found: ..."). */
struct perf_data *perf_data_start(const struct perf_data_opts *o, const char *path, int in_fd,
                                  bool in_regular, const void *prefix, size_t nprefix,
                                  bool pipe_mode, bool nonblock, struct ft_error *err);
int perf_data_fd(const struct perf_data *c);        /* perf script's standard output */
/* A perf.data in perf's file format that the native reader takes is read in this
 * process, with no child (perf_native.h): its reader, open on the mapped file (owned by
 * c), or NULL when a child prints text on perf_data_fd. */
struct pd_file;
const struct pd_file *perf_data_file(const struct perf_data *c);
/* perf's pipe format that the native reader takes is read in this process too: true,
 * the bytes read ahead of perf_data_fd (from a pipe) in ahead[0..n) (owned by c), then
 * perf_data_fd to its end (pd_stream in perfdata.h). */
bool perf_data_stream(const struct perf_data *c, const void **ahead, size_t *n);
/* Why the file is read through perf script ("read through perf script: WHY"), or NULL:
 * read natively, or perf script was forced. */
const char *perf_data_note(const struct perf_data *c);
/* After the output ended: waits for perf. 0 when it exited with status 0; else -1 with
 * err ("perf script failed (exit status 1)") and, when lines is not NULL, perf's last
 * stderr lines appended to it ("perf: message\n" each, at most 6). */
int perf_data_finish(struct perf_data *c, struct ft_error *err, struct buf *lines);
/* Kills perf (and the copy loop) if still running, reaps them, closes the fds. NULL is a
 * no-op. */
void perf_data_free(struct perf_data *c);
#endif
