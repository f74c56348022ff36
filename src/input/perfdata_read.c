/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_read.c: see perfdata.h. The header, the attrs and their ids, the
 * feature sections used (build ids, event names), and the layout of sample records. Every
 * offset and size read from the file is checked against the mapping before use. */
#include "config.h"

#include "input/perfdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define FEAT_BUILD_ID 2
#define FEAT_EVENT_DESC 12
#define HEADER_SIZE 104
#define ATTR_MIN 64                   /* PERF_ATTR_SIZE_VER0 */
#define PERF_TYPE_TRACEPOINT 2
#define READ_TOTAL_TIME_ENABLED 1u
#define READ_TOTAL_TIME_RUNNING 2u
#define READ_ID 4u
#define READ_GROUP 8u
#define READ_LOST 16u
/* sample_type bits after STACK_USER that are read past (the text does not need them) */
#define S_KNOWN ((1ull << 25) - 1)
#define ATTR_REGS_END 88              /* sample_regs_user's end in perf_event_attr */
#define REGS_ABI_MAX 2                /* PERF_SAMPLE_REGS_ABI_64 */
#define MISC_CPUMODE 7u
#define MISC_USER 2u
#define MISC_COMM_EXEC (1u << 13)

static bool in_file(const struct pd_file *f, uint64_t off, uint64_t size)
{
    return off <= f->len && size <= f->len - off;
}

static bool fail(char *why, size_t n, const char *msg)
{
    snprintf(why, n, "%s", msg);
    return false;
}

/* The event names of HEADER_EVENT_DESC, in attr order. */
void pd_read_event_desc(struct pd_file *f, const unsigned char *p, size_t size)
{
    if (size < 8)
        return;
    const unsigned char *end = p + size;
    uint32_t nr = pd_u32(p), asz = pd_u32(p + 4);
    p += 8;
    for (uint32_t i = 0; i < nr && i < f->nattrs; i++) {
        if ((size_t)(end - p) < (uint64_t)asz + 8)
            return;
        p += asz;
        uint32_t nids = pd_u32(p), slen = pd_u32(p + 4);
        p += 8;
        if ((size_t)(end - p) < slen)
            return;
        size_t l = strnlen((const char *)p, slen);
        free(f->attrs[i].name);
        f->attrs[i].name = xmalloc(l + 1);
        memcpy(f->attrs[i].name, p, l);
        f->attrs[i].name[l] = '\0';
        p += slen;
        if ((uint64_t)(end - p) / 8 < nids)
            return;
        p += (size_t)nids * 8;
    }
}

/* HEADER_BUILD_ID: perf_event_header, s32 pid, u8 build_id[24], char filename[]. */
void pd_read_build_ids(struct pd_file *f, const unsigned char *p, size_t size)
{
    const unsigned char *end = p + size;
    size_t cap = f->nbids;
    while (end - p >= 36) {
        uint16_t misc, rs;
        memcpy(&misc, p + 4, 2);
        memcpy(&rs, p + 6, 2);
        if (rs < 36 || rs > end - p)
            return;
        FT_GROW(f->bids, cap, f->nbids + 1);
        struct pd_buildid *b = &f->bids[f->nbids++];
        int32_t pid;
        memcpy(&pid, p + 8, 4);
        b->pid = pid;
        memcpy(b->id, p + 12, 20);
        b->len = (misc & (1u << 15)) && p[32] <= 20 ? p[32] : 20;
        size_t l = strnlen((const char *)p + 36, rs - 36u);
        b->name = xmalloc(l + 1);
        memcpy(b->name, p + 36, l);
        b->name[l] = '\0';
        p += rs;
    }
}

static void read_features(struct pd_file *f, const unsigned char *bits)
{
    uint64_t sec = f->data_off + f->data_size;
    for (int feat = 1; feat < 256; feat++) {
        if (!(bits[feat / 8] & (1u << (feat % 8))))
            continue;
        if (!in_file(f, sec, 16))
            return;
        uint64_t off = pd_u64(f->p + sec), size = pd_u64(f->p + sec + 8);
        sec += 16;
        if (!in_file(f, off, size))
            continue;
        if (feat == FEAT_BUILD_ID)
            pd_read_build_ids(f, f->p + off, (size_t)size);
        else if (feat == FEAT_EVENT_DESC)
            pd_read_event_desc(f, f->p + off, (size_t)size);
    }
}

static int cmp_id(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* One attr of the attrs section and its ids. */
bool pd_read_attr(struct pd_file *f, const unsigned char *a, size_t idx, char *why,
                  size_t n)
{
    struct pd_attr *at = &f->attrs[idx];
    at->type = pd_u32(a);
    at->config = pd_u64(a + 8);
    at->sample_type = pd_u64(a + 24);
    at->read_format = pd_u64(a + 32);
    at->flags = pd_u64(a + 40);
    at->sample_id_all = (at->flags >> 18) & 1;
    if (at->type == PERF_TYPE_TRACEPOINT)
        return fail(why, n, "tracepoint events (perf script formats their data)");
    if (at->sample_type & PD_S_REGS_USER) {
        uint32_t asz = pd_u32(a + 4);
        if ((asz ? asz : ATTR_MIN) < ATTR_REGS_END)
            return fail(why, n, "user registers sampled, in an attr too short to say which");
        at->regs_user = pd_u64(a + 80);
    }
    if (at->sample_type & PD_S_BRANCH_STACK)
        return fail(why, n, "branch stacks (perf record -b or --call-graph lbr)");
    if (at->sample_type & ~S_KNOWN)
        return fail(why, n, "a sample_type bit this reader does not know");
    return true;
}

static bool read_attr(struct pd_file *f, const unsigned char *a, uint64_t asz, size_t idx,
                      size_t *idcap, char *why, size_t n)
{
    if (pd_u32(a + 4) > asz - 16)
        return fail(why, n, "an attr larger than its entry in the attrs section");
    if (!pd_read_attr(f, a, idx, why, n))
        return false;
    uint64_t ioff = pd_u64(a + asz - 16), isz = pd_u64(a + asz - 8);
    if (!in_file(f, ioff, isz) || isz / 8 > PD_MAX_IDS - f->nids)
        return fail(why, n, "an attr's ids lie past the end of the file");
    for (uint64_t k = 0; k < isz / 8; k++) {
        FT_GROW(f->ids, *idcap, 2 * f->nids + 2);
        f->ids[2 * f->nids] = pd_u64(f->p + ioff + 8 * k);
        f->ids[2 * f->nids + 1] = idx;
        f->nids++;
    }
    return true;
}

/* The u64 index of the sample id in a sample record, SIZE_MAX: none. */
static size_t id_position(uint64_t st)
{
    if (st & PD_S_IDENTIFIER)
        return 0;
    if (!(st & PD_S_ID))
        return SIZE_MAX;
    size_t i = 0;
    i += !!(st & PD_S_IP);
    i += !!(st & PD_S_TID);
    i += !!(st & PD_S_TIME);
    i += !!(st & PD_S_ADDR);
    return i;
}

static bool read_attrs(struct pd_file *f, uint64_t asz, uint64_t off, uint64_t size,
                       char *why, size_t n)
{
    if (asz < ATTR_MIN + 16 || asz > 4096 || !in_file(f, off, size) || size % asz)
        return fail(why, n, "the attrs section is malformed");
    if (size / asz == 0 || size / asz > PD_MAX_ATTRS)
        return fail(why, n, "no events, or more than 64");
    f->nattrs = (size_t)(size / asz);
    size_t idcap = 0;
    for (size_t i = 0; i < f->nattrs; i++)
        if (!read_attr(f, f->p + off + i * asz, asz, i, &idcap, why, n))
            return false;
    return pd_attrs_done(f, why, n);
}

bool pd_attrs_done(struct pd_file *f, char *why, size_t n)
{
    if (f->nids)
        qsort(f->ids, f->nids, 16, cmp_id);
    f->sample_type = f->attrs[0].sample_type;
    f->read_format = f->attrs[0].read_format;
    f->sample_id_all = f->attrs[0].sample_id_all;
    f->id_pos = id_position(f->sample_type);
    f->regs_user = f->attrs[0].regs_user;
    for (size_t i = 1; i < f->nattrs; i++) {
        const struct pd_attr *a = &f->attrs[i];
        if (a->sample_type != f->sample_type || a->read_format != f->read_format ||
            a->sample_id_all != f->sample_id_all || a->regs_user != f->regs_user)
            return fail(why, n, "events with different sample layouts");
    }
    if (f->nattrs > 1 && f->id_pos == SIZE_MAX)
        return fail(why, n, "several events without sample ids");
    if (!(f->sample_type & PD_S_TID) || !(f->sample_type & PD_S_IP))
        return fail(why, n, "samples without an ip or a pid");
    return true;
}

bool perfdata_open(struct pd_file *f, const void *p, size_t len, char *why, size_t n)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->len = len;
    f->kallsyms = "/proc/kallsyms";
    if (len < 16)
        return fail(why, n, "a truncated perf.data header");
    if (!memcmp(p, "2ELIFREP", 8))
        return fail(why, n, "a perf.data of the other byte order");
    if (memcmp(p, "PERFILE2", 8))
        return fail(why, n, "not a perf.data version 2 file");
    uint64_t hsz = pd_u64(f->p + 8);
    if (hsz == 16)
        return fail(why, n, "perf's pipe format");
    if (hsz < HEADER_SIZE || len < HEADER_SIZE)
        return fail(why, n, "a truncated perf.data header");
    const unsigned char *h = f->p;
    f->data_off = pd_u64(h + 40);
    f->data_size = pd_u64(h + 48);
    if (!in_file(f, f->data_off, f->data_size))
        return fail(why, n, "the data section lies past the end of the file (a perf record "
                    "that did not finish?)");
    if (!read_attrs(f, pd_u64(h + 16), pd_u64(h + 24), pd_u64(h + 32), why, n))
        return false;
    read_features(f, h + 72);
    for (size_t i = 0; i < f->nattrs; i++)
        if (!f->attrs[i].name) {
            f->attrs[i].name = xmalloc(32);
            snprintf(f->attrs[i].name, 32, "raw 0x%llx",
                     (unsigned long long)f->attrs[i].config);
        }
    return true;
}

void perfdata_close(struct pd_file *f)
{
    for (size_t i = 0; i < f->nattrs; i++)
        free(f->attrs[i].name);
    for (size_t i = 0; i < f->nbids; i++)
        free(f->bids[i].name);
    free(f->bids);
    free(f->ids);
    free(f->order);
    memset(f, 0, sizeof *f);
}

static size_t attr_of(const struct pd_file *f, uint64_t id)
{
    if (f->nattrs == 1)
        return 0;
    size_t lo = 0, hi = f->nids;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->ids[2 * mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->nids && f->ids[2 * lo] == id ? (size_t)f->ids[2 * lo + 1] : SIZE_MAX;
}

static uint64_t read_size(uint64_t rf, const unsigned char *p, const unsigned char *end,
                          bool *ok)
{
    size_t per = 1 + !!(rf & READ_ID) + !!(rf & READ_LOST);
    size_t times = !!(rf & READ_TOTAL_TIME_ENABLED) + !!(rf & READ_TOTAL_TIME_RUNNING);
    if (!(rf & READ_GROUP))
        return 8 * (per + times);
    if (end - p < 8) {
        *ok = false;
        return 0;
    }
    uint64_t nr = pd_u64(p);
    if (nr > 4096) {
        *ok = false;
        return 0;
    }
    return 8 * (1 + times + nr * per);
}

/* RAW (skipped), REGS_USER and STACK_USER of a sample from p on (what follows the call
 * chain); false when they run past end or say what perf itself rejects. */
static bool user_parts(const struct pd_file *f, const unsigned char *p,
                       const unsigned char *end, struct pd_sample *s)
{
    uint64_t st = f->sample_type;
    if (!(st & (PD_S_REGS_USER | PD_S_STACK_USER)))
        return true;
    if (st & PD_S_RAW) {   /* u32 size, then size bytes: a whole number of u64s */
        if (end - p < 4 || pd_u32(p) > (size_t)(end - p) - 4)
            return false;
        p += 4 + pd_u32(p);
    }
    if (st & PD_S_REGS_USER) {
        if (end - p < 8)
            return false;
        s->regs_abi = pd_u64(p);
        p += 8;
        if (s->regs_abi > REGS_ABI_MAX)
            return false;
        if (s->regs_abi) {
            s->nregs = (uint32_t)__builtin_popcountll(f->regs_user);
            if ((size_t)(end - p) / 8 < s->nregs)
                return false;
            s->regs = p;
            p += 8 * (size_t)s->nregs;
        }
    }
    if (st & PD_S_STACK_USER) {
        if (end - p < 8)
            return false;
        uint64_t sz = pd_u64(p);
        p += 8;
        if (sz) {   /* the copy, then its dyn_size: the part of it that was filled */
            if (sz > (uint64_t)(end - p) || (uint64_t)(end - p) - sz < 8)
                return false;
            s->stack = p;
            s->stack_size = pd_u64(p + sz);
            if (s->stack_size > sz)
                return false;
        }
    }
    return true;
}

bool perfdata_sample(const struct pd_file *f, const unsigned char *rec, size_t size,
                     struct pd_sample *s)
{
    const unsigned char *p = rec + 8, *end = rec + size;
    uint64_t st = f->sample_type;
    memset(s, 0, sizeof *s);
#define TAKE(var)                    \
    do {                             \
        if (end - p < 8)             \
            return false;            \
        var = pd_u64(p);             \
        p += 8;                      \
    } while (0)
    uint64_t skip;
    if (st & PD_S_IDENTIFIER)
        TAKE(s->id);
    if (st & PD_S_IP)
        TAKE(s->ip);
    if (st & PD_S_TID) {
        if (end - p < 8)
            return false;
        s->pid = pd_u32(p);
        s->tid = pd_u32(p + 4);
        p += 8;
    }
    if (st & PD_S_TIME)
        TAKE(s->time);
    if (st & PD_S_ADDR)
        TAKE(skip);
    if (st & PD_S_ID)
        TAKE(s->id);
    if (st & PD_S_STREAM_ID)
        TAKE(skip);
    if (st & PD_S_CPU) {
        if (end - p < 8)
            return false;
        s->cpu = pd_u32(p);
        p += 8;
    }
    if (st & PD_S_PERIOD)
        TAKE(s->period);
#undef TAKE
    (void)skip;
    if (st & PD_S_READ) {
        bool ok = true;
        uint64_t rs = read_size(f->read_format, p, end, &ok);
        if (!ok || (uint64_t)(end - p) < rs)
            return false;
        p += rs;
    }
    if (st & PD_S_CALLCHAIN) {
        if (end - p < 8)
            return false;
        s->nr = pd_u64(p);
        p += 8;
        if (s->nr > (uint64_t)(end - p) / 8)
            return false;
        s->chain = p;
        p += s->nr * 8;
    }
    if (!user_parts(f, p, end, s))
        return false;
    s->attr = attr_of(f, s->id);
    return s->attr != SIZE_MAX;
}

uint64_t perfdata_rec_time(const struct pd_file *f, const unsigned char *rec, size_t size)
{
    uint64_t st = f->sample_type;
    if (!f->sample_id_all || !(st & PD_S_TIME))
        return 0;
    /* the trailer: tid, time, id, stream_id, cpu, identifier; time is after them all */
    size_t after = 8 + 8 * (!!(st & PD_S_ID) + !!(st & PD_S_STREAM_ID) + !!(st & PD_S_CPU) +
                            !!(st & PD_S_IDENTIFIER));
    if (size < 8 + after)
        return 0;
    return pd_u64(rec + size - after);
}

struct pidset;
static bool records_ok(const struct pd_file *f, struct pidset *pids, struct pd_order *ord,
                       char *why, size_t n);

/* Processes seen with maps (MMAP, MMAP2) or born by FORK: a set of pids. */
struct pidset {
    uint32_t *v;   /* open addressing, 0: free (pid + 1 stored) */
    size_t n, cap;
};

static bool pidset_has(const struct pidset *s, uint32_t pid, size_t *slot)
{
    size_t i = (pid * 2654435761u) & (s->cap - 1);
    while (s->v[i] && s->v[i] != pid + 1)
        i = (i + 1) & (s->cap - 1);
    *slot = i;
    return s->v[i] != 0;
}

static void pidset_add(struct pidset *s, uint32_t pid)
{
    size_t i;
    if (2 * (s->n + 1) > s->cap) {
        struct pidset old = *s;
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = xcalloc(s->cap, sizeof *s->v);
        s->n = 0;
        for (size_t k = 0; k < old.cap; k++)
            if (old.v[k])
                pidset_add(s, old.v[k] - 1);
        free(old.v);
    }
    if (!pidset_has(s, pid, &i)) {
        s->v[i] = pid + 1;
        s->n++;
    }
}

/* DWARF call graphs: whether record r (type, misc) makes the file one perf unwinds
 * otherwise than libdwfl: an exec (COMM with misc's exec bit) in a process that had maps
 * (its old image's, or its parent's from a fork), where perf's libunwind goes wrong past
 * __libc_start_call_main. */
static bool exec_after_maps(struct pidset *s, const unsigned char *r, uint32_t type,
                            uint16_t size)
{
    uint16_t misc;
    memcpy(&misc, r + 4, 2);
    if (size < 16)
        return false;
    uint32_t pid = pd_u32(r + 8);
    if (type == PD_MMAP || type == PD_MMAP2 || type == PD_FORK) {
        if ((misc & MISC_CPUMODE) == MISC_USER || type == PD_FORK)
            pidset_add(s, pid);
        return false;
    }
    size_t slot;
    return type == PD_COMM && (misc & MISC_COMM_EXEC) && s->cap && pidset_has(s, pid, &slot);
}

bool perfdata_check(struct pd_file *f, char *why, size_t n)
{
    bool dwarf = f->sample_type & PD_S_STACK_USER;
    struct pidset pids = {0};
    struct pd_order ord = {0};
    bool ok = records_ok(f, dwarf ? &pids : NULL, &ord, why, n);
    free(pids.v);
    free(f->order);
    f->order = pd_order_end(&ord, &f->norder);
    return ok;
}

/* Every record checked and put in order (ord). */
static bool records_ok(const struct pd_file *f, struct pidset *pids, struct pd_order *ord,
                       char *why, size_t n)
{
    const unsigned char *p = f->p + f->data_off, *end = p + f->data_size;
    while (end - p >= 8) {
        uint32_t type = pd_u32(p);
        uint16_t size;
        memcpy(&size, p + 6, 2);
        if (size < 8 || size > end - p) {
            snprintf(why, n, "a record of size %u at offset %zu", size,
                     (size_t)(p - f->p));
            return false;
        }
        if (type == PD_AUX || type == PD_AUXTRACE || type == PD_AUXTRACE_INFO)
            return fail(why, n, "AUX area data (Intel PT, CoreSight, ...)");
        if (type == PD_COMPRESSED)
            return fail(why, n, "compressed records (perf record -z)");
        struct pd_sample smp;
        if (type == PD_SAMPLE && !perfdata_sample(f, p, size, &smp)) {
            snprintf(why, n, "a malformed sample at offset %zu (fields or call chain past "
                     "its end, or an unknown id)", (size_t)(p - f->p));
            return false;
        }
        if (pids && exec_after_maps(pids, p, type, size))
            return fail(why, n, "DWARF call graphs of a process that ran another program "
                        "first (perf's libunwind unwinds those otherwise)");
        pd_order_add(ord, f, p, type, size);
        p += size;
    }
    if (p != end)
        return fail(why, n, "the data section ends inside a record");
    return true;
}

struct pd_pids {
    struct pidset set;
};

struct pd_pids *pd_pids_new(void)
{
    return xcalloc(1, sizeof(struct pd_pids));
}

bool pd_pids_exec_after_maps(struct pd_pids *s, const unsigned char *r, size_t size)
{
    return exec_after_maps(&s->set, r, pd_u32(r), size > UINT16_MAX ? UINT16_MAX
                                                                     : (uint16_t)size);
}

void pd_pids_free(struct pd_pids *s)
{
    if (!s)
        return;
    free(s->set.v);
    free(s);
}
