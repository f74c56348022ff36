/* SPDX-License-Identifier: MIT */
/* flametui - highlight.c: the `#` key. Highlights every frame of the selected function
 * by setting the search to the exact name, "(?-i)^NAME$" with NAME escaped (regex
 * metacharacters by a backslash, other bytes outside printable ASCII as \xHH: the regex
 * is in byte mode, see query/regex.h). So n/N step through the function's frames, the
 * `/` prompt shows the pattern, and the search's "match P%" is the function's share of
 * the samples, each stack counted once (as flamelens shows it). A search made by `#` is
 * marked as such (a->search_hl): `#` on the same function again, or Esc, clears it. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"
#include "query/search.h"
#include "ui/state.h"

#define HL_PREFIX "(?-i)^"

static void escape_name(struct buf *out, const char *name, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    buf_append(out, HL_PREFIX, sizeof(HL_PREFIX) - 1);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c >= 0x7f) {
            char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            buf_append(out, e, 4);
            continue;
        }
        if (strchr("\\^$.|?*+()[]{}#", c))
            buf_putc(out, '\\');
        buf_putc(out, (char)c);
    }
    buf_append(out, "$", 2);   /* with the NUL */
}

bool highlight_active(const struct app *a)
{
    return a->search && a->search_hl;
}

enum reaction highlight_clear(struct app *a)
{
    app_set_search(a, NULL, NULL);
    app_message(a, "highlight cleared");
    return RE_REDRAW;
}

enum reaction highlight_toggle(struct app *a)
{
    if (a->sel == TRIE_ROOT || a->sel == TRIE_NONE) {
        app_message(a, "select a function first");
        return RE_REDRAW;
    }
    size_t len;
    const char *name = trie_label(a->t, a->sel, &len);
    struct buf pat = {0};
    escape_name(&pat, name, len);
    if (a->search && strcmp(search_pattern(a->search), pat.p) == 0) {
        buf_fini(&pat);
        return highlight_clear(a);
    }
    struct ft_error err = {0};
    int rc = app_set_search(a, pat.p, &err);
    a->search_hl = rc == 0;
    buf_fini(&pat);
    if (rc < 0) {   /* cannot happen for an escaped name; say so if it does */
        app_message(a, "cannot highlight: %s", err.msg);
        return RE_REDRAW;
    }
    size_t frames = search_match_nodes(a->search);
    app_message(a, "# %zu frame%s of this function: %.1f%% of all samples (each stack once)",
                frames, frames == 1 ? "" : "s", 100.0 * search_share(a->search, TRIE_ROOT));
    return RE_REDRAW;
}
