/* SPDX-License-Identifier: MIT */
/* flametui - parse_folded.h: Brendan Gregg's folded stacks, "a;b;c 42" per line, into a
 * trie. Incremental like parse_perf.h. Never prints, never exits. */
#ifndef FLAMETUI_PARSE_FOLDED_H
#define FLAMETUI_PARSE_FOLDED_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"
#include "core/util.h"
#include "input/stack_sink.h"

struct trie;
struct folded_parser;

struct folded_parser *folded_new(struct trie *t);
void folded_free(struct folded_parser *p);   /* NULL is a no-op */
/* Parses the complete lines in buf[0..len), returns the bytes consumed (up to and
 * including the last '\n'; everything at eof). Lines that do not parse are skipped and
 * counted (flamegraph.pl's convention); if strict, the first one is an error: returns
 * (size_t)-1 with err filled in (err->line is the line number). */
size_t folded_feed(struct folded_parser *p, const char *buf, size_t len, bool eof, bool strict,
                   struct ft_error *err);
/* Lines longer than max bytes (without the '\n') are skipped and counted as "line
 * longer than N MiB" (0, the default: no limit but the parser's own 4 GiB). */
void folded_set_max_line(struct folded_parser *p, size_t max);
/* Counts the next line as skipped for being longer than the limit: the caller dropped
 * its bytes without feeding them (a line that does not fit in memory). */
void folded_long_line(struct folded_parser *p);
/* The trie's node ids changed (trie_replace): forget the previous line's nodes, so the
 * next line is resolved from the root. Safe between two folded_feed calls (a partial
 * line is kept as bytes by the caller, never as nodes). */
void folded_trie_replaced(struct folded_parser *p);
/* Instead of adding them to the trie, hands every stack to the sink (stack_sink.h; the
 * stack_pipe's): frames [0, keep) are those of the previous stack handed over, the new
 * ones come with their util_hash and trie path hash, and no parser id. The parser then
 * never touches the trie nor its string table. Set before the first feed. */
void folded_set_sink(struct folded_parser *p, const struct stack_sink *sink);
/* Lines skipped; *first gets the first skipped line's number and reason. */
size_t folded_skipped(const struct folded_parser *p, struct ft_error *first);
size_t folded_samples(const struct folded_parser *p); /* lines added */
/* Parses one line (no '\n'): splits it into the stack text and its count.
 * Returns 0, or -1 with *why set to a static reason. Blank lines return 1 (ignored). */
int folded_split_line(const char *line, size_t len, size_t *stack_len, struct count *c,
                      const char **why);
#endif
