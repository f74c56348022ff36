/* SPDX-License-Identifier: MIT */
/* flametui - decompress.h: streaming decompression for the loader: gzip (zlib), zstd
 * (libzstd), xz (liblzma) and bzip2 (libbz2), told apart by their magic bytes.
 * Bounded memory: the caller pulls at most `cap` decoded bytes per call into its own
 * buffer, so a bomb costs time, never memory (zstd frames may need a window of up to
 * 128 MiB, xz streams a dictionary of up to DECOMP_XZ_MEMLIMIT: larger ones are errors).
 * Concatenated members (gzip members, zstd frames, xz streams, bzip2 streams) are read
 * one after the other; after the last one zeros are padding (as gzip and xz accept them)
 * and anything else is "trailing garbage": the input ends there (the caller says so).
 * Does not read files, never prints. */
#ifndef FLAMETUI_DECOMPRESS_H
#define FLAMETUI_DECOMPRESS_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

enum decomp_kind { DECOMP_NONE, DECOMP_GZIP, DECOMP_ZSTD, DECOMP_XZ, DECOMP_BZIP2 };
#define DECOMP_MAGIC_MAX 6                  /* bytes decomp_sniff may need */
#define DECOMP_XZ_MEMLIMIT ((size_t)256 << 20)

struct decomp;

/* Which compression p[0..n) starts with. Returns false when it cannot tell yet (fewer
 * than DECOMP_MAGIC_MAX bytes and !eof); else true with *kind (DECOMP_NONE: not
 * compressed). */
bool decomp_sniff(const void *p, size_t n, bool eof, enum decomp_kind *kind);
/* "gzip", "zstd", "xz", "bzip2" ("" for DECOMP_NONE) */
const char *decomp_name(enum decomp_kind kind);
/* A decoder of kind (not DECOMP_NONE). Returns NULL with err filled in if the library
 * cannot be initialised. */
struct decomp *decomp_new(enum decomp_kind kind, struct ft_error *err);
void decomp_free(struct decomp *d);        /* NULL is a no-op */
/* Where to put more compressed bytes: the bytes not decoded yet move to the front of
 * the decoder's buffer; *room (at least 4 KiB) is the space after them. Tell
 * decomp_added how many were written. */
unsigned char *decomp_room(struct decomp *d, size_t *room);
void decomp_added(struct decomp *d, size_t n);
/* Appends n compressed bytes (the buffer grows as needed). */
void decomp_push(struct decomp *d, const void *p, size_t n);
/* True when decomp_step can make progress without more input. */
bool decomp_ready(const struct decomp *d);
/* Decodes at most cap bytes into out; *got says how many. eof: no more compressed bytes
 * will come (one byte of a possible next member's magic is then garbage). Returns 0 (go
 * on: call again while decomp_ready), 1 when the input ends here because garbage
 * follows the last member (its bytes are dropped; say "trailing garbage after the KIND
 * data ignored"), or -1 with err filled in ("corrupt xz data (...)"). */
int decomp_step(struct decomp *d, void *out, size_t cap, bool eof, size_t *got,
                struct ft_error *err);
/* At the end of the input: 0 when the data ended after a whole member (and zeros), 1
 * when garbage follows it (dropped: say so, as for decomp_step), else -1 with err filled
 * in ("truncated zstd data"). */
int decomp_finish(struct decomp *d, struct ft_error *err);
enum decomp_kind decomp_kind(const struct decomp *d);
#endif
