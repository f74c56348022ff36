/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf.h: `perf script` text -> stacks in a trie, collapsed exactly as
 * FlameGraph's stackcollapse-perf.pl does (../shared/corpus/README.md lists the rules).
 * Incremental: feed it complete lines in chunks of any size (a pipe gives pieces).
 * Never prints, never exits. */
#ifndef FLAMETUI_PARSE_PERF_H
#define FLAMETUI_PARSE_PERF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct samples;

/* stackcollapse-perf.pl options, plus --weight */
struct perf_opts {
    bool pid, tid, kernel, jit, addrs, srcline;
    bool weight_samples;        /* --weight=samples: each sample counts 1 */
    const char *event_filter;   /* NULL: the first event seen */
    size_t max_line;            /* longer lines are skipped with their record; 0: no limit */
    /* -- time */
    bool no_process;            /* --group=none: no process frame at all */
    bool time_range;            /* --from/--to: keep from_ns <= t - t0 < to_ns only, t0 the */
    int64_t from_ns, to_ns;     /* first kept-event record's time (none: t - t0 = 0) */
    struct samples *samples;    /* not owned; non-NULL: record every sample (core/samples.h) */
    bool have_t0;               /* t0 given (perf_mt: found in the whole input first) */
    uint64_t t0_ns;
};
#include "core/count.h"
#include "core/util.h"
#include "input/stack_sink.h"

struct trie;
struct perf_parser;

/* o is copied. Stacks go into t (not owned). */
struct perf_parser *perf_new(struct trie *t, const struct perf_opts *o);
void perf_free(struct perf_parser *p);       /* NULL is a no-op */
/* Parses the complete lines in buf[0..len) and returns how many bytes it consumed
 * (up to and including the last '\n'); the caller passes the rest again with more data.
 * At eof every byte is consumed (a last line without '\n' is parsed).
 * Like stackcollapse-perf.pl, a record is emitted only at a blank line, so the last
 * record of an input without a final blank line is dropped.
 * Cannot fail: unparseable lines are skipped and counted. */
size_t perf_feed(struct perf_parser *p, const char *buf, size_t len, bool eof);
/* Lines skipped as unrecognized, and the first such line number (0 if none). */
size_t perf_skipped(const struct perf_parser *p, long *first_line);
size_t perf_samples(const struct perf_parser *p);  /* records added to the trie */
/* Of those, samples without a call chain (perf record without -g), each added as
 * comm;function: stackcollapse-perf.pl drops them (the one deliberate difference). */
size_t perf_no_callchain(const struct perf_parser *p);
/* Counts the next line as longer than o->max_line: the caller dropped its bytes without
 * feeding them. The record it belongs to is dropped (not added to the trie). */
void perf_long_line(struct perf_parser *p);
/* Lines longer than max_line (fed or counted by perf_long_line), and the first one's
 * line number (0 if none). Their records are dropped. */
size_t perf_long_lines(const struct perf_parser *p, long *first_line);
/* Timestamp (seconds) of the last record header parsed, or -1 if none had one. */
double perf_last_time(const struct perf_parser *p);
/* True if the text looks like perf script output (used by format sniffing):
 * buf holds the first lines of the input. */
bool perf_sniff(const char *buf, size_t len);

/* -- for perf_mt.c */
/* The event of the first record header in buf[0..len) whose event parses: the event the
 * default filter would keep. *ev points into buf. False if there is none. */
bool perf_first_event(const char *buf, size_t len, const char **ev, size_t *evlen);
/* Lines parsed so far (the line number of the last line seen). */
long perf_lines(const struct perf_parser *p);
/* From now on every record that would be added to the trie is given to the sink
 * (stack_sink.h: whole stacks, keep 0, names with the parser's ids where it has them)
 * instead; the parser then never touches the trie (it may run on another thread than
 * the trie's user). Not with o->samples (the time index needs the leaf nodes).
 * perf_samples() still counts them. NULL: back to the trie. */
void perf_set_sink(struct perf_parser *p, const struct stack_sink *sink);
/* -- records given structured (a perf.data read natively: perfdata_run.c), parsed by
 * the same rules as their text, without the text of their call chains. For each line
 * perf script would print other than a call chain's frame lines (a record's header, the
 * blank line ending it, a sample without a call chain): perf_rec_line. For each frame:
 * perf_rec_frame with the frame's key; when it returns PERF_REC_NONE (the key is new),
 * perf_rec_frame_line with the frame's line as perf script prints it. A key (k1, k2) must
 * stand for the same line for the life of the parser. Both return the frame's handle
 * (perf_rec_frame_line always one), for perf_rec_frame_again: the same frame again
 * without its key (false: it cannot be, use the key). perf_rec_end at the end of the
 * input. Lines have no '\n'. */
#define PERF_REC_NONE UINT32_MAX
void perf_rec_line(struct perf_parser *p, const char *s, size_t n);
struct perf_rec_ref;
/* (r, when not NULL, gets the frame's names as perf_rec_ref_of gives them: a frame of
 * one name needs nothing but the cache's slot for both.) */
uint32_t perf_rec_frame(struct perf_parser *p, uint64_t k1, uint64_t k2, struct perf_rec_ref *r);
uint32_t perf_rec_frame_line(struct perf_parser *p, uint64_t k1, uint64_t k2, const char *s,
                             size_t n);
bool perf_rec_frame_again(struct perf_parser *p, uint32_t h);
/* A frame's names copied out by handle (perf_rec_ref_of), for perf_rec_frame_ref: the
 * same as perf_rec_frame_again, from the copy (kept next to the caller's data). */
struct perf_rec_ref {
    const char *ptr;
    uint64_t hash;
    uint32_t len, id, h, flags, cnt;
};
void perf_rec_ref_of(const struct perf_parser *p, uint32_t h, struct perf_rec_ref *r);
bool perf_rec_frame_ref(struct perf_parser *p, const struct perf_rec_ref *r);
/* Asks for the memory perf_rec_frame will read: a sample's frames
 * are all asked for first, then added (the cache misses overlap). */
void perf_rec_prefetch(struct perf_parser *p, uint64_t k1, uint64_t k2);

void perf_rec_end(struct perf_parser *p);
/* A sample's header line s[0..n) whose "COMM PID/TID " part is s[0..head_end) (the rest:
 * numbers and the event), parsed as perf_rec_line does; when the line is of the usual
 * form (its header and event match where they should), its who (that part's effect) is
 * kept and numbered for perf_rec_head, else PERF_REC_NONE. */
uint32_t perf_rec_who(struct perf_parser *p, const char *s, size_t n, size_t head_end);
/* The header line of a sample of a known who, given as its numbers (what the line would
 * print: "SEC.USEC:" of time_ns when has_time, "[CPU]" when cpu is not UINT32_MAX, the
 * period, the event name, which has no blank). */
struct perf_rec_head {
    uint32_t who;
    const char *ev;
    size_t evlen;
    uint64_t period, time_ns;
    bool has_time;
    uint32_t cpu;
};
void perf_rec_head(struct perf_parser *p, const struct perf_rec_head *h);
/* -- the events of the input */
/* The events seen so far: number 0 is the one kept (the first event, or --event-filter;
 * samples: the records added), the others are skipped records of other events, counted
 * (the first PERF_EVENTS_MAX - 1 event names). Returns the number of events (0 before
 * the first record); fills *name (not NUL-terminated), *len, *samples when i is below it. */
#define PERF_EVENTS_MAX 8
size_t perf_events(const struct perf_parser *p, size_t i, const char **name, size_t *len,
                   size_t *samples);
#endif
