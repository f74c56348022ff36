/* flametui - options.h: the command line, parsed with getopt_long into struct options.
 * Pure: never prints, never exits; main.c reports errors and prints --help.
 * Only main.c and options.c include this header: main turns struct options into the
 * layers' own small option structs (load_opts, app_opts, tui_opts). */
#ifndef FLAMETUI_OPTIONS_H
#define FLAMETUI_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"
#include "input/loader.h"     /* enum input_format */
#include "input/parse_perf.h" /* struct perf_opts */
#include "query/view.h"       /* struct filter_opt */

enum out_mode { OUT_TUI, OUT_COLLAPSE, OUT_TEXT, OUT_TOP };

struct options {
    enum input_format format;
    struct perf_opts perf;
    bool follow;                /* --follow: tail a growing file */
    bool strict;                /* --strict: skipped folded lines are an error */
    size_t max_line;            /* --max-line=BYTES, 0 = the loader's default (16 MiB) */
    const char *sample_type;    /* --sample-type=NAME (pprof), NULL = the profile's default */
    bool icicle;                /* -i */
    bool reverse;               /* -r */
    struct filter_opt *filters; /* --include/--exclude/--hide in order */
    size_t nfilters;
    const char *search;         /* -s RE */
    const char *colors;         /* --colors=PALETTE, NULL = hot */
    bool no_color;              /* --no-color or NO_COLOR set */
    double window;              /* --window=SECONDS, 0 = cumulative */
    enum out_mode mode;
    int cols, rows;             /* --cols/--rows, 0 = terminal or default */
    size_t top_n;               /* --top[=N], default 20 */
    bool help, version;
    char **files;               /* points into argv; nfiles may be 0 */
    size_t nfiles;
};

/* Parses argv. Returns 0, or -1 with err->msg set for a usage error (exit 2).
 * o must be freed with options_fini. Does not look at the environment. */
int options_parse(struct options *o, int argc, char **argv, struct ft_error *err);
void options_fini(struct options *o);
/* The --help text. */
extern const char options_usage[];
#endif
