/* flametui - options.c: see options.h. */
#include "config.h"

#include "ui/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "render/theme.h"

const char options_usage[] =
    "Usage: flametui [OPTION]... [FILE]...\n"
    "View flame graphs of folded stacks or `perf script` output in the terminal.\n"
    "FILE '-' is standard input; with no FILE and a pipe on stdin, stdin is read.\n"
    "Several FILEs are merged. .gz files and gzip data are decompressed.\n"
    "\n"
    "Input:\n"
    "  -F, --format=FMT      auto (default: sniffed), folded or perf\n"
    "      --format=pprof    Go pprof profile.proto, gzipped or not (runtime/pprof;\n"
    "                        go tool pprof -proto URL > cpu.pb.gz)\n"
    "      --format=bpftrace bpftrace stack maps (bpftrace -e\n"
    "                        'profile:hz:99 { @[kstack] = count(); }' > out.bt)\n"
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
    "      --max-line=BYTES  skip (and count) lines longer than BYTES (default 16M;\n"
    "                        suffixes K, M, G)\n"
    "  (stackcollapse-perf.pl's --inline and --context need addr2line and are not\n"
    "   supported.)\n"
    "\n"
    "Views (the start state of the viewer; also shape --collapse, --text, --top):\n"
    "  -i, --icicle          root on top (default: flame graph, root at the bottom)\n"
    "  -r, --reverse         caller view: stacks reversed, leaf functions at the root\n"
    "      --include=RE      keep only stacks with a frame matching RE (repeatable)\n"
    "      --exclude=RE      drop stacks with a frame matching RE (repeatable)\n"
    "      --hide=RE         remove frames matching RE from every stack (repeatable)\n"
    "  -s, --search=RE       highlight frames matching RE\n"
    "      --colors=PALETTE  hot (default), mem, io, wakeup, java, js, perl, red, green,\n"
    "                        blue, aqua, yellow, purple, orange\n"
    "      --no-color        monochrome (also when NO_COLOR is set)\n"
    "\n"
    "Non-interactive outputs (no terminal needed):\n"
    "  -c, --collapse        print folded stacks, sorted (stackcollapse-perf.pl format)\n"
    "      --text            print the flame graph as text rows\n"
    "      --cols=N          width for --text (default: the terminal's, else 80)\n"
    "      --rows=N          rows for --text (default: as deep as the graph)\n"
    "      --top[=N]         print the N (default 20) hottest functions:\n"
    "                        SELF SELF% TOTAL TOTAL% NAME\n"
    "  -h, --help            show this help and exit\n"
    "  -V, --version         show the version and exit\n"
    "\n"
    "Keys in the viewer: press ? for the list.\n"
    "Exit status: 0 success, 1 unreadable or invalid input, 2 usage error.\n";

enum {
    OPT_PID = 256, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL, OPT_ADDRS, OPT_EVENT, OPT_SRCLINE,
    OPT_WEIGHT, OPT_FOLLOW, OPT_STRICT, OPT_INCLUDE, OPT_EXCLUDE, OPT_HIDE, OPT_COLORS,
    OPT_NOCOLOR, OPT_WINDOW, OPT_TEXT, OPT_COLS, OPT_ROWS, OPT_TOP, OPT_INLINE, OPT_CONTEXT,
    OPT_MAX_LINE,
    OPT_SAMPLE_TYPE,
};

static const struct option longopts[] = {
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
    {"inline", no_argument, NULL, OPT_INLINE},
    {"context", no_argument, NULL, OPT_CONTEXT},
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

static int set_mode(struct options *o, enum out_mode m, const char *name, struct ft_error *err)
{
    if (o->mode != OUT_TUI && o->mode != m)
        return ft_error_set(err, 0, "%s cannot be combined with another output mode", name);
    o->mode = m;
    return 0;
}

static void add_filter(struct options *o, enum filter_kind k, const char *re)
{
    o->filters = xreallocarray(o->filters, o->nfilters + 1, sizeof *o->filters);
    o->filters[o->nfilters].kind = k;
    o->filters[o->nfilters].re = re;
    o->nfilters++;
}

int options_parse(struct options *o, int argc, char **argv, struct ft_error *err)
{
    memset(o, 0, sizeof *o);
    o->top_n = 20;
    long v;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":F:irs:chV", longopts, NULL)) != -1) {
        switch (c) {
        case 'F':
            if (!strcmp(optarg, "auto"))
                o->format = FORMAT_AUTO;
            else if (!strcmp(optarg, "folded"))
                o->format = FORMAT_FOLDED;
            else if (!strcmp(optarg, "perf"))
                o->format = FORMAT_PERF;
            else if (!strcmp(optarg, "pprof"))
                o->format = FORMAT_PPROF;
            else if (!strcmp(optarg, "bpftrace"))
                o->format = FORMAT_BPFTRACE;
            else
                return ft_error_set(err, 0, "invalid --format '%s' (auto, folded, perf, pprof "
                                    "or bpftrace)", optarg);
            break;
        case OPT_PID: o->perf.pid = true; break;
        case OPT_TID: o->perf.tid = true; break;
        case OPT_KERNEL: o->perf.kernel = true; break;
        case OPT_JIT: o->perf.jit = true; break;
        case OPT_ALL: o->perf.kernel = o->perf.jit = true; break;
        case OPT_ADDRS: o->perf.addrs = true; break;
        case OPT_EVENT: o->perf.event_filter = optarg; break;
        case OPT_SRCLINE: o->perf.srcline = true; break;
        case OPT_WEIGHT:
            if (!strcmp(optarg, "samples"))
                o->perf.weight_samples = true;
            else if (!strcmp(optarg, "period"))
                o->perf.weight_samples = false;
            else
                return ft_error_set(err, 0, "invalid --weight '%s' (period or samples)", optarg);
            break;
        case OPT_FOLLOW: o->follow = true; break;
        case OPT_SAMPLE_TYPE: o->sample_type = optarg; break;
        case OPT_STRICT: o->strict = true; break;
        case OPT_MAX_LINE:
            if (parse_size(optarg, &o->max_line))
                return ft_error_set(err, 0, "invalid --max-line '%s' (1 to 2G bytes)", optarg);
            break;
        case 'i': o->icicle = true; break;
        case 'r': o->reverse = true; break;
        case OPT_INCLUDE: add_filter(o, FILTER_INCLUDE, optarg); break;
        case OPT_EXCLUDE: add_filter(o, FILTER_EXCLUDE, optarg); break;
        case OPT_HIDE: add_filter(o, FILTER_HIDE, optarg); break;
        case 's': o->search = optarg; break;
        case OPT_COLORS: {
            enum palette pal;
            if (theme_palette_parse(optarg, &pal) < 0)
                return ft_error_set(err, 0, "unknown palette '%s' for --colors", optarg);
            o->colors = optarg;
            break;
        }
        case OPT_NOCOLOR: o->no_color = true; break;
        case OPT_WINDOW: {
            char *end;
            errno = 0;
            double w = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(w > 0) || w > 1e9)
                return ft_error_set(err, 0, "invalid --window '%s' (seconds > 0)", optarg);
            o->window = w;
            break;
        }
        case 'c':
            if (set_mode(o, OUT_COLLAPSE, "--collapse", err))
                return -1;
            break;
        case OPT_TEXT:
            if (set_mode(o, OUT_TEXT, "--text", err))
                return -1;
            break;
        case OPT_TOP:
            if (set_mode(o, OUT_TOP, "--top", err))
                return -1;
            if (optarg) {
                if (parse_int(optarg, 1, 100000000, &v))
                    return ft_error_set(err, 0, "invalid --top '%s' (a number >= 1)", optarg);
                o->top_n = (size_t)v;
            }
            break;
        case OPT_COLS:
            if (parse_int(optarg, 1, 100000, &v))
                return ft_error_set(err, 0, "invalid --cols '%s' (1 to 100000)", optarg);
            o->cols = (int)v;
            break;
        case OPT_ROWS:
            if (parse_int(optarg, 1, 100000, &v))
                return ft_error_set(err, 0, "invalid --rows '%s' (1 to 100000)", optarg);
            o->rows = (int)v;
            break;
        case OPT_INLINE:
        case OPT_CONTEXT:
            return ft_error_set(err, 0, "--%s is not supported (it needs addr2line); "
                                "collapse with stackcollapse-perf.pl instead",
                                c == OPT_INLINE ? "inline" : "context");
        case 'h': o->help = true; break;
        case 'V': o->version = true; break;
        case ':':
            return ft_error_set(err, 0, "option '%s' needs an argument", argv[optind - 1]);
        default:
            if (optopt && optopt < 256)
                return ft_error_set(err, 0, "invalid option -- '%c'", optopt);
            return ft_error_set(err, 0, "unrecognized option '%s'", argv[optind - 1]);
        }
    }
    o->files = argv + optind;
    o->nfiles = (size_t)(argc - optind);
    return 0;
}

void options_fini(struct options *o)
{
    free(o->filters);
    o->filters = NULL;
    o->nfilters = 0;
}
