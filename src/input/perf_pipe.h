/* SPDX-License-Identifier: MIT */
/* flametui - perf_pipe.h: the two-thread pipeline of perf_mt.c. One thread (the
 * producer: a perf_parser with perf_set_sink(perf_pipe_stack)) splits lines, parses and
 * hashes every name and the path hash chain of each stack; the other (the consumer, the
 * trie's owner) only probes and inserts. Stacks travel in a ring of a few batches; each
 * batch holds whole stacks and copies of their name bytes, so the consumer never reads
 * the input (a file mapping may fault) and the producer never touches the trie.
 * Counts go in with trie_add (the consumer waits for the parser anyway, and a sum after
 * both threads ended would be serial time).
 * Never prints, never exits (allocation failure aborts as everywhere). */
#ifndef FLAMETUI_PERF_PIPE_H
#define FLAMETUI_PERF_PIPE_H
#include <stddef.h>

#include "core/count.h"
#include "input/parse_perf.h"

struct trie;
struct perf_pipe;

/* A pipe into t. batch_frames: frames after which a batch is handed over (0: the
 * default; a stack is never split, so a batch may hold more); nbatches: the ring size
 * (0: the default; at least 2). */
struct perf_pipe *perf_pipe_new(struct trie *t, size_t batch_frames, unsigned nbatches);
void perf_pipe_free(struct perf_pipe *pp);   /* after both sides finished; NULL: no-op */
/* Producer side. The perf_sink_fn: appends the stack (ctx is the pipe), handing the
 * batch over when full (waits while the ring is full). Reads f's bytes before it takes
 * any lock. */
void perf_pipe_stack(void *ctx, const struct perf_stack_frame *f, size_t n, struct count c);
/* Hands over what is left and tells the consumer that no more stacks come. */
void perf_pipe_close(struct perf_pipe *pp);
/* Consumer side: fn(ctx) runs on the consumer before it takes (or waits for) each batch:
 * work that helps the producer (perf_mt: mapping the input pages ahead of it). */
void perf_pipe_idle(struct perf_pipe *pp, void (*fn)(void *), void *ctx);
/* Consumer side: inserts batches into t until the producer closed the pipe and every
 * batch is inserted. Returns the number of stacks inserted. */
size_t perf_pipe_consume(struct perf_pipe *pp);
#endif
