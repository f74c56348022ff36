/* SPDX-License-Identifier: MIT */
/* flametui - atomic_file.h: a file written atomically: a temporary file ".NAME.XXXXXX" in
 * the same directory, flushed and synced, then renamed over the path, so a reader never
 * sees half a file and an old file survives a failed write (a full disk, an error of the
 * writer). Only regular files are replaced: a symbolic link's target is written (the link
 * stays), and a device, FIFO, socket or directory is refused, as is a file the outputs
 * must not touch (atomic_file_protect: an input, the --tee file). A replaced file keeps its owner
 * and mode.
 * In place: when the temporary file cannot be made (the directory is not writable) but
 * the file itself is, or when a rename would lose the owner (another user's file, which
 * we cannot give back) or a hard link, the file is rewritten in place instead: opened without truncating,
 * written, then cut to the new length. That is not atomic: a failed write there leaves a
 * damaged file (the message says so). No curses; never prints. */
#ifndef FLAMETUI_ATOMIC_FILE_H
#define FLAMETUI_ATOMIC_FILE_H
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "core/util.h"

/* Writes path by fn(f, ctx) (which returns < 0 on an error, errno set; ECANCELED for a
 * write given up: the message says "not written"). The new file gets the old one's
 * permissions and owner, else mode minus the umask. "~/" at the start means $HOME.
 * Returns 0, or -1 with err set (may be NULL; no temporary file left behind). */
int atomic_file_write(const char *path, mode_t mode, int (*fn)(FILE *f, void *ctx),
                      void *ctx, struct ft_error *err);

/* The file atomic_file_write(path) writes, into out (NUL-terminated): "~/" expanded, a
 * symbolic link resolved to its target (the full path). False, with errno set, for a
 * symbolic link whose target is missing (ENOENT) or that loops. */
bool atomic_file_target(const char *path, struct buf *out);

/* Records the file st (an input, the --tee file: outpaths.h) as one no write replaces;
 * what says what it is ("an input"). Process-wide; never forgotten. */
void atomic_file_protect(const struct stat *st, const char *what);
/* What a recorded file st is ("an input"), or NULL when it is not recorded. */
const char *atomic_file_protected(const struct stat *st);
/* "a directory", "a FIFO", "a socket", "a character device", "a block device", "not a
 * regular file"; NULL for a regular file. */
const char *atomic_file_kind(mode_t mode);
#endif
