/* SPDX-License-Identifier: MIT */
/* flametui - atomic_file.h: a file written atomically: a temporary file ".NAME.XXXXXX" in
 * the same directory, flushed and synced, then renamed over the path, so a reader never
 * sees half a file and an old file survives a failed write. No curses; never prints. */
#ifndef FLAMETUI_ATOMIC_FILE_H
#define FLAMETUI_ATOMIC_FILE_H
#include <stdio.h>
#include <sys/types.h>

#include "core/util.h"

/* Writes path by fn(f, ctx) (which returns < 0 on an error). The new file gets the old
 * one's permissions, else mode minus the umask. "~/" at the start means $HOME. Returns 0,
 * or -1 with err set (may be NULL; nothing left behind). */
int atomic_file_write(const char *path, mode_t mode, int (*fn)(FILE *f, void *ctx),
                      void *ctx, struct ft_error *err);
#endif
