/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_unwind.c: see perfdata.h. DWARF call graphs (perf record
 * --call-graph dwarf): each sample holds the user registers and a copy of the user stack;
 * libdwfl's unwinder walks it (dwfl_attach_state, with callbacks that read the sample's
 * registers and stack copy, and the mapped files for other addresses). One Dwfl per
 * process, its modules reported from the process's maps as the unwinder reaches them (at
 * map start - pgoff, as perf does); a module that no longer matches the maps (exec, a
 * reused range) starts that process's Dwfl afresh. x86-64 only. */
#include "config.h"

#include "input/perfdata.h"

#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"

#define UW_SLOTS 16              /* processes with a Dwfl kept at once (their files open) */
#define REG_SP 7                 /* perf_regs x86-64: PERF_REG_X86_SP */
#define REG_IP 8
#define DWARF_REGS 17            /* x86-64 DWARF registers 0..16 (16: the return address) */

struct proc {
    int32_t pid;
    Dwfl *dwfl;
    bool attached;
    uint64_t used;
};

struct pd_unwind {
    struct proc procs[UW_SLOTS];
    uint64_t clock;
    /* the sample being unwound */
    const struct pd_file *f;
    const struct pd_sample *s;
    int32_t pid, tid;
    pd_map_fn map;
    void *map_arg;
    uint64_t *ips;
    size_t n, max;
    bool past_copy;             /* a read above the stack copy failed */
};

static const Dwfl_Callbacks offline_cb = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

struct pd_unwind *pd_unwind_new(void)
{
    return xcalloc(1, sizeof(struct pd_unwind));
}

void pd_unwind_free(struct pd_unwind *u)
{
    if (!u)
        return;
    for (size_t i = 0; i < UW_SLOTS; i++)
        if (u->procs[i].dwfl)
            dwfl_end(u->procs[i].dwfl);
    free(u);
}

/* perf register r of the sample: false when the sample does not hold it */
bool pd_sample_reg(const struct pd_file *f, const struct pd_sample *s, unsigned r,
                   uint64_t *v)
{
    if (!s->regs || r >= 64 || !(f->regs_user & (1ull << r)))
        return false;
    unsigned k = (unsigned)__builtin_popcountll(f->regs_user & ((1ull << r) - 1));
    if (k >= s->nregs)
        return false;
    *v = pd_u64(s->regs + 8 * (size_t)k);
    return true;
}

/* -- modules */

/* Reports the module holding addr (from the process's maps); false when no file maps it. */
static bool report_module(struct pd_unwind *u, Dwfl *dwfl, uint64_t addr, bool *stale)
{
    struct pd_map_info mi;
    if (!u->map(u->map_arg, addr, &mi) || !mi.path || mi.path[0] != '/')
        return false;
    uint64_t base = mi.start - mi.pgoff;
    Dwfl_Module *mod = dwfl_addrmodule(dwfl, addr);
    if (mod) {
        Dwarf_Addr lo;
        const char *name = dwfl_module_info(mod, NULL, &lo, NULL, NULL, NULL, NULL, NULL);
        if (name && !strcmp(name, mi.path))
            return true;
        *stale = true;   /* another file there now */
        return false;
    }
    dwfl_report_begin_add(dwfl);
    mod = dwfl_report_elf(dwfl, mi.path, mi.path, -1, base, false);
    dwfl_report_end(dwfl, NULL, NULL);
    return mod != NULL;
}

/* -- the thread callbacks: the sample's registers and stack */

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
    (void)dwfl;
    struct pd_unwind *u = arg;
    if (*thread_argp)
        return 0;
    *thread_argp = u;
    return u->tid;
}

/* addr from the mapped file (code, read-only data), through the process's maps */
static bool file_read(struct pd_unwind *u, uint64_t addr, Dwarf_Word *out)
{
    struct pd_map_info mi;
    if (!u->map(u->map_arg, addr, &mi) || !mi.path || mi.path[0] != '/' ||
        addr + 8 > mi.end)
        return false;
    int fd = open(mi.path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t r = pread(fd, out, 8, (off_t)(addr - mi.start + mi.pgoff));
    close(fd);
    return r == 8;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *out, void *arg)
{
    (void)dwfl;
    struct pd_unwind *u = arg;
    uint64_t sp;
    if (!pd_sample_reg(u->f, u->s, REG_SP, &sp) || addr + 8 < addr)
        return false;
    /* perf's bound: the copy's last word is never read (addr + 8 >= end) */
    if (addr < sp || addr + 8 >= sp + u->s->stack_size) {
        if (file_read(u, addr, out))
            return true;
        u->past_copy |= addr >= sp;
        return false;
    }
    memcpy(out, u->s->stack + (addr - sp), 8);
    return true;
}

/* perf's x86-64 registers to DWARF's: rax rdx rcx rbx rsi rdi rbp rsp r8..r15 rip */
static const unsigned char dwarf_of[DWARF_REGS] = {0, 3, 2, 1, 4, 5, 6, 7, 16, 17,
                                                   18, 19, 20, 21, 22, 23, 8};

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
    struct pd_unwind *u = arg;
    Dwarf_Word regs[DWARF_REGS];
    for (unsigned i = 0; i < DWARF_REGS; i++) {
        uint64_t v = 0;
        if (!pd_sample_reg(u->f, u->s, dwarf_of[i], &v) && (i == 7 || i == 16))
            return false;
        regs[i] = v;
    }
    return dwfl_thread_state_registers(thread, 0, DWARF_REGS, regs);
}

static const Dwfl_Thread_Callbacks thread_cb = {
    .next_thread = next_thread,
    .memory_read = memory_read,
    .set_initial_registers = set_initial_registers,
};

static int frame_cb(Dwfl_Frame *state, void *arg)
{
    struct pd_unwind *u = arg;
    Dwarf_Addr pc;
    bool activation;
    if (!dwfl_frame_pc(state, &pc, NULL))
        return DWARF_CB_ABORT;
    bool stale = false;
    report_module(u, dwfl_thread_dwfl(dwfl_frame_thread(state)), pc, &stale);
    if (!dwfl_frame_pc(state, &pc, &activation))
        return DWARF_CB_ABORT;
    if (!activation)
        pc--;
    if (pc)
        u->ips[u->n++] = pc;
    return u->n < u->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

/* The Dwfl of process pid, new or kept; NULL when there is none to be had. */
static struct proc *proc_of(struct pd_unwind *u, int32_t pid)
{
    struct proc *lru = &u->procs[0];
    for (size_t i = 0; i < UW_SLOTS; i++) {
        struct proc *p = &u->procs[i];
        if (p->dwfl && p->pid == pid) {
            p->used = ++u->clock;
            return p;
        }
        if (!p->dwfl || p->used < lru->used)
            lru = p;
    }
    if (lru->dwfl)
        dwfl_end(lru->dwfl);
    memset(lru, 0, sizeof *lru);
    lru->dwfl = dwfl_begin(&offline_cb);
    if (!lru->dwfl)
        return NULL;
    lru->pid = pid;
    lru->used = ++u->clock;
    return lru;
}

static void proc_drop(struct proc *p)
{
    dwfl_end(p->dwfl);
    memset(p, 0, sizeof *p);
}

size_t pd_unwind_sample(struct pd_unwind *u, const struct pd_file *f,
                        const struct pd_sample *s, pd_map_fn map, void *map_arg,
                        uint64_t *ips, size_t max)
{
    uint64_t ip, sp;
    if (!max || !s->stack || !s->stack_size || !pd_sample_reg(f, s, REG_IP, &ip) ||
        !pd_sample_reg(f, s, REG_SP, &sp))
        return 0;
    u->f = f;
    u->s = s;
    u->pid = (int32_t)s->pid;
    u->tid = (int32_t)s->tid;
    u->map = map;
    u->map_arg = map_arg;
    u->ips = ips;
    u->n = 0;
    u->max = max;
    for (int attempt = 0; attempt < 2; attempt++) {
        struct proc *p = proc_of(u, u->pid);
        if (!p)
            return 0;
        bool stale = false;
        if (!report_module(u, p->dwfl, ip, &stale)) {
            if (stale) {
                proc_drop(p);
                continue;
            }
            ips[0] = ip;   /* the sampled ip alone: nothing to unwind it with */
            return 1;
        }
        if (!p->attached) {
            if (!dwfl_attach_state(p->dwfl, NULL, u->pid, &thread_cb, u)) {
                proc_drop(p);
                return 0;
            }
            p->attached = true;
        }
        u->past_copy = false;
        dwfl_getthread_frames(p->dwfl, u->tid, frame_cb, u);
        /* perf's unwinder (libunwind) reads a word past the copy as 0 and goes on:
         * a last caller at 0 - 1 */
        if (u->past_copy && u->n < u->max)
            u->ips[u->n++] = UINT64_MAX;
        return u->n;
    }
    return 0;
}
