/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the network inputs' pure parts (input/remote.h, input/http.h):
 * durations and times, the gRPC-web framing, Parca's answer, Pyroscope's flame graph
 * turned into folded stacks, which paths are network inputs. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "input/http.h"
#include "input/remote.h"
#include "input/remote.pb-c.h"

static void durations(void **state)
{
    (void)state;
    int64_t ms = 0;
    assert_int_equal(remote_parse_duration("30m", &ms), 0);
    assert_int_equal(ms, 1800000);
    assert_int_equal(remote_parse_duration("2h", &ms), 0);
    assert_int_equal(ms, 7200000);
    assert_int_equal(remote_parse_duration("1d", &ms), 0);
    assert_int_equal(ms, 86400000);
    assert_int_equal(remote_parse_duration("1w", &ms), 0);
    assert_int_equal(ms, 604800000);
    assert_int_equal(remote_parse_duration("90s", &ms), 0);
    assert_int_equal(ms, 90000);
    assert_int_equal(remote_parse_duration("45", &ms), 0);
    assert_int_equal(ms, 45000);
    assert_int_equal(remote_parse_duration("1.5h", &ms), 0);
    assert_int_equal(ms, 5400000);
    const char *bad[] = {"", "h", "5x", "-1h", "0s", "1hh", "now", NULL};
    for (int i = 0; bad[i]; i++)
        assert_int_equal(remote_parse_duration(bad[i], &ms), -1);
}

static void times(void **state)
{
    (void)state;
    int64_t ms = 0, now = 1764219600000;   /* 2025-11-27T05:00:00Z */
    assert_int_equal(remote_parse_time("now", now, &ms), 0);
    assert_int_equal(ms, now);
    assert_int_equal(remote_parse_time("now-15m", now, &ms), 0);
    assert_int_equal(ms, now - 900000);
    assert_int_equal(remote_parse_time("2025-11-27T05:00:00Z", 0, &ms), 0);
    assert_int_equal(ms, now);
    assert_int_equal(remote_parse_time("2025-11-27T06:00:00+01:00", 0, &ms), 0);
    assert_int_equal(ms, now);
    assert_int_equal(remote_parse_time("2025-11-27T04:30:00-00:30", 0, &ms), 0);
    assert_int_equal(ms, now);
    assert_int_equal(remote_parse_time("2025-11-27T05:00:00.25Z", 0, &ms), 0);
    assert_int_equal(ms, now + 250);
    const char *bad[] = {"yesterday", "now-", "now+5m", "2025-11-27T05:00:00",
                         "2025-11-27T05:00:00Zx", "2025-11-27 05:00:00Z", NULL};
    for (int i = 0; bad[i]; i++)
        assert_int_equal(remote_parse_time(bad[i], now, &ms), -1);
}

static void range_and_check(void **state)
{
    (void)state;
    struct remote_opts r = {.pyroscope = "http://p:4040", .query = "t{}", .since = "2h",
                            .until = "2025-11-27T05:00:00Z"};
    struct ft_error err = {0, ""};
    int64_t s, e;
    assert_int_equal(remote_range(&r, NULL, &s, &e, &err), 0);
    assert_int_equal(e - s, 7200000);
    assert_int_equal(e, 1764219600000);
    assert_int_equal(remote_range(&r, "2025-11-20T05:00:00Z", &s, &e, &err), 0);
    assert_int_equal(e, 1764219600000 - 7 * 86400000LL);
    assert_int_equal(remote_check(&r, 0, &err), 0);
    assert_int_equal(remote_check(&r, 1, &err), -1);
    r.parca = "http://q";
    assert_int_equal(remote_check(&r, 0, &err), -1);
    assert_string_equal(err.msg, "--pyroscope and --parca cannot be combined");
    r.parca = NULL;
    r.query = NULL;
    assert_int_equal(remote_check(&r, 0, &err), -1);
    r.list = true;
    assert_int_equal(remote_check(&r, 0, &err), 0);
    r.pyroscope = "pyroscope:4040";
    assert_int_equal(remote_check(&r, 0, &err), -1);
    struct remote_opts none = {.query = "x"};
    assert_int_equal(remote_check(&none, 0, &err), -1);
    assert_string_equal(err.msg, "--query needs --pyroscope=URL or --parca=URL");
}

static void inputs(void **state)
{
    (void)state;
    struct remote_opts r = {.parca = "http://parca:7070"};
    assert_true(remote_is_input("http://host/x", NULL));
    assert_true(remote_is_input("HTTPS://host/x", NULL));
    assert_false(remote_is_input("httpx://host/x", NULL));
    assert_false(remote_is_input("file.pb.gz", &r));
    assert_false(remote_is_input("@now-7d", NULL));
    assert_true(remote_is_input("@now-7d", &r));
    assert_true(http_url_seconds("http://h/debug/pprof/profile?seconds=10") == 10);
    assert_true(http_url_seconds("http://h/x?debug=1&seconds=2.5") == 2.5);
    assert_true(http_url_seconds("http://h/debug/pprof/heap") == 0);
    assert_true(http_url_seconds("http://h/x?xseconds=3") == 0);
}

static void framing(void **state)
{
    (void)state;
    struct buf b = {0};
    struct ft_error err = {0, ""};
    remote_grpcweb_frame("abc", 3, &b);
    assert_int_equal(b.len, 8);
    assert_memory_equal(b.p, "\0\0\0\0\3abc", 8);
    const unsigned char *m;
    size_t len;
    assert_int_equal(remote_grpcweb_message((unsigned char *)b.p, b.len, &m, &len, &err), 0);
    assert_int_equal(len, 3);
    assert_memory_equal(m, "abc", 3);
    /* a trailer with status 0 after it is fine, with status 5 an error */
    const char ok_tr[] = "grpc-status: 0\r\ngrpc-message: \r\n";
    unsigned char h[5] = {0x80, 0, 0, 0, (unsigned char)(sizeof ok_tr - 1)};
    buf_append(&b, h, 5);
    buf_append(&b, ok_tr, sizeof ok_tr - 1);
    assert_int_equal(remote_grpcweb_message((unsigned char *)b.p, b.len, &m, &len, &err), 0);
    const char bad_tr[] = "grpc-status: 5\r\ngrpc-message: no such profile type\r\n";
    struct buf c = {0};
    unsigned char h2[5] = {0x80, 0, 0, 0, (unsigned char)(sizeof bad_tr - 1)};
    buf_append(&c, h2, 5);
    buf_append(&c, bad_tr, sizeof bad_tr - 1);
    assert_int_equal(remote_grpcweb_message((unsigned char *)c.p, c.len, &m, &len, &err), -1);
    assert_string_equal(err.msg, "gRPC status 5: no such profile type");
    /* truncated header, truncated payload, compressed, two messages, empty */
    assert_int_equal(remote_grpcweb_message((unsigned char *)b.p, 4, &m, &len, &err), -1);
    assert_string_equal(err.msg, "truncated gRPC-web frame");
    assert_int_equal(remote_grpcweb_message((unsigned char *)b.p, 7, &m, &len, &err), -1);
    assert_string_equal(err.msg, "truncated gRPC-web frame");
    unsigned char z[6] = {1, 0, 0, 0, 1, 'x'};
    assert_int_equal(remote_grpcweb_message(z, 6, &m, &len, &err), -1);
    assert_string_equal(err.msg, "compressed gRPC-web frames are not supported");
    unsigned char two[12] = {0, 0, 0, 0, 1, 'x', 0, 0, 0, 0, 1, 'y'};
    assert_int_equal(remote_grpcweb_message(two, 12, &m, &len, &err), -1);
    assert_string_equal(err.msg, "more than one message in a unary gRPC-web answer");
    assert_int_equal(remote_grpcweb_message(z, 0, &m, &len, &err), -1);
    assert_string_equal(err.msg, "empty gRPC-web answer");
    assert_int_equal(remote_grpcweb_message(h, 5, &m, &len, &err), -1);
    buf_fini(&b);
    buf_fini(&c);
}

static void parca_answer(void **state)
{
    (void)state;
    Flametui__Remote__ParcaQueryResponse r;
    flametui__remote__parca_query_response__init(&r);
    r.has_pprof = true;
    r.pprof.data = (uint8_t *)(uintptr_t)"\x1f\x8b pprof";
    r.pprof.len = 8;
    uint8_t msg[64];
    size_t n = flametui__remote__parca_query_response__pack(&r, msg);
    struct buf body = {0}, out = {0};
    struct ft_error err = {0, ""};
    remote_grpcweb_frame(msg, n, &body);
    assert_int_equal(remote_parca_unwrap((unsigned char *)body.p, body.len, &out, &err), 0);
    assert_int_equal(out.len, 8);
    assert_memory_equal(out.p, "\x1f\x8b pprof", 8);
    body.len = 0;
    remote_grpcweb_frame("", 0, &body);   /* no pprof in the answer */
    assert_int_equal(remote_parca_unwrap((unsigned char *)body.p, body.len, &out, &err), -1);
    assert_string_equal(err.msg, "the Parca answer holds no pprof profile");
    buf_fini(&body);
    buf_fini(&out);
}

/* Pyroscope's flame graph of: total 10 = a 10 (self 1) -> b 6 (self 6), c 3 (self 3). */
static size_t pack_fg(int64_t (*lv)[8], size_t *nv, uint8_t *out)
{
    static char n0[] = "total", n1[] = "a", n2[] = "b", n3[] = "c";
    char *names[] = {n0, n1, n2, n3};
    Flametui__Remote__PyroLevel L[3], *Lp[3];
    for (int i = 0; i < 3; i++) {
        flametui__remote__pyro_level__init(&L[i]);
        L[i].values = lv[i];
        L[i].n_values = nv[i];
        Lp[i] = &L[i];
    }
    Flametui__Remote__PyroFlameGraph fg;
    flametui__remote__pyro_flame_graph__init(&fg);
    fg.names = names;
    fg.n_names = 4;
    fg.levels = Lp;
    fg.n_levels = 3;
    Flametui__Remote__PyroSelectMergeStacktracesResponse r;
    flametui__remote__pyro_select_merge_stacktraces_response__init(&r);
    r.flamegraph = &fg;
    return flametui__remote__pyro_select_merge_stacktraces_response__pack(&r, out);
}

static void pyroscope_flamegraph(void **state)
{
    (void)state;
    int64_t lv[3][8] = {{0, 10, 0, 0}, {0, 10, 1, 1}, {0, 6, 6, 2, 0, 3, 3, 3}};
    size_t nv[3] = {4, 4, 8};
    uint8_t msg[256];
    size_t n = pack_fg(lv, nv, msg);
    struct buf out = {0};
    struct ft_error err = {0, ""};
    assert_int_equal(remote_pyro_flamegraph(msg, n, &out, &err), 0);
    buf_putc(&out, '\0');
    assert_string_equal(out.p, "a 1\na;b 6\na;c 3\n");
    /* a child outside its parent, a name index out of range, self > total */
    int64_t bad1[3][8] = {{0, 10, 0, 0}, {0, 10, 1, 1}, {0, 6, 6, 2, 5, 3, 3, 3}};
    n = pack_fg(bad1, nv, msg);
    out.len = 0;
    assert_int_equal(remote_pyro_flamegraph(msg, n, &out, &err), -1);
    assert_string_equal(err.msg, "malformed Pyroscope flame graph (level 2)");
    int64_t bad2[3][8] = {{0, 10, 0, 0}, {0, 10, 1, 9}, {0, 6, 6, 2, 0, 3, 3, 3}};
    n = pack_fg(bad2, nv, msg);
    assert_int_equal(remote_pyro_flamegraph(msg, n, &out, &err), -1);
    int64_t bad3[3][8] = {{0, 10, 0, 0}, {0, 10, 11, 1}, {0, 6, 6, 2, 0, 3, 3, 3}};
    n = pack_fg(bad3, nv, msg);
    assert_int_equal(remote_pyro_flamegraph(msg, n, &out, &err), -1);
    size_t nv_odd[3] = {4, 3, 8};
    n = pack_fg(lv, nv_odd, msg);
    assert_int_equal(remote_pyro_flamegraph(msg, n, &out, &err), -1);
    assert_string_equal(err.msg, "malformed Pyroscope flame graph (level 1)");
    assert_int_equal(remote_pyro_flamegraph((const uint8_t *)"\xff", 1, &out, &err), -1);
    buf_fini(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(durations),        cmocka_unit_test(times),
        cmocka_unit_test(range_and_check),  cmocka_unit_test(inputs),
        cmocka_unit_test(framing),          cmocka_unit_test(parca_answer),
        cmocka_unit_test(pyroscope_flamegraph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
