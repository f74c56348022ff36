/* SPDX-License-Identifier: MIT */
/* flametui - outpaths.h: where outputs may be written. At start (main.c, before any data
 * is read) the inputs are recorded (the FILEs and --base FILEs; "-" is what standard
 * input is) and every output path of the command line (--save, --tee, --svg=FILE) is
 * checked: it must be a regular file or a missing name in a directory that exists (a
 * symbolic link counts as its target), writable, not an input, not another output.
 * The inputs and the --tee file are recorded with atomic_file_protect (atomic_file.h), so
 * that later writes (--save at exit, the x and S prompts) do not replace them either.
 * Never prints, never exits. */
#ifndef FLAMETUI_OUTPATHS_H
#define FLAMETUI_OUTPATHS_H
#include <stddef.h>
#include "core/util.h"

struct outpath {
    const char *path;       /* NULL: not given (skipped) */
    const char *what;       /* the option, for messages: "--save" */
};

enum { OUTPATHS_OK = 0, OUTPATHS_CANNOT = 1, OUTPATHS_CLASH = 2 };

/* Records inputs[0..nin) ("-": standard input) and checks outs[0..nout). Returns
 * OUTPATHS_OK; OUTPATHS_CANNOT with err set when an output cannot be written (a device,
 * FIFO, socket or directory; a missing directory; no permission; a symbolic link to a
 * missing file); OUTPATHS_CLASH with err set when an output is one of the inputs or the
 * same file as another output. */
int outpaths_check(const struct outpath *outs, size_t nout, char *const *inputs, size_t nin,
                   struct ft_error *err);
/* Records the file open on fd (the --tee file once opened) as taken by what ("--tee"). */
void outpaths_take_fd(int fd, const char *what);
#endif
