/* SPDX-License-Identifier: MIT */
/* flametui - folded_pipe.h: folded stacks loaded on two threads. A producer thread reads
 * the input (a file descriptor, or a buffer such as a file mapping), splits lines and
 * frames, hashes every new name and the path hash chain of each stack (a folded_parser
 * with folded_set_sink); it never touches the trie or its string table. Batches of whole
 * stacks, with copies of their text, go through a small ring to the consumer, the
 * thread that owns the trie (the viewer's event loop, in bounded steps, or a batch
 * output), which interns the names with the hashes given and inserts. The result is the
 * trie, the counts and the errors (line numbers included) that one folded_parser fed the
 * same bytes gives.
 * Never prints, never exits (allocation failure aborts as everywhere). */
#ifndef FLAMETUI_FOLDED_PIPE_H
#define FLAMETUI_FOLDED_PIPE_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/util.h"

struct trie;
struct folded_pipe;

struct folded_pipe_opts {
    size_t max_line;    /* longer lines are skipped and counted (the loader's cap) */
    bool strict;        /* the first line that does not parse is an error */
};

/* Reads fd from its current offset to its end (blocking reads: a regular file), after
 * head[0..n) (bytes already read from it, copied). open_size: the file's size when it
 * was opened (an end below it and below what was read is "changed while it was read").
 * NULL when no thread can be started (nothing was read then). */
struct folded_pipe *folded_pipe_fd(struct trie *t, const struct folded_pipe_opts *o, int fd,
                                   const char *head, size_t n, off_t open_size);
/* Parses buf[0..len) (its end is the input's end). release: buf is a read-only file
 * mapping whose parsed pages are given back (MADV_DONTNEED) as the producer goes; a
 * SIGBUS while reading it (the file shrank) ends the input with "changed while it was
 * read". NULL when no thread can be started. */
struct folded_pipe *folded_pipe_buf(struct trie *t, const struct folded_pipe_opts *o,
                                    const char *buf, size_t len, bool release);
/* Stops the producer (it ends at its next batch), waits for it and frees everything.
 * NULL is a no-op. */
void folded_pipe_free(struct folded_pipe *fp);

/* Consumer side. Inserts the batches ready, at least one when one comes within wait_ms
 * (0: do not wait; -1: wait as long as it takes), until about max_bytes of input are
 * inserted. *bytes (added to) gets the input bytes inserted. Returns 1 when more input
 * follows, 0 when the input ended (all of it inserted), -1 with err filled in
 * (a --strict line, a read error, a file that shrank; what came before is inserted). */
int folded_pipe_step(struct folded_pipe *fp, size_t max_bytes, int wait_ms, size_t *bytes,
                     struct ft_error *err);
/* The trie was rebuilt in place (trie_replace): the node ids kept between stacks are
 * forgotten (the next stack is resolved from the root). Between two steps. */
void folded_pipe_trie_replaced(struct folded_pipe *fp);
size_t folded_pipe_samples(const struct folded_pipe *fp);   /* stacks inserted */
/* Lines skipped in the input inserted so far (as folded_skipped). */
size_t folded_pipe_skipped(const struct folded_pipe *fp, struct ft_error *first);

/* Tests: bytes per read or slice (0: the default), batches in the ring (0: the default,
 * at least 2), and the input size below which the loader does not start a pipe. */
void folded_pipe_tune(size_t slice, unsigned nbatches, size_t min_input);
size_t folded_pipe_min_input(void);
#endif
