/* SPDX-License-Identifier: MIT */
/* flametui - prompt.c: the prompt overlay of every screen: the search (highlights while
 * typing, Esc restores the search before it, Enter on an empty line clears it) and the
 * include / exclude / hide filters (Enter pushes one on the graph). Backspace on an empty
 * line leaves the prompt, as in less and vim. Pure, like app.c. */
#include "config.h"

#include "ui/app_impl.h"

#include <stdlib.h>
#include <string.h>

#include "query/graph.h"
#include "query/search.h"

const char *prompt_label(enum prompt_kind k)
{
    switch (k) {
    case PROMPT_SEARCH:
        return "/";
    case PROMPT_INCLUDE:
        return "include: ";
    case PROMPT_EXCLUDE:
        return "exclude: ";
    case PROMPT_HIDE:
        return "hide: ";
    case PROMPT_SVG:
        return "SVG file: ";
    case PROMPT_SAVE:
        return "save the view as shown to: ";
    case PROMPT_NONE:
        break;
    }
    return "";
}

enum reaction prompt_open(struct app *a, enum prompt_kind k)
{
    if (k == PROMPT_SEARCH) {
        free(a->search_saved);
        a->search_saved = a->search ? xstrdup(search_pattern(a->search)) : NULL;
    }
    a->prompt = k;
    lineedit_set(&a->le, k == PROMPT_SVG ? export_svg_default : NULL);
    a->msg[0] = '\0';
    return RE_REDRAW;
}

/* The search prompt: accept < 0 Esc, 0 typing, > 0 Enter. */
static enum reaction search_changed(struct app *a, int accept)
{
    struct ft_error err = {0, ""};
    const char *text = lineedit_text(&a->le);
    bool table = app_screen(a) == SCREEN_TABLE;
    if (accept < 0) {
        app_set_search(a, a->search_saved, NULL);
        return RE_RELAYOUT;
    }
    if (accept > 0 && !*text) {
        if (!a->search)
            return RE_REDRAW;
        app_set_search(a, NULL, NULL);
        app_message(a, "search cleared");
        return RE_RELAYOUT;
    }
    if (app_set_search(a, text, &err) < 0) {
        if (accept > 0)
            app_message(a, "invalid regex: %s", err.msg);
        return RE_NONE;             /* while typing: keep the last valid search */
    }
    if (table)
        return accept > 0 && a->search ? table_find(a, false) : RE_REDRAW;
    if (accept > 0 && a->search && search_match_nodes(a->search) == 0)
        app_message(a, "no match for %s", text);
    return RE_RELAYOUT;
}

static enum reaction filter_accept(struct app *a, enum prompt_kind k)
{
    struct ft_error err = {0, ""};
    const char *text = lineedit_text(&a->le);
    if (!*text)
        return RE_REDRAW;
    enum filter_kind fk = k == PROMPT_INCLUDE   ? FILTER_INCLUDE
                          : k == PROMPT_EXCLUDE ? FILTER_EXCLUDE
                                                : FILTER_HIDE;
    if (graph_push_filter(a->graph, fk, text, &err) < 0) {
        app_message(a, "invalid filter: %s", err.msg);
        return RE_REDRAW;
    }
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction app_prompt_key(struct app *a, int key)
{
    enum prompt_kind k = a->prompt;
    bool empty = lineedit_text(&a->le)[0] == '\0';
    switch (lineedit_key(&a->le, key)) {
    case LE_NONE:
        if (empty && (key == FT_KEY_BACKSPACE || key == 127 || key == 8)) { /* less, vim */
            a->prompt = PROMPT_NONE;
            return (k == PROMPT_SEARCH ? search_changed(a, -1) : RE_NONE) | RE_REDRAW;
        }
        return RE_NONE;
    case LE_MOVED:
        return RE_REDRAW;
    case LE_CHANGED:
        return (k == PROMPT_SEARCH ? search_changed(a, 0) : RE_NONE) | RE_REDRAW;
    case LE_CANCEL:
        a->prompt = PROMPT_NONE;
        return (k == PROMPT_SEARCH ? search_changed(a, -1) : RE_NONE) | RE_REDRAW;
    case LE_ACCEPT:
        a->prompt = PROMPT_NONE;
        if (k == PROMPT_SVG)
            return export_svg(a, lineedit_text(&a->le));   /* (no history for file names) */
        if (k == PROMPT_SAVE)
            return keep_prompt_accept(a, k);
        keep_prompt_accept(a, k);   /* the history file */
        return (k == PROMPT_SEARCH ? search_changed(a, 1) : filter_accept(a, k)) | RE_REDRAW;
    }
    return RE_NONE;
}
