/* flametui - options.h: the command line, parsed with getopt_long into struct options.
 * Pure: never prints, never exits; main.c reports errors and prints --help. */
#ifndef FLAMETUI_OPTIONS_H
#define FLAMETUI_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum input_format { FORMAT_AUTO, FORMAT_FOLDED, FORMAT_PERF };
enum out_mode { OUT_TUI, OUT_COLLAPSE, OUT_TEXT, OUT_TOP };
enum filter_kind { FILTER_INCLUDE, FILTER_EXCLUDE, FILTER_HIDE };

struct filter_opt {
    enum filter_kind kind;
    const char *re;        /* points into argv */
};

/* stackcollapse-perf.pl options, plus --weight */
struct perf_opts {
    bool pid, tid, kernel, jit, addrs, srcline;
    bool weight_samples;        /* --weight=samples: each sample counts 1 */
    const char *event_filter;   /* NULL: the first event seen */
};

struct options {
    enum input_format format;
    struct perf_opts perf;
    bool follow;                /* --follow: tail a growing file */
    bool strict;                /* --strict: skipped folded lines are an error */
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
