/* SPDX-License-Identifier: MIT */
/* flametui - names.h: short forms of frame names, for display only. PURE: no curses, no I/O.
 * The short form says which function a frame is in few columns:
 *   C++:  template arguments and non-empty parameter lists folded, inline namespaces
 *         (__cxx11, __1) dropped, "(anonymous namespace)" as "(anon)", ABI tags dropped:
 *         std::__detail::_Executor<...long...>::_M_dfs -> std::__detail::_Executor<…>::_M_dfs
 *   Rust: the same, plus the legacy hash (::h0123456789abcdef) and v0 crate
 *         disambiguators (core[c1f1a4ba060b9bfa]) dropped; a qualified self
 *         <alloc::vec::Vec<T> as core::iter::Iterator>::next keeps the last part of each
 *         path: <Vec<…> as Iterator>::next; a turbofish ::<T> folds into ::<…>
 *   both: a chain of more than 4 components keeps the last 3: …::sort::stable::quicksort
 *   Java: packages abbreviated to their first letter, in perf-map form
 *         ("java.lang.String Bench.buildReport" -> "j.l.String Bench.buildReport"), dotted
 *         (java.lang.Thread.run -> j.l.Thread.run) and slashed (java/lang/Thread.run)
 *   Go:   the import path's directories dropped (encoding/json.(*encodeState).marshal ->
 *         json.(*encodeState).marshal), generic instantiations [...] folded
 * Anything else ([unknown], C names, file names, python frames) is left as it is. A
 * trailing stackcollapse annotation (_[k] _[j] _[i] ...) is kept at the end unchanged.
 * The short form only removes or replaces whole ASCII-delimited parts, so it never splits
 * a UTF-8 character; it is raw bytes like the name (show it through label.h).
 * Search, filters, --collapse and --top never see short forms. */
#ifndef FLAMETUI_NAMES_H
#define FLAMETUI_NAMES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

struct strtab;
struct names;

/* Appends the short form of name[0..len) to out (no NUL) and returns the offset, from the
 * start of what was appended, of its last component (the method: what must survive a
 * cut; 0 when the name has no qualifier). ascii: "..." instead of "…" (U+2026). */
size_t names_shorten(const char *name, size_t len, bool ascii, struct buf *out);

/* A cache of short forms per name id (names are interned: each is made once). */
struct names *names_new(bool ascii);
void names_free(struct names *n);   /* NULL is a no-op */
/* The short form of name id of st (NUL-terminated; valid until the next call that adds a
 * name to the cache or names_free); *len its length, *tail (may be NULL) the offset of
 * its last component. A different st than the last call's empties the cache first. */
const char *names_get(struct names *n, const struct strtab *st, uint32_t id, size_t *len,
                      size_t *tail);

/* Appends the safe, printable text s[0..n) (one line, no '\n') as lines of at most cols
 * columns, each ending in '\n', the lines after the first indented by hang columns: a
 * line breaks after the last space, "::", '<', ',', '.' or '/' that fits, inside a word
 * only when none does; the lines joined give s back (hang aside). cols <= hang: as if
 * hang were 0. */
void names_wrap(struct buf *out, const char *s, size_t n, int cols, int hang);
#endif
