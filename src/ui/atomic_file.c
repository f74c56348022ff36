/* SPDX-License-Identifier: MIT */
/* flametui - atomic_file.c: see atomic_file.h. */
#include "config.h"

#include "ui/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct protected {
    dev_t dev;
    ino_t ino;
    const char *what;
} *prot;
static size_t nprot, protcap;

void atomic_file_protect(const struct stat *st, const char *what)
{
    FT_GROW(prot, protcap, nprot + 1);
    prot[nprot++] = (struct protected){st->st_dev, st->st_ino, what};
}

const char *atomic_file_protected(const struct stat *st)
{
    for (size_t i = 0; i < nprot; i++)
        if (prot[i].dev == st->st_dev && prot[i].ino == st->st_ino)
            return prot[i].what;
    return NULL;
}

const char *atomic_file_kind(mode_t mode)
{
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    return "not a regular file";
}

/* "~/x" -> "$HOME/x" into out (NUL-terminated). */
static void expand_home(struct buf *out, const char *path)
{
    const char *home = getenv("HOME");
    out->len = 0;
    if (path[0] == '~' && path[1] == '/' && home && *home) {
        buf_printf(out, "%s%s", home, path + 1);
    } else {
        buf_append(out, path, strlen(path));
    }
    buf_putc(out, '\0');
}

bool atomic_file_target(const char *path, struct buf *out)
{
    struct stat st;
    expand_home(out, path);
    if (lstat(out->p, &st) < 0 || !S_ISLNK(st.st_mode))
        return true;
    char *real = realpath(out->p, NULL);
    if (!real)
        return false;
    out->len = 0;
    buf_append(out, real, strlen(real));
    buf_putc(out, '\0');
    free(real);
    return true;
}

/* The new contents by fn into the open file fd (taken over, closed), synced; in place
 * (a file that existed): cut to the new length. 0, or -1 with errno set. */
static int fill(int fd, bool in_place, int (*fn)(FILE *f, void *ctx), void *ctx)
{
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    errno = 0;
    int rc = fn(f, ctx) < 0 || fflush(f) != 0 || ferror(f) ? -1 : 0;
    if (rc == 0 && in_place) {
        off_t end = ftello(f);
        rc = end < 0 || ftruncate(fileno(f), end) < 0 ? -1 : 0;
    }
    if (rc == 0 && fsync(fileno(f)) < 0 && errno != EINVAL)
        rc = -1;
    int e = errno ? errno : EIO;
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        e = errno;
    }
    errno = e;
    return rc;
}

/* Rewrites the existing file dst in place (not atomic). */
static int write_in_place(const char *path, const char *dst, const struct stat *old,
                          int (*fn)(FILE *f, void *ctx), void *ctx, struct ft_error *err)
{
    int fd = open(dst, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_dev != old->st_dev || st.st_ino != old->st_ino) {
        int e = fd < 0 ? errno : EAGAIN;   /* replaced meanwhile: try again */
        if (fd >= 0)
            close(fd);
        return ft_error_set(err, 0, "cannot write %s: %s", path, strerror(e));
    }
    if (fill(fd, true, fn, ctx) < 0)
        return ft_error_set(err, 0, "cannot write %s: %s (written in place: the file is damaged)",
                            path, strerror(errno));
    return 0;
}


int atomic_file_write(const char *path, mode_t mode, int (*fn)(FILE *f, void *ctx),
                      void *ctx, struct ft_error *err)
{
    struct buf dst = {0}, tmp = {0};
    int rc = -1, fd = -1;
    struct stat st;
    bool exists = false;
    if (!atomic_file_target(path, &dst)) {
        ft_error_set(err, 0, "cannot write %s: %s", path,
                     errno == ENOENT ? "a symbolic link to a missing file" : strerror(errno));
        goto out;
    }
    const char *slash = strrchr(dst.p, '/');
    size_t dirlen = slash ? (size_t)(slash - dst.p) + 1 : 0;
    if (!dst.p[dirlen]) {
        ft_error_set(err, 0, "%s: not a file name", path);
        goto out;
    }
    if (stat(dst.p, &st) == 0) {
        const char *why = atomic_file_kind(st.st_mode), *taken = atomic_file_protected(&st);
        if (why || taken) {
            ft_error_set(err, 0, "cannot write %s: it is %s, not replaced", path,
                         why ? why : taken);
            goto out;
        }
        exists = true;
        mode = st.st_mode & 07777;
    } else {
        mode_t um = umask(0);
        umask(um);
        mode &= ~um;
    }
    if (exists && st.st_nlink > 1) {   /* a rename would cut the other links off */
        rc = write_in_place(path, dst.p, &st, fn, ctx, err);
        goto out;
    }
    buf_append(&tmp, dst.p, dirlen);
    buf_printf(&tmp, ".%s.XXXXXX", dst.p + dirlen);
    buf_putc(&tmp, '\0');
    fd = mkostemp(tmp.p, O_CLOEXEC);
    if (fd < 0 && (errno == EACCES || errno == EPERM) && exists && access(dst.p, W_OK) == 0) {
        /* a directory we cannot write */
        rc = write_in_place(path, dst.p, &st, fn, ctx, err);
        goto out;
    }
    if (fd < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    if (exists && fchown(fd, st.st_uid, st.st_gid) < 0 && errno == EPERM &&
        access(dst.p, W_OK) == 0) {   /* another user's file: a rename would take it */
        close(fd);
        unlink(tmp.p);
        rc = write_in_place(path, dst.p, &st, fn, ctx, err);
        goto out;
    }
    if (fchmod(fd, mode) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        goto fail;
    }
    if (fill(fd, false, fn, ctx) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path,
                     errno == ECANCELED ? "interrupted, not written" : strerror(errno));
        goto fail;
    }
    if (rename(tmp.p, dst.p) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    rc = 0;
    goto out;
fail:
    unlink(tmp.p);
out:
    buf_fini(&dst);
    buf_fini(&tmp);
    return rc;
}
