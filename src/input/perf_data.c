/* SPDX-License-Identifier: MIT */
/* flametui - perf_data.c: see perf_data.h. fork + exec, no shell. */
#include "config.h"

#include "input/perf_data.h"
#include "input/perfdata.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ARGS 64
#define TAIL_BYTES 4096   /* of perf's stderr, read for the last lines */
#define TAIL_LINES 6

struct perf_data {
    pid_t pid;          /* perf script (or the native reader); 0 once reaped */
    pid_t relay;        /* the copy loop feeding a pipe-mode stdin; 0: none */
    pid_t keeper;       /* the copy loop keeping perf's stderr; 0: none */
    int out;            /* perf's stdout (read end) */
    int err;            /* perf's stderr kept: an unlinked temporary file */
    int errw;           /* the write end of the pipe to the keeper (-1 once given) */
    int status;         /* wait status once reaped */
    bool native;        /* read natively in this process (no child) */
    unsigned char *ahead; /* a pipe's bytes read ahead (prefix included) */
    size_t nahead;
    bool inproc;        /* read in this process: f, a mapped file (no child) */
    struct pd_file f;
    bool stream;        /* perf's pipe format read in this process from out (no child) */
    bool out_borrowed;  /* out is the caller's (standard input): not closed */
    char note[256];     /* why perf script reads it ("": natively, or forced) */
};

bool perf_data_sniff(const void *p, size_t n, bool *pipe_mode)
{
    const unsigned char *b = p;
    if (n < PERF_DATA_MAGIC_LEN)
        return false;
    bool le = !memcmp(b, "PERFILE2", 8), be = !memcmp(b, "2ELIFREP", 8);
    if (!le && !be)
        return false;
    uint64_t size = 0;
    for (int i = 0; i < 8; i++)
        size |= (uint64_t)b[8 + (le ? i : 7 - i)] << (8 * i);
    if (size < 16 || size > 4096)
        return false;   /* not a header size: "PERFILE2 ..." text, say */
    *pipe_mode = size == 16;
    return true;
}

bool perf_data_find(const struct perf_data_opts *o, char *out, size_t n)
{
    const char *perf = o->perf && *o->perf ? o->perf : "perf";
    if (strchr(perf, '/')) {
        snprintf(out, n, "%s", perf);
        return access(perf, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(out, n, "%.*s%s%s", (int)len, path, len ? "/" : "", perf);
        struct stat st;
        if (stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
            return true;
        path += len + (colon ? 1 : 0);
    }
    snprintf(out, n, "%s", perf);
    return false;
}

/* Splits s at blanks into argv[*argc...]; '...' and "..." quote. Returns false if there
 * are too many words. The words live in store (one allocation, caller frees). */
static bool split_words(const char *s, char **argv, int *argc, int max, char **store)
{
    char *w = *store = xmalloc(strlen(s) + 1);
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (*argc >= max)
            return false;
        argv[(*argc)++] = w;
        char q = 0;
        for (; *s && (q || (*s != ' ' && *s != '\t' && *s != '\n')); s++) {
            if (!q && (*s == '\'' || *s == '"'))
                q = *s;
            else if (q && *s == q)
                q = 0;
            else
                *w++ = *s;
        }
        *w++ = '\0';
    }
    return true;
}

/* An unlinked temporary file in $TMPDIR (else /tmp), or -1 with err naming the place. */
static int temp_fd(struct ft_error *err)
{
    const char *dir = getenv("TMPDIR");
    bool env = dir && *dir;
    char path[4096];
    snprintf(path, sizeof path, "%s/flametui-perf.XXXXXX", env ? dir : "/tmp");
    int fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0)
        unlink(path);
    else if (env)
        ft_error_set(err, 0, "cannot create a temporary file in $TMPDIR (%s): %s", dir,
                     strerror(errno));
    else
        ft_error_set(err, 0, "cannot create a temporary file in /tmp: %s", strerror(errno));
    return fd;
}

static bool write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        c += w;
        n -= (size_t)w;
    }
    return true;
}

/* In a child: prefix, then everything from in_fd, into out_fd. */
static bool copy_in(int in_fd, int out_fd, const void *prefix, size_t nprefix)
{
    int fl = fcntl(in_fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK))
        fcntl(in_fd, F_SETFL, fl & ~O_NONBLOCK);
    if (!write_all(out_fd, prefix, nprefix))
        return false;
    static char buf[1 << 16];
    for (;;) {
        ssize_t r = read(in_fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return false;
        if (r == 0)
            return true;
        if (!write_all(out_fd, buf, (size_t)r))
            return false;
    }
}

/* In a child: the default dispositions perf expects, and death with the parent. */
static void child_setup(void)
{
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
}

static void child_fail(const char *what, const char *arg)
{
    char msg[512];
    int n = snprintf(msg, sizeof msg, "cannot %s %s: %s\n", what, arg, strerror(errno));
    if (n > 0)
        write_all(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    _exit(127);
}

/* perf script's command line and where its input comes from */
struct start {
    const char *path;          /* NULL: the input is in_fd */
    int in_fd;
    bool in_regular, pipe_mode;
    const void *prefix;        /* bytes of in_fd read already */
    size_t nprefix;
    char exe[4096];
    char *argv[MAX_ARGS + 12];
    int argc, in_slot;
    char *store;               /* split_words' copy of --perf-args */
};

/* The command line: perf script -i INPUT [--perf-args] [-F +pid[,+srcline]]. */
static bool build_argv(const struct perf_data_opts *o, struct start *s, struct ft_error *err)
{
    s->argv[s->argc++] = s->exe;
    s->argv[s->argc++] = (char *)(uintptr_t)"script";
    s->argv[s->argc++] = (char *)(uintptr_t)"-i";
    const char *input = s->path;
    if (!s->path)   /* NULL: later */
        input = s->in_regular ? "/proc/self/fd/0" : s->pipe_mode ? "-" : NULL;
    s->in_slot = s->argc;
    s->argv[s->argc++] = (char *)(uintptr_t)(input ? input : "");
    int user = s->argc;
    if (o->args && !split_words(o->args, s->argv, &s->argc, user + MAX_ARGS, &s->store))
        return ft_error_set(err, 0, "--perf-args: more than %d words", MAX_ARGS), false;
    bool own_fields = false;
    for (int i = user; i < s->argc; i++)
        if (!strcmp(s->argv[i], "-F") || !strncmp(s->argv[i], "-F", 2) ||
            !strncmp(s->argv[i], "--fields", 8))
            own_fields = true;
    if (!own_fields) {
        /* the perf parser keys on the default output; +pid for --pid (and pid/tid) */
        s->argv[s->argc++] = (char *)(uintptr_t)"-F";
        s->argv[s->argc++] = (char *)(uintptr_t)(o->srcline ? "+pid,+srcline" : "+pid");
    }
    s->argv[s->argc] = NULL;
    return true;
}

/* perf's pipe mode from a pipe: a copy loop (the relay child) puts back the bytes read
 * already; in[0] is perf's end then. */
static bool start_relay(struct perf_data *c, struct start *s, int in[2], struct ft_error *err)
{
    if (pipe2(in, O_CLOEXEC) < 0)
        return ft_error_set(err, 0, "cannot start perf script: %s", strerror(errno)), false;
    c->relay = fork();
    if (c->relay < 0) {
        c->relay = 0;
        return ft_error_set(err, 0, "cannot fork: %s", strerror(errno)), false;
    }
    if (c->relay == 0) {
        child_setup();
        close(in[0]);
        if (c->errw >= 0)
            close(c->errw);
        _exit(copy_in(s->in_fd, in[1], s->prefix, s->nprefix) ? 0 : 1);
    }
    close(in[1]);
    in[1] = -1;
    return true;
}

/* In the perf child: its standard input (in0: the relay's pipe, or -1). */
static void child_stdin(struct start *s, int in0)
{
    if (in0 >= 0) {
        dup2(in0, STDIN_FILENO);
    } else if (!s->path && s->in_regular) {
        if (s->in_fd != STDIN_FILENO)
            dup2(s->in_fd, STDIN_FILENO);
    } else if (!s->path) {
        /* a normal perf.data on a pipe: perf needs a file it can seek in */
        int t = temp_fd(NULL);
        if (t < 0)
            child_fail("create a temporary file in",
                       getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!copy_in(s->in_fd, t, s->prefix, s->nprefix))
            child_fail("copy standard input to", "a temporary file");
        if (dup2(t, STDIN_FILENO) < 0)
            child_fail("dup2", "");
        s->argv[s->in_slot] = (char *)(uintptr_t)"/proc/self/fd/0";
    } else {
        int nul = open("/dev/null", O_RDONLY);
        if (nul >= 0)
            dup2(nul, STDIN_FILENO);
    }
    int fl = fcntl(STDIN_FILENO, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK))
        fcntl(STDIN_FILENO, F_SETFL, fl & ~O_NONBLOCK);
}

/* Forks perf script with stdout on out[1] and stderr on c->err. */
static bool fork_perf(struct perf_data *c, struct start *s, const int out[2], int in0,
                      struct ft_error *err)
{
    c->pid = fork();
    if (c->pid < 0) {
        c->pid = 0;
        return ft_error_set(err, 0, "cannot fork: %s", strerror(errno)), false;
    }
    if (c->pid == 0) {
        child_setup();
        dup2(c->errw, STDERR_FILENO);
        dup2(out[1], STDOUT_FILENO);
        child_stdin(s, in0);
        execv(s->exe, s->argv);
        child_fail("run", s->exe);
    }
    return true;
}

/* In the keeper child: in's bytes into the file fd, the first PERF_DATA_KEEP and the last
 * PERF_DATA_KEEP of them (a perf printing gigabytes of warnings takes no more disk). */
static void keep_stderr(int in, int fd)
{
    static char ring[PERF_DATA_KEEP], b[1 << 14];
    size_t head = 0, rpos = 0, rlen = 0;
    for (;;) {
        ssize_t r = read(in, b, sizeof b);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        size_t n = (size_t)r, i = 0;
        if (head < PERF_DATA_KEEP) {
            size_t h = PERF_DATA_KEEP - head < n ? PERF_DATA_KEEP - head : n;
            write_all(fd, b, h);
            head += h;
            i = h;
        }
        for (; i < n; i++) {
            ring[rpos] = b[i];
            rpos = (rpos + 1) % PERF_DATA_KEEP;
            if (rlen < PERF_DATA_KEEP)
                rlen++;
        }
    }
    size_t from = (rpos + PERF_DATA_KEEP - rlen) % PERF_DATA_KEEP;
    size_t first = PERF_DATA_KEEP - from < rlen ? PERF_DATA_KEEP - from : rlen;
    write_all(fd, ring + from, first);
    write_all(fd, ring, rlen - first);
}

/* The keeper: c->errw is the pipe the child's stderr goes to. */
static bool start_keeper(struct perf_data *c, struct ft_error *err)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0)
        return ft_error_set(err, 0, "cannot start perf script: %s", strerror(errno)), false;
    c->keeper = fork();
    if (c->keeper < 0) {
        c->keeper = 0;
        close(p[0]);
        close(p[1]);
        return ft_error_set(err, 0, "cannot fork: %s", strerror(errno)), false;
    }
    if (c->keeper == 0) {
        child_setup();
        close(p[1]);
        keep_stderr(p[0], c->err);
        _exit(0);
    }
    close(p[0]);
    c->errw = p[1];
    return true;
}

/* The file mapped for the native reader, or NULL with why. */
static void *map_input(const char *path, int in_fd, size_t *len, char *why, size_t n)
{
    int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : in_fd;
    struct stat st;
    void *p = NULL;
    if (fd < 0 || fstat(fd, &st) < 0) {
        snprintf(why, n, "cannot open it: %s", strerror(errno));
    } else if (!S_ISREG(st.st_mode) || st.st_size <= 0) {
        snprintf(why, n, "not a regular file");
    } else {
        p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            snprintf(why, n, "cannot map it: %s", strerror(errno));
            p = NULL;
        }
        *len = (size_t)st.st_size;
    }
    if (path && fd >= 0)
        close(fd);
    return p;
}

/* perf's pipe format on a pipe: prefix, then in_fd read as far as perfdata_pipe_ahead
 * asks (the attrs and event names; with DWARF call graphs, the first round of records),
 * its end, or 64 MiB. */
static unsigned char *read_ahead(int in_fd, const void *prefix, size_t nprefix, size_t *len)
{
    size_t cap = nprefix + (1u << 16), n = nprefix;
    unsigned char *b = xmalloc(cap);
    if (nprefix)
        memcpy(b, prefix, nprefix);
    int fl = fcntl(in_fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK))
        fcntl(in_fd, F_SETFL, fl & ~O_NONBLOCK);
    for (;;) {
        if (perfdata_pipe_ahead(b, n) || n >= (64u << 20))
            break;
        FT_GROW(b, cap, n + (1u << 16));
        ssize_t r = read(in_fd, b + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    *len = n;
    return b;
}

/* Whether the native reader takes the input: true with *f open on the mapping. */
static bool native_ok(const struct perf_data_opts *o, const char *path, int in_fd,
                      bool in_regular, bool pipe_mode, const unsigned char *ahead,
                      size_t nahead, struct pd_file *f, char *why, size_t n)
{
    if (o->args) {
        snprintf(why, n, "--perf-args given");
        return false;
    }
    if (!path && !in_regular && !pipe_mode) {
        snprintf(why, n, "a perf.data on a pipe");
        return false;
    }
    if (!path && !in_regular)
        return perfdata_pipe_check(ahead, nahead, true, why, n);
    size_t len = 0;
    void *p = map_input(path, in_fd, &len, why, n);
    if (!p)
        return false;
    memset(f, 0, sizeof *f);
    if (len >= 16 && !memcmp(p, "PERFILE2", 8) && pd_u64((const unsigned char *)p + 8) == 16) {
        /* perf's pipe format in a file: read from the mapping */
        f->p = p;
        f->len = len;
        if (perfdata_pipe_check(p, len, false, why, n))
            return true;
        munmap(p, len);
        return false;
    }
    if (perfdata_open(f, p, len, why, n) && perfdata_check(f, why, n)) {
        f->srcline = o->srcline;
        return true;
    }
    perfdata_close(f);
    munmap(p, len);
    return false;
}

/* perf's pipe format read in this process: from a pipe (ahead: its bytes read already,
 * in_fd the rest), or a file (f maps it: the mapping goes, the file is read; standard
 * input from where it is, after its bytes read already, prefix[0..nprefix)). */
static struct perf_data *start_stream(const char *path, int in_fd, struct pd_file *f,
                                      unsigned char *ahead, size_t nahead,
                                      const void *prefix, size_t nprefix, bool nonblock,
                                      struct ft_error *err)
{
    if (f->p)
        munmap((void *)(uintptr_t)f->p, f->len);
    perfdata_close(f);
    int fd = in_fd;
    if (!ahead && path) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            ft_error_set(err, 0, "cannot open: %s", strerror(errno));
            return NULL;
        }
    } else if (!ahead && nprefix) {
        ahead = (unsigned char *)xmemdup(prefix, nprefix);
        nahead = nprefix;
        fd = in_fd;
    } else if (ahead && nonblock) {
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    struct perf_data *c = xcalloc(1, sizeof *c);
    c->err = c->errw = -1;
    c->out = fd;
    c->out_borrowed = fd == in_fd;
    c->native = c->stream = true;
    c->ahead = ahead;
    c->nahead = nahead;
    return c;
}

struct perf_data *perf_data_start(const struct perf_data_opts *o, const char *path, int in_fd,
                                  bool in_regular, const void *prefix, size_t nprefix,
                                  bool pipe_mode, bool nonblock, struct ft_error *err)
{
    struct pd_file f;
    memset(&f, 0, sizeof f);
    char why[200] = "";
    size_t nahead = 0;
    unsigned char *ahead = NULL;
    if (o->mode != PERF_DATA_SCRIPT && !path && !in_regular && pipe_mode) {
        ahead = read_ahead(in_fd, prefix, nprefix, &nahead);
        prefix = ahead;
        nprefix = nahead;
    }
    bool native = o->mode != PERF_DATA_SCRIPT &&
                  native_ok(o, path, in_fd, in_regular, pipe_mode, ahead, nahead, &f, why,
                            sizeof why);
    bool pipe_fmt = native && (ahead || !f.nattrs);
    if (!native && o->mode == PERF_DATA_NATIVE) {
        ft_error_set(err, 0, "cannot be read without perf script (--no-perf-script): %s",
                     why);
        free(ahead);
        return NULL;
    }
    if (native && !pipe_fmt) {   /* perf's file format: read here, from the mapping */
        struct perf_data *c = xcalloc(1, sizeof *c);
        c->out = c->err = c->errw = -1;
        c->native = c->inproc = true;
        c->f = f;
        return c;
    }
    if (native)   /* perf's pipe format: read here, from the fd */
        return start_stream(path, in_fd, &f, ahead, nahead, prefix, nprefix, nonblock, err);
    struct start *s = xcalloc(1, sizeof *s);
    *s = (struct start){.path = path, .in_fd = in_fd, .in_regular = in_regular,
                        .pipe_mode = pipe_mode, .prefix = prefix, .nprefix = nprefix};
    if (!native && !perf_data_find(o, s->exe, sizeof s->exe)) {
        if (o->perf && *o->perf)
            ft_error_set(err, 0, "a perf.data file, and --perf=%s is not a program perf can "
                         "be run as", o->perf);
        else
            ft_error_set(err, 0, "a perf.data file%s%s%s, and perf is not installed: apt-get "
                         "install linux-perf (or run `perf script -i FILE | flametui -` "
                         "where perf is)", *why ? " (" : "", why, *why ? ")" : "");
        free(s);
        free(ahead);
        return NULL;
    }
    struct perf_data *c = NULL;
    int out[2] = {-1, -1}, in[2] = {-1, -1};
    if (!build_argv(o, s, err))
        goto fail;
    c = xcalloc(1, sizeof *c);
    c->out = c->err = c->errw = -1;
    if (o->mode != PERF_DATA_SCRIPT)
        snprintf(c->note, sizeof c->note, "read through perf script: %s", why);
    c->err = temp_fd(err);
    if (c->err < 0)
        goto fail;
    if (pipe2(out, O_CLOEXEC) < 0) {
        ft_error_set(err, 0, "cannot start perf script: %s", strerror(errno));
        goto fail;
    }
    if (!start_keeper(c, err))
        goto fail;
    if (!path && !in_regular && pipe_mode && !start_relay(c, s, in, err))
        goto fail;
    if (!fork_perf(c, s, out, in[0], err))
        goto fail;
    close(c->errw);
    c->errw = -1;
    free(ahead);
    free(s->store);
    free(s);
    close(out[1]);
    if (in[0] >= 0)
        close(in[0]);
    c->out = out[0];
    if (nonblock)
        fcntl(c->out, F_SETFL, fcntl(c->out, F_GETFL) | O_NONBLOCK);
    return c;
fail:
    free(ahead);
    free(s->store);
    free(s);
    for (int i = 0; i < 2; i++) {
        if (out[i] >= 0)
            close(out[i]);
        if (in[i] >= 0)
            close(in[i]);
    }
    perf_data_free(c);
    return NULL;
}

int perf_data_fd(const struct perf_data *c)
{
    return c->out;
}

const struct pd_file *perf_data_file(const struct perf_data *c)
{
    return c->inproc ? &c->f : NULL;
}

bool perf_data_stream(const struct perf_data *c, const void **ahead, size_t *n)
{
    *ahead = c->ahead;
    *n = c->nahead;
    return c->stream;
}

const char *perf_data_note(const struct perf_data *c)
{
    return c->note[0] ? c->note : NULL;
}

/* Waits for pid up to ms milliseconds (then kills it); returns its wait status. */
static int reap(pid_t pid, int ms, bool kill_first)
{
    int status = 0;
    if (kill_first)
        kill(pid, SIGTERM);
    for (int waited = 0;; waited += 10) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            return status;
        if (waited >= ms) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            return status;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

/* perf's first stderr line and its last ones (TAIL_LINES in all), "perf: LINE\n" each:
 * a usage error says what is wrong first, a failure last. */
static void tail_lines(int fd, struct buf *out)
{
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0)
        return;
    char b[TAIL_BYTES];
    off_t from = st.st_size > TAIL_BYTES ? st.st_size - TAIL_BYTES : 0;
    char first[256];
    ssize_t nf = pread(fd, first, sizeof first - 1, 0);
    ssize_t n = pread(fd, b, TAIL_BYTES, from);
    if (n <= 0 || nf <= 0)
        return;
    first[nf] = '\0';
    first[strcspn(first, "\n")] = '\0';
    /* line starts in b, whole lines only */
    size_t starts[TAIL_BYTES / 2 + 1], ns = 0, len = (size_t)n;
    for (size_t i = 0; i < len; i++)
        if ((i == 0 && from == 0) || (i > 0 && b[i - 1] == '\n'))
            if (b[i] != '\n')
                starts[ns++] = i;
    size_t k0 = ns > TAIL_LINES ? ns - (TAIL_LINES - 1) : 0;
    if (k0 > 0 || from > 0)
        buf_printf(out, "perf: %s\nperf: ...\n", first);
    for (size_t k = k0; k < ns; k++) {
        const char *nl = memchr(b + starts[k], '\n', len - starts[k]);
        size_t e = nl ? (size_t)(nl - b) : len;
        buf_printf(out, "perf: %.*s\n", (int)(e - starts[k]), b + starts[k]);
    }
}

int perf_data_finish(struct perf_data *c, struct ft_error *err, struct buf *lines)
{
    if (c->pid) {
        c->status = reap(c->pid, 600000, false);
        c->pid = 0;
    }
    if (c->relay) {
        reap(c->relay, 1000, true);
        c->relay = 0;
    }
    if (c->keeper) {   /* ends when the last writer of its pipe has */
        reap(c->keeper, 5000, false);
        c->keeper = 0;
    }
    int st = c->status;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (lines)
        tail_lines(c->err, lines);
    if (c->native && WIFEXITED(st))
        return ft_error_set(err, 0, "reading the perf.data failed");
    if (c->native)
        return ft_error_set(err, 0, "reading the perf.data failed (killed by signal %d)",
                            WTERMSIG(st));
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        return ft_error_set(err, 0, "perf script could not be run (exit status 127)");
    if (WIFEXITED(st))
        return ft_error_set(err, 0, "perf script failed (exit status %d)", WEXITSTATUS(st));
    return ft_error_set(err, 0, "perf script failed (killed by signal %d)", WTERMSIG(st));
}

void perf_data_free(struct perf_data *c)
{
    if (!c)
        return;
    if (c->out >= 0 && !c->out_borrowed)
        close(c->out);   /* a perf still writing gets SIGPIPE */
    if (c->pid)
        reap(c->pid, 1000, true);
    if (c->relay)
        reap(c->relay, 1000, true);
    if (c->errw >= 0)
        close(c->errw);
    if (c->keeper)
        reap(c->keeper, 1000, true);
    if (c->err >= 0)
        close(c->err);
    if (c->inproc) {
        munmap((void *)(uintptr_t)c->f.p, c->f.len);
        perfdata_close(&c->f);
    }
    free(c->ahead);
    free(c);
}
