/* SPDX-License-Identifier: MIT */
/* flametui - outpaths.c: see outpaths.h. */
#include "config.h"

#include "ui/outpaths.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/atomic_file.h"

void outpaths_take_fd(int fd, const char *what)
{
    struct stat st;
    if (fstat(fd, &st) == 0)
        atomic_file_protect(&st, what);
}

/* Where an output goes: an existing file (dev, ino), or a missing name (dev and ino of
 * its directory, and name). */
struct place {
    dev_t dev;
    ino_t ino;
    char *name;
};

/* The directory part of the file name p ("." when there is none), into dir. */
static void dir_of(const char *p, struct buf *dir)
{
    const char *slash = strrchr(p, '/');
    dir->len = 0;
    if (!slash)
        buf_putc(dir, '.');
    else
        buf_append(dir, p, slash == p ? 1 : (size_t)(slash - p));
    buf_putc(dir, '\0');
}

/* Fills pl for the file output o writes (a missing name: in an existing, writable
 * directory). OUTPATHS_OK, or OUTPATHS_CANNOT with err set. */
static int locate(const struct outpath *o, struct place *pl, struct ft_error *err)
{
    struct buf tgt = {0}, dir = {0};
    struct stat st, dst;
    const char *why = NULL;
    int rc = OUTPATHS_CANNOT;
    if (!atomic_file_target(o->path, &tgt)) {
        why = errno == ENOENT ? "a symbolic link to a missing file" : strerror(errno);
        goto out;
    }
    dir_of(tgt.p, &dir);
    int dir_err = access(dir.p, W_OK | X_OK) == 0 ? 0 : errno;
    if (stat(tgt.p, &st) == 0) {
        if ((why = atomic_file_kind(st.st_mode)) != NULL)
            goto out;
        if (dir_err && access(tgt.p, W_OK) < 0) {
            why = strerror(errno);
            goto out;
        }
        *pl = (struct place){st.st_dev, st.st_ino, NULL};
    } else if (errno == ENOENT) {
        if (stat(dir.p, &dst) < 0 || dir_err) {
            why = strerror(dir_err ? dir_err : errno);
            goto out;
        }
        const char *slash = strrchr(tgt.p, '/');
        *pl = (struct place){dst.st_dev, dst.st_ino, xstrdup(slash ? slash + 1 : tgt.p)};
    } else {
        why = strerror(errno);
        goto out;
    }
    rc = OUTPATHS_OK;
out:
    if (why)
        ft_error_set(err, 0, "cannot write %s (%s): %s", o->path, o->what, why);
    buf_fini(&tgt);
    buf_fini(&dir);
    return rc;
}

static bool same_place(const struct place *a, const struct place *b)
{
    return a->dev == b->dev && a->ino == b->ino && !a->name == !b->name &&
           (!a->name || !strcmp(a->name, b->name));
}

static void record_inputs(char *const *inputs, size_t nin)
{
    for (size_t i = 0; i < nin; i++) {
        struct stat st;
        int r = strcmp(inputs[i], "-") ? stat(inputs[i], &st) : fstat(STDIN_FILENO, &st);
        if (r == 0)
            atomic_file_protect(&st, "an input");
    }
}

int outpaths_check(const struct outpath *outs, size_t nout, char *const *inputs, size_t nin,
                   struct ft_error *err)
{
    struct place *pl = xcalloc(nout ? nout : 1, sizeof *pl);
    int rc = OUTPATHS_OK;
    record_inputs(inputs, nin);
    for (size_t i = 0; i < nout && rc == OUTPATHS_OK; i++) {
        if (!outs[i].path)
            continue;
        if ((rc = locate(&outs[i], &pl[i], err)) != OUTPATHS_OK)
            break;
        struct stat st = {.st_dev = pl[i].dev, .st_ino = pl[i].ino};
        if (!pl[i].name && atomic_file_protected(&st)) {
            ft_error_set(err, 0, "%s (%s) is one of the inputs: not overwritten",
                         outs[i].path, outs[i].what);
            rc = OUTPATHS_CLASH;
        }
        for (size_t k = 0; k < i && rc == OUTPATHS_OK; k++)
            if (outs[k].path && same_place(&pl[k], &pl[i])) {
                ft_error_set(err, 0, "%s: %s and %s are the same file", outs[i].path,
                             outs[k].what, outs[i].what);
                rc = OUTPATHS_CLASH;
            }
    }
    for (size_t i = 0; i < nout; i++)
        free(pl[i].name);
    free(pl);
    return rc;
}
