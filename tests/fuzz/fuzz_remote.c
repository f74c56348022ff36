/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_remote.c: libFuzzer target for the answers of the network
 * queries (input/remote.h): the gRPC-web framing, Parca's QueryResponse and Pyroscope's
 * flame graph (SelectMergeStacktraces) turned into folded stacks. Input: 1 header byte
 * (bit 0: the body is framed here first, as a well-formed frame holding the rest), then
 * the body.
 * Checks: no crash, leak or sanitizer report; a message found lies inside the body; a
 * failure always says why; the folded stacks of a flame graph are whole lines the
 * folded parser reads to the end. */
#include "config.h"

#include "fuzz_common.h"
#include "input/remote.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static void check_folded(const struct buf *out)
{
    struct trie *t = trie_new(NULL);
    struct folded_parser *f = folded_new(t);
    struct ft_error err = {0, ""};
    FUZZ_CHECK(!out->len || out->p[out->len - 1] == '\n', "a stack without its newline");
    size_t used = folded_feed(f, out->p ? out->p : "", out->len, true, false, &err);
    FUZZ_CHECK(used == out->len, "folded took %zu of %zu: %s", used, out->len, err.msg);
    folded_free(f);
    trie_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const unsigned char *p = data + 1;
    size_t n = size - 1;
    struct buf body = {0}, out = {0};
    if (data[0] & 1) {
        remote_grpcweb_frame(p, n, &body);
        p = (const unsigned char *)body.p;
        n = body.len;
    }
    struct ft_error err = {0, ""};
    const unsigned char *m = NULL;
    size_t len = 0;
    if (remote_grpcweb_message(p, n, &m, &len, &err) == 0) {
        FUZZ_CHECK(m >= p && len <= n && (size_t)(m - p) <= n - len, "message outside");
        if (data[0] & 1)
            FUZZ_CHECK(len == size - 1 && !memcmp(m, data + 1, len), "frame not read back");
    } else {
        FUZZ_CHECK(err.msg[0], "a framing failure without a message");
        FUZZ_CHECK(!(data[0] & 1), "a well-formed frame refused: %s", err.msg);
    }
    err.msg[0] = '\0';
    if (remote_parca_unwrap(p, n, &out, &err) < 0)
        FUZZ_CHECK(err.msg[0], "a Parca failure without a message");
    out.len = 0;
    err.msg[0] = '\0';
    if (remote_pyro_flamegraph(data + 1, size - 1, &out, &err) == 0)
        check_folded(&out);
    else
        FUZZ_CHECK(err.msg[0], "a flame graph failure without a message");
    buf_fini(&out);
    buf_fini(&body);
    return 0;
}
