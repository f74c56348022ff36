/* SPDX-License-Identifier: MIT */
/* flametui - perfdata.h: perf.data read natively (perf record's binary file, in the
 * documented format of tools/perf/Documentation/perf.data-file-format.txt), into the
 * perf script parser (parse_perf.c) record by record, as the text `perf script -F +pid`
 * prints for it would give them (a frame's line made and parsed once per distinct frame),
 * so that every one of its options sees the same input either way; or printed as that
 * text (perfdata_print, perfdata_pipe_print: the tests compare it with perf script's).
 *   perfdata_read.c  the file: header, attrs, event names, build ids, sample decoding
 *   perfdata_sym.c   symbols: ELF files through elfutils (libelf, libdw's dwelf), the
 *                    build-id cache, /proc/kallsyms, /tmp/perf-PID.map, demangling
 *   perfdata_run.c   the machine (threads, maps), records in time order, to the parser
 *                    or the text
 * What the reader does not understand is refused up front with a reason (perfdata_open):
 * the caller then runs perf script instead. Internal to src/input. */
#ifndef FLAMETUI_PERFDATA_H
#define FLAMETUI_PERFDATA_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PD_MAX_ATTRS 64
#define PD_MAX_IDS (1u << 20)

/* sample_type bits */
enum {
    PD_S_IP = 1u << 0, PD_S_TID = 1u << 1, PD_S_TIME = 1u << 2, PD_S_ADDR = 1u << 3,
    PD_S_READ = 1u << 4, PD_S_CALLCHAIN = 1u << 5, PD_S_ID = 1u << 6, PD_S_CPU = 1u << 7,
    PD_S_PERIOD = 1u << 8, PD_S_STREAM_ID = 1u << 9, PD_S_RAW = 1u << 10,
    PD_S_BRANCH_STACK = 1u << 11, PD_S_REGS_USER = 1u << 12, PD_S_STACK_USER = 1u << 13,
    PD_S_IDENTIFIER = 1u << 16,
};
/* record types */
enum {
    PD_MMAP = 1, PD_LOST = 2, PD_COMM = 3, PD_EXIT = 4, PD_FORK = 7, PD_SAMPLE = 9,
    PD_MMAP2 = 10, PD_AUX = 11, PD_KSYMBOL = 17, PD_FINISHED_ROUND = 68, PD_AUXTRACE_INFO = 70,
    PD_AUXTRACE = 71, PD_COMPRESSED = 81,
};

#define PD_ATTR_EXCLUDE_KERNEL ((uint64_t)1 << 5)   /* in pd_attr.flags */

struct pd_attr {
    uint32_t type;
    uint64_t config, sample_type, read_format, flags;
    uint64_t regs_user;         /* sample_regs_user */
    bool sample_id_all;
    char *name;                 /* the event name perf script prints */
};

struct pd_file {
    const unsigned char *p;     /* the whole file, mapped */
    size_t len;
    uint64_t data_off, data_size;
    struct pd_attr attrs[PD_MAX_ATTRS];
    size_t nattrs;
    uint64_t *ids;              /* sample id -> attr index: ids[2k] id, ids[2k+1] index */
    size_t nids;
    /* the layout all attrs share */
    uint64_t sample_type, read_format;
    bool sample_id_all;
    size_t id_pos;              /* the sample id's u64 index in a sample (SIZE_MAX: none) */
    uint64_t regs_user;         /* sample_regs_user: the user registers a sample holds */
    bool srcline;               /* the text has perf script -F +srcline's source lines */
    /* HEADER_BUILD_ID: build ids by file name */
    const char *kallsyms;       /* the kernel's symbols (perfdata_open: /proc/kallsyms) */
    struct pd_buildid {
        char *name;
        unsigned char id[20];
        unsigned char len;
        int pid;
    } *bids;
    size_t nbids;
    uint64_t *order;            /* perfdata_check's pd_order (perfdata_close frees it) */
    size_t norder;
};

/* A decoded PERF_RECORD_SAMPLE (the parts the text needs). */
struct pd_sample {
    uint64_t ip, time, period, id;
    uint32_t pid, tid, cpu;
    const unsigned char *chain;   /* nr u64s (file byte order = host order) */
    uint64_t nr;
    size_t attr;                  /* index into pd_file.attrs */
    /* PERF_SAMPLE_REGS_USER: regs[nregs] (u64s, in the order of the bits of
     * pd_file.regs_user) when abi is not 0; PERF_SAMPLE_STACK_USER: the stack copied
     * from the user stack pointer up, stack[0..stack_size) (its dyn_size) */
    uint64_t regs_abi;
    const unsigned char *regs;
    uint32_t nregs;
    const unsigned char *stack;
    uint64_t stack_size;
};

/* Reads the header of p[0..len) into f. false with why[0..n) set ("a cross-endian file",
 * "AUX area data") when the reader cannot handle the file. */
bool perfdata_open(struct pd_file *f, const void *p, size_t len, char *why, size_t n);
void perfdata_close(struct pd_file *f);
/* Parts of perfdata_open, for the pipe format: attr idx from a (a perf_event_attr, its
 * checks), the layout once the attrs are in (ids sorted), HEADER_EVENT_DESC's names and
 * HEADER_BUILD_ID's entries from p[0..size). */
bool pd_read_attr(struct pd_file *f, const unsigned char *a, size_t idx, char *why, size_t n);
bool pd_attrs_done(struct pd_file *f, char *why, size_t n);
void pd_read_event_desc(struct pd_file *f, const unsigned char *p, size_t size);
void pd_read_build_ids(struct pd_file *f, const unsigned char *p, size_t size);
/* Walks the data section: every record whole, of a known kind, every sample decodable;
 * false with why. The records in perf's order (pd_order) are kept in f->order. */
bool perfdata_check(struct pd_file *f, char *why, size_t n);
/* The processes seen with maps (or born by a fork), record by record: true when record
 * r[0..size) (size >= 8) is an exec in one of them, which perfdata_check refuses in DWARF
 * call graphs (perf's libunwind unwinds those otherwise than libdwfl). */
struct pd_pids;
struct pd_pids *pd_pids_new(void);
bool pd_pids_exec_after_maps(struct pd_pids *s, const unsigned char *r, size_t size);
void pd_pids_free(struct pd_pids *s);
/* A sample record (header included) rec[0..size) decoded; false when it is malformed. */
bool perfdata_sample(const struct pd_file *f, const unsigned char *rec, size_t size,
                     struct pd_sample *s);
/* The time of a non-sample record (its sample_id_all trailer), or 0. */
uint64_t perfdata_rec_time(const struct pd_file *f, const unsigned char *rec, size_t size);
static inline uint64_t pd_u64(const unsigned char *p)
{
    uint64_t v;
    __builtin_memcpy(&v, p, 8);
    return v;
}
static inline uint32_t pd_u32(const unsigned char *p)
{
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
}

/* -- perfdata_sym.c: the symbols of one file (a dso) */
struct pd_dso;
struct pd_syms;
/* The symbols of the ELF file PATH as perf loads them (build id bid[0..blen) when the
 * perf.data knows it: candidates that do not match are skipped). Never NULL; empty when
 * nothing was found. */
struct pd_syms *pd_syms_elf(const char *path, const unsigned char *bid, size_t blen);
/* /proc/kallsyms (or the file given) as perf splits it: kernel symbols. */
struct pd_syms *pd_syms_kallsyms(const char *path);
/* This process's own vdso (perf's, for a [vdso] whose build id was not recorded). */
struct pd_syms *pd_syms_vdso(void);
/* A perf-PID.map file (JIT). */
struct pd_syms *pd_syms_perfmap(const char *path);
/* One symbol over [start, start+len) (a KSYMBOL). */
struct pd_syms *pd_syms_one(uint64_t start, uint64_t len, const char *name);
/* The symbol holding addr, its start in *start; NULL: none. */
const char *pd_syms_find(const struct pd_syms *s, uint64_t addr, uint64_t *start);
/* The same, and the addresses [*lo, *hi) around addr that get the same answer. */
const char *pd_syms_find_in(const struct pd_syms *s, uint64_t addr, uint64_t *start,
                            uint64_t *lo, uint64_t *hi);
/* The same from the tree walk alone (a finished table answers most addresses from its
 * spans in address order; tests check those against the walk). */
const char *pd_syms_walk(const struct pd_syms *s, uint64_t addr, uint64_t *start);
/* [*lo, *hi): from the first symbol's start to the last one's end (0, 0: none). */
void pd_syms_span(const struct pd_syms *s, uint64_t *lo, uint64_t *hi);
void pd_syms_free(struct pd_syms *s);
/* perf's symbol source for PATH (its dso's symsrc_filename): the first candidate file
 * with a .symtab, in out[0..n); false: none (perf reads PATH itself then). */
bool pd_syms_symsrc(const char *path, const unsigned char *bid, size_t blen, char *out,
                    size_t n);
/* name demangled as the symbols are (malloc'd), or NULL when it is not mangled. */
char *pd_demangle(const char *name);

/* -- perfdata_lines.c: source lines and inline frames from DWARF (libdw), as perf's
 * addr2line path prints them (-F +srcline; the inline frames of DWARF call graphs). */
struct pd_lines;
struct pd_lines *pd_lines_new(void);
void pd_lines_free(struct pd_lines *ln);
/* One frame perf prints for an address: name, its source line "FILE:LINE" (basename),
 * inlined: a function inlined there, or one the debug info names otherwise than the
 * symbol. */
struct pd_inline {
    const char *name;
    const char *srcline;
    bool inlined;
};
/* The frames perf prints for a frame of a DWARF call graph: the address off (a file
 * offset, as the frame prints it) in the file PATH (build id bid[0..blen)), in the
 * symbol sym: innermost first, their count in *n; NULL (*n 0): the frame is printed as
 * it is. Valid until pd_lines_free. */
const struct pd_inline *pd_lines_inlines(struct pd_lines *ln, const char *path,
                                         const unsigned char *bid, size_t blen,
                                         uint64_t off, const char *sym, size_t *n);
/* The source line perf script -F +srcline prints under a frame at addr (a file offset,
 * or the address itself in an identity map: kernel, JIT) of the file PATH: "FILE:LINE",
 * or "NAME[ADDR]" when there is none; NULL: none printed. Valid until the next call. */
const char *pd_lines_srcline(struct pd_lines *ln, const char *path,
                             const unsigned char *bid, size_t blen, uint64_t addr);

/* -- perfdata_unwind.c: DWARF call graphs (PERF_SAMPLE_REGS_USER + STACK_USER) */
/* A user map of the sampled process: the file (a path; "[vdso]", "//anon"... too) and
 * where it lies. */
struct pd_map_info {
    const char *path;
    uint64_t start, end, pgoff;
};
/* The map of the sampled process holding addr: false when none does. */
typedef bool (*pd_map_fn)(void *arg, uint64_t addr, struct pd_map_info *out);
struct pd_unwind;
struct pd_unwind *pd_unwind_new(void);
void pd_unwind_free(struct pd_unwind *u);
/* The user call chain of sample s unwound from its registers and stack copy: ips[0] the
 * sampled ip, then the callers (their return addresses - 1, as perf prints them), at
 * most max; the count (0: the sample holds no user stack). */
size_t pd_unwind_sample(struct pd_unwind *u, const struct pd_file *f,
                        const struct pd_sample *s, pd_map_fn map, void *map_arg,
                        uint64_t *ips, size_t max);
/* perf register r (PERF_REG_X86_*) of sample s: false when s does not hold it. */
bool pd_sample_reg(const struct pd_file *f, const struct pd_sample *s, unsigned r,
                   uint64_t *v);

/* -- perfdata_run.c */
/* One frame of a sample's call chain: its address and the cpumode it was taken in (the
 * PERF_RECORD_MISC_* cpumode: 1 kernel, 2 user, 3 hypervisor, 4 guest kernel), as
 * perfdata_run.c's sample_chain builds the list of a sample from its callchain (the one
 * place where a sample's frames are made, before any name is looked up: an unwinder adds
 * its frames there). A frame's names come from one place too, frame_resolve (map, dso,
 * symbol and offset of the address) whose result frame_text prints as perf script's
 * line; with a parser (pd_machine_new_parser) each distinct (address space, address) is
 * resolved once and each distinct (dso, address) printed and parsed once. */
struct pd_frame {
    uint64_t ip;
    uint32_t mode;
};
struct perf_parser;
/* -- perfdata_order.c: the offsets (into f->p) of the data section's records but
 * FINISHED_ROUND (of an f perfdata_check took), in the order perf processes them (by
 * time, stable); *count of them. The caller frees it (never NULL). */
uint64_t *pd_order(const struct pd_file *f, size_t *count);
/* The records in that order: perfdata_check's (f->order), or made now (pd_order; *own
 * then holds them, for the caller to free, else NULL). */
const uint64_t *pd_records(const struct pd_file *f, size_t *count, uint64_t **own);
/* The same in a pass of the caller's: a zeroed pd_order, pd_order_add for every record
 * in file order (a whole record of its type and size), pd_order_end (which leaves o
 * zeroed). */
struct pd_ev;
struct pd_order {
    struct pd_ev *ev;
    size_t n, cap, round;      /* round: where the records since the last FINISHED_ROUND start */
    bool unsorted_round;
};
void pd_order_add(struct pd_order *o, const struct pd_file *f, const unsigned char *r,
                  uint32_t type, size_t size);
uint64_t *pd_order_end(struct pd_order *o, size_t *count);
/* Writes perf script's text for the perf.data f to fd. 0, or -1 with why. */
int perfdata_print(const struct pd_file *f, int fd, char *why, size_t n);
/* The machine alone, fed record by record (rec: a whole record, in the order perf
 * processes them), its text on fd; pd_machine_end flushes it: 0, or -1 with why. */
struct pd_machine;
struct pd_machine *pd_machine_new(const struct pd_file *f, int fd);
void pd_machine_record(struct pd_machine *m, const unsigned char *rec);
int pd_machine_end(struct pd_machine *m, char *why, size_t n);
void pd_machine_flush(struct pd_machine *m);   /* the text so far written out */
/* The machine giving its samples to the perf script parser p instead (parse_perf.h:
 * records given structured), no text written; pd_machine_end ends the parser's input. */
struct pd_machine *pd_machine_new_parser(const struct pd_file *f, struct perf_parser *p);
/* Starts reading the kernel's symbols on a thread of its own (when an event may have
 * kernel samples), so they are ready by the first kernel frame. */
void pd_machine_preload_kernel(struct pd_machine *m);
/* A record's time as perf orders it (0: none). */
uint64_t pd_machine_time(const struct pd_file *f, const unsigned char *rec);

/* -- perfdata_pipe.c: perf's pipe format (perf record -o -): a 16-byte header, then the
 * attrs, event names and build ids as records (HEADER_ATTR, HEADER_FEATURE, EVENT_UPDATE,
 * HEADER_BUILD_ID) ahead of the kernel's records, ordered per FINISHED_ROUND as perf
 * does (a record is held until a round has ended past its time). */
/* Checks p[0..len), a whole pipe-format input or its start (partial: records may stop
 * short at the end): false with why when the reader cannot handle it. */
bool perfdata_pipe_check(const void *p, size_t len, bool partial, char *why, size_t n);
/* Whether p[0..len), the start of a pipe-format input, holds what perfdata_pipe_check
 * needs to choose between this reader and perf script: the records ahead of the
 * kernel's; with DWARF call graphs, the kernel's too up to the first FINISHED_ROUND (a
 * process that ran another program there is read through perf script, as in a file). */
bool perfdata_pipe_ahead(const void *p, size_t len);
/* Reads prefix[0..nprefix) then in_fd (-1: none) to its end, printing as it goes on
 * out: 0, or -1 with why. */
int perfdata_pipe_print(const void *prefix, size_t nprefix, int in_fd, int out, bool srcline,
                        char *why, size_t n);
/* The same stream pushed: bytes in pieces of any size (pd_stream_push: false once the
 * input cannot be read), its records to the perf script parser p (NULL: text on out),
 * with perf script -F +srcline's source lines when srcline; pd_stream_end: 0, or -1 with
 * why (the input ended inside a record, ...). */
struct pd_stream;
struct pd_stream *pd_stream_new(struct perf_parser *p, int out, bool srcline);
bool pd_stream_push(struct pd_stream *s, const void *data, size_t n);
int pd_stream_end(struct pd_stream *s, char *why, size_t n);
/* The processes of a DWARF recording that ran another program after they had maps, seen
 * in the stream: perfdata_pipe_check refuses those in what it reads ahead (the first
 * round), but a live pipe cannot be handed to perf script later, so these are read on. */
size_t pd_stream_late_execs(const struct pd_stream *s);
void pd_stream_free(struct pd_stream *s);
#endif
