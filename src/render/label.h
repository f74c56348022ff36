/* SPDX-License-Identifier: MIT */
/* flametui - label.h: safe, measured, truncated frame labels. PURE: no curses, no I/O.
 * Raw name bytes become displayable text in which every byte that could act on a
 * terminal is a visible escape: C0 controls, ESC, DEL, C1 controls (U+0080..U+009F),
 * invalid or overlong UTF-8, surrogates, and code points that wcwidth() calls
 * non-printable or zero-width (bidi overrides, ZWJ, variation selectors...), except the
 * combining marks of the common scripts (U+0300.., Mn/Me) after another character, which
 * stay text of width 0 (at the very start of a name a mark is escaped). An escape
 * shows each raw byte of the character as `\xNN` (lower-case hex, 4 columns per byte).
 * A backslash in a name stays a plain backslash (display text, not a round-trip format).
 * Widths come from wcwidth() of the current LC_CTYPE (call setlocale() first).
 * In a locale whose charset is not UTF-8 (the C locale) every byte >= 0x80 is escaped,
 * so the output is plain printable ASCII there (LABEL_ASCII).
 * Truncation follows flamegraph.pl: the longest prefix that fits followed by "..",
 * never splitting a multibyte character or an escape; nothing at all when fewer than
 * three columns are available and the name does not fit. */
#ifndef FLAMETUI_LABEL_H
#define FLAMETUI_LABEL_H
#include <stddef.h>

#include "core/util.h"

enum label_mode {
    LABEL_AUTO,   /* UTF-8 when nl_langinfo(CODESET) is UTF-8, else ASCII */
    LABEL_UTF8,   /* printable UTF-8 stays as is */
    LABEL_ASCII,  /* every byte >= 0x80 is escaped */
};

/* LABEL_AUTO -> LABEL_UTF8 or LABEL_ASCII from the current locale; others unchanged. */
enum label_mode label_mode_resolve(enum label_mode m);

/* Columns that the safe form of name[0..len) takes. */
int label_width(const char *name, size_t len, enum label_mode m);

/* Appends the whole safe form of name[0..len) to out (no NUL); returns its columns. */
int label_escape(struct buf *out, const char *name, size_t len, enum label_mode m);

/* Appends the safe form truncated to at most cols columns (see the top of this file);
 * returns the columns appended (<= cols; may be less than cols when a wide character
 * or an escape does not fit: the caller pads). cols <= 0 appends nothing. No NUL. */
int label_fit(struct buf *out, const char *name, size_t len, int cols, enum label_mode m);

/* Like label_fit, for a name whose last component starts at byte tail (names.h): when the
 * name does not fit but "…" + its last component does, the name is cut from the LEFT
 * ("…" + as much of its right end as fits; ".." instead of "…" in LABEL_ASCII), so the
 * method survives; when even "…" + the last component is too wide, label_fit of the last
 * component alone (never a cut "std::__d.."); tail 0: as label_fit.
 * Names longer than LABEL_TAIL_MAX bytes are always label_fit (O(cols), as for every label). */
#define LABEL_TAIL_MAX ((size_t)4096)
int label_fit_tail(struct buf *out, const char *name, size_t len, size_t tail, int cols,
                   enum label_mode m);
/* The length of name[0..len) without a frame-kind suffix "_[k]" (kernel), "_[j]" (JIT)
 * or "_[i]" (inlined), as flamegraph.pl drops them for display (--collapse keeps them). */
size_t label_strip_kind(const char *name, size_t len);

/* Whether a line of cols columns shows a right-aligned part rw columns wide: only when
 * it leaves the left part half the line (the title's and status line's painter drops it
 * otherwise; the status line's fitting asks the same before choosing its forms). */
bool label_right_fits(int cols, int rw);
/* For an already safe UTF-8 string s[0..len) (from label_escape): appends the part
 * that starts skip columns in and is at most cols columns wide, never splitting a
 * character (a wide character cut by either edge is left out). Returns the columns
 * appended. For scrolling a long name in the status line. */
int label_slice(struct buf *out, const char *s, size_t len, int skip, int cols);
/* Decodes one UTF-8 sequence at p[0..n) (n > 0); returns its length, or 0 when invalid
 * (truncated, overlong, surrogate, beyond U+10FFFF, stray continuation byte). */
size_t label_utf8_decode(const unsigned char *p, size_t n, unsigned long *cp);
#endif
