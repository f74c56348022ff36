/* SPDX-License-Identifier: MIT */
/* flametui - atomic_file.c: see atomic_file.h. */
#include "config.h"

#include "ui/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int atomic_file_write(const char *path, mode_t mode, int (*fn)(FILE *f, void *ctx),
                      void *ctx, struct ft_error *err)
{
    struct buf dst = {0}, tmp = {0};
    int rc = -1, fd = -1;
    FILE *f = NULL;
    expand_home(&dst, path);
    const char *slash = strrchr(dst.p, '/');
    size_t dirlen = slash ? (size_t)(slash - dst.p) + 1 : 0;
    if (!dst.p[dirlen]) {
        ft_error_set(err, 0, "%s: not a file name", path);
        goto out;
    }
    buf_append(&tmp, dst.p, dirlen);
    buf_printf(&tmp, ".%s.XXXXXX", dst.p + dirlen);
    buf_putc(&tmp, '\0');
    fd = mkostemp(tmp.p, O_CLOEXEC);
    if (fd < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    struct stat st;
    if (stat(dst.p, &st) == 0 && S_ISREG(st.st_mode)) {
        mode = st.st_mode & 07777;
    } else {
        mode_t um = umask(0);
        umask(um);
        mode &= ~um;
    }
    if (fchmod(fd, mode) < 0 || !(f = fdopen(fd, "w"))) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    fd = -1;
    if (fn(f, ctx) < 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
        goto fail;
    }
    int e = fclose(f);
    f = NULL;
    if (e != 0 || rename(tmp.p, dst.p) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    rc = 0;
    goto out;
fail:
    if (f)
        fclose(f);
    if (fd >= 0)
        close(fd);
    unlink(tmp.p);
out:
    buf_fini(&dst);
    buf_fini(&tmp);
    return rc;
}
