/* SPDX-License-Identifier: MIT */
/* flametui - sniff.c: see sniff.h. */
#include "config.h"

#include "input/sniff.h"

#include <stdio.h>
#include <string.h>

#include "input/perf_data.h"

/* p[0..n) is a prefix of (or starts with) m[0..ml): 1 whole, -1 a prefix, 0 no */
static int prefix(const unsigned char *p, size_t n, const char *m, size_t ml)
{
    size_t k = n < ml ? n : ml;
    if (memcmp(p, m, k) != 0)
        return 0;
    return k == ml ? 1 : -1;
}

static int perf_data(const unsigned char *p, size_t n, bool eof)
{
    bool pipe_mode;
    if (n >= PERF_DATA_MAGIC_LEN)
        return perf_data_sniff(p, n, &pipe_mode) ? 1 : 0;
    if (eof)
        return 0;
    return prefix(p, n, "PERFILE2", 8) || prefix(p, n, "2ELIFREP", 8) ? -1 : 0;
}

/* Java Flight Recorder: "FLR\0", then the major version */
static int jfr(const unsigned char *p, size_t n, bool eof)
{
    int r = prefix(p, n, "FLR\0", 4);
    return r < 0 && eof ? 0 : r;
}

/* {"nodes":[{"id":1,"callFrame":{...: JSON whose first key is "nodes" (DevTools and
 * node --cpu-prof write it so), with a "callFrame" in the first 4 KiB */
static int cpuprofile(const unsigned char *p, size_t n, bool eof)
{
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
        i++;
    if (i == n)
        return eof ? 0 : -1;
    if (p[i] != '{')
        return 0;
    size_t lim = n < 4096 ? n : 4096;
    const char *s = (const char *)p;
    bool nodes = memmem(s + i, lim - i, "\"nodes\"", 7) != NULL;
    bool frame = memmem(s + i, lim - i, "\"callFrame\"", 11) != NULL;
    if (nodes && frame)
        return 1;
    return n < 4096 && !eof ? -1 : 0;
}

/* A new format: a row here (and, when it is read, its case in loader.c's sniff_input). */
static const struct magic_format formats[] = {
    {FORMAT_PERF_DATA, "perf.data", perf_data, NULL},
    {FORMAT_AUTO, "JFR", jfr,
     "a JFR recording (Java Flight Recorder): not supported; convert it to collapsed "
     "stacks first (async-profiler's jfrconv)"},
    {FORMAT_AUTO, "Chrome .cpuprofile", cpuprofile,
     "a Chrome .cpuprofile (JSON): not supported; open it in Chrome DevTools or "
     "speedscope"},
};

int sniff_magic(const void *p, size_t n, bool eof, const struct magic_format **f)
{
    bool wait = false;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        int r = formats[i].sniff(p, n, eof);
        if (r > 0 && !wait) {
            *f = &formats[i];
            return 1;
        }
        if (r < 0)
            wait = true;   /* an earlier format must decide first */
    }
    return wait ? -1 : 0;
}

const char *sniff_formats_tried(void)
{
    static char list[256];
    if (!list[0]) {
        size_t k = (size_t)snprintf(list, sizeof list, "folded stacks, perf script output, Go pprof, bpftrace stack maps");
        for (size_t i = 0; i < sizeof formats / sizeof formats[0] && k < sizeof list; i++)
            if (!formats[i].unsupported)
                k += (size_t)snprintf(list + k, sizeof list - k, ", %s", formats[i].name);
        if (k < sizeof list)
            snprintf(list + k, sizeof list - k, "; compressed: gzip, zstd, xz, bzip2");
    }
    return list;
}
