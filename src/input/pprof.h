/* SPDX-License-Identifier: MIT */
/* flametui - pprof.h: Go pprof profiles (profile.proto, as runtime/pprof, `go tool pprof
 * -proto` and continuous profilers write them) -> stacks in a trie. The loader has
 * already taken off any compression; this module sees the protobuf bytes only.
 * A protobuf message cannot be decoded in pieces, so the parser keeps the whole input
 * (at most PPROF_MAX_BYTES) and decodes it at the end (protobuf-c: profile.pb-c.h).
 * Stacks are added root first, one frame per Line of a Location (inlined functions are
 * their own frames, the Location's last Line is the caller), named from the string table
 * as `go tool pprof -traces` names them. Samples whose chosen value is zero are left out
 * (a flame graph has no width for them; heap profiles have many), and so are those with a
 * negative value (a -diff_base profile) or no location, which are counted.
 * Labels (thread, goroutine, ...) are decoded but not used yet: a --group could make
 * them root frames (see Sample.label in profile.proto).
 * Does not do: pprof's legacy text formats, -diff_base (negative values), mappings.
 * Never prints, never exits. */
#ifndef FLAMETUI_PPROF_H
#define FLAMETUI_PPROF_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

struct trie;
struct pprof_parser;

/* Inputs larger than this (after decompression) are an error, not a memory blow-up.
 * Decoding needs about 3-8 times the input size again (protobuf-c's structures). */
#define PPROF_MAX_BYTES ((size_t)1 << 30)
/* A profile whose decoded form would take more than this many times its size (plus 64
 * MiB) is refused before decoding ("pprof profile too costly to decode: about N MiB"):
 * real profiles take 3-8 times (a 1-frame sample up to 16), a profile made of millions
 * of empty messages about 50 times. */
#define PPROF_MAX_RATIO 24

/* sample_type: the --sample-type name, or NULL for the profile's default (its
 * default_sample_type, else the last sample type, as pprof does). Copied.
 * Stacks go into t (not owned). */
struct pprof_parser *pprof_new(struct trie *t, const char *sample_type);
void pprof_free(struct pprof_parser *p);   /* NULL is a no-op */
/* Line mode (for annotate): every frame with a function name is named FUNC:FILE:LINE
 * (Function.filename, Line.line), so each source line is a frame of its own, as perf
 * script --srcline frames are. Off by default; set before the first pprof_feed. */
void pprof_set_lines(struct pprof_parser *p, bool on);
/* Takes buf[0..len) (all of it: returns len) and at eof decodes everything taken.
 * Returns (size_t)-1 with err filled in ("not a valid pprof profile: REASON", "unknown
 * sample type 'X' (available: a, b)", "larger than 1 GiB") on failure; the trie is then
 * unchanged. */
size_t pprof_feed(struct pprof_parser *p, const char *buf, size_t len, bool eof,
                  struct ft_error *err);
/* The same in one call: decodes buf[0..len) into t. Returns 0 or -1 with err filled
 * in. For the fuzz target and the tests; pprof_feed uses it. */
int pprof_decode(struct pprof_parser *p, const void *buf, size_t len, struct ft_error *err);
size_t pprof_samples(const struct pprof_parser *p);   /* samples added */
size_t pprof_skipped(const struct pprof_parser *p);   /* negative value or no stack */
/* The chosen sample type and its unit ("cpu", "nanoseconds"; "alloc_space", "bytes"),
 * empty strings before the profile is decoded. Valid while p lives. The viewer's title
 * can name them. */
const char *pprof_sample_type(const struct pprof_parser *p, const char **unit);
/* Format sniffing: 1 if buf[0..len) starts like a pprof protobuf (its first fields are
 * Profile fields with the right wire types and well-formed sub-messages, and there are
 * non-text bytes among the first 64), 0 if not, -1 if it cannot tell yet (a field runs
 * past len). final: no more bytes will come before the decision (the end of the input
 * or enough of it): answer 1 or 0. Folded stacks and perf script text are never 1. */
int pprof_sniff(const void *buf, size_t len, bool final);
#endif
