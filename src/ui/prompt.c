/* SPDX-License-Identifier: MIT */
/* flametui - prompt.c: the prompt overlay of every screen. Whoever opens it gives its
 * label and what Enter does (struct prompt_ops); accepted lines go into the history
 * when the prompt keeps one. Backspace on an empty line leaves the prompt, as in less
 * and vim. The search prompt is here: it highlights while typing, Esc restores the
 * search before it, Enter on an empty line clears it, and the screen says what a new
 * search does there (its searched op). Pure. */
#include "config.h"

#include "ui/prompt.h"

#include <stdlib.h>
#include <string.h>

#include "query/search.h"
#include "ui/history.h"
#include "ui/lineedit.h"
#include "ui/state.h"

enum reaction prompt_open(struct app *a, const struct prompt_ops *p)
{
    a->prompt = p;
    lineedit_set(&a->le, p->initial);
    a->msg[0] = '\0';
    return RE_REDRAW;
}

static enum reaction edited(struct app *a, const struct prompt_ops *p, enum prompt_edit how)
{
    return (p->edit ? p->edit(a, how) : RE_NONE) | RE_REDRAW;
}

enum reaction prompt_key(struct app *a, int key)
{
    const struct prompt_ops *p = a->prompt;
    bool empty = lineedit_text(&a->le)[0] == '\0';
    switch (lineedit_key(&a->le, key)) {
    case LE_NONE:
        if (empty && (key == FT_KEY_BACKSPACE || key == 127 || key == 8)) { /* less, vim */
            a->prompt = PROMPT_NONE;
            return edited(a, p, PROMPT_CANCELLED);
        }
        return RE_NONE;
    case LE_MOVED:
        return RE_REDRAW;
    case LE_CHANGED:
        return edited(a, p, PROMPT_TYPED);
    case LE_CANCEL:
        a->prompt = PROMPT_NONE;
        return edited(a, p, PROMPT_CANCELLED);
    case LE_ACCEPT:
        a->prompt = PROMPT_NONE;
        if (p->history)
            history_accepted(a, lineedit_text(&a->le));
        return p->accept(a, lineedit_text(&a->le)) | RE_REDRAW;
    }
    return RE_NONE;
}

/* ---- the search prompt ---- */

static enum reaction search_open_saved(struct app *a)
{
    free(a->search_saved);
    a->search_saved = a->search ? xstrdup(search_pattern(a->search)) : NULL;
    a->search_saved_hl = a->search_hl;
    return RE_NONE;
}

/* Typing: the search follows the line (an invalid regex keeps the last valid one);
 * Esc: the search before the prompt opened. */
static enum reaction search_edit(struct app *a, enum prompt_edit how)
{
    if (how == PROMPT_CANCELLED) {
        app_set_search(a, a->search_saved, NULL);
        a->search_hl = a->search && a->search_saved_hl;
        return RE_RELAYOUT;
    }
    if (app_set_search(a, lineedit_text(&a->le), NULL) < 0)
        return RE_NONE;
    const struct screen_ops *o = state_ops(a);
    return o->searched ? o->searched(a, false) : RE_NONE;
}

static enum reaction search_accept(struct app *a, const char *text)
{
    struct ft_error err = {0, ""};
    if (!*text) {
        if (!a->search)
            return RE_REDRAW;
        app_set_search(a, NULL, NULL);
        app_message(a, "search cleared");
        return RE_RELAYOUT;
    }
    if (app_set_search(a, text, &err) < 0) {
        app_message(a, "invalid regex: %s", err.msg);
        return RE_NONE;
    }
    const struct screen_ops *o = state_ops(a);
    return o->searched ? o->searched(a, true) : RE_NONE;
}

static const struct prompt_ops prompt_search = {"/", NULL, true, search_edit, search_accept};

enum reaction prompt_open_search(struct app *a)
{
    search_open_saved(a);
    return prompt_open(a, &prompt_search);
}
