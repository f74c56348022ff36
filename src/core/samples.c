/* SPDX-License-Identifier: MIT */
/* flametui - samples.c: see samples.h. */
#include "config.h"

#include "core/samples.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define W_BIG UINT32_MAX      /* weight kept aside in big[] */
#define T16_MAX 0xffffu
#define NO_CPU16 0xffffu

struct big_weight {
    size_t idx;
    struct count w;
};

struct thread_key {
    uint64_t hash;
    uint32_t idx;
};

struct samples {
    size_t n, cap;
    uint32_t *time;           /* (us since t0) >> shift */
    uint32_t *leaf;
    uint16_t *thr16;          /* thread index, while all fit */
    uint32_t *thr32;          /* ... or this once one does not */
    uint16_t *cpu;            /* CPU index (NO_CPU16: none), NULL until a sample has one */
    uint32_t *cpu_num, *cpu_name;   /* the distinct CPUs: number, name id */
    size_t ncpu, capcpu;
    uint16_t *w16;            /* weight: index into wdict (NULL while every weight is w0) */
    uint32_t *w;              /* ... or the weight itself once wdict is full */
    struct count w0;
    struct count *wdict;      /* the distinct weights, at most 65536 */
    size_t nwdict, capwdict;
    uint32_t *wtab;           /* open addressing over wdict: index + 1, 0 empty */
    size_t wtabsize;
    struct big_weight *big;
    size_t nbig, capbig;
    unsigned shift;
    bool have_t0, sorted, cleared;
    uint64_t t0_ns, last_us;
    uint64_t max_us;          /* the latest time kept */
    uint64_t first_us;        /* the first record's time (above 0 once an earlier came) */
    /* threads */
    struct samples_thread *th;
    char **th_key;            /* "proc pid/tid" bytes, for the exact compare */
    size_t nth, capth;
    struct thread_key *tab;   /* open addressing, power of two */
    size_t tabsize;
};

struct samples *samples_new(void)
{
    struct samples *s = xcalloc(1, sizeof *s);
    s->sorted = true;
    return s;
}

static void free_threads(struct samples *s)
{
    for (size_t i = 0; i < s->nth; i++)
        free(s->th_key[i]);
    free(s->th_key);
    free(s->th);
    free(s->tab);
    s->th_key = NULL;
    s->th = NULL;
    s->tab = NULL;
    s->nth = s->capth = s->tabsize = 0;
}

static void free_samples(struct samples *s)
{
    free(s->time);
    free(s->leaf);
    free(s->thr16);
    free(s->thr32);
    free(s->cpu);
    s->cpu = NULL;
    free(s->w);
    free(s->w16);
    free(s->wdict);
    free(s->wtab);
    free(s->big);
    s->time = s->leaf = s->thr32 = s->w = s->wtab = NULL;
    s->thr16 = s->w16 = NULL;
    s->wdict = NULL;
    s->nwdict = s->capwdict = s->wtabsize = 0;
    s->big = NULL;
    s->n = s->cap = s->nbig = s->capbig = 0;
}

void samples_free(struct samples *s)
{
    if (!s)
        return;
    free_samples(s);
    free_threads(s);
    free(s->cpu_num);
    free(s->cpu_name);
    free(s);
}

void samples_clear(struct samples *s)
{
    free_samples(s);
    free_threads(s);
    s->cleared = true;
    s->sorted = true;
    s->last_us = s->max_us = 0;
}

bool samples_cleared(const struct samples *s)
{
    return s->cleared;
}

static uint64_t key_hash(uint32_t proc, const char *pid, size_t pidl, const char *tid,
                         size_t tidl)
{
    uint64_t h = util_hash(pid, pidl) ^ (util_hash(tid, tidl) * 31) ^ ((uint64_t)proc << 17);
    return h * 0x9e3779b97f4a7c15ull;
}

static char *make_key(const char *pid, size_t pidl, const char *tid, size_t tidl)
{
    struct buf b = {0};
    buf_append(&b, pid, pidl);
    buf_putc(&b, '/');
    buf_append(&b, tid, tidl);
    buf_putc(&b, '\0');
    return b.p;
}

static void tab_put(struct samples *s, uint64_t h, uint32_t idx)
{
    size_t m = s->tabsize - 1, i = h & m;
    while (s->tab[i].idx != UINT32_MAX)
        i = (i + 1) & m;
    s->tab[i].hash = h;
    s->tab[i].idx = idx;
}

/* The stored key of thread k is pid/tid (pid and tid never hold a '/'). */
static bool key_is(const char *key, const char *pid, size_t pidl, const char *tid, size_t tidl)
{
    return memcmp(key, pid, pidl) == 0 && key[pidl] == '/' &&
           memcmp(key + pidl + 1, tid, tidl) == 0 && key[pidl + 1 + tidl] == '\0';
}

uint32_t samples_thread_find(struct samples *s, uint32_t proc, const char *pid, size_t pidl,
                             const char *tid, size_t tidl, bool *is_new)
{
    uint64_t h = key_hash(proc, pid, pidl, tid, tidl);
    if (s->tabsize) {
        size_t m = s->tabsize - 1;
        for (size_t i = h & m; s->tab[i].idx != UINT32_MAX; i = (i + 1) & m) {
            uint32_t k = s->tab[i].idx;
            if (s->tab[i].hash == h && s->th[k].proc == proc &&
                strlen(s->th_key[k]) == pidl + 1 + tidl &&
                key_is(s->th_key[k], pid, pidl, tid, tidl)) {
                *is_new = false;
                return k;
            }
        }
    }
    char *key = make_key(pid, pidl, tid, tidl);
    if ((s->nth + 1) * 2 > s->tabsize) {
        size_t ns = s->tabsize ? s->tabsize * 2 : 64;
        free(s->tab);
        s->tab = xreallocarray(NULL, ns, sizeof *s->tab);
        for (size_t i = 0; i < ns; i++)
            s->tab[i].idx = UINT32_MAX;
        s->tabsize = ns;
        for (size_t i = 0; i < s->nth; i++) {
            const char *k = s->th_key[i], *sl = strrchr(k, '/');
            tab_put(s, key_hash(s->th[i].proc, k, (size_t)(sl - k), sl + 1, strlen(sl + 1)),
                    (uint32_t)i);
        }
    }
    if (s->nth == s->capth) {
        size_t c = s->capth;
        FT_GROW(s->th, c, s->nth + 1);
        s->th_key = xreallocarray(s->th_key, c, sizeof *s->th_key);
        s->capth = c;
    }
    uint32_t idx = (uint32_t)s->nth++;
    s->th_key[idx] = key;
    memset(&s->th[idx], 0, sizeof s->th[idx]);
    s->th[idx].proc = proc;
    tab_put(s, h, idx);
    *is_new = true;
    return idx;
}

void samples_thread_set(struct samples *s, uint32_t idx, const struct samples_thread *th)
{
    s->th[idx] = *th;
}

size_t samples_threads(const struct samples *s)
{
    return s->nth;
}

const struct samples_thread *samples_thread_get(const struct samples *s, uint32_t idx)
{
    return idx < s->nth ? &s->th[idx] : NULL;
}

static bool same_count(struct count a, struct count b)
{
    return a.is_float == b.is_float && (a.is_float ? a.d == b.d : a.u == b.u);
}

/* To capacity c (>= n) for every per-sample array. */
static void resize(struct samples *s, size_t c)
{
    s->time = xreallocarray(s->time, c, sizeof *s->time);
    s->leaf = xreallocarray(s->leaf, c, sizeof *s->leaf);
    if (s->thr32)
        s->thr32 = xreallocarray(s->thr32, c, sizeof *s->thr32);
    else
        s->thr16 = xreallocarray(s->thr16, c, sizeof *s->thr16);
    if (s->w)
        s->w = xreallocarray(s->w, c, sizeof *s->w);
    if (s->w16)
        s->w16 = xreallocarray(s->w16, c, sizeof *s->w16);
    if (s->cpu)
        s->cpu = xreallocarray(s->cpu, c, sizeof *s->cpu);
    s->cap = c;
}

/* Grows by a quarter (at least 4096): the slack stays small for a big index, and large
 * reallocations move pages, not bytes. */
static void grow(struct samples *s)
{
    size_t c = s->cap + s->cap / 4;
    resize(s, c < s->n + 4096 ? s->n + 4096 : c);
}

void samples_compact(struct samples *s)
{
    if (s->n && s->n < s->cap)
        resize(s, s->n);
}

const uint32_t *samples_times(const struct samples *s, unsigned *shift)
{
    *shift = s->shift;
    return s->time;
}

void samples_thread_arrays(const struct samples *s, const uint16_t **t16, const uint32_t **t32)
{
    *t16 = s->thr32 ? NULL : s->thr16;
    *t32 = s->thr32;
}

const uint32_t *samples_leaves(const struct samples *s)
{
    return s->leaf;
}

const uint16_t *samples_weight_index(const struct samples *s, const struct count **dict,
                                     size_t *ndict)
{
    *dict = s->wdict;
    *ndict = s->nwdict;
    return s->w16;
}

static uint64_t count_hash(struct count c)
{
    uint64_t v = c.u;
    if (c.is_float)
        memcpy(&v, &c.d, sizeof v);
    v ^= c.is_float ? 0x51ed270b27e3a1f3ull : 0;
    v *= 0x9e3779b97f4a7c15ull;
    return v ^ (v >> 29);
}

/* Index of w in the dictionary, added when new; -1 when the dictionary is full. */
static long wdict_find(struct samples *s, struct count w)
{
    if (s->wtabsize) {
        size_t m = s->wtabsize - 1;
        for (size_t i = count_hash(w) & m; s->wtab[i]; i = (i + 1) & m)
            if (same_count(s->wdict[s->wtab[i] - 1], w))
                return (long)s->wtab[i] - 1;
    }
    if (s->nwdict == 65536)
        return -1;
    if ((s->nwdict + 1) * 2 > s->wtabsize) {
        size_t ns = s->wtabsize ? s->wtabsize * 2 : 64;
        free(s->wtab);
        s->wtab = xcalloc(ns, sizeof *s->wtab);
        s->wtabsize = ns;
        for (size_t k = 0; k < s->nwdict; k++) {
            size_t i = count_hash(s->wdict[k]) & (ns - 1);
            while (s->wtab[i])
                i = (i + 1) & (ns - 1);
            s->wtab[i] = (uint32_t)k + 1;
        }
    }
    FT_GROW(s->wdict, s->capwdict, s->nwdict + 1);
    s->wdict[s->nwdict] = w;
    size_t i = count_hash(w) & (s->wtabsize - 1);
    while (s->wtab[i])
        i = (i + 1) & (s->wtabsize - 1);
    s->wtab[i] = (uint32_t)s->nwdict + 1;
    return (long)s->nwdict++;
}

/* Stores w as sample i's weight in the raw array (big ones aside). */
static void put_raw(struct samples *s, size_t i, struct count w)
{
    if (w.is_float || w.u >= W_BIG) {
        s->w[i] = W_BIG;
        FT_GROW(s->big, s->capbig, s->nbig + 1);
        s->big[s->nbig++] = (struct big_weight){i, w};
    } else {
        s->w[i] = (uint32_t)w.u;
    }
}

/* A record earlier than t0: t0 moves back to it, every time kept moves forward. */
static void rebase(struct samples *s, uint64_t t0_ns)
{
    uint64_t d = (s->t0_ns - t0_ns) / 1000;
    uint64_t end = (s->last_us > s->max_us ? s->last_us : s->max_us) + d;
    s->t0_ns -= d * 1000;
    while ((end >> s->shift) > UINT32_MAX) {
        s->shift++;
        for (size_t i = 0; i < s->n; i++)
            s->time[i] >>= 1;
    }
    for (size_t i = 0; i < s->n; i++)
        s->time[i] = (uint32_t)((((uint64_t)s->time[i] << s->shift) + d) >> s->shift);
    s->last_us += d;
    s->max_us += d;
    s->first_us += d;
}

void samples_add(struct samples *s, bool has_time, uint64_t time_ns, uint32_t leaf,
                 uint32_t thread, struct count w)
{
    if (s->cleared)
        return;             /* void for good: the viewer says so, nothing more is kept */
    uint64_t us = s->last_us;
    if (has_time) {
        if (!s->have_t0) {
            s->have_t0 = true;
            s->t0_ns = time_ns;
        } else if (time_ns + 999 < s->t0_ns) {
            rebase(s, time_ns);
        }
        us = time_ns >= s->t0_ns ? (time_ns - s->t0_ns) / 1000 : 0;
    }
    if (us > s->max_us)
        s->max_us = us;
    if (us < s->last_us)
        s->sorted = false;
    s->last_us = us;
    while ((us >> s->shift) > UINT32_MAX) {  /* longer than 71 minutes << shift */
        s->shift++;
        for (size_t i = 0; i < s->n; i++)
            s->time[i] >>= 1;
    }
    if (s->n == s->cap)
        grow(s);
    if (!s->thr32 && thread >= T16_MAX) {
        s->thr32 = xreallocarray(NULL, s->cap, sizeof *s->thr32);
        for (size_t i = 0; i < s->n; i++)
            s->thr32[i] = s->thr16[i];
        free(s->thr16);
        s->thr16 = NULL;
    }
    size_t i = s->n++;
    if (s->cpu)
        s->cpu[i] = NO_CPU16;
    s->time[i] = (uint32_t)(us >> s->shift);
    s->leaf[i] = leaf;
    if (s->thr32)
        s->thr32[i] = thread;
    else
        s->thr16[i] = (uint16_t)thread;
    if (i == 0)
        s->w0 = w;
    if (!s->w16 && !s->w && !same_count(w, s->w0)) {   /* the first other weight */
        s->w16 = xcalloc(s->cap, sizeof *s->w16);       /* every earlier one: w0, index 0 */
        wdict_find(s, s->w0);
    }
    if (s->w16) {
        long k = wdict_find(s, w);
        if (k >= 0) {
            s->w16[i] = (uint16_t)k;
        } else {   /* more than 65536 distinct weights: keep them as they are */
            s->w = xreallocarray(NULL, s->cap, sizeof *s->w);
            for (size_t j = 0; j < i; j++)
                put_raw(s, j, s->wdict[s->w16[j]]);
            free(s->w16);
            s->w16 = NULL;
        }
    }
    if (s->w)
        put_raw(s, i, w);
}

uint32_t samples_cpu_find(struct samples *s, uint32_t cpu)
{
    for (size_t k = s->ncpu; k-- > 0;)   /* CPUs are few: a scan, the latest first */
        if (s->cpu_num[k] == cpu)
            return (uint32_t)k;
    if (s->ncpu >= NO_CPU16)
        return SAMPLES_NO_CPU;
    if (s->ncpu == s->capcpu) {
        size_t c = s->capcpu;
        FT_GROW(s->cpu_num, c, s->ncpu + 1);
        s->cpu_name = xreallocarray(s->cpu_name, c, sizeof *s->cpu_name);
        s->capcpu = c;
    }
    s->cpu_num[s->ncpu] = cpu;
    s->cpu_name[s->ncpu] = SAMPLES_NO_NAME;
    return (uint32_t)s->ncpu++;
}

void samples_cpu_set_name(struct samples *s, uint32_t idx, uint32_t name)
{
    if (idx < s->ncpu)
        s->cpu_name[idx] = name;
}

uint32_t samples_cpu_name(const struct samples *s, uint32_t idx)
{
    return idx < s->ncpu ? s->cpu_name[idx] : SAMPLES_NO_NAME;
}

uint32_t samples_cpu_number(const struct samples *s, uint32_t idx)
{
    return idx < s->ncpu ? s->cpu_num[idx] : SAMPLES_NO_CPU;
}

size_t samples_cpus(const struct samples *s)
{
    return s->ncpu;
}

void samples_set_cpu(struct samples *s, uint32_t idx)
{
    if (s->cleared || s->n == 0 || idx >= s->ncpu)
        return;
    if (!s->cpu) {
        s->cpu = xreallocarray(NULL, s->cap, sizeof *s->cpu);
        memset(s->cpu, 0xff, s->cap * sizeof *s->cpu);
    }
    s->cpu[s->n - 1] = (uint16_t)idx;
}

bool samples_have_cpu(const struct samples *s)
{
    return s->cpu != NULL;
}

uint32_t samples_cpu_of(const struct samples *s, size_t i)
{
    return s->cpu && s->cpu[i] != NO_CPU16 ? s->cpu[i] : SAMPLES_NO_CPU;
}

size_t samples_count(const struct samples *s)
{
    return s->n;
}

bool samples_have_time(const struct samples *s)
{
    return s->have_t0;
}

uint64_t samples_t0_ns(const struct samples *s)
{
    return s->t0_ns;
}

uint64_t samples_time_us(const struct samples *s, size_t i)
{
    return (uint64_t)s->time[i] << s->shift;
}

uint64_t samples_resolution_us(const struct samples *s)
{
    return (uint64_t)1 << s->shift;
}

uint64_t samples_end_us(const struct samples *s)
{
    return s->n ? (s->max_us >> s->shift) << s->shift : 0;
}

uint64_t samples_first_us(const struct samples *s)
{
    return s->first_us;
}

uint32_t samples_leaf(const struct samples *s, size_t i)
{
    return s->leaf[i];
}

uint32_t samples_thread_of(const struct samples *s, size_t i)
{
    return s->thr32 ? s->thr32[i] : s->thr16[i];
}

bool samples_sorted(const struct samples *s)
{
    return s->sorted;
}

size_t samples_lower_bound(const struct samples *s, uint64_t us)
{
    if (!s->sorted)
        return 0;
    uint64_t key = us >> s->shift;
    if ((key << s->shift) < us)
        key++;                      /* a time below us rounds down: not in range */
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->time[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool samples_uniform(const struct samples *s, struct count *w)
{
    if (w)
        *w = s->w0;
    return !s->w && !s->w16;
}

struct count samples_weight(const struct samples *s, size_t i)
{
    if (s->w16)
        return s->wdict[s->w16[i]];
    if (!s->w)
        return s->w0;
    if (s->w[i] != W_BIG)
        return count_u64(s->w[i]);
    size_t lo = 0, hi = s->nbig;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->big[mid].idx < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->nbig && s->big[lo].idx == i ? s->big[lo].w : count_u64(0);
}

size_t samples_bytes(const struct samples *s)
{
    size_t per = sizeof *s->time + sizeof *s->leaf +
                 (s->thr32 ? sizeof *s->thr32 : sizeof *s->thr16) + (s->w ? sizeof *s->w : 0) +
                 (s->w16 ? sizeof *s->w16 : 0) + (s->cpu ? sizeof *s->cpu : 0);
    return sizeof *s + s->cap * per + s->capbig * sizeof *s->big +
           s->capwdict * sizeof *s->wdict + s->wtabsize * sizeof *s->wtab +
           s->capth * (sizeof *s->th + sizeof *s->th_key) + s->tabsize * sizeof *s->tab;
}

const char *samples_group_word(enum perf_group g)
{
    static const char *const words[GROUP_COUNT] = {
        [GROUP_COMM] = "comm", [GROUP_PID] = "pid", [GROUP_TID] = "tid", [GROUP_NONE] = "none",
        [GROUP_CPU] = "cpu",
    };
    return (unsigned)g < GROUP_COUNT && words[g] ? words[g] : "comm";
}
