/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the pprof decoder (input/pprof.h). Profiles are built with
 * protobuf-c's generated structs and packed, so each test states its profile in C. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "input/pprof.h"
#include "input/profile.pb-c.h"
#include "core/trie.h"

/* A small profile builder: strings, functions, locations (lines leaf first), samples. */
struct pb {
    Perftools__Profiles__Profile pr;
    ProtobufCBinaryData strs[32];
    Perftools__Profiles__ValueType vt[4], *vtp[4];
    Perftools__Profiles__Function fn[8], *fnp[8];
    Perftools__Profiles__Mapping mp[2], *mpp[2];
    Perftools__Profiles__Location loc[8], *locp[8];
    Perftools__Profiles__Line ln[16], *lnp[16];
    Perftools__Profiles__Sample smp[8], *smpp[8];
    uint64_t ids[8][8];
    int64_t vals[8][4];
    size_t nln;
};

static int64_t str_of(struct pb *b, const char *s)
{
    for (size_t i = 0; i < b->pr.n_string_table; i++)
        if (b->strs[i].len == strlen(s) && !memcmp(b->strs[i].data, s, b->strs[i].len))
            return (int64_t)i;
    size_t i = b->pr.n_string_table++;
    b->strs[i].data = (uint8_t *)(uintptr_t)s;
    b->strs[i].len = strlen(s);
    return (int64_t)i;
}

static void pb_init(struct pb *b)
{
    memset(b, 0, sizeof *b);
    perftools__profiles__profile__init(&b->pr);
    b->pr.string_table = b->strs;
    b->pr.sample_type = b->vtp;
    b->pr.function = b->fnp;
    b->pr.location = b->locp;
    b->pr.sample = b->smpp;
    b->pr.mapping = b->mpp;
    str_of(b, "");
}

static void type(struct pb *b, const char *t, const char *u)
{
    size_t i = b->pr.n_sample_type++;
    perftools__profiles__value_type__init(&b->vt[i]);
    b->vt[i].type = str_of(b, t);
    b->vt[i].unit = str_of(b, u);
    b->vtp[i] = &b->vt[i];
}

static void func(struct pb *b, uint64_t id, const char *name)
{
    size_t i = b->pr.n_function++;
    perftools__profiles__function__init(&b->fn[i]);
    b->fn[i].id = id;
    b->fn[i].name = str_of(b, name);
    b->fnp[i] = &b->fn[i];
}

/* A location with n lines: fids leaf (inlined callee) first. */
static void loc(struct pb *b, uint64_t id, uint64_t mapping, size_t n, const uint64_t *fids)
{
    size_t i = b->pr.n_location++;
    perftools__profiles__location__init(&b->loc[i]);
    b->loc[i].id = id;
    b->loc[i].mapping_id = mapping;
    b->loc[i].address = 0x1000 + id;
    b->loc[i].line = b->lnp + b->nln;
    b->loc[i].n_line = n;
    for (size_t k = 0; k < n; k++) {
        perftools__profiles__line__init(&b->ln[b->nln]);
        b->ln[b->nln].function_id = fids[k];
        b->lnp[b->nln] = &b->ln[b->nln];
        b->nln++;
    }
    b->locp[i] = &b->loc[i];
}

/* A sample: location ids leaf first, then one value per type. */
static void sample(struct pb *b, size_t n, const uint64_t *lids, size_t nv, const int64_t *v)
{
    size_t i = b->pr.n_sample++;
    perftools__profiles__sample__init(&b->smp[i]);
    memcpy(b->ids[i], lids, n * sizeof *lids);
    memcpy(b->vals[i], v, nv * sizeof *v);
    b->smp[i].location_id = b->ids[i];
    b->smp[i].n_location_id = n;
    b->smp[i].value = b->vals[i];
    b->smp[i].n_value = nv;
    b->smpp[i] = &b->smp[i];
}

/* Packs b and decodes it with sample_type; returns the collapsed text (caller frees)
 * or NULL with err filled in. */
static char *decode(struct pb *b, const char *sample_type, struct ft_error *err, char *type_unit)
{
    size_t n = perftools__profiles__profile__get_packed_size(&b->pr);
    uint8_t *buf = malloc(n + 1);
    perftools__profiles__profile__pack(&b->pr, buf);
    struct trie *t = trie_new(NULL);
    struct pprof_parser *p = pprof_new(t, sample_type);
    /* in three pieces, as the loader gives them */
    size_t a = n / 3, c = 2 * n / 3;
    char *out = NULL;
    if (pprof_feed(p, (const char *)buf, a, false, err) == a &&
        pprof_feed(p, (const char *)buf + a, c - a, false, err) == c - a &&
        pprof_feed(p, (const char *)buf + c, n - c, true, err) == n - c) {
        out = trie_to_collapsed(t);
        if (type_unit) {
            const char *u;
            const char *ty = pprof_sample_type(p, &u);
            strcpy(type_unit, ty);
            strcat(type_unit, "/");
            strcat(type_unit, u);
        }
        assert_int_equal(pprof_sniff(buf, n, true), 1);
    }
    pprof_free(p);
    trie_free(t);
    free(buf);
    return out;
}

/* main -> run (inlined: step, then helper) -> leaf; all in two locations */
static void go_like(struct pb *b)
{
    pb_init(b);
    type(b, "samples", "count");
    type(b, "cpu", "nanoseconds");
    func(b, 1, "main.main");
    func(b, 2, "main.run");
    func(b, 3, "main.helper");
    func(b, 4, "main.step");
    loc(b, 1, 0, 1, (const uint64_t[]){1});
    loc(b, 2, 0, 3, (const uint64_t[]){4, 3, 2});   /* step inlined in helper in run */
    sample(b, 2, (const uint64_t[]){2, 1}, 2, (const int64_t[]){3, 30000000});
    sample(b, 1, (const uint64_t[]){1}, 2, (const int64_t[]){1, 10000000});
    sample(b, 2, (const uint64_t[]){2, 1}, 2, (const int64_t[]){2, 20000000});
}

static void inlined_frames_root_first(void **state)
{
    (void)state;
    struct pb b;
    struct ft_error err = {0, ""};
    char tu[200];
    go_like(&b);
    char *out = decode(&b, NULL, &err, tu);
    assert_non_null(out);
    /* the last sample type is the default; the location's last line is the caller */
    assert_string_equal(out, "main.main 10000000\n"
                             "main.main;main.run;main.helper;main.step 50000000\n");
    assert_string_equal(tu, "cpu/nanoseconds");
    free(out);
    out = decode(&b, "samples", &err, tu);
    assert_non_null(out);
    assert_string_equal(out, "main.main 1\nmain.main;main.run;main.helper;main.step 5\n");
    assert_string_equal(tu, "samples/count");
    free(out);
}

static void default_sample_type_field(void **state)
{
    (void)state;
    struct pb b;
    struct ft_error err = {0, ""};
    char tu[200];
    go_like(&b);
    b.pr.default_sample_type = str_of(&b, "samples");
    char *out = decode(&b, NULL, &err, tu);
    assert_non_null(out);
    assert_string_equal(tu, "samples/count");
    free(out);
}

static void unknown_sample_type_lists_them(void **state)
{
    (void)state;
    struct pb b;
    struct ft_error err = {0, ""};
    go_like(&b);
    assert_null(decode(&b, "alloc_space", &err, NULL));
    assert_string_equal(err.msg, "unknown sample type 'alloc_space' (available: samples, cpu)");
}

static void sparse_ids_and_unnamed_frames(void **state)
{
    (void)state;
    struct pb b;
    struct ft_error err = {0, ""};
    pb_init(&b);
    type(&b, "alloc_space", "bytes");
    func(&b, 900, "f");
    func(&b, 7, "");    /* no name: the mapping's file, as pprof prints it */
    perftools__profiles__mapping__init(&b.mp[0]);
    b.mp[0].id = 42;
    b.mp[0].filename = str_of(&b, "/usr/lib/libc.so.6");
    b.mpp[0] = &b.mp[0];
    b.pr.n_mapping = 1;
    loc(&b, 1000, 42, 1, (const uint64_t[]){7});
    loc(&b, 5, 0, 1, (const uint64_t[]){900});
    loc(&b, 77, 42, 0, NULL);   /* not symbolized */
    loc(&b, 78, 0, 0, NULL);
    sample(&b, 3, (const uint64_t[]){1000, 77, 5}, 1, (const int64_t[]){4});
    sample(&b, 2, (const uint64_t[]){78, 5}, 1, (const int64_t[]){1});
    sample(&b, 1, (const uint64_t[]){5}, 1, (const int64_t[]){0});    /* left out */
    sample(&b, 1, (const uint64_t[]){5}, 1, (const int64_t[]){-3});   /* left out */
    char *out = decode(&b, NULL, &err, NULL);
    assert_non_null(out);
    assert_string_equal(out, "f;<unknown> 1\nf;[libc.so.6];[libc.so.6] 4\n");
    free(out);
}

static void bad_profiles_are_errors(void **state)
{
    (void)state;
    struct pb b;
    struct ft_error err = {0, ""};
    go_like(&b);
    b.ids[0][0] = 3;
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg,
                        "not a valid pprof profile: sample 0 refers to an unknown location 3");
    go_like(&b);
    b.ln[1].function_id = 99;
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg, "not a valid pprof profile: location 2 refers to an unknown "
                                 "function 99");
    go_like(&b);
    b.fn[2].name = 1000;
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg, "not a valid pprof profile: function 3: string index out of "
                                 "range");
    go_like(&b);
    b.smp[1].n_value = 1;
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg, "not a valid pprof profile: sample 1 has 1 values for 2 "
                                 "sample types");
    go_like(&b);
    b.pr.n_sample_type = 0;
    b.smp[0].n_value = b.smp[1].n_value = b.smp[2].n_value = 0;
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg, "not a valid pprof profile: no sample types");
    go_like(&b);
    b.strs[0].len = 1;
    b.strs[0].data = (uint8_t *)(uintptr_t)"x";
    assert_null(decode(&b, NULL, &err, NULL));
    assert_string_equal(err.msg, "not a valid pprof profile: the string table does not start "
                                 "with an empty string");
    /* not protobuf at all; nothing is added to the trie */
    struct trie *t = trie_new(NULL);
    struct pprof_parser *p = pprof_new(t, NULL);
    assert_int_equal(pprof_decode(p, "\x0a\x05\x08", 3, &err), -1);
    assert_string_equal(err.msg, "not a valid pprof profile: protobuf decoding failed");
    assert_int_equal(trie_size(t), 1);
    pprof_free(p);
    trie_free(t);
}

static void sniff_never_takes_text(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "main;foo 1\n", "2to3;main 5\n", "HashMap;get 3\n", "perf 1234 [000] 1.0: cycles:\n",
        "\n\n\n", "", "@[\n    f+1\n]: 3\n", "Attaching 1 probe...\n",
        "a;b\0c 1\n\0\0\0\nd 2\0\n",
        "\x12\x05\x08\x01\x10",   /* a sample cut short: wait, then no */
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        size_t n = i == 8 ? 17 : i == 9 ? 5 : strlen(texts[i]);
        assert_int_equal(pprof_sniff(texts[i], n, true), 0);
    }
    /* a Go profile starts with time_nanos, then the sample types */
    static const unsigned char go[] = {0x48, 0xd6, 0x94, 0x98, 0xf5, 0xe2, 0xf5, 0xa2, 0xf5,
                                       0x18, 0x0a, 0x04, 0x08, 0x01, 0x10, 0x02, 0x0a, 0x04,
                                       0x08, 0x03, 0x10, 0x04};
    assert_int_equal(pprof_sniff(go, sizeof go, false), 1);
    assert_int_equal(pprof_sniff(go, 3, false), -1);
    assert_int_equal(pprof_sniff(go, 3, true), 0);
    assert_int_equal(pprof_sniff(texts[9], 5, false), -1);
    assert_int_equal(pprof_sniff(texts[9], 5, true), 0);
    assert_int_equal(pprof_sniff("\x12\x03\x08\x01\x10", 5, false), 0); /* malformed */
    assert_int_equal(pprof_sniff("main;f", 6, false), -1);   /* too short to tell */
}

static void too_large(void **state)
{
    (void)state;
    struct ft_error err = {0, ""};
    struct trie *t = trie_new(NULL);
    struct pprof_parser *p = pprof_new(t, NULL);
    assert_int_equal(pprof_feed(p, "x", PPROF_MAX_BYTES + 1, false, &err), (size_t)-1);
    assert_string_equal(err.msg, "larger than 1024 MiB: too large for a pprof profile");
    pprof_free(p);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inlined_frames_root_first),
        cmocka_unit_test(default_sample_type_field),
        cmocka_unit_test(unknown_sample_type_lists_them),
        cmocka_unit_test(sparse_ids_and_unnamed_frames),
        cmocka_unit_test(bad_profiles_are_errors),
        cmocka_unit_test(sniff_never_takes_text),
        cmocka_unit_test(too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
