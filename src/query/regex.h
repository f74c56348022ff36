/* SPDX-License-Identifier: MIT */
/* flametui - regex.h: PCRE2 regular expressions over frame names (byte strings).
 * The only module that includes <pcre2.h> (8-bit code units, JIT when available, the
 * interpreter otherwise). Does not know about tries or views; regex_match_names() is the
 * one helper that walks a strtab.
 *
 * Semantics (contract):
 *  - Byte mode: PCRE2_UTF is OFF. Patterns and names are byte strings; a non-ASCII
 *    character matches as its UTF-8 byte sequence, `.` matches one byte, `\xff` matches
 *    the byte 0xff. Names may hold any byte (NUL, invalid UTF-8): matching never fails
 *    on them. Case folding is ASCII only.
 *  - Unanchored search: "idle" matches "cpu_idle"; use ^...$ for whole names.
 *  - Smartcase: a pattern with no ASCII uppercase letter outside escapes matches
 *    case-insensitively (PCRE2_CASELESS). Not counted as uppercase: the letter after a
 *    backslash (\S \W \D \B \Z \Q \E \A \G \K \N \R \X \H \V \C \P \E ...), the braced
 *    or bracketed argument of \p \P \x \o \N \g \k, the character after \c, group names
 *    in (?<Name> (?'Name' (?P<Name> (?P=Name) (?P>Name) (?&Name), option letters such as
 *    (?U) / (?i:...), and backtracking verbs (*SKIP) (*UTF). Letters inside \Q...\E and
 *    in character classes ([A-Z]) DO count.  Inline (?i) / (?-i) still apply as written.
 *  - A match that hits PCRE2's match or depth limit (catastrophic backtracking) counts
 *    as "no match" and makes the pattern "too expensive" (regex_too_expensive): from
 *    then on nothing matches, so one name costs bounded time and a run of names stops
 *    at the first such name. regex_match_names also gives up (too expensive) once it
 *    spent 30 ms on the regex at more than 20 us per name. Matching never fails.
 *  - The empty pattern compiles and matches every name.
 * Not thread-safe: one struct regex owns one match-data block. */
#ifndef FLAMETUI_REGEX_H
#define FLAMETUI_REGEX_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

struct regex;
struct strtab;

/* Compiles pattern (NUL-terminated). Returns a new regex, or NULL with err->msg set to
 * PCRE2's message and the offset, e.g. "missing closing parenthesis at offset 4"
 * (err->line is 0). */
struct regex *regex_new(const char *pattern, struct ft_error *err);
void regex_free(struct regex *re);                     /* NULL is a no-op */
/* True when s[0..len) contains a match. s may hold any byte and need not end in NUL. */
bool regex_match(struct regex *re, const char *s, size_t len);
const char *regex_pattern(const struct regex *re);     /* the pattern as given */
bool regex_caseless(const struct regex *re);           /* smartcase chose caseless */
bool regex_jit(const struct regex *re);                /* JIT compiled (else interpreter) */
/* True once a match hit a limit or the time budget (see the top): the matches are not
 * to be trusted; callers say "pattern too expensive". */
bool regex_too_expensive(const struct regex *re);
/* The smartcase rule above: true when pattern has no uppercase letter that counts. */
bool regex_smartcase_lower(const char *pattern);
/* Matches names [from, to) of s (to is clamped to strtab_count(s)) and sets
 * out[id] = 1 for matching ids, 0 for the others; out must have room for `to` bytes.
 * Returns the number of matching ids in [from, to). */
size_t regex_match_names(struct regex *re, const struct strtab *s, size_t from, size_t to,
                         unsigned char *out);
#endif
