/* SPDX-License-Identifier: MIT */
/* flametui - trie.h: the frame trie. Node 0 (TRIE_ROOT) is the synthetic root "all";
 * every other node is one frame (an interned name id) under its parent. Each node holds
 * the samples of stacks that end there (self) and of all stacks through it (total).
 * Nodes are dense uint32_t ids that never move or disappear while the trie lives, so
 * they can be kept across inserts (live tail). Strings are never stored here.
 * Ownership: a trie made with trie_new(NULL) owns its strtab; one made with a strtab
 * shares it (the caller keeps it alive longer than the trie). Not thread-safe. */
#ifndef FLAMETUI_TRIE_H
#define FLAMETUI_TRIE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"

#define TRIE_ROOT 0u
#define TRIE_NONE UINT32_MAX

struct stacks;
struct strtab;
struct trie;

struct trie *trie_new(struct strtab *names);
void trie_free(struct trie *t);                   /* NULL is a no-op */
struct strtab *trie_names(const struct trie *t);
/* A flat table (stacks.h, ids of this trie's string table) that the stack pipes
 * (stack_pipe.h) made from now on fill with whole stacks instead of inserting nodes:
 * for --collapse, which needs no tree. The trie owns it (NULL: none; a table set before
 * is freed). Nothing else of the trie sees those stacks until trie_unflatten inserts
 * them as nodes (the table is then empty; it takes new stacks still). */
void trie_set_flat(struct trie *t, struct stacks *s);
struct stacks *trie_flat(const struct trie *t);
void trie_unflatten(struct trie *t);

/* Child of parent named name; created (with zero counts) when absent. Creating a node
 * deeper than 2^27 - 1 frames ends the process (die), as running out of memory does
 * (such a stack needs gigabytes of input and of nodes first). */
uint32_t trie_child(struct trie *t, uint32_t parent, uint32_t name);
/* Child of parent named name, or TRIE_NONE. */
uint32_t trie_find_child(const struct trie *t, uint32_t parent, uint32_t name);
/* Fast path for parsers: one probe per frame, addressed by a hash of the whole path, so
 * the probes of a stack can be prefetched before they are resolved.
 *   name_hash = util_hash(bytes) (or built with util_hash_word/final while scanning),
 *   phash     = trie_hash_step(trie_phash(t, parent), name_hash),
 * then trie_prefetch(t, phash) early and trie_child_bytes(...) later. */
/* Only the low 32 bits of parent_phash are used (the trie keeps 32 bits per node, and
 * trie_phash() gives those), so stepping on from a full result or from trie_phash() of
 * the node made with it gives the same hash. */
static inline uint64_t trie_hash_step(uint64_t parent_phash, uint64_t name_hash)
{
    uint64_t h = ((uint64_t)(uint32_t)parent_phash * 0x9e3779b97f4a7c15ull) ^ name_hash;
    h *= 0x9fb21c651e98df25ull;
    return h ^ (h >> 32);
}
uint64_t trie_phash(const struct trie *t, uint32_t node);
void trie_prefetch(const struct trie *t, uint64_t phash);
/* The same for trie_child(t, parent, name) soon (bulk builders that know the parent of a
 * node some iterations ahead). No-op while the lookup table is stale. */
void trie_prefetch_child(const struct trie *t, uint32_t parent, uint32_t name);
/* Child of parent whose name is p[0..len) (interned when new); phash and name_hash as
 * above (wrong hashes give wrong trees, not crashes). */
uint32_t trie_child_bytes(struct trie *t, uint32_t parent, uint64_t phash, uint64_t name_hash,
                          const char *p, size_t len);
/* trie_child_bytes for a name already interned in trie_names(t) (its id). */
uint32_t trie_child_named(struct trie *t, uint32_t parent, uint64_t phash, uint32_t name);
/* The bytes of the node array that the next nodes new nodes would be written to (as far
 * as room is reserved; *len 0: none), for a thread with time to spare to fault in their
 * pages ahead of the trie's owner (madvise; the memory itself must not be accessed). The
 * range stays the array's until it grows; after that the address means nothing. */
void trie_next_nodes(const struct trie *t, size_t nodes, void **p, size_t *len);
/* Adds c to self of leaf and to total of leaf and every ancestor (root included), and
 * marks leaf as the end of a stack (even when c is zero). */
void trie_add(struct trie *t, uint32_t leaf, struct count c);
/* Bulk building: appends a child that the caller knows does not exist yet, with
 * phash == trie_hash_step(trie_phash(t, parent), strtab_hash(names, name)) (a copy of
 * the phash of the same path in another trie sharing the hash function is fine). No
 * probe: the lookup table is rebuilt on the next lookup. */
uint32_t trie_append_child(struct trie *t, uint32_t parent, uint32_t name, uint64_t phash);
/* Bulk building (views, merges): room for at least nodes nodes without regrowth. */
void trie_reserve(struct trie *t, size_t nodes);
/* The lookup table grows in steps: a full one is kept while its nodes move into a larger
 * one, those of TRIE_MOVE_STEP of its slots per inserted node (lookups see both). The
 * slots still to move (0: no growth in progress), for tests. */
#define TRIE_MOVE_STEP 64
size_t trie_hash_moving(const struct trie *t);
/* Batch loading of bytes of input (regular files): once the trie turns out to be big
 * (tens of thousands of nodes), room for the number of nodes such an input typically
 * makes (capped) is reserved at once, so the node array and the lookup table do not
 * regrow and rehash step by step. Small tries never reserve. */
void trie_reserve_hint(struct trie *t, uint64_t bytes);
/* A parser that knows how much of that input it has parsed adds it here (bytes since its
 * last call): a full lookup table then grows at once to what the nodes per byte so far
 * predict for the whole input (1.5 to 4 times the nodes), instead of one step at a
 * time. Without a hint (or past the hinted size): no effect. */
void trie_hint_progress(struct trie *t, uint64_t bytes);
/* Adds c to self of leaf only and marks it a stack end; totals are left stale until
 * trie_sum_totals(), which recomputes every total from the self counts in one pass.
 * Much faster than trie_add() for many stacks; do not mix the two without a sum. */
void trie_add_self(struct trie *t, uint32_t leaf, struct count c);
void trie_sum_totals(struct trie *t);
/* Adds c to the total of node only (not to its self, nor to its ancestors): builders
 * that know a node's total before its children exist (query/revlazy.h). A later
 * trie_sum_totals() recomputes it from the self counts. */
void trie_add_total(struct trie *t, uint32_t node, struct count c);
/* Inserts the stack names[0..n) (root-most frame first, "all" not included) with count c.
 * n == 0 adds to the root itself. Returns the leaf node. */
uint32_t trie_insert(struct trie *t, const uint32_t *names, size_t n, struct count c);

size_t trie_size(const struct trie *t);           /* nodes, root included */
uint32_t trie_name(const struct trie *t, uint32_t node);   /* root: UINT32_MAX */
/* Name bytes of a node ("all" for the root). */
const char *trie_label(const struct trie *t, uint32_t node, size_t *len);
uint32_t trie_parent(const struct trie *t, uint32_t node); /* root: TRIE_NONE */
uint32_t trie_depth(const struct trie *t, uint32_t node);  /* root: 0 */
struct count trie_self(const struct trie *t, uint32_t node);
struct count trie_total(const struct trie *t, uint32_t node);
double trie_self_d(const struct trie *t, uint32_t node);
double trie_total_d(const struct trie *t, uint32_t node);
bool trie_is_terminal(const struct trie *t, uint32_t node);
uint32_t trie_max_depth(const struct trie *t);
/* Unique per trie_new() in this process (never reused, unlike an address). */
uint64_t trie_uid(const struct trie *t);
/* Bumped by every change (new node or count); cheap "did it change" check. */
uint64_t trie_generation(const struct trie *t);

/* Children of node sorted in plain byte order of their names (flamegraph.pl order).
 * Built on demand, and rebuilt after the trie changed; *n gets the count. The array is
 * valid until the next change. (Logically const: it fills a cache.) */
const uint32_t *trie_children(struct trie *t, uint32_t node, size_t *n);
/* Sorts the children of every node now (one pass), so that the trie_children() calls of
 * a walk over most of the trie (writing it out) do not sort node by node first. */
void trie_sort_children(struct trie *t);
/* The child of node named name (an id of trie_names(t)), or TRIE_NONE: a binary search
 * over trie_children() with byte compares. Unlike trie_find_child it builds no lookup
 * table (a view made by appending has none, and building one for all its nodes costs
 * more than the view), and unlike the strtab's ranks the byte order stays valid while a
 * live input adds names. (Logically const, as trie_children.) */
uint32_t trie_child_sorted(struct trie *t, uint32_t node, uint32_t name);
/* An upper bound on the totals (trie_total_d) of node's children: no child's total is
 * above it, so when bound * cols < T none of them is drawn and their list need not be
 * read (0 for a node without children). It is the largest child's total, or above it
 * where a total shrank. O(1); the first call computes it for every node (one pass) and
 * from then on every change of a total keeps it (4 bytes per node). (Logically const,
 * as trie_children.) */
double trie_kids_max_bound(const struct trie *t, uint32_t node);
/* True when node has at least one child (O(1), no sorting). */
bool trie_has_children(const struct trie *t, uint32_t node);
/* A child with its total, for the heaviest-first order of siblings. */
struct trie_heavy {
    uint32_t node;
    uint32_t idx;    /* its position in trie_children() (name order): ties */
    double total;
};
/* Sorts k[0..n) heaviest first (the largest total first), equal totals in name order:
 * the flame graph's weight order (render/layout.h ORDER_WEIGHT), which search's walks
 * in drawing order follow too. */
void trie_sort_heaviest(struct trie_heavy *k, size_t n);

/* Writing every stack in the byte order of its folded text (the names from the root's
 * child down joined by ';': the order of `sort` on stackcollapse-perf.pl's lines), with
 * an index of a few bytes per distinct stack rather than per node (trie_fold.c). The
 * walk can be split into nparts parts of about equal numbers of nodes whose outputs,
 * concatenated in part order, are the whole:
 *   w = trie_fold_new(t, nparts);
 *   trie_fold_scan(w, i) for every part i (any threads, concurrently);
 *   trie_fold_index(w);
 *   trie_fold_walk(w, i, fn, ctx) for every part i (any threads, concurrently);
 *   trie_fold_free(w).
 * t must not change from trie_fold_new to trie_fold_free. fn gets every stack end (a
 * terminal node other than the root) and its text (valid during the call); a non-zero
 * result ends that part's walk and is returned. */
struct trie_fold;
typedef int (*trie_fold_fn)(void *ctx, uint32_t leaf, const char *text, size_t len);
struct trie_fold *trie_fold_new(struct trie *t, unsigned nparts);
unsigned trie_fold_parts(const struct trie_fold *w); /* nparts (1 to 64) */
void trie_fold_scan(struct trie_fold *w, unsigned part);
void trie_fold_index(struct trie_fold *w);
int trie_fold_walk(const struct trie_fold *w, unsigned part, trie_fold_fn fn, void *ctx);
void trie_fold_free(struct trie_fold *w);

/* Copies every stack of src into dst (names re-interned when strtabs differ). */
void trie_merge(struct trie *dst, const struct trie *src);

/* Calls fn for every stack end (terminal node) in unspecified order. */
void trie_foreach_stack(const struct trie *t, void (*fn)(void *ctx, uint32_t leaf), void *ctx);
/* Fills path with the node ids from the root's child down to node (root excluded);
 * returns the number written (= depth). path must have room for trie_depth() ids. */
size_t trie_path(const struct trie *t, uint32_t node, uint32_t *path);

/* Replaces the nodes of t by those of src, which must share t's strtab (made with
 * trie_new(trie_names(t))), and frees src. t keeps its address and trie_uid, so pointers
 * to it stay valid, but every node id of t is void: its generation moves past both
 * tries' (every view, cache and parser state derived from it must see a change), and the
 * arrays trie_children() gave out are freed. Used to compact a live base (window.h). */
void trie_replace(struct trie *t, struct trie *src);

/* Differential profiles (diff mode): an optional second count per node, the BASE
 * profile's total of the stacks through the node (8 bytes per node, allocated only by
 * trie_enable_base; the float flag lives in the node). Node counts (self, total) stay
 * those of the new profile. Nodes created later get a zero base. */
void trie_enable_base(struct trie *t);
bool trie_has_base(const struct trie *t);
/* The base total of node (0 without a base). */
struct count trie_base_total(const struct trie *t, uint32_t node);
double trie_base_total_d(const struct trie *t, uint32_t node);
/* The base samples of stacks ending at node: its base total minus its children's
 * (derived, O(children); exact for integer counts, never negative). */
struct count trie_base_self(const struct trie *t, uint32_t node);
/* Adds c to the base total of leaf and of every ancestor, and marks leaf as a stack end
 * (enables the base when absent). */
void trie_add_base(struct trie *t, uint32_t leaf, struct count c);
/* Bulk form (a trie whose base counts are all still zero): adds c to the base count of
 * leaf only (marking it a stack end); trie_sum_base() then turns these base self counts
 * into base totals in one pass. Do not mix with trie_add_base() before the sum. */
void trie_add_base_self(struct trie *t, uint32_t leaf, struct count c);
void trie_sum_base(struct trie *t);
/* Marks a trie whose counts are the base profile's and whose base counts are the new
 * one's (diff_swap: the base-widths view); only a flag for the readers. */
void trie_set_base_swapped(struct trie *t, bool on);
bool trie_base_swapped(const struct trie *t);

/* Memory in use, for benchmarks: the nodes, the lookup table, the children index and
 * the base counts (reserved capacity whose pages were never touched is not counted). */
size_t trie_bytes(const struct trie *t);
/* Gives back the growth slack of the node array and the lookup table once loading is
 * finished (a later lookup rebuilds the table: O(nodes) once). */
void trie_compact(struct trie *t);
/* Bulk reading, for passes over many nodes in id order (views): for the n nodes first,
 * first + 1, ..., first + n - 1 (first + n <= trie_size(t)), fills each array that is
 * not NULL: the node's parent (TRIE_NONE for the root), its name (UINT32_MAX for the
 * root), the low 32 bits of its path hash (as trie_phash) and whether it is a stack end
 * (1 or 0, as trie_is_terminal). One call instead of an accessor call per field and
 * node. */
void trie_read_nodes(const struct trie *t, size_t first, size_t n, uint32_t *parent,
                     uint32_t *name, uint32_t *phash, unsigned char *terminal);
/* Asks for the memory of node (bulk builders that will read it soon, e.g. its path
 * hash). node < trie_size(t). */
void trie_prefetch_node(const struct trie *t, uint32_t node);
/* trie_add_self(t, leaf, trie_self(src, node)) in one call (bulk builders of views;
 * src may be t). */
void trie_add_self_from(struct trie *t, uint32_t leaf, const struct trie *src, uint32_t node);
#endif
