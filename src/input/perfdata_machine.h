/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_machine.h: the machine perf script keeps while it reads a perf.data
 * (tools/perf/util/machine.c, thread.c, maps.c), private to the reader: perfdata_machine.c
 * keeps it (threads by tid with their comm, process address spaces shared by their
 * threads and cloned at fork, maps split where a new one overlaps, files (dsos) by name
 * with their symbols loaded on first use, the kernel's symbols); perfdata_run.c reads
 * the samples against it. */
#ifndef FLAMETUI_PERFDATA_MACHINE_H
#define FLAMETUI_PERFDATA_MACHINE_H
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"
#include "input/parse_perf.h"
#include "input/perfdata.h"

#define CTX_MAX ((uint64_t)-4095)
#define CTX_HV ((uint64_t)-32)
#define CTX_KERNEL ((uint64_t)-128)
#define CTX_USER ((uint64_t)-512)
#define CTX_GUEST_KERNEL ((uint64_t)-2176)
#define CTX_GUEST_USER ((uint64_t)-2560)
#define MAX_STACK 127               /* perf script's default --max-stack */
#define MISC_CPUMODE 7u
#define MISC_KERNEL 1u
#define MISC_USER 2u
#define MISC_GUEST_KERNEL 4u
#define MISC_FORK_EXEC (1u << 13)
#define PROT_EXEC_BIT 4u

enum dso_kind { DSO_ELF, DSO_PERFMAP, DSO_NONE, DSO_KSYM };

struct dso {
    char *name;
    enum dso_kind kind;
    bool loaded;
    struct pd_syms *syms;
    uint64_t ks_start, ks_len;  /* DSO_KSYM */
    struct dso *next;           /* hash chain */
};

struct map {
    uint64_t start, end, pgoff;
    bool identity;
    struct dso *dso;
};

struct maps {
    struct map *v;
    size_t n, cap;
    int refs;
    uint64_t version;           /* new at each change: a frame cache key */
};

struct thread {
    int32_t pid, tid;
    char *comm;
    bool comm_set;
    struct maps *maps;
    struct thread *next;
    /* with a parser: the last sample's frames and their names (perf_rec_frame_ref),
     * good while the maps are those of versions uver (its own) and kver (the kernel's) */
    struct pd_frame *cf;
    struct perf_rec_ref *ch;
    size_t cn, cfcap, chcap;
    uint64_t uver, kver;
    /* with a parser: the who of its headers (perf_rec_who) while comm_gen, pid and tid
     * are those it was made for */
    uint32_t who, who_gen, comm_gen, who_pid, who_tid;
};

#define HBITS 12
#define CACHE_BITS 14
struct sym_cache {
    const struct pd_syms *syms;
    uint64_t addr, start;
    const char *name;
};
#define RANGE_BITS 8
struct sym_range {              /* pdm_find_sym: a table's last answer, for [lo, hi) */
    const struct pd_syms *syms;
    uint64_t lo, hi, start;
    const char *name;
};

struct frame_name;

struct machine {
    const struct pd_file *f;
    struct thread *threads[1u << HBITS];
    struct dso *dsos[1u << HBITS];
    struct pd_syms *kallsyms;
    pthread_t ks_thread;        /* pd_machine_preload_kernel's loader, until joined */
    bool ks_loading;
    struct pd_syms *ks_loaded;  /* what it loaded */
    uint64_t k_lo, k_hi;        /* the kernel map: [first symbol, last symbol's end) */
    struct maps kmaps;          /* KSYMBOL maps (BPF programs) */
    struct dso *kernel;
    int out;
    struct buf o;
    bool write_failed;
    int name_width;
    bool ev_plain[PD_MAX_ATTRS];   /* the attr's name has no blank (perf_rec_head) */
    struct sym_cache cache[1u << CACHE_BITS];
    struct sym_range ranges[1u << RANGE_BITS];
    /* records into a perf script parser instead of text (pd_machine_new_parser) */
    struct perf_parser *p;
    struct buf line;            /* one line for the parser */
    struct pd_frame *fv;        /* the sample's frames */
    struct perf_rec_ref *fh;    /* their names (perf_rec_ref_of) */
    struct frame_name *fw;      /* where they are (frame_where) */
    size_t fcap, hcap, fwcap;
    uint64_t version;           /* the last maps version given */
    /* DWARF call graphs, inline frames, source lines: perfdata_unwind.c, _lines.c */
    struct pd_unwind *uw;
    struct pd_lines *ln;
    bool dwarf_frame;           /* the frame printed is one the unwinder found */
};

/* The records that change the machine (the whole record of its size). */
void pdm_comm(struct machine *m, const unsigned char *r, size_t size);
void pdm_fork(struct machine *m, const unsigned char *r, size_t size, uint16_t misc);
void pdm_mmap(struct machine *m, const unsigned char *r, size_t size, uint32_t type,
                    uint16_t misc);
void pdm_ksymbol(struct machine *m, const unsigned char *r, size_t size);
/* The thread tid of pid, made when new (as perf's machine__findnew_thread). */
struct thread *pdm_findnew(struct machine *m, int32_t pid, int32_t tid);
/* The map of addr in ms (NULL: none). */
const struct map *pdm_maps_find(const struct maps *ms, uint64_t addr);
/* The file of this name (made when new); its build id in the file's header (NULL:
 * none); its symbols (loaded on first use; NULL: none). */
struct dso *pdm_dso_get(struct machine *m, const char *name, enum dso_kind kind);
const struct pd_buildid *pdm_buildid_of(const struct pd_file *f, const char *name);
const struct pd_syms *pdm_dso_syms(struct machine *m, struct dso *d);
/* The kernel's symbols (waiting for pd_machine_preload_kernel's thread); the name of
 * addr's symbol in syms and its start (NULL: none). */
const struct pd_syms *pdm_kernel_syms(struct machine *m);
const char *pdm_find_sym(struct machine *m, const struct pd_syms *syms, uint64_t addr,
                            uint64_t *start);
/* Frees everything the machine holds (not m itself). */
void pdm_free(struct machine *m);
#endif
