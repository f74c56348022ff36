/* SPDX-License-Identifier: MIT */
/* flametui - view.h: derived views of a trie: regex filters (include / exclude / hide,
 * applied in order) and the reversed (caller, bottom-up) view.
 * A struct view is the *specification* (filter list + reverse flag, regexes compiled);
 * view_build() derives a NEW trie from a base trie and never modifies the base.
 * Does not do search highlighting (search.h), layout, or callers/callees (callers.h).
 *
 * Semantics, per stack (a root-to-leaf frame list), filters in the order pushed:
 *  - include RE: keep the stack only if at least one of its frames matches RE;
 *  - exclude RE: drop the stack if any of its frames matches RE;
 *  - hide RE:    remove the matching frames from the stack; identical stacks merge.
 *    A filter sees the frames left by the hides pushed before it (a hide pushed later
 *    does not affect an earlier include/exclude). A stack that had frames and has none
 *    left after hiding disappears.
 *  - reverse: applied after all filters; every surviving stack is reversed (leaf
 *    first) and merged, as flamegraph.pl --reverse. Sample counts are preserved.
 * Each distinct name is matched once per filter (a byte cache per name id, extended
 * incrementally when the strtab grew), never once per node.
 * Ownership: a view owns its compiled regexes and copies of the patterns. */
#ifndef FLAMETUI_VIEW_H
#define FLAMETUI_VIEW_H
#include <stdbool.h>
#include <stddef.h>


enum filter_kind { FILTER_INCLUDE, FILTER_EXCLUDE, FILTER_HIDE };

struct filter_opt {
    enum filter_kind kind;
    const char *re;        /* a regex (smartcase, see regex.h) */
};
#include "core/util.h"

struct trie;
struct view;

#define VIEW_MAX_FILTERS 64

struct view *view_new(void);
void view_free(struct view *v);                 /* NULL is a no-op */

/* Compiles re and appends a filter. Returns 0, or -1 with err set (invalid regex, or
 * more than VIEW_MAX_FILTERS); the list is unchanged on error. */
int view_push_filter(struct view *v, enum filter_kind kind, const char *re,
                     struct ft_error *err);
/* Removes the last filter (undo). Returns false when there was none. */
bool view_pop_filter(struct view *v);
void view_clear_filters(struct view *v);        /* removes all filters (not reverse) */
size_t view_filter_count(const struct view *v);
enum filter_kind view_filter_kind(const struct view *v, size_t i);
const char *view_filter_pattern(const struct view *v, size_t i);
void view_set_reverse(struct view *v, bool reverse);
bool view_reverse(const struct view *v);
/* True when there are no filters and no reverse: view_build would copy the base, so a
 * caller may display the base trie itself. */
bool view_is_identity(const struct view *v);
/* Appends a short description for the title line to out (not NUL-terminated by itself;
 * use buf_putc(out, 0) if needed): "include:RE exclude:RE hide:RE reverse", separated
 * by single spaces; nothing when identity. "include" etc. are the words used. A filter
 * whose regex gave up (regex_too_expensive) is followed by " (pattern too expensive)". */
void view_describe(const struct view *v, struct buf *out);
/* The pattern of the first filter whose regex gave up (regex_too_expensive) while a
 * view was built, or NULL: its stacks would be wrong. */
const char *view_too_expensive(const struct view *v);

/* Builds a new trie from base: trie_new(trie_names(base)) (shares the base strtab, so
 * name ids are the same in both; base must outlive the result). base is not modified.
 * Cannot fail (OOM dies). Cost: a few sequential passes over base's nodes; every
 * derived node is appended with no lookup (the derived trie's lookup table is built by
 * its first lookup), except with hidden frames under a derived node that gets children
 * from more than one base node (hidebuild.h): those are looked up in a map; reversed,
 * one step per frame of each kept stack, level by level (revbuild.h). The node array
 * is reserved at once. Temporary memory about 6 bytes per base node (14 with include
 * filters; with hides about 6, plus 32 per looked-up node and 8 per name; reversed: 1,
 * plus about 48 per kept stack). The caller frees the result. */
struct trie *view_build(struct view *v, struct trie *base);

/* True when the filters cannot change base: there is no include filter and no name of
 * base's strtab matches an exclude or a hide filter (names are matched once, as for
 * view_build). view_build would then give a copy of base (same stacks, same counts), so
 * a caller may use base itself. After base grew, ask again: a new name may match. */
bool view_keeps_all(struct view *v, const struct trie *base);

/* Live mode. With tracking on, view_build keeps per-node state (about 13 bytes per base
 * node, 21 with include filters, 9 reversed) so that view_update can apply the base's
 * growth instead of rebuilding. Off by default; turning it off frees the state. */
void view_track(struct view *v, bool on);
/* Applies to derived (the result of the last view_build(v, base), not modified since)
 * what was added to base since that build or the last update: new stacks and new
 * samples of old stacks. Returns true when derived is up to date (possibly with nothing
 * to do); false, doing nothing, when it cannot: tracking off, another base or derived,
 * or the filters / reverse changed since the build; then call view_build. Cost: one
 * scan of base's nodes plus the work for what changed. */
bool view_update(struct view *v, struct trie *base, struct trie *derived);

/* Share of base's samples present in derived (a result of view_build on base), in
 * [0, 1]: what the status line shows as "the filters keep X%". 1.0 when base has no
 * samples. */
double view_share(const struct trie *base, const struct trie *derived);
#endif
