/* SPDX-License-Identifier: MIT */
/* flametui - history.c: see history.h. */
#include "config.h"

#include "ui/history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ui/atomic_file.h"
#include "ui/lineedit.h"
#include "ui/state.h"

void history_read(const char *path, void (*fn)(void *ctx, const char *line), void *ctx)
{
    FILE *f = fopen(path, "re");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    if (!f)
        return;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = '\0';
        if (n > 0 && strlen(line) == (size_t)n)
            fn(ctx, line);
    }
    free(line);
    fclose(f);
}

struct lines {
    char **v;
    size_t n;
};

static void collect(void *ctx, const char *line)
{
    struct lines *l = ctx;
    l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
    l->v[l->n++] = xstrdup(line);
}

static int write_lines(FILE *f, void *ctx)
{
    const struct lines *l = ctx;
    size_t first = l->n > HISTORY_MAX ? l->n - HISTORY_MAX : 0;
    for (size_t i = first; i < l->n; i++)
        if (l->v[i] && fprintf(f, "%s\n", l->v[i]) < 0)
            return -1;
    return 0;
}

/* mkdir -p of the directory part of path, 0700 (XDG: user-only). */
static void make_dirs(const char *path)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        mkdir(p, 0700);
        *s = '/';
    }
    free(p);
}

int history_add(const char *path, const char *line)
{
    struct lines l = {0};
    if (!*line || strchr(line, '\n'))
        return 0;
    history_read(path, collect, &l);
    for (size_t i = 0; i < l.n; i++)
        if (l.v[i] && !strcmp(l.v[i], line)) {
            free(l.v[i]);
            l.v[i] = NULL;
        }
    collect(&l, line);
    /* the bound counts kept lines: drop the moved duplicates first */
    size_t k = 0;
    for (size_t i = 0; i < l.n; i++)
        if (l.v[i])
            l.v[k++] = l.v[i];
    l.n = k;
    make_dirs(path);
    int rc = atomic_file_write(path, 0600, write_lines, &l, NULL);
    for (size_t i = 0; i < l.n; i++)
        free(l.v[i]);
    free(l.v);
    return rc;
}

static void history_line(void *ctx, const char *line)
{
    lineedit_history_add(ctx, line);
}

void history_load(struct app *a, const char *path)
{
    free(a->history);
    a->history = path ? xstrdup(path) : NULL;
    if (a->history)
        history_read(a->history, history_line, &a->le);
}

void history_accepted(struct app *a, const char *line)
{
    if (a->history && history_add(a->history, line) < 0) {
        free(a->history);   /* unwritable: say it once, go on without */
        a->history = NULL;
    }
}
