/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_folded.c: libFuzzer target for the folded parser and the
 * loader. Input: 3 header bytes, then the text.
 *   byte 0: bit 0 strict; bit 1 go through the loader (a memfd file: format sniffing,
 *           gzip); bits 2-3 loader format (auto, folded, perf, auto); bit 4 loader steps
 *           of a few KB instead of loader_run; bit 5 two threads (folded_pipe.h): also
 *           through the pipe, which must give the whole feed's trie, error and skipped
 *           count, and the loader on two threads whatever the input's size.
 *   bytes 1-2: seed of the chunk sizes.
 * Checks: no crash or leak; feeding in chunks (as a pipe would) gives exactly the trie of
 * one whole feed (same --collapse text, same strict error); trie_merge copies it all. */
#include "config.h"

#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "input/folded_pipe.h"
#include "input/loader.h"
#include "input/sniff.h"
#include "query/top.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* an input that starts like a perf.data would run perf script (perf_data.h): with no
     * perf to be found the loader says so at once, and the fuzzer never forks */
    setenv("PATH", "/nonexistent", 1);
    return 0;
}

/* Feeds p[0..n) in chunks, keeping the unconsumed tail as a caller of folded_feed must.
 * Returns 0 or -1 (strict error in *err). */
static int feed_chunked(struct trie *t, const char *p, size_t n, bool strict, uint64_t seed,
                        struct ft_error *err, size_t *skipped)
{
    struct folded_parser *fp = folded_new(t);
    struct fuzz_rng r;
    struct buf pend = {0};
    size_t pos = 0;
    int rc = 0;
    fuzz_rng_seed(&r, seed);
    while (pos < n) {
        size_t c = fuzz_chunk(&r);
        if (c > n - pos)
            c = n - pos;
        buf_append(&pend, p + pos, c);
        pos += c;
        size_t used = folded_feed(fp, pend.p, pend.len, false, strict, err);
        if (used == (size_t)-1) {
            rc = -1;
            goto out;
        }
        FUZZ_CHECK(used <= pend.len, "consumed %zu of %zu", used, pend.len);
        FUZZ_CHECK(used == 0 || pend.p[used - 1] == '\n', "consumed a partial line");
        memmove(pend.p, pend.p + used, pend.len - used);
        pend.len -= used;
    }
    size_t used = folded_feed(fp, pend.p, pend.len, true, strict, err);
    if (used == (size_t)-1) {
        rc = -1;
        goto out;
    }
    FUZZ_CHECK(used == pend.len, "eof feed consumed %zu of %zu", used, pend.len);
out:
    *skipped = folded_skipped(fp, NULL);
    folded_free(fp);
    buf_fini(&pend);
    return rc;
}

/* The same input through folded_pipe (a producer thread): the same as the whole feed. */
static void piped(const char *p, size_t n, bool strict, uint64_t seed, struct trie *whole,
                  size_t used, const struct ft_error *e1, size_t skipped1)
{
    folded_pipe_tune(1 + seed % 97, 2 + (unsigned)(seed >> 8) % 3, 0);
    struct trie *t = trie_new(NULL);
    struct folded_pipe_opts o = {0, strict};
    struct folded_pipe *fp = folded_pipe_buf(t, &o, n ? p : "", n, false);
    FUZZ_CHECK(fp != NULL, "folded_pipe_buf");
    struct ft_error e = {0, ""};
    size_t bytes = 0;
    int rc;
    while ((rc = folded_pipe_step(fp, seed % 5 ? 4096 : SIZE_MAX, -1, &bytes, &e)) > 0)
        ;
    if (used == (size_t)-1) {
        FUZZ_CHECK(rc == -1, "whole feed failed (%s), the pipe did not", e1->msg);
        FUZZ_CHECK(e1->line == e.line && !strcmp(e1->msg, e.msg), "pipe errors differ: "
                   "%ld %s / %ld %s", e1->line, e1->msg, e.line, e.msg);
    } else {
        FUZZ_CHECK(rc == 0, "pipe failed: %ld %s", e.line, e.msg);
        FUZZ_CHECK(bytes == n, "pipe consumed %zu of %zu", bytes, n);
        FUZZ_CHECK(folded_pipe_skipped(fp, NULL) == skipped1, "pipe skipped %zu vs %zu",
                   folded_pipe_skipped(fp, NULL), skipped1);
    }
    size_t l1, l2;
    char *c1 = fuzz_collapsed(whole, &l1), *c2 = fuzz_collapsed(t, &l2);
    FUZZ_CHECK(l1 == l2 && !memcmp(c1, c2, l1), "pipe output differs from whole");
    free(c1);
    free(c2);
    folded_pipe_free(fp);
    trie_free(t);
    folded_pipe_tune(0, 0, 0);
}

static void direct(const char *p, size_t n, bool strict, uint64_t seed, bool pipe)
{
    struct trie *whole = trie_new(NULL), *chunked = trie_new(NULL);
    struct folded_parser *fp = folded_new(whole);
    struct ft_error e1 = {0, ""}, e2 = {0, ""};
    size_t used = folded_feed(fp, p, n, true, strict, &e1);
    size_t skipped1 = folded_skipped(fp, NULL), skipped2 = 0;
    struct ft_error first;
    if (skipped1)
        FUZZ_CHECK(folded_skipped(fp, &first) == skipped1 && first.line > 0, "first skipped");
    folded_free(fp);
    if (pipe)
        piped(p, n, strict, seed, whole, used, &e1, skipped1);
    int rc = feed_chunked(chunked, p, n, strict, seed, &e2, &skipped2);
    if (used == (size_t)-1) {
        FUZZ_CHECK(rc == -1, "whole feed failed (%s), chunked did not", e1.msg);
        FUZZ_CHECK(e1.line == e2.line && !strcmp(e1.msg, e2.msg), "errors differ: %ld %s / %ld %s",
                   e1.line, e1.msg, e2.line, e2.msg);
    } else {
        FUZZ_CHECK(rc == 0, "chunked feed failed: %ld %s", e2.line, e2.msg);
        FUZZ_CHECK(used == n, "whole feed consumed %zu of %zu", used, n);
        FUZZ_CHECK(skipped1 == skipped2, "skipped %zu vs %zu", skipped1, skipped2);
    }
    size_t l1, l2, l3;
    char *c1 = fuzz_collapsed(whole, &l1), *c2 = fuzz_collapsed(chunked, &l2);
    FUZZ_CHECK(l1 == l2 && !memcmp(c1, c2, l1), "chunked output differs from whole");
    /* merging into an empty trie with its own strtab copies every stack */
    struct trie *m = trie_new(NULL);
    trie_merge(m, whole);
    char *c3 = fuzz_collapsed(m, &l3);
    FUZZ_CHECK(l1 == l3 && !memcmp(c1, c3, l1), "trie_merge output differs");
    struct top tp = {0};
    top_compute(whole, TOP_BY_TOTAL, &tp);
    top_fini(&tp);
    free(c1);
    free(c2);
    free(c3);
    trie_free(m);
    trie_free(whole);
    trie_free(chunked);
}

static void via_loader(const uint8_t *p, size_t n, unsigned flags)
{
    int fd = memfd_create("fuzz", MFD_CLOEXEC);
    FUZZ_CHECK(fd >= 0, "memfd_create");
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(fd, p + off, n - off);
        FUZZ_CHECK(w > 0, "write");
        off += (size_t)w;
    }
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    struct load_opts o;
    memset(&o, 0, sizeof(o));
    static const enum input_format fmts[4] = {FORMAT_AUTO, FORMAT_FOLDED, FORMAT_PERF,
                                              FORMAT_AUTO};
    o.format = fmts[(flags >> 2) & 3];
    o.strict = flags & 1;
    if (flags & 32) {   /* two threads for any size */
        o.threads = 2;
        folded_pipe_tune(97, 2, 0);
    }
    struct trie *t = trie_new(NULL);
    struct ft_error err = {0, ""};
    struct loader *l = loader_open(path, &o, t, &err);
    if (!l) {   /* only a format named by its magic (input/sniff.h) is refused at open */
        const struct magic_format *mf;
        FUZZ_CHECK(sniff_magic(p, n, true, &mf) > 0, "loader_open: %s", err.msg);
        trie_free(t);
        close(fd);
        return;
    }
    if (flags & 16) {
        for (int i = 0; i < 100000; i++) {
            enum load_status s = loader_step(l, 4096, &err);
            if (s == LOAD_EOF || s == LOAD_ERROR)
                break;
            FUZZ_CHECK(s == LOAD_MORE, "regular file said LOAD_AGAIN");
        }
    } else {
        (void)loader_run(l, &err);
    }
    struct buf msg = {0};
    (void)loader_report(l, &msg);
    buf_fini(&msg);
    (void)loader_samples(l);
    size_t len;
    free(fuzz_collapsed(t, &len));
    loader_free(l);
    trie_free(t);
    close(fd);
    folded_pipe_tune(0, 0, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    unsigned flags = data[0];
    uint64_t seed = (uint64_t)data[1] | (uint64_t)data[2] << 8;
    const char *p = (const char *)data + 3;
    size_t n = size - 3;
    if (flags & 2)
        via_loader(data + 3, n, flags);
    else
        direct(p, n, flags & 1, seed, flags & 32);
    return 0;
}
