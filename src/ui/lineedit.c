/* SPDX-License-Identifier: MIT */
/* flametui - lineedit.c: one-line prompt editing model. */
#include "config.h"

#include "ui/lineedit.h"

#include <stdlib.h>
#include <string.h>

#include "ui/keymap.h"

#define HIST_MAX 500   /* = HISTORY_MAX (history.h), the file's bound */

static void terminate(struct lineedit *le)
{
    buf_reserve(&le->text, 1);
    le->text.p[le->text.len] = '\0';
}

void lineedit_init(struct lineedit *le)
{
    memset(le, 0, sizeof(*le));
    terminate(le);
}

void lineedit_fini(struct lineedit *le)
{
    buf_fini(&le->text);
    for (size_t i = 0; i < le->nhist; i++)
        free(le->hist[i]);
    free(le->hist);
    free(le->draft);
    memset(le, 0, sizeof(*le));
}

static void set_text(struct lineedit *le, const char *text)
{
    le->text.len = 0;
    if (text)
        buf_append(&le->text, text, strlen(text));
    le->cur = le->text.len;
    terminate(le);
}

void lineedit_set(struct lineedit *le, const char *text)
{
    set_text(le, text);
    le->hpos = le->nhist;
    free(le->draft);
    le->draft = NULL;
}

const char *lineedit_text(const struct lineedit *le)
{
    return le->text.p ? le->text.p : "";
}

static int is_cont(const struct lineedit *le, size_t i)
{
    return i < le->text.len && ((unsigned char)le->text.p[i] & 0xc0) == 0x80;
}

static size_t prev_char(const struct lineedit *le, size_t i)
{
    if (i == 0)
        return 0;
    i--;
    while (i > 0 && is_cont(le, i))
        i--;
    return i;
}

static size_t next_char(const struct lineedit *le, size_t i)
{
    if (i >= le->text.len)
        return le->text.len;
    i++;
    while (is_cont(le, i))
        i++;
    return i;
}

static void delete_range(struct lineedit *le, size_t a, size_t b)
{
    memmove(le->text.p + a, le->text.p + b, le->text.len - b);
    le->text.len -= b - a;
    le->cur = a;
    terminate(le);
}

static void insert_cp(struct lineedit *le, unsigned cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xc0 | cp >> 6);
        u[1] = (char)(0x80 | (cp & 0x3f));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xe0 | cp >> 12);
        u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        u[2] = (char)(0x80 | (cp & 0x3f));
        n = 3;
    } else {
        u[0] = (char)(0xf0 | cp >> 18);
        u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
        u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
        u[3] = (char)(0x80 | (cp & 0x3f));
        n = 4;
    }
    buf_reserve(&le->text, n + 1);
    memmove(le->text.p + le->cur + n, le->text.p + le->cur, le->text.len - le->cur);
    memcpy(le->text.p + le->cur, u, n);
    le->text.len += n;
    le->cur += n;
    terminate(le);
}

static void push_history(struct lineedit *le)
{
    if (le->text.len == 0)
        return;
    if (le->nhist > 0 && strcmp(le->hist[le->nhist - 1], le->text.p) == 0)
        return;
    if (le->nhist == HIST_MAX) {
        free(le->hist[0]);
        memmove(le->hist, le->hist + 1, (le->nhist - 1) * sizeof(*le->hist));
        le->nhist--;
    }
    le->hist = xreallocarray(le->hist, le->nhist + 1, sizeof(*le->hist));
    le->hist[le->nhist++] = xstrdup(le->text.p);
}

void lineedit_history_add(struct lineedit *le, const char *line)
{
    set_text(le, line);
    push_history(le);
    lineedit_set(le, NULL);
}

static enum le_result history(struct lineedit *le, int dir)
{
    if (dir < 0) {
        if (le->hpos == 0)
            return LE_NONE;
        if (le->hpos == le->nhist) {
            free(le->draft);
            le->draft = xstrdup(lineedit_text(le));
        }
        le->hpos--;
        set_text(le, le->hist[le->hpos]);
    } else {
        if (le->hpos >= le->nhist)
            return LE_NONE;
        le->hpos++;
        set_text(le, le->hpos == le->nhist ? le->draft : le->hist[le->hpos]);
    }
    return LE_CHANGED;
}

enum le_result lineedit_key(struct lineedit *le, int key)
{
    size_t old = le->cur;
    switch (key) {
    case FT_KEY_ENTER:
    case '\r':
    case '\n':
        push_history(le);
        le->hpos = le->nhist;
        return LE_ACCEPT;
    case FT_KEY_ESC:
    case 7: /* C-g */
        le->hpos = le->nhist;
        return LE_CANCEL;
    case FT_KEY_LEFT:
    case 2: /* C-b */
        le->cur = prev_char(le, le->cur);
        return le->cur != old ? LE_MOVED : LE_NONE;
    case FT_KEY_RIGHT:
    case 6: /* C-f */
        le->cur = next_char(le, le->cur);
        return le->cur != old ? LE_MOVED : LE_NONE;
    case FT_KEY_HOME:
    case 1: /* C-a */
        le->cur = 0;
        return le->cur != old ? LE_MOVED : LE_NONE;
    case FT_KEY_END:
    case 5: /* C-e */
        le->cur = le->text.len;
        return le->cur != old ? LE_MOVED : LE_NONE;
    case FT_KEY_BACKSPACE:
    case 8:
    case 127:
        if (le->cur == 0)
            return LE_NONE;
        delete_range(le, prev_char(le, le->cur), le->cur);
        return LE_CHANGED;
    case FT_KEY_DELETE:
    case 4: /* C-d */
        if (le->cur >= le->text.len)
            return LE_NONE;
        delete_range(le, le->cur, next_char(le, le->cur));
        return LE_CHANGED;
    case 21: /* C-u: delete to the start */
        if (le->cur == 0)
            return LE_NONE;
        delete_range(le, 0, le->cur);
        return LE_CHANGED;
    case 11: /* C-k: delete to the end */
        if (le->cur >= le->text.len)
            return LE_NONE;
        le->text.len = le->cur;
        terminate(le);
        return LE_CHANGED;
    case 23: { /* C-w: delete the word before the cursor */
        size_t i = le->cur;
        while (i > 0 && le->text.p[i - 1] == ' ')
            i--;
        while (i > 0 && le->text.p[i - 1] != ' ')
            i--;
        if (i == le->cur)
            return LE_NONE;
        delete_range(le, i, le->cur);
        return LE_CHANGED;
    }
    case FT_KEY_UP:
    case 16: /* C-p */
        return history(le, -1);
    case FT_KEY_DOWN:
    case 14: /* C-n */
        return history(le, 1);
    default:
        if (key >= 0x20 && key != 0x7f && key < 0x110000 && !(key >= 0xd800 && key < 0xe000)) {
            insert_cp(le, (unsigned)key);
            return LE_CHANGED;
        }
        return LE_NONE;
    }
}
