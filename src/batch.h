/* SPDX-License-Identifier: MIT */
/* flametui - batch.h: the non-interactive outputs (--collapse, --text, --top, --svg):
 * the inputs read to their end, the diff base attached, --save written, the graph of a
 * struct graph_spec printed. Also what the viewer shares with them: reading the diff
 * base (batch_attach_base) and the messages on stderr (batch_print_err).
 * Part of the program, next to main.c: prints to stdout and stderr, never exits. */
#ifndef FLAMETUI_BATCH_H
#define FLAMETUI_BATCH_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"
#include "input/loader.h"
#include "query/graph.h"

struct trie;
struct samples;

/* The output (the same values as options.h's OUT_COLLAPSE .. OUT_SVG). */
enum batch_out { BATCH_COLLAPSE = 1, BATCH_TEXT, BATCH_TOP, BATCH_SVG, BATCH_TREE,
                 BATCH_ANNOTATE };

/* Diff mode (--base): the base files, read with the inputs' load options (not
 * following, not interactive), and how they are compared. */
struct unit;

struct batch_base {
    char *const *files;         /* --base=FILE..., in order; n 0: no diff */
    size_t n;
    bool normalize, strip_hex;  /* --normalize, --strip-hex */
    const struct load_opts *load;
};

struct batch_opts {
    enum batch_out out;
    const struct graph_spec *spec;  /* filters, reverse, recursion, search, zoom, ... */
    int cols, rows;                 /* --text: 0 = the terminal's width, as deep as needed */
    size_t top_n;                   /* --top=N */
    const char *svg_file;           /* --svg=FILE, NULL: standard output */
    unsigned tree_depth;            /* --tree=N, 0: every level */
    double tree_min;                /* --tree-min as a fraction of the root */
    const char *annotate;           /* --annotate=RE */
    const char *source_path;        /* --source-path=DIR[:DIR] */
    const char *save;               /* --save=FILE, or NULL */
    char *const *files;             /* the inputs (the SVG's subtitle names them) */
    size_t nfiles;
    struct batch_base base;
    bool raw;                       /* --raw: --top prints the weights as plain numbers */
    const struct unit *unit;        /* the weights' unit (batch_run decides it) */
    /* the time index of the inputs (may be NULL): --from/--to and the groupings the
     * parser does not make (cpu) are derived from it, as the viewer does */
    struct samples *samples;
    bool chart;                     /* --chart --text: the flame chart from samples */
};

/* Reads the loaders ls[0..o->nfiles) (opened on t) to their end, attaches the diff base,
 * writes --save, and prints the output. Returns the exit status: 0; 1 for bad input or
 * a write error; 2 for a bad regex or a pattern too expensive to match (regex.h). The
 * messages go to stderr. */
int batch_run(const struct batch_opts *o, struct trie *t, struct loader **ls);

/* Reads the base files into a trie sharing t's names and attaches it to t (core/diff.h).
 * --normalize and --strip-hex need the whole new profile: the loaders ls[0..nls) are
 * read to their end first (ls may be NULL when that was done). Returns 0, or 1 after
 * reporting the error. */
int batch_attach_base(const struct batch_base *b, struct trie *t, struct loader **ls,
                      size_t nls);

/* Prints "flametui: " and p[0..n) and a newline to stderr; on a terminal, escape
 * sequences in p are made visible (label.h). */
void batch_print_err(const char *p, size_t n);
/* batch_print_err of a printf format. */
FT_PRINTF(1, 2) void batch_errf(const char *fmt, ...);
/* "flametui: NAME:LINE: message" (ft_error_format) through batch_print_err. */
void batch_report_error(const char *name, const struct ft_error *e);
#endif
