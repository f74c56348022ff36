/* SPDX-License-Identifier: MIT */
/* flametui - tests/compat/perfdata_text.c FILE: prints the text the native perf.data
 * reader makes of FILE (what `perf script -F +pid -i FILE` prints; --srcline: -F
 * +pid,+srcline, perf.data files only), for
 * tests/compat/perf_data_native.sh to compare byte for byte. Exit 1 with the reason when
 * the reader refuses the file (perf script would read it instead). A FILE in perf's pipe
 * format is read by the pipe reader; FILE "-": standard input, in the pipe format, read
 * as a stream. Without FILE (run as a
 * test by make check): reads $top_srcdir/tests/data/perf-data-tiny.data, its text to
 * /dev/null, and passes when the reader takes it. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/perfdata.h"

int main(int argc, char **argv)
{
    bool srcline = argc > 1 && !strcmp(argv[1], "--srcline");   /* -F +pid,+srcline */
    if (srcline) {
        argv++;
        argc--;
    }
    char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/perf-data-tiny.data", top ? top : ".");
    const char *file = argc == 2 ? argv[1] : path;
    if (argc > 2) {
        fprintf(stderr, "usage: perfdata_text [--srcline] [FILE]\n");
        return 2;
    }
    if (argc == 1 && !freopen("/dev/null", "w", stdout))
        return 1;
    char why[256];
    if (!strcmp(file, "-")) {
        if (perfdata_pipe_print(NULL, 0, STDIN_FILENO, fileno(stdout), srcline, why,
                                sizeof why) < 0) {
            fprintf(stderr, "-: %s\n", why);
            return 1;
        }
        return 0;
    }
    int fd = open(file, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0) {
        perror(file);
        return 1;
    }
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
        perror(file);
        return 1;
    }
    if (st.st_size >= 16 && !memcmp(p, "PERFILE2\x10", 9)) {
        if (!perfdata_pipe_check(p, (size_t)st.st_size, false, why, sizeof why) ||
            perfdata_pipe_print(p, (size_t)st.st_size, -1, fileno(stdout), srcline, why,
                                sizeof why) < 0) {
            fprintf(stderr, "%s: %s\n", file, why);
            return 1;
        }
        return 0;
    }
    struct pd_file f;
    bool ok = perfdata_open(&f, p, (size_t)st.st_size, why, sizeof why) &&
              perfdata_check(&f, why, sizeof why);
    f.srcline = srcline;
    if (!ok || perfdata_print(&f, fileno(stdout), why, sizeof why) < 0) {
        fprintf(stderr, "%s: %s\n", file, why);
        return 1;
    }
    perfdata_close(&f);
    munmap(p, (size_t)st.st_size);
    close(fd);
    return 0;
}
