/* SPDX-License-Identifier: MIT */
/* flametui - loader_impl.h: the loader's state, shared by loader.c (opening, reading,
 * decoding, the mapped path, --follow) and loader_parse.c (format sniffing, the parser
 * of each format, the reports). Private to src/input/. */
#ifndef FLAMETUI_LOADER_IMPL_H
#define FLAMETUI_LOADER_IMPL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "input/decompress.h"
#include "input/folded_pipe.h"
#include "input/http.h"
#include "input/loader.h"
#include "input/parse_bpftrace.h"
#include "input/parse_folded.h"
#include "input/parse_perf.h"
#include "input/perf_data.h"
#include "input/perf_mt.h"
#include "input/pprof.h"

#define READ_CHUNK (4u << 20)     /* one read() */
#define DC_SLICE (1u << 20)       /* decompressed at a time, parsed before the next slice */
#define SNIFF_BYTES (64u << 10)
#define MAGIC_BYTES 4096u         /* read from a file's start for sniff_magic */
#define MAP_SLICE (8u << 20)      /* parsed per step from a mapped file */
#define MAP_RELEASE (64u << 20)   /* parsed pages are dropped in steps of this size */

enum dc_state { DC_UNKNOWN, DC_NO, DC_YES };

struct loader;

/* The parser behind a loader (loader_parse.c has one table per format, plus the folded
 * pipe's and the finished perf_mt's): every call takes the parser made by make (or given
 * to loader_set_parser). A NULL hook is a no-op (or 0, or NULL). */
struct parser_ops {
    void *(*make)(struct loader *l);
    /* the bytes of p[0..n) consumed or (size_t)-1 with err (strict: --strict) */
    size_t (*feed)(void *p, const char *buf, size_t n, bool eof, bool strict,
                   struct ft_error *err);
    void (*long_line)(void *p);     /* the next line is too long: its bytes are dropped */
    bool whole;                     /* takes the input whole (pprof): no lines, no cap */
    /* reads the input itself (the folded pipe): a loader_step */
    enum load_status (*step)(struct loader *l, size_t max_bytes, struct ft_error *err);
    size_t (*samples)(const void *p);
    void (*report)(const struct loader *l, const void *p, struct buf *msg);
    size_t (*events)(const void *p, size_t i, const char **name, size_t *len,
                     size_t *samples);
    const char *(*sample_type)(const void *p, const char **unit);
    void (*trie_replaced)(void *p);
    /* perf: records were read and none carried a timestamp */
    bool (*untimed)(const void *p);
    void (*free)(void *p);
};
/* loader_parse.c */
extern const struct parser_ops folded_ops, folded_pipe_ops, perf_ops, perf_mt_ops;

struct loader {
    char *name;
    char *path;             /* reopened by --follow when the file is replaced; NULL: stdin */
    int fd;
    bool live, follow, regular, eof, done;
    bool strict;
    enum input_format format;
    struct perf_opts popts; /* popts.max_line is the line cap */
    size_t max_line;
    struct trie *t;
    const struct parser_ops *ops;       /* NULL until the format is known */
    void *parser;
    uint64_t gen;                       /* trie_generation after the last step */
    char *sample_type;                  /* --sample-type */
    bool pprof_lines;                   /* pprof frames FUNC:FILE:LINE (--annotate) */
    /* the read() path */
    struct buf in;          /* decoded input; [start, in.len) not yet consumed */
    size_t start;
    size_t scanned;         /* [start, scanned) holds no '\n' */
    bool skipping;          /* dropping the rest of a line longer than the cap */
    off_t offset;           /* bytes read from fd */
    off_t open_size;        /* a regular file's size when opened */
    struct stat open_st;    /* the file when opened (loader_same_file) */
    /* compressed input (decompress.h): gzip, zstd, xz, bzip2 */
    enum dc_state dc_state;
    struct decomp *dc;      /* holds the compressed bytes not decoded yet */
    size_t consumed;
    /* the mapped path */
    const char *map;        /* regular uncompressed files for batch outputs are mapped */
    size_t map_len, map_pos, map_released;
    bool map_skipping;      /* dropping the rest of a line longer than the cap */
    bool batch;             /* non-interactive: parse big perf files on several threads */
    int threads;            /* batch: 0 = ncpu (at most 4) */
    /* perf.data: read from a perf script child */
    struct perf_data *child;    /* owns fd (its stdout) */
    struct perf_data_opts pdo;
    bool magic_done;            /* sniff_magic found nothing: the text decides */
    enum input_format forced;   /* --format, FORMAT_AUTO: sniffed */
    /* notices: "NAME: message\n" each */
    struct buf notes;
    size_t notes_taken;
    int tee_fd;             /* --tee (load_opts), 0 = none */
    int tee_errno;          /* --tee's write error (copying stopped), 0 = none */
    struct http_fetch *http;    /* a network input (remote.h): owns fd */
};

/* True once the input's format is known and its parser made. */
bool loader_has_parser(const struct loader *l);
/* The parser from now on (the old one is freed): the folded pipe that took over a folded
 * input, the counters of a finished perf_mt. */
void loader_set_parser(struct loader *l, const struct parser_ops *ops, void *parser);
/* Decides the format from the text p[0..n) and makes the parser; false if more text is
 * needed. idle: no more text is coming for now (a quiet pipe). */
bool loader_sniff_text(struct loader *l, const char *p, size_t n, bool eof, bool idle);
/* The first bytes: a format of sniff.h's table (perf.data starts perf script; the others
 * are errors), else loader_sniff_text. 1 when a parser was made, 0 when more text is
 * needed (or perf script was just started), -1 with err. */
int loader_sniff_input(struct loader *l, const char *p, size_t n, bool eof, bool idle,
                       struct ft_error *err);
/* Parses p[0..n); the bytes consumed or (size_t)-1 with err filled in. */
size_t loader_feed(struct loader *l, const char *p, size_t n, bool eof, struct ft_error *err);
/* The parser counts the next line as too long (its bytes are dropped). */
void loader_long_line(struct loader *l);
/* l->child was started: its output is read (perf script text), or, a perf.data read in
 * this process, the native parser made. */
void loader_perf_child(struct loader *l);
/* --tee: p[0..n), raw input bytes read by other means than the loader's own reads. */
void loader_tee(struct loader *l, const void *p, size_t n);
/* loader.c: a step of the folded pipe (folded_pipe_ops.step). */
enum load_status loader_step_pipe(struct loader *l, size_t max_bytes, struct ft_error *err);
#endif
