/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_perfdata.c: libFuzzer target for the native perf.data reader
 * (src/input/perfdata_*.c). Input: the bytes of a perf.data file, as mapped.
 * Checks: no crash, hang, leak or sanitizer report on any header, attr, feature section
 * or record; a file perfdata_open and perfdata_check accept is printed (to /dev/null)
 * whatever its records hold (maps, forks, comms, samples, call chains, DWARF samples'
 * registers and stack copies; with source lines for inputs of odd size). Kernel symbols
 * come from /dev/null (not /proc/kallsyms, read per input). An input in perf's pipe format
 * (a 16-byte header) is read ahead as far as perfdata_pipe_ahead asks (whole and
 * half), checked whole and as a start (perfdata_pipe_check) and read as a
 * stream (perfdata_pipe_print, which must survive what the check would refuse: a live
 * pipe is not checked ahead; with source lines for inputs of odd size). Both are also read as flametui reads them, into a trie:
 * the file through perf_native (in steps, with the time index, and --all's options) and
 * the stream pushed in two pieces (perf_native_stream). */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/samples.h"
#include "core/trie.h"
#include "fuzz_common.h"
#include "input/perf_native.h"
#include "input/perfdata.h"

static int devnull = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an 8-aligned private copy, as a mapping would be */
    void *p = malloc(size ? size : 1);
    if (!p)
        return 0;
    memcpy(p, data, size);
    struct pd_file f;
    char why[256];
    struct trie *t = trie_new(NULL);
    struct samples *smp = samples_new();
    struct perf_opts o = {.kernel = true, .jit = true, .addrs = true, .samples = smp};
    if (size >= 16 && !memcmp(p, "PERFILE2\x10", 9)) {
        perfdata_pipe_ahead(p, size);
        perfdata_pipe_ahead(p, size / 2);
        perfdata_pipe_check(p, size, true, why, sizeof why);
        perfdata_pipe_check(p, size, false, why, sizeof why);
        o.srcline = size & 1;   /* source lines (perfdata_lines.c) for half the inputs */
        perfdata_pipe_print(p, size, -1, devnull, o.srcline, why, sizeof why);
        struct perf_native_stream *ns = perf_native_stream_new(t, &o);
        struct ft_error e = {0, ""};
        if (perf_native_stream_feed(ns, p, size / 2, false, &e) != (size_t)-1)
            perf_native_stream_feed(ns, (char *)p + size / 2, size - size / 2, true, &e);
        perf_native_stream_free(ns);
        samples_free(smp);
        trie_free(t);
        free(p);
        return 0;
    }
    if (perfdata_open(&f, p, size, why, sizeof why) && perfdata_check(&f, why, sizeof why)) {
        f.kallsyms = "/dev/null";
        f.srcline = size & 1;   /* source lines (perfdata_lines.c) for half the inputs */
        perfdata_print(&f, devnull, why, sizeof why);
        struct perf_native *n = perf_native_new(&f, t, &o, false);
        struct ft_error e = {0, ""};
        size_t bytes = 0;
        while (perf_native_step(n, 4096, 0, &bytes, &e) > 0)
            continue;
        perf_native_free(n);
    }
    samples_free(smp);
    trie_free(t);
    perfdata_close(&f);
    free(p);
    return 0;
}
