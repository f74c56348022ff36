/* SPDX-License-Identifier: MIT */
/* flametui - mapguard.h: reading a file mapping whose file may shrink meanwhile (the
 * loader's mapped path, the folded and perf pipelines' producers): a SIGBUS while the
 * guarded function reads the mapping ends the function instead of the process. */
#ifndef FLAMETUI_MAPGUARD_H
#define FLAMETUI_MAPGUARD_H
#include <stddef.h>

/* Runs fn(arg) on the calling thread under a SIGBUS guard for [lo, lo+len): if touching
 * that memory faults (a file mapping whose file was truncated), fn is abandoned where it
 * stands and -1 is returned; 0 when fn returned. fn must touch the region only through
 * plain reads, memchr, memcmp, memcpy and the like: never while inside malloc or holding a
 * lock, so that what it leaves behind can still be freed. A SIGBUS outside every guarded
 * region gets the disposition it had before the first call (the default: the process
 * dies). Each thread has its own guards; calls nest (the innermost guard whose region
 * holds the address returns -1). */
int map_guard(const void *lo, size_t len, void (*fn)(void *), void *arg);
#endif
