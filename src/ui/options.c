/* SPDX-License-Identifier: MIT */
/* flametui - options.c: see options.h. */
#include "config.h"

#include "ui/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "render/theme.h"

const char options_usage[] =
    "Usage: flametui [OPTION]... [FILE]...\n"
    "View flame graphs of folded stacks, `perf script` output or perf.data in the\n"
    "terminal.\n"
    "FILE '-' is standard input; with no FILE and a pipe on stdin, stdin is read.\n"
    "Several FILEs are merged. gzip, zstd, xz and bzip2 data are decompressed.\n"
    "\n"
    "Input:\n"
    "  -F, --format=FMT      auto (default: sniffed), folded, perf, perf-data, pprof\n"
    "                        or bpftrace:\n"
    "                        folded    stacks \"a;b;c 42\" (stackcollapse-*.pl, py-spy\n"
    "                                  --format raw, async-profiler -o collapsed)\n"
    "                        perf      perf script output (perf script > out.perf)\n"
    "                        perf-data perf record's file, read natively (else\n"
    "                                  through perf script, which says why)\n"
    "                                  (perf record -g -o perf.data -- CMD)\n"
    "                        pprof     Go pprof profile.proto, gzipped or not\n"
    "                                  (go tool pprof -proto URL > cpu.pb.gz)\n"
    "                        bpftrace  stack maps (bpftrace -e 'profile:hz:99\n"
    "                                  { @[kstack] = count(); }' > out.bt)\n"
    "                        Any of them gzip, zstd, xz or bzip2 compressed.\n"
    "      --perf=PATH       perf.data: the perf binary (default: perf on PATH)\n"
    "      --perf-args=ARGS  perf.data: extra perf script options, split at blanks\n"
    "      --perf-script     perf.data: read it through perf script, not natively\n"
    "      --no-perf-script  perf.data: never run perf script (fail instead)\n"
    "      --sample-type=NAME pprof: the sample value shown (default: the profile's\n"
    "                        default, else its last): cpu, samples, alloc_space, ...\n"
    "      --pid             perf: include the PID with the process name\n"
    "      --tid             perf: include the PID and TID with the process name\n"
    "      --kernel          perf: annotate kernel frames with _[k]\n"
    "      --jit             perf: annotate JIT frames (/tmp/perf-PID.map) with _[j]\n"
    "      --all             perf: same as --kernel --jit\n"
    "      --addrs           perf: include raw addresses where symbols are unknown\n"
    "      --event-filter=EV perf: keep only samples of event EV (default: the first)\n"
    "      --srcline         perf: append source lines (perf script -F+srcline)\n"
    "      --weight=W        perf: period (default, weight by the sample period) or\n"
    "                        samples (count every sample as 1)\n"
    "      --follow          keep reading a growing file (like tail -f)\n"
    "      --window=SECONDS  live input: show only the last SECONDS of samples (by\n"
    "                        arrival time); the w key switches to everything\n"
    "      --strict          folded lines that do not parse are an error\n"
    "      --from=SECONDS    perf: only samples at least SECONDS after the earliest\n"
    "      --to=SECONDS      perf: only samples less than SECONDS after the earliest\n"
    "      --group=G         perf: the process frame: comm (default), pid (comm-PID),\n"
    "                        tid (comm-PID/TID), none (no process frame) or cpu\n"
    "                        (cpu N above it: perf record -a); P cycles\n"
    "      --collapse-recursion  merge directly recursive frames (a frame called by a\n"
    "                        frame of the same name), as stackcollapse-recursive.pl\n"
    "      --chart           perf: flame chart (time order, a lane per thread, per\n"
    "                        process or per CPU with --group); with --text as text\n"
    "      --max-line=BYTES  skip (and count) lines longer than BYTES (default 16M;\n"
    "                        suffixes K, M, G)\n"
    "      --base=FILE       differential flame graph: compare the input (the new\n"
    "                        profile) with FILE (the base; repeatable, merged)\n"
    "      --normalize       diff: scale base counts to the new total (difffolded -n)\n"
    "      --strip-hex       diff: 0x... hex numbers in frame names are equal (-s)\n"
    "  (stackcollapse-perf.pl's --inline and --context need addr2line and are not\n"
    "   supported.)\n"
    "\n"
    "Network (a FILE may be an http:// or https:// URL, e.g. a Go pprof endpoint):\n"
    "      --timeout=S       give up after S seconds without an answer (default 30;\n"
    "                        a CPU profile's ?seconds=N comes on top)\n"
    "      --header='K: V'   send this HTTP header (repeatable; never printed)\n"
    "      --insecure        do not check TLS certificates\n"
    "      --refresh=S       viewer: fetch the URL again every S seconds (live)\n"
    "      --pyroscope=URL   query a Grafana Pyroscope server (with --query)\n"
    "      --parca=URL       query a Parca server (with --query)\n"
    "      --query=Q         the profiles to merge: Pyroscope 'TYPE{labels}', Parca\n"
    "                        'name:sample:unit:period_type:period_unit{labels}'\n"
    "      --since=DURATION  the query's range: the last DURATION (default 1h; 30m,\n"
    "                        2h, 1d, 1w) before --until\n"
    "      --until=TIME      the range's end: now (default), now-15m or RFC 3339\n"
    "      --list            print the server's profile types and labels, and exit\n"
    "      --base=@TIME      with a server: the same query over a range ending at\n"
    "                        TIME (a fleet-wide diff: --base=@now-7d)\n"
    "\n"
    "Views (the start state of the viewer; also shape --collapse, --text, --top):\n"
    "  -i, --icicle          root on top (default: flame graph, root at the bottom)\n"
    "  -r, --reverse         caller view: stacks reversed, leaf functions at the root\n"
    "      --include=RE      keep only stacks with a frame matching RE (repeatable)\n"
    "      --exclude=RE      drop stacks with a frame matching RE (repeatable)\n"
    "      --hide=RE         remove frames matching RE from every stack (repeatable)\n"
    "  -s, --search=RE       highlight frames matching RE\n"
    "      --colors=PALETTE  hot (default), mem, io, wakeup, java, js, perl, red,\n"
    "                        green, blue, aqua, yellow, purple, orange, kind (by\n"
    "                        frame kind: kernel/JIT/inlined/user; implies --kernel\n"
    "                        --jit)\n"
    "      --no-color        monochrome (also when NO_COLOR is set)\n"
    "      --names=short|full  frame names: short (default: C++ templates and\n"
    "                        parameter lists folded, Java packages abbreviated, Rust\n"
    "                        hashes and Go import paths dropped) or full; search and\n"
    "                        filters always match the full name (key L switches)\n"
    "\n"
    "Non-interactive outputs (no terminal needed):\n"
    "  -c, --collapse        print folded stacks, sorted (stackcollapse-perf.pl's)\n"
    "      --text            print the flame graph as text rows\n"
    "      --cols=N          width for --text (default: the terminal's, else 80)\n"
    "      --rows=N          rows for --text (default: as deep as the graph)\n"
    "      --top[=N]         print the N (default 20) hottest functions:\n"
    "                        SELF SELF% TOTAL TOTAL% NAME\n"
    "                        (with --base: by largest increase, with deltas), the\n"
    "                        numbers in the profile's unit (1.17 s, 10.4 MiB)\n"
    "      --raw             --top: plain numbers (nanoseconds, bytes) for scripts\n"
    "      --svg[=FILE]      write the view as an interactive SVG (flamegraph.pl's\n"
    "                        layout; click to zoom, Ctrl-F to search) to FILE or\n"
    "                        stdout\n"
    "      --tree[=N]        print the call tree (N levels, default all): TOTAL%\n"
    "                        SELF% TOTAL NAME, indented; bottom-up with -r\n"
    "      --tree-min=PCT    --tree: leave out nodes below PCT % (default 0.5)\n"
    "      --annotate=RE     print the source lines of the functions matching RE\n"
    "                        with self and total per line (go tool pprof -list);\n"
    "                        perf: needs --srcline\n"
    "      --source-path=DIRS  --annotate: look for sources in DIR[:DIR...] too\n"
    "  With --base, --collapse prints STACK BASE NEW lines (difffolded.pl format).\n"
    "\n"
    "Keep and share:\n"
    "      --save=FILE       write all samples as folded stacks to FILE (atomically)\n"
    "                        when the viewer exits: q, Q, Ctrl-C, SIGTERM, SIGHUP\n"
    "      --tee=FILE        copy the raw input to FILE as it arrives\n"
    "      --zoom=PATH       start zoomed into PATH (frames joined by ';')\n"
    "      --select=PATH     start with the frame at PATH selected\n"
    "      --no-mouse        leave the mouse to the terminal (text selection)\n"
    "  -h, --help            show this help and exit\n"
    "  -V, --version         show the version and exit\n"
    "\n"
    "Keys in the viewer: press ? for the list.\n"
    "FLAMETUI_OPTS in the environment holds default options (split like a shell\n"
    "command line), read before the command line.\n"
    "Exit status: 0 success, 1 unreadable or invalid input, 2 usage error.\n";

enum {
    OPT_PID = 256, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL, OPT_ADDRS, OPT_EVENT, OPT_SRCLINE,
    OPT_WEIGHT, OPT_FOLLOW, OPT_STRICT, OPT_INCLUDE, OPT_EXCLUDE, OPT_HIDE, OPT_COLORS,
    OPT_NOCOLOR, OPT_WINDOW, OPT_TEXT, OPT_COLS, OPT_ROWS, OPT_TOP, OPT_INLINE, OPT_CONTEXT,
    OPT_MAX_LINE,
    OPT_BASE, OPT_NORMALIZE, OPT_STRIP_HEX,
    OPT_SVG,
    OPT_SAVE, OPT_TEE, OPT_ZOOM, OPT_SELECT, OPT_NO_MOUSE,
    OPT_FROM, OPT_TO, OPT_GROUP, OPT_RECURSION,
    OPT_PERF, OPT_PERF_ARGS,
    OPT_PERF_SCRIPT, OPT_NO_PERF_SCRIPT,
    OPT_SAMPLE_TYPE,
    OPT_RAW,
    OPT_TIMEOUT, OPT_HEADER, OPT_INSECURE, OPT_REFRESH, OPT_PYROSCOPE, OPT_PARCA, OPT_QUERY,
    OPT_SINCE, OPT_UNTIL, OPT_LIST,
    OPT_CHART,
    OPT_TREE, OPT_TREE_MIN, OPT_ANNOTATE, OPT_SOURCE_PATH,
};

enum { OPT_NAMES = 0x4e41 }; /* names */

static const struct option longopts[] = {
    {"names", required_argument, NULL, OPT_NAMES},
    {"format", required_argument, NULL, 'F'},
    {"pid", no_argument, NULL, OPT_PID},
    {"tid", no_argument, NULL, OPT_TID},
    {"kernel", no_argument, NULL, OPT_KERNEL},
    {"jit", no_argument, NULL, OPT_JIT},
    {"all", no_argument, NULL, OPT_ALL},
    {"addrs", no_argument, NULL, OPT_ADDRS},
    {"event-filter", required_argument, NULL, OPT_EVENT},
    {"srcline", no_argument, NULL, OPT_SRCLINE},
    {"weight", required_argument, NULL, OPT_WEIGHT},
    {"follow", no_argument, NULL, OPT_FOLLOW},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"max-line", required_argument, NULL, OPT_MAX_LINE},
    {"perf", required_argument, NULL, OPT_PERF},
    {"perf-args", required_argument, NULL, OPT_PERF_ARGS},
    {"perf-script", no_argument, NULL, OPT_PERF_SCRIPT},
    {"no-perf-script", no_argument, NULL, OPT_NO_PERF_SCRIPT},
    {"sample-type", required_argument, NULL, OPT_SAMPLE_TYPE},
    {"icicle", no_argument, NULL, 'i'},
    {"reverse", no_argument, NULL, 'r'},
    {"include", required_argument, NULL, OPT_INCLUDE},
    {"exclude", required_argument, NULL, OPT_EXCLUDE},
    {"hide", required_argument, NULL, OPT_HIDE},
    {"search", required_argument, NULL, 's'},
    {"colors", required_argument, NULL, OPT_COLORS},
    {"no-color", no_argument, NULL, OPT_NOCOLOR},
    {"window", required_argument, NULL, OPT_WINDOW},
    {"collapse", no_argument, NULL, 'c'},
    {"text", no_argument, NULL, OPT_TEXT},
    {"cols", required_argument, NULL, OPT_COLS},
    {"rows", required_argument, NULL, OPT_ROWS},
    {"top", optional_argument, NULL, OPT_TOP},
    {"svg", optional_argument, NULL, OPT_SVG},
    {"raw", no_argument, NULL, OPT_RAW},
    {"tree", optional_argument, NULL, OPT_TREE},
    {"tree-min", required_argument, NULL, OPT_TREE_MIN},
    {"annotate", required_argument, NULL, OPT_ANNOTATE},
    {"source-path", required_argument, NULL, OPT_SOURCE_PATH},
    {"inline", no_argument, NULL, OPT_INLINE},
    {"context", no_argument, NULL, OPT_CONTEXT},
    {"base", required_argument, NULL, OPT_BASE},
    {"normalize", no_argument, NULL, OPT_NORMALIZE},
    {"strip-hex", no_argument, NULL, OPT_STRIP_HEX},
    {"save", required_argument, NULL, OPT_SAVE},
    {"tee", required_argument, NULL, OPT_TEE},
    {"zoom", required_argument, NULL, OPT_ZOOM},
    {"select", required_argument, NULL, OPT_SELECT},
    {"no-mouse", no_argument, NULL, OPT_NO_MOUSE},
    {"from", required_argument, NULL, OPT_FROM},
    {"to", required_argument, NULL, OPT_TO},
    {"group", required_argument, NULL, OPT_GROUP},
    {"collapse-recursion", no_argument, NULL, OPT_RECURSION},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"header", required_argument, NULL, OPT_HEADER},
    {"insecure", no_argument, NULL, OPT_INSECURE},
    {"refresh", required_argument, NULL, OPT_REFRESH},
    {"pyroscope", required_argument, NULL, OPT_PYROSCOPE},
    {"parca", required_argument, NULL, OPT_PARCA},
    {"query", required_argument, NULL, OPT_QUERY},
    {"since", required_argument, NULL, OPT_SINCE},
    {"until", required_argument, NULL, OPT_UNTIL},
    {"list", no_argument, NULL, OPT_LIST},
    {"chart", no_argument, NULL, OPT_CHART},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* "4096", "64K", "16M", "1G" (binary units): 1 byte to 2 GiB. */
static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10, end++;
    else if (*end == 'M' || *end == 'm')
        shift = 20, end++;
    else if (*end == 'G' || *end == 'g')
        shift = 30, end++;
    if (errno || *end || v == 0 || v > (2ull << 30) >> shift)
        return -1;
    *out = (size_t)(v << shift);
    return 0;
}

/* "12", "1.5", ".25" seconds (at most 9 decimals, up to 10^9 s) into nanoseconds. */
static int parse_seconds(const char *s, int64_t *out)
{
    int64_t sec = 0, frac = 0;
    int digits = 0, fd = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (sec > 1000000000)
            return -1;
        sec = sec * 10 + (*p - '0');
    }
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++)
            if (fd < 9) {
                frac = frac * 10 + (*p - '0');
                fd++;
            }
    if (*p || digits == 0 || sec > 1000000000)
        return -1;
    for (; fd < 9; fd++)
        frac *= 10;
    *out = sec * 1000000000 + frac;
    return 0;
}

static int set_mode(struct options *o, enum out_mode m, const char *name, struct ft_error *err)
{
    if (o->mode != OUT_TUI && o->mode != m)
        return ft_error_set(err, 0, "%s cannot be combined with another output mode", name);
    o->mode = m;
    return 0;
}

static void add_filter(struct options *o, enum filter_kind k, const char *re)
{
    struct graph_spec *s = &o->spec;
    s->filters = xreallocarray(s->filters, s->nfilters + 1, sizeof *s->filters);
    s->filters[s->nfilters].kind = k;
    s->filters[s->nfilters].re = re;
    s->nfilters++;
}

/* The options whose argument is one of a few keywords: the keywords and their values. */
struct keyword {
    const char *word;
    int value;
};

static const struct keyword formats[] = {
    {"auto", FORMAT_AUTO}, {"folded", FORMAT_FOLDED}, {"perf", FORMAT_PERF},
    {"perf-data", FORMAT_PERF_DATA}, {"pprof", FORMAT_PPROF}, {"bpftrace", FORMAT_BPFTRACE},
    {NULL, 0},
};
static const struct keyword weights[] = {{"samples", 1}, {"period", 0}, {NULL, 0}};
static const struct keyword name_modes[] = {{"short", 0}, {"full", 1}, {NULL, 0}};
static const struct keyword groups[] = {
    {"comm", GROUP_COMM}, {"pid", GROUP_PID}, {"tid", GROUP_TID}, {"none", GROUP_NONE},
    {"cpu", GROUP_CPU},
    {NULL, 0},
};

static const struct keyword_option {
    int code;                     /* getopt_long's value */
    const char *name;             /* for the message */
    const struct keyword *words;
    const char *choices;          /* for the message */
} keyword_options[] = {
    {'F', "format", formats, "auto, folded, perf, perf-data, pprof or bpftrace"},
    {OPT_WEIGHT, "weight", weights, "period or samples"},
    {OPT_NAMES, "names", name_modes, "short or full"},
    {OPT_GROUP, "group", groups, "none, comm, pid, tid or cpu"},
};

/* The keyword option with getopt_long value c, or NULL. */
static const struct keyword_option *keyword_option(int c)
{
    for (size_t i = 0; i < FT_ARRAY_LEN(keyword_options); i++)
        if (keyword_options[i].code == c)
            return &keyword_options[i];
    return NULL;
}

/* Sets the field of keyword option k to the value of arg, or fails (-1, err set). */
static int set_keyword(struct options *o, const struct keyword_option *k, const char *arg,
                       struct ft_error *err)
{
    const struct keyword *w = k->words;
    while (w->word && strcmp(w->word, arg) != 0)
        w++;
    if (!w->word)
        return ft_error_set(err, 0, "invalid --%s '%s' (%s)", k->name, arg, k->choices);
    switch (k->code) {
    case 'F': o->format = (enum input_format)w->value; break;
    case OPT_WEIGHT: o->perf.weight_samples = w->value; break;
    case OPT_NAMES: o->spec.names_full = w->value; break;
    default: o->group = w->value; break;   /* OPT_GROUP */
    }
    return 0;
}

/* The field of a flag (an option without an argument that sets a bool), or NULL. */
static bool *flag(struct options *o, int c)
{
    switch (c) {
    case OPT_PID: return &o->perf.pid;
    case OPT_TID: return &o->perf.tid;
    case OPT_KERNEL: return &o->perf.kernel;
    case OPT_JIT: return &o->perf.jit;
    case OPT_ADDRS: return &o->perf.addrs;
    case OPT_SRCLINE: return &o->perf.srcline;
    case OPT_FOLLOW: return &o->follow;
    case OPT_STRICT: return &o->strict;
    case 'i': return &o->spec.icicle;
    case 'r': return &o->spec.reverse;
    case OPT_NOCOLOR: return &o->no_color;
    case OPT_NORMALIZE: return &o->normalize;
    case OPT_STRIP_HEX: return &o->strip_hex;
    case OPT_NO_MOUSE: return &o->no_mouse;
    case OPT_RECURSION: return &o->spec.recursion;
    case OPT_RAW: return &o->raw;
    case OPT_CHART: return &o->chart;
    case 'h': return &o->help;
    case 'V': return &o->version;
    default: return NULL;
    }
}

/* The field of an option whose argument is kept as it is, or NULL. */
static const char **string(struct options *o, int c)
{
    switch (c) {
    case OPT_EVENT: return &o->perf.event_filter;
    case OPT_PERF: return &o->perf_path;
    case OPT_PERF_ARGS: return &o->perf_args;
    case OPT_SAMPLE_TYPE: return &o->sample_type;
    case 's': return &o->spec.search;
    case OPT_SAVE: return &o->save;
    case OPT_TEE: return &o->tee;
    case OPT_ZOOM: return &o->spec.zoom;
    case OPT_SELECT: return &o->spec.select;
    default: return NULL;
    }
}

static int set_colors(struct options *o, const char *arg, struct ft_error *err)
{
    enum palette pal;
    if (theme_palette_parse(arg, &pal) < 0)
        return ft_error_set(err, 0, "unknown palette '%s' for --colors", arg);
    o->spec.colors = arg;
    if (pal == PALETTE_KIND)   /* the kinds come from perf's annotations */
        o->perf.kernel = o->perf.jit = true;
    return 0;
}

static int set_window(struct options *o, const char *arg, struct ft_error *err)
{
    char *end;
    errno = 0;
    double w = strtod(arg, &end);
    if (errno || end == arg || *end || !(w > 0) || w > 1e9)
        return ft_error_set(err, 0, "invalid --window '%s' (seconds > 0)", arg);
    o->window = w;
    return 0;
}

static int set_top(struct options *o, const char *arg, struct ft_error *err)
{
    long v;
    if (set_mode(o, OUT_TOP, "--top", err))
        return -1;
    if (!arg)
        return 0;
    if (parse_int(arg, 1, 100000000, &v))
        return ft_error_set(err, 0, "invalid --top '%s' (a number >= 1)", arg);
    o->top_n = (size_t)v;
    return 0;
}

/* --tree[=N], --tree-min=PCT, --annotate=RE, --source-path=DIRS. */
static int set_tree(struct options *o, int c, const char *arg, struct ft_error *err)
{
    long v;
    char *end;
    double pct;
    switch (c) {
    case OPT_TREE:
        if (set_mode(o, OUT_TREE, "--tree", err))
            return -1;
        if (arg && parse_int(arg, 1, 100000000, &v))
            return ft_error_set(err, 0, "invalid --tree '%s' (a number >= 1)", arg);
        o->tree_depth = arg ? (unsigned)v : 0;
        return 0;
    case OPT_TREE_MIN:
        errno = 0;
        pct = strtod(arg, &end);
        if (errno || end == arg || *end || !(pct >= 0 && pct <= 100))
            return ft_error_set(err, 0, "invalid --tree-min '%s' (a percentage, 0 to 100)",
                                arg);
        o->tree_min = pct / 100;
        return 0;
    case OPT_ANNOTATE:
        if (set_mode(o, OUT_ANNOTATE, "--annotate", err))
            return -1;
        o->annotate = arg;
        return 0;
    default:
        o->source_path = arg;
        return 0;
    }
}

static int set_svg(struct options *o, const char *arg, struct ft_error *err)
{
    if (set_mode(o, OUT_SVG, "--svg", err))
        return -1;
    if (arg && !*arg)
        return ft_error_set(err, 0, "--svg= needs a file name");
    o->svg_file = arg && strcmp(arg, "-") ? arg : NULL;
    return 0;
}

/* --cols, --rows: 1 to 100000. */
static int set_size(int *out, const char *name, const char *arg, struct ft_error *err)
{
    long v;
    if (parse_int(arg, 1, 100000, &v))
        return ft_error_set(err, 0, "invalid --%s '%s' (1 to 100000)", name, arg);
    *out = (int)v;
    return 0;
}

/* --from, --to: seconds after the first sample. */
static int set_time(bool *has, int64_t *ns, const char *name, const char *arg,
                    struct ft_error *err)
{
    if (parse_seconds(arg, ns))
        return ft_error_set(err, 0, "invalid --%s '%s' (seconds >= 0, e.g. 1.5)", name, arg);
    *has = true;
    return 0;
}

/* The network options (remote.h). 1 when c is not one of them. */
static int remote_option(struct remote_opts *r, int c, char *arg, struct ft_error *err)
{
    char *end;
    double v = 0;
    switch (c) {
    case OPT_TIMEOUT:
    case OPT_REFRESH:
        v = strtod(arg, &end);
        if (end == arg || *end || !(v > 0) || v > 1e6)
            return ft_error_set(err, 0, "invalid --%s '%s' (seconds > 0)",
                                c == OPT_TIMEOUT ? "timeout" : "refresh", arg);
        *(c == OPT_TIMEOUT ? &r->http.timeout : &r->refresh) = v;
        return 0;
    case OPT_HEADER:
        if (!strchr(arg, ':'))   /* the value itself is never echoed */
            return ft_error_set(err, 0, "invalid --header (NAME: VALUE)");
        r->http.headers = xreallocarray((void *)(uintptr_t)r->http.headers,
                                        r->http.nheaders + 1, sizeof(char *));
        ((const char **)(uintptr_t)r->http.headers)[r->http.nheaders++] = arg;
        return 0;
    case OPT_INSECURE: r->http.insecure = true; return 0;
    case OPT_PYROSCOPE: r->pyroscope = arg; return 0;
    case OPT_PARCA: r->parca = arg; return 0;
    case OPT_QUERY: r->query = arg; return 0;
    case OPT_SINCE: r->since = arg; return 0;
    case OPT_UNTIL: r->until = arg; return 0;
    case OPT_LIST: r->list = true; return 0;
    default: return 1;
    }
}

/* An option getopt_long did not accept (c is ':' or '?'). Always -1. */
static int bad_option(int c, char **argv, struct ft_error *err)
{
    if (c == ':')
        return ft_error_set(err, 0, "option '%s' needs an argument", argv[optind - 1]);
    if (optopt && optopt < 256)
        return ft_error_set(err, 0, "invalid option -- '%c'", optopt);
    return ft_error_set(err, 0, "unrecognized option '%s'", argv[optind - 1]);
}

/* One option c (getopt_long's value) with its argument arg (optarg). 0, or -1 with err
 * set. */
static int option(struct options *o, int c, char *arg, char **argv, struct ft_error *err)
{
    struct graph_spec *s = &o->spec;
    switch (c) {
    case OPT_ALL: o->perf.kernel = o->perf.jit = true; return 0;
    case OPT_PERF_SCRIPT: o->perf_script = 1; return 0;
    case OPT_NO_PERF_SCRIPT: o->perf_script = -1; return 0;
    case OPT_MAX_LINE:
        if (parse_size(arg, &o->max_line))
            return ft_error_set(err, 0, "invalid --max-line '%s' (1 to 2G bytes)", arg);
        return 0;
    case OPT_INCLUDE: add_filter(o, FILTER_INCLUDE, arg); return 0;
    case OPT_EXCLUDE: add_filter(o, FILTER_EXCLUDE, arg); return 0;
    case OPT_HIDE: add_filter(o, FILTER_HIDE, arg); return 0;
    case OPT_COLORS: return set_colors(o, arg, err);
    case OPT_WINDOW: return set_window(o, arg, err);
    case 'c': return set_mode(o, OUT_COLLAPSE, "--collapse", err);
    case OPT_TEXT: return set_mode(o, OUT_TEXT, "--text", err);
    case OPT_TOP: return set_top(o, arg, err);
    case OPT_SVG: return set_svg(o, arg, err);
    case OPT_TREE:
    case OPT_TREE_MIN:
    case OPT_ANNOTATE:
    case OPT_SOURCE_PATH: return set_tree(o, c, arg, err);
    case OPT_COLS: return set_size(&o->cols, "cols", arg, err);
    case OPT_ROWS: return set_size(&o->rows, "rows", arg, err);
    case OPT_INLINE:
    case OPT_CONTEXT:
        return ft_error_set(err, 0, "--%s is not supported (it needs addr2line); "
                            "collapse with stackcollapse-perf.pl instead",
                            c == OPT_INLINE ? "inline" : "context");
    case OPT_BASE:
        o->bases = xreallocarray(o->bases, o->nbases + 1, sizeof *o->bases);
        o->bases[o->nbases++] = arg;
        return 0;
    case OPT_FROM: return set_time(&s->has_from, &s->from_ns, "from", arg, err);
    case OPT_TO: return set_time(&s->has_to, &s->to_ns, "to", arg, err);
    default: break;
    }
    int rc = remote_option(&o->remote, c, arg, err);
    if (rc <= 0)
        return rc;
    bool *f = flag(o, c);
    const char **str = f ? NULL : string(o, c);
    const struct keyword_option *k = f || str ? NULL : keyword_option(c);
    if (f)
        *f = true;
    else if (str)
        *str = arg;
    else if (k)
        return set_keyword(o, k, arg, err);
    else
        return bad_option(c, argv, err);
    return 0;
}

/* The process frame of the batch outputs: --group, else --tid or --pid, else comm. */
static enum perf_group resolve_group(const struct options *o)
{
    if (o->group >= 0)
        return (enum perf_group)o->group;
    if (o->perf.tid)
        return GROUP_TID;
    return o->perf.pid ? GROUP_PID : GROUP_COMM;
}

static const char shortopts[] = ":F:irs:chV";

/* Every option of argv, one by one (no checks across options). 0, or -1 with err set. */
static int parse_words(struct options *o, int argc, char **argv, struct ft_error *err)
{
    memset(o, 0, sizeof *o);
    o->top_n = 20;
    o->tree_min = 0.005;
    o->group = -1;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
        if (option(o, c, optarg, argv, err) < 0)
            return -1;
    o->files = argv + optind;
    o->nfiles = (size_t)(argc - optind);
    return 0;
}

int options_check_words(int argc, char **argv, struct ft_error *err)
{
    struct options o;
    char **copy = xcalloc((size_t)argc + 1, sizeof *copy);   /* getopt permutes */
    memcpy(copy, argv, (size_t)argc * sizeof *copy);
    int rc = parse_words(&o, argc, copy, err);
    options_fini(&o);
    free(copy);
    return rc;
}

int options_parse(struct options *o, int argc, char **argv, struct ft_error *err)
{
    if (parse_words(o, argc, argv, err) < 0)
        return -1;
    o->spec.group = resolve_group(o);
    const char *diff = o->normalize ? "normalize" : "strip-hex";
    if ((o->normalize || o->strip_hex) && !o->nbases)
        return ft_error_set(err, 0, "--%s needs --base=FILE", diff);
    if ((o->normalize || o->strip_hex) && o->follow)   /* they need the input's end */
        return ft_error_set(err, 0, "--%s cannot be combined with --follow", diff);
    if (o->chart && o->mode != OUT_TUI && o->mode != OUT_TEXT)
        return ft_error_set(err, 0, "--chart goes with --text or the viewer");
    return remote_check(&o->remote, o->nfiles, err);
}

/* The quoted text at s (s[0] is the quote), appended to w; returns what follows the
 * closing quote, or NULL (err set) when there is none. '...' is literal; "..." keeps the
 * \" \\ \$ \` escapes. */
static const char *quoted(const char *s, struct buf *w, struct ft_error *err)
{
    if (*s == '\'') {
        const char *e = strchr(s + 1, '\'');
        if (!e) {
            ft_error_set(err, 0, "unterminated ' quote");
            return NULL;
        }
        buf_append(w, s + 1, (size_t)(e - s - 1));
        return e + 1;
    }
    for (s++; *s != '"'; s++) {
        if (!*s) {
            ft_error_set(err, 0, "unterminated \" quote");
            return NULL;
        }
        if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
            s++;
        buf_putc(w, *s);
    }
    return s + 1;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

int options_split(const char *s, char ***argv, int *argc, struct ft_error *err)
{
    struct buf w = {0};
    int rc = 0;
    for (;;) {
        while (blank(*s))
            s++;
        if (!*s)
            break;
        w.len = 0;
        while (s && *s && !blank(*s)) {
            if (*s == '\'' || *s == '"') {
                s = quoted(s, &w, err);
                continue;
            }
            if (*s == '\\' && s[1])
                s++;
            buf_putc(&w, *s++);
        }
        if (!s) {
            rc = -1;
            break;
        }
        buf_putc(&w, '\0');
        *argv = xreallocarray(*argv, (size_t)*argc + 1, sizeof **argv);
        (*argv)[(*argc)++] = xstrdup(w.p);
    }
    buf_fini(&w);
    return rc;
}

void options_free_words(char **argv, int argc)
{
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
}

void options_fini(struct options *o)
{
    free(o->spec.filters);
    o->spec.filters = NULL;
    o->spec.nfilters = 0;
    free(o->bases);
    o->bases = NULL;
    o->nbases = 0;
    free((void *)(uintptr_t)o->remote.http.headers);
    o->remote.http.headers = NULL;
    o->remote.http.nheaders = 0;
}
