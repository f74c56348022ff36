/* flametui - test_graph.c: STUB, being written. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

static void stub(void **state)
{
    (void)state;
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(stub)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
