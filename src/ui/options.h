/* SPDX-License-Identifier: MIT */
/* flametui - options.h: the command line, parsed with getopt_long into struct options.
 * Pure: never prints, never exits; main.c reports errors and prints --help.
 * Only main.c and options.c include this header: main turns struct options into the
 * layers' own small option structs (load_opts, app_opts, tui_opts, batch_opts); what to
 * show is filled once, as a struct graph_spec, for the viewer and the batch outputs. */
#ifndef FLAMETUI_OPTIONS_H
#define FLAMETUI_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"
#include "input/loader.h"     /* enum input_format */
#include "input/parse_perf.h" /* struct perf_opts */
#include "input/remote.h"     /* struct remote_opts */
#include "query/graph.h"      /* struct graph_spec */

enum out_mode { OUT_TUI, OUT_COLLAPSE, OUT_TEXT, OUT_TOP, OUT_SVG, OUT_TREE, OUT_ANNOTATE };

struct options {
    enum input_format format;
    struct perf_opts perf;
    bool follow;                /* --follow: tail a growing file */
    bool strict;                /* --strict: skipped folded lines are an error */
    size_t max_line;            /* --max-line=BYTES, 0 = the loader's default (16 MiB) */
    const char *perf_path;      /* --perf=PATH: perf for perf.data files */
    const char *perf_args;      /* --perf-args=ARGS: extra perf script options */
    int perf_script;            /* --perf-script 1, --no-perf-script -1, else 0 */
    const char *sample_type;    /* --sample-type=NAME (pprof), NULL = the profile's default */
    struct graph_spec spec;     /* what to show: filters, reverse, search, time, ... */
    int group;                  /* --group as given: enum perf_group, -1 when not given
                                 * (spec.group is the one that applies) */
    bool no_color;              /* --no-color or NO_COLOR set */
    double window;              /* --window=SECONDS, 0 = cumulative */
    enum out_mode mode;
    int cols, rows;             /* --cols/--rows, 0 = terminal or default */
    size_t top_n;               /* --top[=N], default 20 */
    bool raw;                   /* --raw: --top's weights as plain numbers */
    const char *svg_file;       /* --svg=FILE; NULL (--svg alone): standard output */
    unsigned tree_depth;        /* --tree=N: levels printed, 0 = all */
    double tree_min;            /* --tree-min=PCT as a fraction, default 0.005 */
    const char *annotate;       /* --annotate=RE */
    const char *source_path;    /* --source-path=DIR[:DIR] */
    const char *save;           /* --save=FILE: folded stacks written when the viewer exits */
    const char *tee;            /* --tee=FILE: the raw input copied as it arrives */
    bool no_mouse;              /* --no-mouse */
    bool chart;                 /* --chart: the flame chart (viewer, or --text) */
    bool help, version;
    char **bases;               /* --base=FILE (diff mode), in order; points into argv */
    size_t nbases;
    bool normalize, strip_hex;  /* --normalize, --strip-hex (need --base) */
    char **files;               /* points into argv; nfiles may be 0 */
    size_t nfiles;
    struct remote_opts remote;  /* --header, --timeout, --insecure, --refresh, --pyroscope,
                                 * --parca, --query, --since, --until, --list */
};

/* Parses argv. Returns 0, or -1 with err->msg set for a usage error (exit 2).
 * o must be freed with options_fini. Does not look at the environment. */
int options_parse(struct options *o, int argc, char **argv, struct ft_error *err);
/* The words argv[1..argc) alone, as options_parse reads them but without the checks
 * across options: FLAMETUI_OPTS is checked this way first, so that its errors name it
 * and an option of it never takes a word of the command line as its value. 0, or -1
 * with err set. */
int options_check_words(int argc, char **argv, struct ft_error *err);
void options_fini(struct options *o);
/* Splits s (FLAMETUI_OPTS) into words like a POSIX shell, without expansions: blanks
 * separate words; '...' is literal; "..." keeps \" \\ \$ \` escapes; a backslash
 * outside quotes escapes the next character. Appends the words to *argv (heap: the array
 * and each word; *argc counts them). Returns 0, or -1 with err set for an unterminated
 * quote. options_free_words() frees them. */
int options_split(const char *s, char ***argv, int *argc, struct ft_error *err);
void options_free_words(char **argv, int argc);
/* The --help text. */
extern const char options_usage[];
#endif
