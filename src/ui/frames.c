/* SPDX-License-Identifier: MIT */
/* flametui - frames.c: what the two screens of frames (the graph of the profile and the
 * callers/callees view) share: their keys beyond moves (nav.c), the filter prompts, the
 * mouse, the search's effect, their title part and status line, and the `#` key.
 * `#` highlights every frame of the selected function by setting the search to the
 * exact name, "(?-i)^NAME$" with NAME escaped (regex
 * metacharacters by a backslash, other bytes outside printable ASCII as \xHH: the regex
 * is in byte mode, see query/regex.h). So n/N step through the function's frames, the
 * `/` prompt shows the pattern, and the search's "match P%" is the function's share of
 * the samples, each stack counted once (as flamelens shows it). A search made by `#` is
 * marked as such (a->search_hl): `#` on the same function again, or Esc, clears it. */
#include "config.h"

#include "ui/frames.h"

#include <stdbool.h>
#include <string.h>

#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "ui/diff_status.h"
#include "ui/export.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/prompt.h"
#include "ui/state.h"
#include "ui/text.h"

/* ---- the `#` highlight ---- */

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

/* ---- the filter prompts ---- */

/* Enter in a filter prompt: pushes the filter on the graph. */
static enum reaction filter_accept(struct app *a, enum filter_kind fk, const char *text)
{
    struct ft_error err = {0, ""};
    if (!*text)
        return RE_REDRAW;
    if (graph_push_filter(a->graph, fk, text, &err) < 0) {
        app_message(a, "invalid filter: %s", err.msg);
        return RE_REDRAW;
    }
    return RE_REBUILD | RE_RELAYOUT;
}

static enum reaction include_accept(struct app *a, const char *text)
{
    return filter_accept(a, FILTER_INCLUDE, text);
}

static enum reaction exclude_accept(struct app *a, const char *text)
{
    return filter_accept(a, FILTER_EXCLUDE, text);
}

static enum reaction hide_accept(struct app *a, const char *text)
{
    return filter_accept(a, FILTER_HIDE, text);
}

static const struct prompt_ops include_prompt = {"include: ", NULL, true, NULL, include_accept};
static const struct prompt_ops exclude_prompt = {"exclude: ", NULL, true, NULL, exclude_accept};
static const struct prompt_ops hide_prompt = {"hide: ", NULL, true, NULL, hide_accept};

static enum reaction filter_drop(struct app *a, bool all)
{
    if (!(all ? graph_clear_filters(a->graph) : graph_pop_filter(a->graph))) {
        app_message(a, all ? "no filters" : "no filter to drop");
        return RE_REDRAW;
    }
    app_message(a, all ? "filters cleared" : "last filter removed");
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction frames_action(struct app *a, enum action act)
{
    switch (act) {
    case ACT_TOP:
        return state_open(a, ACT_TOP, 0);
    case ACT_TIME:
        return state_open(a, ACT_TIME, 0);
    case ACT_CHART:
        return state_open(a, ACT_CHART, 0);
    case ACT_TREE:
    case ACT_ANNOTATE:
        if (act == ACT_ANNOTATE && a->sel == TRIE_ROOT) {
            app_message(a, "select a function first");
            return RE_REDRAW;
        }
        return state_open(a, act, trie_name(a->t, a->sel));
    case ACT_HIGHLIGHT_NAME:
        return highlight_toggle(a);
    case ACT_FILTER_INCLUDE:
        return prompt_open(a, &include_prompt);
    case ACT_FILTER_EXCLUDE:
        return prompt_open(a, &exclude_prompt);
    case ACT_FILTER_HIDE:
        return prompt_open(a, &hide_prompt);
    case ACT_EXPORT_SVG:
        return prompt_open(a, &export_prompt);
    case ACT_FILTER_UNDO:
    case ACT_FILTER_CLEAR:
        return filter_drop(a, act == ACT_FILTER_CLEAR);
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return nav_next_match(a, act == ACT_SEARCH_PREV);
    case ACT_DIFF_BASE:
        return diff_toggle(a);
    default:
        return nav_action(a, act);
    }
}

void frames_title(const struct app *a, struct buf *out)
{
    if (a->zoom != TRIE_ROOT) {
        buf_printf(out, "  zoom ");
        state_name(a, trie_name(a->t, a->zoom), -1, out);
    }
}

enum reaction frames_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    if (wheel)
        return nav_wheel(a, wheel);
    return clicks ? nav_click(a, x, y - 1, clicks) : RE_NONE;
}

enum reaction frames_searched(struct app *a, bool entered)
{
    if (entered && a->search && search_match_nodes(a->search) == 0)
        app_message(a, "no match for %s", lineedit_text(&a->le));
    return RE_RELAYOUT;
}

void frames_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                   struct buf *right)
{
    text_fit(a, cols, trie_name(a->t, a->sel), text_frame_info, left, info, right);
}
