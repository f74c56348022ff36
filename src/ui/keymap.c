/* SPDX-License-Identifier: MIT */
/* flametui - keymap.c: action table lookups and the generated help screen. */
#include "config.h"

#include "ui/keymap.h"

#include <string.h>

static const struct {
    const char *name, *keys;
    unsigned screens;
    const char *help;
} actions[] = {
#define X(id, keys, screens, help) {#id, keys, screens, help},
    ACTION_TABLE(X)
#undef X
};

static const struct {
    const char *name;
    int key;
} named_keys[] = {
    {"Up", FT_KEY_UP},       {"Down", FT_KEY_DOWN},         {"Left", FT_KEY_LEFT},
    {"Right", FT_KEY_RIGHT}, {"Enter", FT_KEY_ENTER},       {"Backspace", FT_KEY_BACKSPACE},
    {"Esc", FT_KEY_ESC},     {"Space", ' '},                {"PgUp", FT_KEY_PGUP},
    {"PgDn", FT_KEY_PGDN},   {"Home", FT_KEY_HOME},         {"End", FT_KEY_END},
    {"Delete", FT_KEY_DELETE},
    {"Tab", '\t'},
};

const char *keymap_name(enum action a)
{
    return a >= 0 && a < ACT_COUNT ? actions[a].name : "NONE";
}

const char *keymap_keys(enum action a)
{
    return a >= 0 && a < ACT_COUNT ? actions[a].keys : "";
}

const char *keymap_help(enum action a)
{
    return a >= 0 && a < ACT_COUNT ? actions[a].help : "";
}

int keymap_parse_key(const char *name, size_t len)
{
    if (len == 1)
        return (unsigned char)name[0];
    if (len == 3 && name[0] == 'C' && name[1] == '-') {
        char c = name[2];
        if (c >= 'a' && c <= 'z')
            return c - 'a' + 1;
        if (c >= 'A' && c <= 'Z')
            return c - 'A' + 1;
        return FT_KEY_NONE;
    }
    for (size_t i = 0; i < FT_ARRAY_LEN(named_keys); i++)
        if (strlen(named_keys[i].name) == len && memcmp(named_keys[i].name, name, len) == 0)
            return named_keys[i].key;
    return FT_KEY_NONE;
}

/* 1 when key is one of the space-separated key names in keys. */
static int has_key(const char *keys, int key)
{
    const char *p = keys;
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if (e > p && keymap_parse_key(p, (size_t)(e - p)) == key)
            return 1;
        p = e;
    }
    return 0;
}

static enum action lookup(int key, unsigned mask)
{
    if (key == FT_KEY_NONE)
        return ACT_NONE;
    for (int a = 0; a < ACT_COUNT; a++)
        if ((actions[a].screens & mask) && has_key(actions[a].keys, key))
            return (enum action)a;
    return ACT_NONE;
}

enum action keymap_lookup(int key)
{
    return lookup(key, SCR_ALL);
}

enum action keymap_lookup_in(int key, enum ui_screen s)
{
    return (unsigned)s < SCREEN_COUNT ? lookup(key, 1u << s) : ACT_NONE;
}

unsigned keymap_screens(enum action a)
{
    return a >= 0 && a < ACT_COUNT ? actions[a].screens : 0;
}

void keymap_help_text(struct buf *out, enum ui_screen s, const char *mouse)
{
    unsigned mask = (unsigned)s < SCREEN_COUNT ? 1u << s : SCR_ALL;
    int w = 0;
    for (int a = 0; a < ACT_COUNT; a++) {
        int n = (int)strlen(actions[a].keys);
        if ((actions[a].screens & mask) && n > w)
            w = n;
    }
    for (int a = 0; a < ACT_COUNT; a++)
        if (actions[a].screens & mask)
            buf_printf(out, "%-*s  %s\n", w, actions[a].keys, actions[a].help);
    buf_printf(out, "%-*s  %s\n", w, "mouse", mouse);
}
