/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: numbers for people (render/numfmt.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "render/numfmt.h"

static const char *grp(unsigned long long v)
{
    static char b[NUMFMT_MAX];
    numfmt_group(b, sizeof(b), count_u64(v));
    return b;
}

static const char *cmp(double v)
{
    static char b[NUMFMT_MAX];
    numfmt_compact(b, sizeof(b), v);
    return b;
}

static const char *sec(double v)
{
    static char b[NUMFMT_MAX];
    numfmt_seconds(b, sizeof(b), v, true);
    return b;
}

static void grouping(void **state)
{
    (void)state;
    assert_string_equal(grp(0), "0");
    assert_string_equal(grp(999), "999");
    assert_string_equal(grp(1000), "1,000");
    assert_string_equal(grp(51051051), "51,051,051");
    assert_string_equal(grp(2702702700ull), "2,702,702,700");
    assert_string_equal(grp(18446744073709551615ull), "18,446,744,073,709,551,615");
    char b[NUMFMT_MAX];
    struct count f = {0, 1234.5, true};
    numfmt_group(b, sizeof(b), f);
    assert_string_equal(b, "1,234.5");
    struct count e = {0, 2e19, true};
    numfmt_group(b, sizeof(b), e);
    assert_string_equal(b, "2e+19");
    numfmt_group_u(b, sizeof(b), 1234567);
    assert_string_equal(b, "1,234,567");
    /* a short buffer is cut, never overrun */
    numfmt_group_u(b, 4, 1234567);
    assert_string_equal(b, "1,2");
}

static void compact(void **state)
{
    (void)state;
    assert_string_equal(cmp(0), "0");
    assert_string_equal(cmp(999), "999");
    assert_string_equal(cmp(1000), "1.00k");
    assert_string_equal(cmp(2702702700.0), "2.70G");
    assert_string_equal(cmp(27027027000.0), "27.0G");
    assert_string_equal(cmp(270270270000.0), "270G");
    assert_string_equal(cmp(999999), "1.00M");
    assert_string_equal(cmp(51051051), "51.1M");
    assert_string_equal(cmp(2.5), "2.5");
    assert_string_equal(cmp(1.5e18), "1.50E");
    assert_string_equal(cmp(-1500), "-1.50k");
}

static void seconds(void **state)
{
    (void)state;
    assert_string_equal(sec(2.7027027), "2.70 s");
    assert_string_equal(sec(27.0), "27.0 s");
    assert_string_equal(sec(0.45), "450 ms");
    assert_string_equal(sec(0.0000123), "12.3 us");
    assert_string_equal(sec(5e-9), "5.00 ns");
    assert_string_equal(sec(0), "0.00 s");
    assert_string_equal(sec(4321.4), "4,321 s");
    char b[NUMFMT_MAX];
    numfmt_seconds(b, sizeof(b), 0.0000123, false);
    assert_string_equal(b, "12.3 \xc2\xb5s");
}

static void plural_and_units(void **state)
{
    (void)state;
    char b[NUMFMT_MAX];
    assert_string_equal(numfmt_plural(1, "sample", "samples"), "sample");
    assert_string_equal(numfmt_plural(0, "sample", "samples"), "samples");
    assert_string_equal(numfmt_plural(2, "sample", "samples"), "samples");
    struct unit u;
    numfmt_unit_set(&u, NULL, NULL, false);
    u.ascii = true;
    numfmt_weight(b, sizeof(b), count_u64(1), &u, false);
    assert_string_equal(b, "1 sample");
    numfmt_weight(b, sizeof(b), count_u64(2700), &u, false);
    assert_string_equal(b, "2,700 samples");
    numfmt_weight(b, sizeof(b), count_u64(2702702700ull), &u, true);
    assert_string_equal(b, "2.70G samples");
    numfmt_unit_set(&u, "cpu-clock:ppp", "period", false);
    assert_string_equal(u.event, "cpu-clock");
    numfmt_weight(b, sizeof(b), count_u64(2700000000ull), &u, false);
    assert_string_equal(b, "2.70 s");
    numfmt_unit_set(&u, "cycles:u", "period", false);
    numfmt_weight(b, sizeof(b), count_u64(2702702700ull), &u, true);
    assert_string_equal(b, "2.70G cycles");
    numfmt_weight(b, sizeof(b), count_u64(1), &u, false);
    assert_string_equal(b, "1 cycles");
    numfmt_unit_set(&u, "page-faults", "period", false);
    numfmt_weight(b, sizeof(b), count_u64(25662), &u, false);
    assert_string_equal(b, "25,662 page-faults");
    numfmt_number(b, sizeof(b), count_u64(25662), &u, false);
    assert_string_equal(b, "25,662");
}

/* What a profile says its weights are decides how they print. */
static void units_of_profiles(void **state)
{
    (void)state;
    char b[NUMFMT_MAX + 80];
    struct unit u, v;
    numfmt_unit_set(&u, "cpu", "nanoseconds", false);   /* Go CPU */
    assert_int_equal(u.u, UNIT_NS);
    numfmt_weight(b, sizeof(b), count_u64(1170000000), &u, false);
    assert_string_equal(b, "1.17 s");
    numfmt_weight(b, sizeof(b), count_u64(820000000), &u, false);
    assert_string_equal(b, "820 ms");
    numfmt_unit_set(&v, "task-clock", "period", false);   /* the same unit as perf's */
    assert_true(numfmt_unit_same(&u, &v));
    numfmt_unit_set(&u, "alloc_space", "bytes", false);   /* Go heap */
    numfmt_weight(b, sizeof(b), count_u64(10905190), &u, false);
    assert_string_equal(b, "10.4 MiB");
    assert_false(numfmt_unit_same(&u, &v));
    assert_string_equal(numfmt_unit_name(&u), "bytes");
    numfmt_unit_set(&u, "alloc_objects", "count", false);
    numfmt_weight(b, sizeof(b), count_u64(6680000), &u, true);
    assert_string_equal(b, "6.68M objects");
    assert_string_equal(numfmt_unit_name(&u), "objects");
    numfmt_unit_set(&v, "page-faults", "period", false);   /* counts of two events */
    assert_false(numfmt_unit_same(&u, &v));
    numfmt_unit_set(&u, "samples", "count", false);   /* pprof's samples are samples */
    assert_int_equal(u.u, UNIT_SAMPLES);
    numfmt_unit_set(&u, "cpu-clock", "period", true);   /* every period 1: samples */
    assert_int_equal(u.u, UNIT_SAMPLES);
    assert_string_equal(u.event, "cpu-clock");
    numfmt_unit_set(&u, "cpu-clock", "samples", false);   /* --weight=samples */
    assert_int_equal(u.u, UNIT_SAMPLES);
    numfmt_unit_set(&u, "ev\033[2J", "period", false);   /* names print as they are: safe */
    assert_string_equal(u.noun, "ev?[2J");
    u.u = UNIT_MIXED;
    numfmt_weight(b, sizeof(b), count_u64(1234), &u, false);
    assert_string_equal(b, "1,234");
    assert_string_equal(numfmt_unit_name(&u), "mixed units");
}

static void bytes(void **state)
{
    (void)state;
    char b[NUMFMT_MAX];
    numfmt_bytes(b, sizeof(b), 0);
    assert_string_equal(b, "0 B");
    numfmt_bytes(b, sizeof(b), 1023);
    assert_string_equal(b, "1023 B");
    numfmt_bytes(b, sizeof(b), 1024);
    assert_string_equal(b, "1.00 KiB");
    numfmt_bytes(b, sizeof(b), 1048064);   /* 1023.5 KiB rounds up to the next prefix */
    assert_string_equal(b, "1.00 MiB");
    numfmt_bytes(b, sizeof(b), 2.0 * 1024 * 1024 * 1024);
    assert_string_equal(b, "2.00 GiB");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grouping),
        cmocka_unit_test(compact),
        cmocka_unit_test(seconds),
        cmocka_unit_test(plural_and_units),
        cmocka_unit_test(units_of_profiles),
        cmocka_unit_test(bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
