/* SPDX-License-Identifier: MIT */
/* flametui - stack_sink.h: where a parser hands finished stacks when it does not insert
 * them into the trie itself (ncdu's dir_output: one interface for every producer of
 * stacks). The folded and perf script parsers fill one (folded_set_sink,
 * perf_set_sink); stack_pipe.h's is the usual one: it carries the stacks to the thread
 * that owns the trie. A parser with a sink never touches the trie nor its string table,
 * so it may run on another thread. */
#ifndef FLAMETUI_STACK_SINK_H
#define FLAMETUI_STACK_SINK_H
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"

#define STACK_ID_NONE UINT32_MAX

/* One frame, root-most first: the name bytes (valid only during the call), their
 * util_hash, the path hash (trie_hash_step chain from the sink's root_phash), and id:
 * STACK_ID_NONE, or a number the parser gives these name bytes for as long as it lives
 * (the same bytes may also come without one). */
struct stack_frame {
    const char *p;
    uint32_t len;
    uint32_t id;
    uint64_t hash, phash;
};

/* stack(ctx, f, keep, n, c): a stack of n frames with count c; frames [0, keep) are
 * those of the stack handed over before (keep 0 for the first, and always for parsers
 * that do not track it); f holds frames [keep, n) (f[0] is frame keep).
 * root_phash: trie_phash(t, TRIE_ROOT) of the trie the stacks go to. */
struct stack_sink {
    void (*stack)(void *ctx, const struct stack_frame *f, size_t keep, size_t n,
                  struct count c);
    void *ctx;
    uint64_t root_phash;
};
#endif
