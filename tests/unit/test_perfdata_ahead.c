/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_perfdata_ahead.c: perf's pipe format before it is read
 * (perfdata_pipe.c): how far perfdata_pipe_ahead asks to read (the records ahead of the
 * kernel's; with DWARF call graphs, the kernel's too up to the first FINISHED_ROUND), and
 * perfdata_pipe_check's rule for DWARF call graphs: an exec (COMM with misc's exec bit)
 * in a process seen with user maps or born by a fork is refused, saying why, as
 * perfdata_check refuses it in a file; frame-pointer recordings keep being read. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "input/perfdata.h"

struct in {
    unsigned char b[1024];
    size_t n;
};

static void put(struct in *in, const void *p, size_t n)
{
    assert_true(in->n + n <= sizeof in->b);
    memcpy(in->b + in->n, p, n);
    in->n += n;
}

static void put_u16(struct in *in, uint16_t v)
{
    put(in, &v, 2);
}

static void put_u32(struct in *in, uint32_t v)
{
    put(in, &v, 4);
}

static void put_u64(struct in *in, uint64_t v)
{
    put(in, &v, 8);
}

static void head(struct in *in, uint32_t type, uint16_t misc, uint16_t size)
{
    put_u32(in, type);
    put_u16(in, misc);
    put_u16(in, size);
}

/* the pipe header and one HEADER_ATTR (a 64-byte attr, no ids) */
static void start(struct in *in, bool dwarf)
{
    in->n = 0;
    put(in, "PERFILE2", 8);
    put_u64(in, 16);
    head(in, 64, 0, 8 + 64);
    put_u32(in, 1);    /* PERF_TYPE_SOFTWARE */
    put_u32(in, 64);   /* size */
    put_u64(in, 0);    /* config */
    put_u64(in, 999);  /* sample_freq */
    put_u64(in, PD_S_IP | PD_S_TID | PD_S_TIME | (dwarf ? PD_S_STACK_USER : 0));
    for (int i = 0; i < 4; i++)
        put_u64(in, 0);
}

/* a record of the kernel's: type, misc, pid (and tid) */
static void rec(struct in *in, uint32_t type, uint16_t misc, uint32_t pid)
{
    head(in, type, misc, 24);
    put_u32(in, pid);
    put_u32(in, pid);
    put_u64(in, 0);
}

#define MMAP2 10
#define COMM 3
#define FORK 7
#define EXEC 0x2000
#define USER 2

static void test_ahead(void **state)
{
    (void)state;
    struct in in;
    start(&in, false);
    assert_false(perfdata_pipe_ahead(in.b, 8));   /* the pipe header cut short */
    assert_false(perfdata_pipe_ahead(in.b, in.n));
    assert_false(perfdata_pipe_ahead(in.b, in.n - 1));
    rec(&in, MMAP2, USER, 5);
    assert_true(perfdata_pipe_ahead(in.b, in.n - 16));   /* the first kernel record */
    start(&in, true);   /* DWARF: to the first round */
    rec(&in, MMAP2, USER, 5);
    rec(&in, COMM, EXEC, 5);
    assert_false(perfdata_pipe_ahead(in.b, in.n));
    head(&in, PD_FINISHED_ROUND, 0, 8);
    assert_false(perfdata_pipe_ahead(in.b, in.n - 1));
    assert_true(perfdata_pipe_ahead(in.b, in.n));
    start(&in, true);
    head(&in, MMAP2, 0, 4);   /* a bad size: the check says so */
    assert_true(perfdata_pipe_ahead(in.b, in.n));
}

static void test_exec_rule(void **state)
{
    (void)state;
    struct in in;
    char why[200];
    start(&in, true);
    rec(&in, MMAP2, USER, 5);
    rec(&in, COMM, EXEC, 6);   /* no maps seen: its first program */
    assert_true(perfdata_pipe_check(in.b, in.n, true, why, sizeof why));
    rec(&in, COMM, 0, 5);      /* a new name, no exec */
    assert_true(perfdata_pipe_check(in.b, in.n, true, why, sizeof why));
    size_t before = in.n;
    rec(&in, COMM, EXEC, 5);
    assert_false(perfdata_pipe_check(in.b, in.n, true, why, sizeof why));
    assert_non_null(strstr(why, "DWARF call graphs of a process that ran another program"));
    assert_false(perfdata_pipe_check(in.b, in.n, false, why, sizeof why));
    in.n = before;
    rec(&in, FORK, 0, 7);
    rec(&in, COMM, EXEC, 7);   /* a fork's child has its parent's maps */
    assert_false(perfdata_pipe_check(in.b, in.n, true, why, sizeof why));
    start(&in, true);
    rec(&in, MMAP2, 1, 5);     /* a kernel map: not the process's */
    rec(&in, COMM, EXEC, 5);
    assert_true(perfdata_pipe_check(in.b, in.n, true, why, sizeof why));
    start(&in, false);         /* frame pointers: nothing unwound, read */
    rec(&in, MMAP2, USER, 5);
    rec(&in, COMM, EXEC, 5);
    assert_true(perfdata_pipe_check(in.b, in.n, false, why, sizeof why));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ahead),
        cmocka_unit_test(test_exec_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
