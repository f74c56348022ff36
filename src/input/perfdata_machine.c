/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_machine.c: see perfdata_machine.h. */
#include "config.h"

#include "input/perfdata_machine.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint32_t hash_u32(uint32_t x)
{
    return (x * 2654435761u) >> (32 - HBITS);
}

struct dso *pdm_dso_get(struct machine *m, const char *name, enum dso_kind kind)
{
    uint32_t h = (uint32_t)(util_hash(name, strlen(name)) >> (64 - HBITS));
    for (struct dso *d = m->dsos[h]; d; d = d->next)
        if (!strcmp(d->name, name))
            return d;
    struct dso *d = xcalloc(1, sizeof *d);
    d->name = xstrdup(name);
    d->kind = kind;
    d->next = m->dsos[h];
    m->dsos[h] = d;
    return d;
}

const struct pd_buildid *pdm_buildid_of(const struct pd_file *f, const char *name)
{
    for (size_t i = 0; i < f->nbids; i++)
        if (!strcmp(f->bids[i].name, name))
            return &f->bids[i];
    return NULL;
}

const struct pd_syms *pdm_dso_syms(struct machine *m, struct dso *d)
{
    if (d->loaded)
        return d->syms;
    d->loaded = true;
    if (d->kind == DSO_PERFMAP) {
        d->syms = pd_syms_perfmap(d->name);
    } else if (d->kind == DSO_ELF) {
        const struct pd_buildid *b = pdm_buildid_of(m->f, d->name);
        if (!b && !strcmp(d->name, "[vdso]")) {
            d->syms = pd_syms_vdso();
            return d->syms;
        }
        d->syms = pd_syms_elf(d->name, b ? b->id : NULL, b ? b->len : 0);
    } else if (d->kind == DSO_KSYM) {
        d->syms = pd_syms_one(d->ks_start, d->ks_len, d->name);
    }
    return d->syms;
}

/* -- maps */

static struct maps *maps_new(struct machine *m)
{
    struct maps *ms = xcalloc(1, sizeof *ms);
    ms->refs = 1;
    ms->version = ++m->version;
    return ms;
}

static void maps_put(struct maps *ms)
{
    if (ms && --ms->refs == 0) {
        free(ms->v);
        free(ms);
    }
}

static struct maps *maps_clone(struct machine *m, const struct maps *src)
{
    struct maps *ms = maps_new(m);
    if (src->n) {
        ms->v = xcalloc(src->n, sizeof *ms->v);
        memcpy(ms->v, src->v, src->n * sizeof *ms->v);
        ms->n = ms->cap = src->n;
    }
    return ms;
}

/* The index of the first map ending after addr. */
static size_t maps_lower(const struct maps *ms, uint64_t addr)
{
    size_t lo = 0, hi = ms->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ms->v[mid].end <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const struct map *pdm_maps_find(const struct maps *ms, uint64_t addr)
{
    size_t i = maps_lower(ms, addr);
    return i < ms->n && ms->v[i].start <= addr ? &ms->v[i] : NULL;
}

/* Inserts nm; the parts of maps it overlaps are cut away (maps__fixup_overlappings). */
static void maps_insert(struct machine *m, struct maps *ms, const struct map *nm)
{
    if (nm->end <= nm->start)
        return;
    ms->version = ++m->version;
    size_t i = maps_lower(ms, nm->start), j = i;
    struct map before = {0}, after = {0};
    bool has_before = false, has_after = false;
    while (j < ms->n && ms->v[j].start < nm->end) {
        const struct map *o = &ms->v[j];
        if (o->start < nm->start) {
            before = *o;
            before.end = nm->start;
            has_before = true;
        }
        if (o->end > nm->end) {
            after = *o;
            after.start = nm->end;
            if (!o->identity)
                after.pgoff += nm->end - o->start;
            has_after = true;
        }
        j++;
    }
    size_t add = (size_t)has_before + 1 + (size_t)has_after;
    size_t removed = j - i;
    FT_GROW(ms->v, ms->cap, ms->n - removed + add);
    memmove(ms->v + i + add, ms->v + j, (ms->n - j) * sizeof *ms->v);
    ms->n = ms->n - removed + add;
    size_t k = i;
    if (has_before)
        ms->v[k++] = before;
    ms->v[k++] = *nm;
    if (has_after)
        ms->v[k] = after;
}

/* -- threads */

static struct thread *thread_find(struct machine *m, int32_t tid)
{
    for (struct thread *t = m->threads[hash_u32((uint32_t)tid)]; t; t = t->next)
        if (t->tid == tid)
            return t;
    return NULL;
}

static struct thread *thread_add(struct machine *m, int32_t pid, int32_t tid)
{
    struct thread *t = xcalloc(1, sizeof *t);
    t->pid = pid;
    t->tid = tid;
    char c[32];
    snprintf(c, sizeof c, ":%d", tid);
    t->comm = xstrdup(c);
    t->who = PERF_REC_NONE;
    uint32_t h = hash_u32((uint32_t)tid);
    t->next = m->threads[h];
    m->threads[h] = t;
    return t;
}

static void thread_init_maps(struct machine *m, struct thread *t)
{
    if (t->pid == t->tid || t->pid == -1) {
        t->maps = maps_new(m);
        return;
    }
    struct thread *leader = pdm_findnew(m, t->pid, t->pid);
    t->maps = leader->maps;
    t->maps->refs++;
}

/* machine__findnew_thread */
struct thread *pdm_findnew(struct machine *m, int32_t pid, int32_t tid)
{
    struct thread *t = thread_find(m, tid);
    if (t) {
        if (t->pid == -1 && pid != -1 && pid != tid && t->maps) {
            struct thread *leader = pdm_findnew(m, pid, pid);
            t->pid = pid;
            if (leader != t) {
                maps_put(t->maps);
                t->maps = leader->maps;
                t->maps->refs++;
            }
        } else if (t->pid == -1) {
            t->pid = pid;
        }
        return t;
    }
    t = thread_add(m, pid, tid);
    thread_init_maps(m, t);
    return t;
}

static void thread_remove(struct machine *m, struct thread *t)
{
    struct thread **pp = &m->threads[hash_u32((uint32_t)t->tid)];
    while (*pp != t)
        pp = &(*pp)->next;
    *pp = t->next;
    maps_put(t->maps);
    free(t->comm);
    free(t->cf);
    free(t->ch);
    free(t);
}

static void set_comm(struct thread *t, const char *comm)
{
    free(t->comm);
    t->comm = xstrdup(comm);
    t->comm_set = true;
    t->comm_gen++;
}

/* -- records */

void pdm_comm(struct machine *m, const unsigned char *r, size_t size)
{
    if (size < 17)
        return;
    char comm[64];
    size_t l = strnlen((const char *)r + 16, size - 16);
    snprintf(comm, sizeof comm, "%.*s", (int)(l < 63 ? l : 63), r + 16);
    set_comm(pdm_findnew(m, (int32_t)pd_u32(r + 8), (int32_t)pd_u32(r + 12)), comm);
}

void pdm_fork(struct machine *m, const unsigned char *r, size_t size, uint16_t misc)
{
    if (size < 24)
        return;
    int32_t pid = (int32_t)pd_u32(r + 8), ppid = (int32_t)pd_u32(r + 12),
            tid = (int32_t)pd_u32(r + 16), ptid = (int32_t)pd_u32(r + 20);
    struct thread *parent = pdm_findnew(m, ppid, ptid);
    struct thread *t = thread_find(m, tid);
    if (t && t != parent)
        thread_remove(m, t);
    if (t == parent)
        return;
    t = pdm_findnew(m, pid, tid);
    if (parent->comm_set)
        set_comm(t, parent->comm);
    if (t->pid == parent->pid || t->maps == parent->maps)
        return;
    if (!(misc & MISC_FORK_EXEC)) {
        maps_put(t->maps);
        t->maps = maps_clone(m, parent->maps);
    }
}

static bool is_anon(const char *f)
{
    return !strcmp(f, "//anon") || !strncmp(f, "/dev/zero", 9) ||
           !strncmp(f, "/anon_hugepage", 14);
}

static bool is_no_dso(const char *f)
{
    return !strncmp(f, "[stack", 6) || !strncmp(f, "/SYSV", 5) || !strcmp(f, "[heap]");
}

void pdm_mmap(struct machine *m, const unsigned char *r, size_t size, uint32_t type,
                    uint16_t misc)
{
    size_t fo = type == PD_MMAP2 ? 72 : 40;
    if (size <= fo)
        return;
    uint32_t mode = misc & MISC_CPUMODE;
    if (mode == MISC_KERNEL || mode == MISC_GUEST_KERNEL)
        return;   /* the kernel map: /proc/kallsyms */
    int32_t pid = (int32_t)pd_u32(r + 8), tid = (int32_t)pd_u32(r + 12);
    uint64_t start = pd_u64(r + 16), len = pd_u64(r + 24), pgoff = pd_u64(r + 32);
    uint32_t prot = type == PD_MMAP2 ? pd_u32(r + 64) : PROT_EXEC_BIT;
    char fname[4096];
    size_t l = strnlen((const char *)r + fo, size - fo);
    snprintf(fname, sizeof fname, "%.*s", (int)(l < 4095 ? l : 4095), r + fo);
    bool anon = is_anon(fname), nodso = is_no_dso(fname);
    struct map mp = {.start = start, .end = start + len, .pgoff = pgoff};
    if ((anon || nodso) && (prot & PROT_EXEC_BIT))
        snprintf(fname, sizeof fname, "/tmp/perf-%d.map", pid);
    enum dso_kind kind = DSO_ELF;
    if (anon || nodso) {
        mp.identity = true;
        kind = (prot & PROT_EXEC_BIT) ? DSO_PERFMAP : DSO_NONE;
    }
    mp.dso = pdm_dso_get(m, fname, kind);
    if (mp.dso->kind == DSO_NONE)
        mp.dso->loaded = true;
    struct thread *t = pdm_findnew(m, pid, tid);
    maps_insert(m, t->maps, &mp);
}

void pdm_ksymbol(struct machine *m, const unsigned char *r, size_t size)
{
    if (size <= 24)
        return;
    uint64_t addr = pd_u64(r + 8);
    uint32_t len = pd_u32(r + 16);
    uint16_t flags;
    memcpy(&flags, r + 22, 2);
    char name[512];
    size_t l = strnlen((const char *)r + 24, size - 24);
    snprintf(name, sizeof name, "%.*s", (int)(l < 511 ? l : 511), r + 24);
    if (flags & 1) {   /* unregister: the kernel maps keep it (as perf's do) */
        return;
    }
    struct map mp = {.start = addr, .end = addr + len, .identity = true};
    mp.dso = pdm_dso_get(m, name, DSO_KSYM);
    mp.dso->ks_start = addr;
    mp.dso->ks_len = len;
    maps_insert(m, &m->kmaps, &mp);
}

/* -- output */


/* The kernel's symbols, read on the first kernel frame; the kernel map spans them. */
static void *load_kallsyms(void *arg)
{
    struct machine *m = arg;
    m->ks_loaded = pd_syms_kallsyms(m->f->kallsyms);
    return NULL;
}

/* The kernel's symbols the loader thread read (NULL if none was started). */
static struct pd_syms *join_kallsyms(struct machine *m)
{
    if (!m->ks_loading)
        return NULL;
    pthread_join(m->ks_thread, NULL);
    m->ks_loading = false;
    struct pd_syms *s = m->ks_loaded;
    m->ks_loaded = NULL;
    return s;
}

const struct pd_syms *pdm_kernel_syms(struct machine *m)
{
    if (!m->kallsyms) {
        m->kallsyms = join_kallsyms(m);
        if (!m->kallsyms)
            m->kallsyms = pd_syms_kallsyms(m->f->kallsyms);
        pd_syms_span(m->kallsyms, &m->k_lo, &m->k_hi);
    }
    return m->kallsyms;
}

/* pd_syms_find through the last answer of each table (an address of the range that
 * gets the same answer: consecutive lookups are often in one function) and a
 * direct-mapped cache of (symbols, address) */
const char *pdm_find_sym(struct machine *m, const struct pd_syms *syms, uint64_t addr,
                            uint64_t *start)
{
    uint64_t hs = (uint64_t)(uintptr_t)syms * 0x9e3779b97f4a7c15ull;
    struct sym_range *r = &m->ranges[hs >> (64 - RANGE_BITS)];
    if (r->syms == syms && addr >= r->lo && addr < r->hi) {
        *start = r->start;
        return r->name;
    }
    uint64_t h = (addr ^ (uint64_t)(uintptr_t)syms) * 0x9e3779b97f4a7c15ull;
    struct sym_cache *c = &m->cache[h >> (64 - CACHE_BITS)];
    if (c->syms != syms || c->addr != addr) {
        c->syms = syms;
        c->addr = addr;
        c->name = pd_syms_find_in(syms, addr, &c->start, &r->lo, &r->hi);
        r->syms = syms;
        r->name = c->name;
        r->start = c->start;
    }
    *start = c->start;
    return c->name;
}


void pdm_free(struct machine *m)
{
    for (size_t i = 0; i < (1u << HBITS); i++) {
        while (m->threads[i])
            thread_remove(m, m->threads[i]);
        for (struct dso *d = m->dsos[i], *nx; d; d = nx) {
            nx = d->next;
            pd_syms_free(d->syms);
            free(d->name);
            free(d);
        }
    }
    free(m->kmaps.v);
    pd_syms_free(join_kallsyms(m));
    pd_syms_free(m->kallsyms);
    pd_unwind_free(m->uw);
    pd_lines_free(m->ln);
    buf_fini(&m->o);
    buf_fini(&m->line);
    free(m->fv);
    free(m->fh);
    free(m->fw);
}

struct pd_machine *pd_machine_new(const struct pd_file *f, int fd)
{
    struct machine *m = xcalloc(1, sizeof *m);
    m->f = f;
    m->out = fd;
    m->name_width = -1;
    set_comm(pdm_findnew(m, 0, 0), "swapper");   /* perf's idle thread */
    return (struct pd_machine *)m;
}

struct pd_machine *pd_machine_new_parser(const struct pd_file *f, struct perf_parser *p)
{
    struct pd_machine *pm = pd_machine_new(f, -1);
    ((struct machine *)pm)->p = p;
    return pm;
}

void pd_machine_preload_kernel(struct pd_machine *pm)
{
    struct machine *m = (struct machine *)pm;
    bool kernel = false;
    for (size_t i = 0; i < m->f->nattrs; i++)
        kernel |= !(m->f->attrs[i].flags & PD_ATTR_EXCLUDE_KERNEL);
    if (!kernel || m->kallsyms || m->ks_loading)
        return;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    m->ks_loading = pthread_create(&m->ks_thread, NULL, load_kallsyms, m) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}
