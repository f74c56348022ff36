/* SPDX-License-Identifier: MIT */
/* flametui - tests/compat/perfdata_text.c FILE: prints the text the native perf.data
 * reader makes of FILE (what `perf script -F +pid -i FILE` prints), for
 * tests/compat/perf_data_native.sh to compare byte for byte. Exit 1 with the reason when
 * the reader refuses the file (perf script would read it instead). */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/perfdata.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: perfdata_text FILE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0) {
        perror(argv[1]);
        return 1;
    }
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
        perror(argv[1]);
        return 1;
    }
    struct pd_file f;
    char why[256];
    if (!perfdata_open(&f, p, (size_t)st.st_size, why, sizeof why) ||
        !perfdata_check(&f, why, sizeof why) || perfdata_print(&f, 1, why, sizeof why) < 0) {
        fprintf(stderr, "%s: %s\n", argv[1], why);
        return 1;
    }
    perfdata_close(&f);
    munmap(p, (size_t)st.st_size);
    close(fd);
    return 0;
}
