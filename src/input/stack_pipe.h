/* SPDX-License-Identifier: MIT */
/* flametui - stack_pipe.h: the two-thread stack pipeline of every text format. One
 * thread (the producer: a parser with the pipe's stack_sink) reads the input, splits
 * lines and frames and hashes every name and the path hash chain of each stack; the
 * other (the consumer, the trie's owner: the viewer's event loop in bounded steps, or a
 * batch output) only probes and inserts. Stacks travel in a ring of a few batches; each
 * batch holds whole stacks, the frames new since the stack before, and a copy of the
 * bytes of every name the consumer has not seen yet (names are numbered: by the parser
 * when it gives ids, else by the pipe), so the consumer never reads the input (a file
 * mapping may fault) and the producer never touches the trie. Node pages the consumer
 * will write next are faulted in by whichever side waits for the other.
 * Never prints, never exits (allocation failure aborts as everywhere). */
#ifndef FLAMETUI_STACK_PIPE_H
#define FLAMETUI_STACK_PIPE_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"
#include "input/stack_sink.h"

struct trie;
struct stack_pipe;

struct stack_pipe_opts {
    size_t batch_frames;   /* new frames after which a batch is handed over (0: 16384; a
                            * stack is never split, so a batch may hold more) */
    unsigned nbatches;     /* the ring (0: 4; at least 2) */
    size_t fault_nodes;    /* nodes whose pages are faulted in ahead of the consumer (0:
                            * 1 << 17, 4 MiB of them) */
    bool number_names;     /* frames without a parser id are numbered by the pipe (else
                            * their bytes travel every time) */
    /* the producer's: the lines skipped so far and the first (0 if none), read at each
     * hand-over (NULL: none) */
    size_t (*skipped)(void *ctx, struct ft_error *first);
    void *skipped_ctx;
};

/* A pipe into t (o may be NULL: the defaults). */
struct stack_pipe *stack_pipe_new(struct trie *t, const struct stack_pipe_opts *o);
/* Runs fn(arg) on a new thread, the producer (with every signal but faults blocked: they
 * stay with the calling thread). fn ends with stack_pipe_close. -1: no thread. */
int stack_pipe_start(struct stack_pipe *sp, void (*fn)(void *), void *arg);
/* Stops the producer (it sees it at its next hand-over), waits for it, frees
 * everything. NULL is a no-op. */
void stack_pipe_free(struct stack_pipe *sp);

/* Producer side. The sink the parser fills (the batch is handed over when full). */
struct stack_sink stack_pipe_sink(struct stack_pipe *sp);
/* n more input bytes were parsed (they go with the next batch handed over). */
void stack_pipe_input(struct stack_pipe *sp, size_t n);
/* Hands the batch over now (even empty) and waits until the next is free. False: the
 * consumer stopped the pipe (stop producing). */
bool stack_pipe_hand_over(struct stack_pipe *sp);
/* Hands over what is left and ends the input; err (NULL: none) is the consumer's error
 * ("changed while it was read"...). */
void stack_pipe_close(struct stack_pipe *sp, const struct ft_error *err);

/* Consumer side: fn(ctx) runs before each batch is taken (or waited for): work that
 * helps the producer (perf_mt: mapping the input pages ahead of it). */
void stack_pipe_idle(struct stack_pipe *sp, void (*fn)(void *), void *ctx);
/* Inserts the batches ready, at least one when one comes within wait_ms (0: do not
 * wait; -1: wait as long as it takes), until about max_bytes of input are inserted.
 * *bytes (added to) gets the input bytes inserted. 1: more follows; 0: the input ended
 * (all of it inserted); -1 with err filled in (what came before is inserted). */
int stack_pipe_step(struct stack_pipe *sp, size_t max_bytes, int wait_ms, size_t *bytes,
                    struct ft_error *err);
/* The trie was rebuilt in place (trie_replace): the node ids kept between stacks are
 * forgotten (the next stack is resolved from the root). Between two steps. */
void stack_pipe_trie_replaced(struct stack_pipe *sp);
size_t stack_pipe_samples(const struct stack_pipe *sp);   /* stacks inserted */
/* The producer's skipped count (opts.skipped) as of the last batch inserted. */
size_t stack_pipe_skipped(const struct stack_pipe *sp, struct ft_error *first);
#endif
