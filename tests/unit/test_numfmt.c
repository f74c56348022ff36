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
    numfmt_weight(b, sizeof(b), count_u64(1), UNIT_SAMPLES, NULL, false, true);
    assert_string_equal(b, "1 sample");
    numfmt_weight(b, sizeof(b), count_u64(2700), UNIT_SAMPLES, NULL, false, true);
    assert_string_equal(b, "2,700 samples");
    numfmt_weight(b, sizeof(b), count_u64(2702702700ull), UNIT_SAMPLES, NULL, true, true);
    assert_string_equal(b, "2.70G samples");
    numfmt_weight(b, sizeof(b), count_u64(2700000000ull), UNIT_NS, "cpu-clock", false, true);
    assert_string_equal(b, "2.70 s");
    numfmt_weight(b, sizeof(b), count_u64(2702702700ull), UNIT_EVENTS, "cycles", true, true);
    assert_string_equal(b, "2.70G cycles");
    numfmt_weight(b, sizeof(b), count_u64(1), UNIT_EVENTS, "cycles", false, true);
    assert_string_equal(b, "1 cycles");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grouping),
        cmocka_unit_test(compact),
        cmocka_unit_test(seconds),
        cmocka_unit_test(plural_and_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
