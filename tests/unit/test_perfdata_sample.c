/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_perfdata_sample.c: the native perf.data reader's decoding
 * of a DWARF call graph's sample (perfdata_read.c): PERF_SAMPLE_REGS_USER (an ABI word,
 * then one u64 per bit of the attr's sample_regs_user; none when the ABI is 0) and
 * PERF_SAMPLE_STACK_USER (a size, the copy, its dyn_size; nothing more when the size is
 * 0), after a RAW part; a register looked up by its perf number; and the malformed ones
 * refused: a copy past the record, a dyn_size past the copy, registers past the record,
 * an unknown ABI, an attr too short to hold sample_regs_user. The records' order
 * (pd_order): by time, records of one time in file order, FINISHED_ROUND left out,
 * whatever the runs of ascending times the file has. A kallsyms file read as perf splits
 * it (pd_syms_kallsyms): T/t/W/w symbols, modules' dropped, sorted. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/perfdata.h"

#define MAXREC 4096

struct rec {
    unsigned char b[MAXREC];
    size_t n;
};

static void put64(struct rec *r, uint64_t v)
{
    memcpy(r->b + r->n, &v, 8);
    r->n += 8;
}

static void finish(struct rec *r)
{
    uint32_t type = PD_SAMPLE;
    uint16_t misc = 2, size = (uint16_t)r->n;
    memcpy(r->b, &type, 4);
    memcpy(r->b + 4, &misc, 2);
    memcpy(r->b + 6, &size, 2);
}

/* A file layout: IP, TID, TIME, CALLCHAIN, then REGS_USER (SP and IP: bits 7, 8) and
 * STACK_USER; raw adds PERF_SAMPLE_RAW. */
static void layout(struct pd_file *f, bool raw)
{
    memset(f, 0, sizeof *f);
    f->nattrs = 1;
    f->sample_type = PD_S_IP | PD_S_TID | PD_S_TIME | PD_S_CALLCHAIN | PD_S_REGS_USER |
                     PD_S_STACK_USER | (raw ? PD_S_RAW : 0);
    f->regs_user = (1u << 7) | (1u << 8);
    f->id_pos = SIZE_MAX;
}

/* header, ip, pid/tid, time, a call chain of one kernel frame */
static void head(struct rec *r)
{
    r->n = 8;
    put64(r, 0x401000);
    put64(r, (7ull << 32) | 7);
    put64(r, 123);
    put64(r, 1);
    put64(r, 0xffffffff81000000ull);
}

static void test_regs_and_stack(void **state)
{
    (void)state;
    struct pd_file f;
    layout(&f, false);
    struct rec r;
    head(&r);
    put64(&r, 2);            /* ABI 64 */
    put64(&r, 0x7ffc1000);   /* SP (bit 7) */
    put64(&r, 0x401234);     /* IP (bit 8) */
    put64(&r, 32);           /* the copy: 32 bytes, 24 of them filled */
    for (int i = 0; i < 4; i++)
        put64(&r, 0x1111111111111111ull * (uint64_t)(i + 1));
    put64(&r, 24);
    finish(&r);
    struct pd_sample s;
    assert_true(perfdata_sample(&f, r.b, r.n, &s));
    assert_int_equal(s.nr, 1);
    assert_int_equal(s.regs_abi, 2);
    assert_int_equal(s.nregs, 2);
    uint64_t v = 0;
    assert_true(pd_sample_reg(&f, &s, 7, &v));
    assert_int_equal(v, 0x7ffc1000);
    assert_true(pd_sample_reg(&f, &s, 8, &v));
    assert_int_equal(v, 0x401234);
    assert_false(pd_sample_reg(&f, &s, 6, &v));    /* BP: not sampled */
    assert_false(pd_sample_reg(&f, &s, 200, &v));
    assert_non_null(s.stack);
    assert_int_equal(s.stack_size, 24);
    assert_int_equal(pd_u64(s.stack + 8), 0x2222222222222222ull);
}

static void test_abi_none_and_empty_stack(void **state)
{
    (void)state;
    struct pd_file f;
    layout(&f, false);
    struct rec r;
    head(&r);
    put64(&r, 0);   /* no registers (a kernel thread) */
    put64(&r, 0);   /* no stack: no dyn_size either */
    finish(&r);
    struct pd_sample s;
    assert_true(perfdata_sample(&f, r.b, r.n, &s));
    assert_null(s.regs);
    assert_null(s.stack);
    uint64_t v;
    assert_false(pd_sample_reg(&f, &s, 7, &v));
}

static void test_raw_skipped(void **state)
{
    (void)state;
    struct pd_file f;
    layout(&f, true);
    struct rec r;
    head(&r);
    uint32_t rs = 12;   /* u32 size, 12 bytes: two u64s in all */
    memcpy(r.b + r.n, &rs, 4);
    memset(r.b + r.n + 4, 0xee, 12);
    r.n += 16;
    put64(&r, 2);
    put64(&r, 0x7ffc2000);
    put64(&r, 0x401235);
    put64(&r, 8);
    put64(&r, 0xabcdef);
    put64(&r, 8);
    finish(&r);
    struct pd_sample s;
    assert_true(perfdata_sample(&f, r.b, r.n, &s));
    uint64_t v = 0;
    assert_true(pd_sample_reg(&f, &s, 7, &v));
    assert_int_equal(v, 0x7ffc2000);
    assert_int_equal(s.stack_size, 8);
    assert_int_equal(pd_u64(s.stack), 0xabcdef);
}

/* one sample with the registers and stack parts given; whether it decodes */
static bool decodes(uint64_t abi, uint64_t nregs_given, uint64_t size, uint64_t copied,
                    uint64_t dyn)
{
    struct pd_file f;
    layout(&f, false);
    struct rec r;
    head(&r);
    put64(&r, abi);
    for (uint64_t i = 0; i < nregs_given; i++)
        put64(&r, i);
    if (nregs_given < 2 && abi) {   /* registers cut short: the record ends there */
        finish(&r);
        struct pd_sample s;
        return perfdata_sample(&f, r.b, r.n, &s);
    }
    put64(&r, size);
    for (uint64_t i = 0; i < copied / 8; i++)
        put64(&r, i);
    if (copied == size)
        put64(&r, dyn);
    finish(&r);
    struct pd_sample s;
    return perfdata_sample(&f, r.b, r.n, &s);
}

static void test_malformed(void **state)
{
    (void)state;
    assert_true(decodes(2, 2, 16, 16, 16));
    assert_false(decodes(2, 1, 16, 16, 16));        /* registers past the record */
    assert_false(decodes(3, 2, 16, 16, 16));        /* an ABI perf does not know */
    assert_false(decodes(2, 2, 1ull << 40, 16, 0)); /* the copy past the record */
    assert_false(decodes(2, 2, 16, 8, 0));          /* ... and its dyn_size */
    assert_false(decodes(2, 2, 16, 16, 24));        /* dyn_size past the copy */
    assert_false(decodes(2, 2, UINT64_MAX, 16, 0)); /* a size that wraps */
}

static void test_attr_regs(void **state)
{
    (void)state;
    unsigned char a[128];
    memset(a, 0, sizeof a);
    uint64_t st = PD_S_IP | PD_S_TID | PD_S_REGS_USER | PD_S_STACK_USER, mask = 0xff0fff;
    uint32_t size = 128;
    memcpy(a + 4, &size, 4);
    memcpy(a + 24, &st, 8);
    memcpy(a + 80, &mask, 8);
    struct pd_file f;
    memset(&f, 0, sizeof f);
    char why[128];
    assert_true(pd_read_attr(&f, a, 0, why, sizeof why));
    f.nattrs = 1;
    assert_true(pd_attrs_done(&f, why, sizeof why));
    assert_int_equal(f.regs_user, 0xff0fff);
    size = 72;   /* PERF_ATTR_SIZE_VER1: no sample_regs_user in it */
    memcpy(a + 4, &size, 4);
    assert_false(pd_read_attr(&f, a, 0, why, sizeof why));
    assert_non_null(strstr(why, "user registers"));
}

/* n records of times t[0..n) (a FINISHED_ROUND after every 7th), in pd_order's order
 * compared with a plain stable insertion sort of (time, offset). */
static void check_order(const uint64_t *t, size_t n)
{
    static unsigned char buf[16 * 512 + 8 * 80];
    static uint64_t want[512], wt[512];
    assert_true(n <= 512);
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t type = PD_SAMPLE;
        uint16_t misc = 2, size = 16;
        memcpy(buf + len, &type, 4);
        memcpy(buf + len + 4, &misc, 2);
        memcpy(buf + len + 6, &size, 2);
        memcpy(buf + len + 8, &t[i], 8);
        size_t j = i;   /* insertion: after every earlier one of time <= t[i] */
        for (; j > 0 && wt[j - 1] > t[i]; j--) {
            wt[j] = wt[j - 1];
            want[j] = want[j - 1];
        }
        wt[j] = t[i];
        want[j] = len;
        len += 16;
        if (i % 7 == 6) {
            type = PD_FINISHED_ROUND;
            size = 8;
            memcpy(buf + len, &type, 4);
            memcpy(buf + len + 4, &misc, 2);
            memcpy(buf + len + 6, &size, 2);
            len += 8;
        }
    }
    struct pd_file f;
    memset(&f, 0, sizeof f);
    f.p = buf;
    f.len = len;
    f.data_size = len;
    f.nattrs = 1;
    f.sample_type = PD_S_TIME;
    f.id_pos = SIZE_MAX;
    size_t got = 0;
    uint64_t *off = pd_order(&f, &got);
    assert_int_equal(got, n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(off[i], want[i]);
    free(off);
}

static void test_order(void **state)
{
    (void)state;
    static const uint64_t few[] = {5, 7, 9, 1, 7, 8, 3, 2, 2, 10, 7, 7, 0};
    check_order(few, sizeof few / sizeof *few);
    check_order(few, 1);
    check_order(few, 3);   /* in order already */
    check_order(few, 0);
    uint64_t t[512];
    uint64_t x = 88172645463325252ull;
    for (size_t runs = 1; runs <= 64; runs *= 2) {   /* runs of ascending times */
        for (size_t i = 0; i < 512; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            t[i] = (i % (512 / runs) ? t[i - 1] : 0) + x % 5;
        }
        check_order(t, 512);
        check_order(t, 333);
    }
    for (size_t i = 0; i < 512; i++)   /* descending: every record a run */
        t[i] = 1000 - i / 2;
    check_order(t, 512);
}

static void test_kallsyms(void **state)
{
    (void)state;
    char path[] = "/tmp/flametui-kallsyms.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char text[] = "ffffffff81000000 T _stext\n"
                               "ffffffff81000010 t foo\n"
                               "ffffffff81000020 d data\n"
                               "ffffffff81000030 W weak1\n"
                               "ffffffff81000040 T modfn\t[mod]\n"
                               "ffffffff81000008 T early\n"
                               "junk line\n"
                               "\n"
                               "0xffffffff81000050 T hexpref\n"
                               "FFFFFFFF81000058 w upper\n"
                               "ffffffff81000060 T last";   /* no newline */
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    struct pd_syms *k = pd_syms_kallsyms(path);
    unlink(path);
    static const struct {
        uint64_t addr, start;
        const char *name;
    } want[] = {
        {0xffffffff81000000ull, 0xffffffff81000000ull, "_stext"},
        {0xffffffff81000009ull, 0xffffffff81000008ull, "early"},
        {0xffffffff81000025ull, 0xffffffff81000010ull, "foo"},
        {0xffffffff81000044ull, 0xffffffff81000030ull, "weak1"},
        {0xffffffff81000050ull, 0xffffffff81000050ull, "hexpref"},
        {0xffffffff8100005full, 0xffffffff81000058ull, "upper"},
        {0xffffffff81000fffull, 0xffffffff81000060ull, "last"},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        uint64_t start = 0;
        const char *name = pd_syms_find(k, want[i].addr, &start);
        assert_non_null(name);
        assert_string_equal(name, want[i].name);
        assert_int_equal(start, want[i].start);
    }
    uint64_t start;
    assert_null(pd_syms_find(k, 0xffffffff80ffffffull, &start));
    pd_syms_free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regs_and_stack),
        cmocka_unit_test(test_abi_none_and_empty_stack),
        cmocka_unit_test(test_raw_skipped),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_attr_regs),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_kallsyms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
