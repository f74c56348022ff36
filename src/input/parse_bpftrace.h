/* SPDX-License-Identifier: MIT */
/* flametui - parse_bpftrace.h: bpftrace stack maps (`@[kstack] = count();`, `@[ustack]`,
 * with a comm key before or after the stack, several maps in one output) -> stacks in a
 * trie, collapsed as FlameGraph's stackcollapse-bpftrace.pl does for the single-stack
 * forms: the frames of a key, leaf first in the output, become a stack root first, with
 * their offsets ("func+12") kept, and the map's value is its count (summed over keys and
 * maps). A comm key becomes the root frame. Incremental like parse_perf.h.
 * What the script ignores is ignored: the "Attaching N probes..." header, other maps
 * (`@bytes: 12`, `@[pid]: 3`), blank lines. Extensions (the script drops these): named
 * maps (`@name[kstack]`), a comm key first (`@[comm, kstack]`). Empty frame lines are
 * left out. A stack that is not closed by `]: N` is skipped and counted.
 * Never prints, never exits. */
#ifndef FLAMETUI_PARSE_BPFTRACE_H
#define FLAMETUI_PARSE_BPFTRACE_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

struct trie;
struct bpftrace_parser;

/* Stacks go into t (not owned). Lines longer than max_line bytes (0: no limit) are
 * dropped with their stack, which is skipped and counted. */
struct bpftrace_parser *bpftrace_new(struct trie *t, size_t max_line);
void bpftrace_free(struct bpftrace_parser *p);           /* NULL is a no-op */
/* Parses the complete lines in buf[0..len) and returns the bytes consumed (up to and
 * including the last '\n'; everything at eof). Cannot fail. */
size_t bpftrace_feed(struct bpftrace_parser *p, const char *buf, size_t len, bool eof);
/* Counts the next line as skipped for being longer than the caller's cap (its bytes
 * were dropped); the stack it belongs to is dropped. */
void bpftrace_long_line(struct bpftrace_parser *p);
size_t bpftrace_samples(const struct bpftrace_parser *p);   /* stacks added */
/* Stacks skipped; *first gets the first one's line number and reason. */
size_t bpftrace_skipped(const struct bpftrace_parser *p, struct ft_error *first);
/* True if the first non-blank line of buf[0..len) is bpftrace's "Attaching N probe(s)..."
 * or opens a map key ("@[", "@name["). */
bool bpftrace_sniff(const char *buf, size_t len);
#endif
