/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_lines.c: see perfdata.h. What perf's addr2line path
 * (tools/perf/util/srcline.c, running binutils' addr2line -i -f on the dso's symbol
 * source) answers for an address, from libdw: the line table's row for it, and the
 * scopes holding it (dwarf_getscopes) for the inline chain (the innermost function and
 * its line, then each inlined call's caller and call site). perf's rules around it:
 *  - the file asked is the dso's symbol source (pd_syms_symsrc) when it has a
 *    .debug_line section; names starting with '[' and /tmp/perf- files are never asked;
 *  - the address asked is the frame's file offset, made a virtual address (+ .text's
 *    address - offset) in ET_EXEC files with symbols only (map__rip_2objdump);
 *  - an address in a symbol but without a line is "??:0"; outside both: no answer, and
 *    the srcline is "SHORTNAME[ADDR]"; 123 answers missed in a row, none found yet,
 *    and the dso's source lines are given up (A2L_FAIL_LIMIT);
 *  - source files by their base name. */
#include "config.h"

#include "input/perfdata.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"

#define A2L_FAIL_LIMIT 123
#define DBITS 10
#define MAX_NEST 64

struct record {   /* one addr2line record */
    char *name;   /* NULL: the symbol's own name */
    char *file;   /* base name */
    unsigned line;
};

struct ldso {
    char *path;
    const char *short_name;
    char jit[32];               /* a perf map's short name: "[JIT] tid PID" */
    bool opened, has_srcline;
    int a2l_fails;
    Dwfl *dwfl;
    Dwfl_Module *mod;
    bool exec;                  /* ET_EXEC with symbols: file offsets made addresses */
    uint64_t text_offset;
    struct cu_range {           /* the CUs' address ranges, where libdw has no aranges */
        Dwarf_Addr lo, hi;
        Dwarf_Off off;
    } *cus;
    size_t ncus;
    bool cus_read;
    struct ldso *next;
};

struct icache {
    const struct ldso *d;
    uint64_t off;
    struct pd_inline *v;        /* NULL: none */
    size_t n;
};

struct pd_lines {
    struct ldso *dsos[1u << DBITS];
    struct icache *ic;          /* open addressing, (dso, off) */
    size_t icn, iccap;
    char src[4200];
};

static const Dwfl_Callbacks offline_cb = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

struct pd_lines *pd_lines_new(void)
{
    return xcalloc(1, sizeof(struct pd_lines));
}

static void free_entries(struct pd_inline *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free((char *)(uintptr_t)v[i].name);
        free((char *)(uintptr_t)v[i].srcline);
    }
    free(v);
}

void pd_lines_free(struct pd_lines *ln)
{
    if (!ln)
        return;
    for (size_t i = 0; i < (1u << DBITS); i++)
        for (struct ldso *d = ln->dsos[i], *nx; d; d = nx) {
            nx = d->next;
            if (d->dwfl)
                dwfl_end(d->dwfl);
            free(d->cus);
            free(d->path);
            free(d);
        }
    for (size_t i = 0; i < ln->iccap; i++)
        if (ln->ic[i].d)
            free_entries(ln->ic[i].v, ln->ic[i].n);
    free(ln->ic);
    free(ln);
}

/* -- the files */

/* e_type and .text's address - offset of file */
static bool elf_facts(const char *file, bool *exec, uint64_t *text_offset)
{
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    elf_version(EV_CURRENT);
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    GElf_Ehdr eh;
    size_t shstr;
    bool ok = elf && elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh);
    bool syms = false;   /* perf adjusts the addresses of files it read symbols from */
    for (Elf_Scn *scn = NULL;
         ok && elf_getshdrstrndx(elf, &shstr) == 0 && (scn = elf_nextscn(elf, scn));) {
        GElf_Shdr sh;
        const char *n;
        if (!gelf_getshdr(scn, &sh))
            continue;
        syms |= sh.sh_type == SHT_SYMTAB || sh.sh_type == SHT_DYNSYM;
        if ((n = elf_strptr(elf, shstr, sh.sh_name)) && !strcmp(n, ".text"))
            *text_offset = sh.sh_addr - sh.sh_offset;
    }
    if (ok)
        *exec = eh.e_type == ET_EXEC && syms;
    if (elf)
        elf_end(elf);
    close(fd);
    return ok;
}

static void ldso_open(struct ldso *d, const unsigned char *bid, size_t blen)
{
    d->opened = true;
    char src[4096];
    if (!pd_syms_symsrc(d->path, bid, blen, src, sizeof src))
        snprintf(src, sizeof src, "%s", d->path);
    if (src[0] == '[' || !strncmp(src, "/tmp/perf-", 10))
        return;
    if (!elf_facts(src, &d->exec, &d->text_offset))
        return;
    d->dwfl = dwfl_begin(&offline_cb);
    if (!d->dwfl)
        return;
    dwfl_report_begin(d->dwfl);
    d->mod = dwfl_report_elf(d->dwfl, d->short_name, src, -1, 0, true);
    dwfl_report_end(d->dwfl, NULL, NULL);
    if (!d->mod) {
        dwfl_end(d->dwfl);
        d->dwfl = NULL;
    }
}

static struct ldso *ldso_get(struct pd_lines *ln, const char *path, const unsigned char *bid,
                             size_t blen)
{
    uint32_t h = (uint32_t)(util_hash(path, strlen(path)) >> (64 - DBITS));
    for (struct ldso *d = ln->dsos[h]; d; d = d->next)
        if (!strcmp(d->path, path))
            return d;
    struct ldso *d = xcalloc(1, sizeof *d);
    d->path = xstrdup(path);
    const char *slash = strrchr(d->path, '/');
    d->short_name = slash ? slash + 1 : d->path;
    int tid;
    if (sscanf(d->path, "/tmp/perf-%d.map", &tid) == 1) {   /* as perf's dso__set_basename */
        snprintf(d->jit, sizeof d->jit, "[JIT] tid %d", tid);
        d->short_name = d->jit;
    }
    d->has_srcline = true;
    d->a2l_fails = 1;
    d->next = ln->dsos[h];
    ln->dsos[h] = d;
    ldso_open(d, bid, blen);
    return d;
}

/* -- addr2line */

/* A function binutils (2.40) sees: a subprogram or an inlined call, but not one whose
 * ranges are a DWARF 5 range list index (clang's DW_FORM_rnglistx, which it skips). */
static bool is_func(Dwarf_Die *die)
{
    int t = dwarf_tag(die);
    Dwarf_Attribute a;
    return (t == DW_TAG_subprogram || t == DW_TAG_inlined_subroutine) &&
           !(dwarf_attr(die, DW_AT_ranges, &a) && dwarf_whatform(&a) == DW_FORM_rnglistx);
}

/* Whether binutils takes a DW_AT_name as the function's name in a CU of language lang
 * (dwarf2.c's non_mangled); for others only a linkage name is. */
static bool non_mangled(int lang)
{
    switch (lang) {
    case DW_LANG_C89: case DW_LANG_C: case DW_LANG_Ada83: case DW_LANG_Cobol74:
    case DW_LANG_Cobol85: case DW_LANG_Fortran77: case DW_LANG_Pascal83: case DW_LANG_C99:
    case DW_LANG_Ada95: case DW_LANG_PLI: case DW_LANG_UPC: case DW_LANG_C11:
    case DW_LANG_Mips_Assembler:
        return true;
    default:
        return false;
    }
}

/* the name addr2line prints for a function: its linkage name, else its name; *linkage:
 * the name is one binutils keeps (else it prefers the symbol table's) */
static char *func_name(Dwarf_Die *die, Dwarf_Die *cu, bool *linkage)
{
    Dwarf_Attribute a;
    const char *n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &a));
    if (!n)
        n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &a));
    *linkage = n != NULL || non_mangled(dwarf_srclang(cu));
    if (!n)
        n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &a));
    return xstrdup(n ? n : "??");
}

static const char *base_name(const char *f)
{
    const char *s = f ? strrchr(f, '/') : NULL;
    return s ? s + 1 : f;
}

/* File idx of the CU's file table. */
static const char *file_name(Dwarf_Files *files, size_t idx)
{
    return dwarf_filesrc(files, idx, NULL, NULL);
}

/* Whether binutils (2.40) names row dl of a DWARF 5 line table by entry 0, the CU's own
 * file, where it says entry 1: it starts each sequence's file register at entry 0, so a
 * row of entry 1 that no row before it in its sequence left (no DW_LNS_set_file to 1:
 * the rows all of entry 1 from the start) is the CU's file to it. */
static bool file_register_unset(Dwarf_Die *cu, Dwarf_Line *dl)
{
    Dwarf_Half version = 0;
    Dwarf_Lines *lines;
    size_t n;
    if (dwarf_cu_info(cu->cu, &version, NULL, NULL, NULL, NULL, NULL, NULL) != 0 ||
        version < 5 || dwarf_getsrclines(cu, &lines, &n) != 0)
        return false;
    size_t i = 0;
    while (i < n && dwarf_onesrcline(lines, i) != dl)
        i++;
    while (i-- > 0) {
        Dwarf_Line *p = dwarf_onesrcline(lines, i);
        bool end = false;
        Dwarf_Files *f;
        size_t idx;
        if (!p || dwarf_lineendsequence(p, &end) != 0 || end)
            return true;
        if (dwarf_line_file(p, &f, &idx) != 0 || idx != 1)
            return false;
    }
    return true;
}

/* The call site of the inlined call die: false when it has none. */
static bool call_site(Dwarf_Die *cu, Dwarf_Die *die, const char **file, unsigned *line)
{
    Dwarf_Attribute a;
    Dwarf_Word fi, li;
    Dwarf_Files *files;
    size_t nf;
    if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &a), &fi) != 0 ||
        dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &a), &li) != 0 ||
        dwarf_getsrcfiles(cu, &files, &nf) != 0 || fi >= nf)
        return false;
    *file = file_name(files, fi);
    *line = (unsigned)li;
    return *file != NULL;
}

/* The source file of a line table row, as binutils names it. */
static const char *row_file(Dwarf_Line *dl, Dwarf_Die *cu)
{
    Dwarf_Files *files;
    size_t idx;
    if (dwarf_line_file(dl, &files, &idx) != 0)
        return dwarf_linesrc(dl, NULL, NULL);
    if (idx == 1 && file_register_unset(cu, dl))
        idx = 0;
    return file_name(files, idx);
}

/* The symbol table binutils' addr2line reads: .symtab, else .dynsym. */
static Elf_Scn *bfd_symtab(Elf *elf, GElf_Shdr *sh)
{
    Elf_Scn *dyn = NULL;
    GElf_Shdr dsh;
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
        if (!gelf_getshdr(scn, sh) || !sh->sh_entsize)
            continue;
        if (sh->sh_type == SHT_SYMTAB)
            return scn;
        if (sh->sh_type == SHT_DYNSYM && !dyn) {
            dyn = scn;
            dsh = *sh;
        }
    }
    if (dyn)
        *sh = dsh;
    return dyn;
}

/* y a better answer for addr than the best so far, b (binutils' better_fit): nearer
 * below addr; at one address, one that reaches addr, a function, a typed one, the
 * smaller; else the first. */
static bool better_fit(const GElf_Sym *y, const GElf_Sym *b, bool have, uint64_t addr)
{
    uint64_t ys = y->st_size ? y->st_size : 1, bs = b->st_size ? b->st_size : 1;
    if (y->st_value > addr || (have && y->st_value < b->st_value))
        return false;
    if (!have || y->st_value > b->st_value)
        return true;
    if (b->st_value + bs <= addr)
        return ys > bs;
    if (y->st_value + ys <= addr)
        return false;
    int yt = GELF_ST_TYPE(y->st_info), bt = GELF_ST_TYPE(b->st_info);
    bool yf = yt == STT_FUNC || yt == STT_GNU_IFUNC, bf = bt == STT_FUNC || bt == STT_GNU_IFUNC;
    if (yf != bf)
        return yf;
    if ((yt == STT_NOTYPE) != (bt == STT_NOTYPE))
        return bt == STT_NOTYPE;
    return ys < bs;
}

/* What binutils answers for an address from the symbol table (elf_find_function): the
 * symbol of the address's section fitting it best, in *value its address, and the file
 * symbol before it in *file when the symbol is local or no symbol came between (NULL
 * otherwise); NULL: none. */
static char *bfd_sym(struct ldso *d, Dwarf_Addr addr, uint64_t *value, char **file)
{
    Dwarf_Addr bias;
    Elf *elf = dwfl_module_getelf(d->mod, &bias);
    size_t sec = 0;
    for (Elf_Scn *scn = NULL; elf && (scn = elf_nextscn(elf, scn));) {
        GElf_Shdr sh;
        if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC) && addr >= sh.sh_addr &&
            addr - sh.sh_addr < sh.sh_size) {
            sec = elf_ndxscn(scn);
            break;
        }
    }
    GElf_Shdr sh;
    Elf_Scn *tab = sec ? bfd_symtab(elf, &sh) : NULL;
    Elf_Data *data = tab ? elf_getdata(tab, NULL) : NULL;
    GElf_Sym best = {0};
    const char *name = NULL, *fname = NULL, *bfile = NULL;
    bool sym_seen = false, file_after = false;
    for (size_t i = 0; data && i < sh.sh_size / sh.sh_entsize; i++) {
        GElf_Sym y;
        if (!gelf_getsym(data, (int)i, &y))
            break;
        int t = GELF_ST_TYPE(y.st_info);
        if (t == STT_FILE) {
            fname = elf_strptr(elf, sh.sh_link, y.st_name);
            file_after |= sym_seen;
            continue;
        }
        sym_seen |= i > 0;
        bool hidden_label = !y.st_size && t == STT_NOTYPE &&
                            GELF_ST_BIND(y.st_info) == STB_LOCAL &&
                            GELF_ST_VISIBILITY(y.st_other) == STV_HIDDEN;
        if (t == STT_SECTION || t == STT_OBJECT || t == STT_TLS || y.st_shndx != sec ||
            hidden_label || !better_fit(&y, &best, name != NULL, addr))
            continue;
        const char *n = elf_strptr(elf, sh.sh_link, y.st_name);
        if (!n)
            continue;
        best = y;
        name = n;
        bfile = fname && (GELF_ST_BIND(y.st_info) == STB_LOCAL || !file_after) ? fname : NULL;
    }
    if (!name)
        return NULL;
    *value = best.st_value;
    *file = bfile ? xstrdup(bfile) : NULL;
    return xstrdup(name);
}

/* Of functions holding pc alike (an assembler file's aliases, a DW_TAG_subprogram each),
 * binutils names the last: *die becomes the last sibling after it holding pc. */
static void last_alias(Dwarf_Die *die, Dwarf_Addr pc)
{
    Dwarf_Die sib = *die;
    while (dwarf_siblingof(&sib, &sib) == 0)
        if (dwarf_tag(&sib) == DW_TAG_subprogram && dwarf_haspc(&sib, pc) == 1)
            *die = sib;
}

/* The lowest address of function die (binutils' arange.low). */
static bool func_low(Dwarf_Die *die, Dwarf_Addr *low)
{
    if (dwarf_lowpc(die, low) == 0)
        return true;
    Dwarf_Addr base, start, end;
    bool any = false;
    for (ptrdiff_t o = 0; (o = dwarf_ranges(die, o, &base, &start, &end)) > 0;)
        if (!any || start < *low) {
            *low = start;
            any = true;
        }
    return any;
}

static int cmp_range(const void *a, const void *b)
{
    const struct cu_range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The CUs' ranges of d, read once (libdw 0.188 finds no CU for an address without
 * .debug_aranges, as clang leaves them out). */
static void read_cus(struct ldso *d, Dwarf *dbg)
{
    size_t cap = 0;
    d->cus_read = true;
    Dwarf_CU *unit = NULL;
    Dwarf_Die cudie;
    uint8_t type;
    while (dwarf_get_units(dbg, unit, &unit, NULL, &type, &cudie, NULL) == 0) {
        if (type != DW_UT_compile && type != DW_UT_partial)
            continue;
        Dwarf_Addr base, lo, hi;
        for (ptrdiff_t o = 0; (o = dwarf_ranges(&cudie, o, &base, &lo, &hi)) > 0;) {
            FT_GROW(d->cus, cap, d->ncus + 1);
            d->cus[d->ncus++] = (struct cu_range){lo, hi, dwarf_dieoffset(&cudie)};
        }
    }
    if (d->ncus)
        qsort(d->cus, d->ncus, sizeof *d->cus, cmp_range);
}

/* The CU holding addr (its DWARF address minus *bias): false when none does. */
static bool cu_of(struct ldso *d, Dwarf_Addr addr, Dwarf_Die *out, Dwarf_Addr *bias)
{
    Dwarf_Die *cu = dwfl_module_addrdie(d->mod, addr, bias);
    if (cu && dwarf_haspc(cu, addr - *bias) == 1) {
        *out = *cu;
        return true;
    }
    Dwarf *dbg = dwfl_module_getdwarf(d->mod, bias);
    if (!dbg)
        return false;
    if (!d->cus_read)
        read_cus(d, dbg);
    Dwarf_Addr pc = addr - *bias;
    size_t lo = 0, hi = d->ncus;   /* the last range starting at or below pc */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->cus[mid].lo <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i-- > 0;)
        if (pc < d->cus[i].hi)
            return dwarf_offdie(dbg, d->cus[i].off, out) != NULL;
    return false;
}

/* The innermost function's record: its name (DWARF's, or the symbol table's where
 * binutils takes it) and file:line (the line table's; without a row, the symbol's file
 * symbol or "??", line 0). false: binutils finds nothing. */
static bool first_record(struct ldso *d, Dwarf_Addr addr, Dwarf_Addr pc, Dwarf_Die *cu,
                         Dwarf_Die *fn, struct record *r)
{
    Dwarf_Line *line = cu ? dwarf_getsrc_die(cu, pc) : NULL;
    int lineno = 0;
    const char *file = line && dwarf_lineno(line, &lineno) == 0 ? row_file(line, cu) : NULL;
    bool linkage = false;
    char *name = fn ? func_name(fn, cu, &linkage) : NULL, *sfile = NULL;
    uint64_t value = 0;
    Dwarf_Addr low;
    char *st = !linkage || !file ? bfd_sym(d, addr, &value, &sfile) : NULL;
    if (!file && !name && !st)
        return false;
    if (st && !linkage && (!name || (func_low(fn, &low) && low + addr - pc == value))) {
        free(name);
        name = st;
        st = NULL;
    }
    free(st);
    r->name = name;
    r->file = xstrdup(file ? base_name(file) : sfile ? base_name(sfile) : "??");
    r->line = file ? (unsigned)lineno : 0;
    free(sfile);
    return true;
}

/* addr2line -i -f's records for off in d: their count (0: no answer); inlines: the
 * whole chain, else the first record only. */
static size_t a2l(struct ldso *d, uint64_t off, bool inlines, struct record *r, size_t max)
{
    if (!d->dwfl)
        return 0;
    Dwarf_Addr addr = off + (d->exec ? d->text_offset : 0), bias = 0;
    Dwarf_Die cud, *cu = cu_of(d, addr, &cud, &bias) ? &cud : NULL;
    Dwarf_Die *scopes = NULL;
    int ns = cu ? dwarf_getscopes(cu, addr - bias, &scopes) : 0;
    int fn = 0;
    while (fn < ns && !is_func(&scopes[fn]))
        fn++;
    if (fn < ns && dwarf_tag(&scopes[fn]) == DW_TAG_subprogram)
        last_alias(&scopes[fn], addr - bias);
    if (!first_record(d, addr, addr - bias, cu, fn < ns ? &scopes[fn] : NULL, &r[0])) {
        free(scopes);
        return 0;
    }
    size_t n = 1;
    Dwarf_Die *chain = NULL;   /* the inlined call's concrete scopes, out to its CU */
    int nc = inlines && fn < ns && dwarf_tag(&scopes[fn]) == DW_TAG_inlined_subroutine
                 ? dwarf_getscopes_die(&scopes[fn], &chain)
                 : 0;
    for (int i = 0; i < nc && is_func(&chain[i]) &&
                    dwarf_tag(&chain[i]) == DW_TAG_inlined_subroutine && n < max;) {
        int up = i + 1;
        while (up < nc && !is_func(&chain[up]))
            up++;
        const char *cf;
        unsigned cl;
        bool linkage;
        if (!call_site(cu, &chain[i], &cf, &cl))
            break;
        r[n++] = (struct record){up < nc ? func_name(&chain[up], cu, &linkage)
                                          : xstrdup("??"),
                                 xstrdup(base_name(cf)), cl};
        i = up;
    }
    free(chain);
    free(scopes);
    return n;
}

/* -- inline frames */

static size_t ic_slot(const struct pd_lines *ln, const struct ldso *d, uint64_t off)
{
    uint64_t h = (off ^ (uint64_t)(uintptr_t)d) * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 20) & (ln->iccap - 1);
    while (ln->ic[i].d && (ln->ic[i].d != d || ln->ic[i].off != off))
        i = (i + 1) & (ln->iccap - 1);
    return i;
}

static void ic_grow(struct pd_lines *ln)
{
    struct icache *old = ln->ic;
    size_t ocap = ln->iccap;
    ln->iccap = ocap ? 2 * ocap : 1024;
    ln->ic = xcalloc(ln->iccap, sizeof *ln->ic);
    for (size_t i = 0; i < ocap; i++)
        if (old[i].d)
            ln->ic[ic_slot(ln, old[i].d, old[i].off)] = old[i];
    free(old);
}

static char *srcline_of(const char *file, unsigned line)
{
    char b[4200];
    snprintf(b, sizeof b, "%s:%u", file, line);
    return xstrdup(b);
}

const struct pd_inline *pd_lines_inlines(struct pd_lines *ln, const char *path,
                                         const unsigned char *bid, size_t blen,
                                         uint64_t off, const char *sym, size_t *n)
{
    *n = 0;
    if (!sym)
        return NULL;
    struct ldso *d = ldso_get(ln, path, bid, blen);
    if (!d->dwfl)
        return NULL;
    if (2 * (ln->icn + 1) > ln->iccap)
        ic_grow(ln);
    struct icache *c = &ln->ic[ic_slot(ln, d, off)];
    if (!c->d) {
        struct record r[MAX_NEST];
        size_t nr = a2l(d, off, true, r, MAX_NEST);
        c->d = d;
        c->off = off;
        ln->icn++;
        c->v = nr ? xcalloc(nr, sizeof *c->v) : NULL;
        c->n = nr;
        for (size_t i = 0; i < nr; i++) {
            char *dm = r[i].name ? pd_demangle(r[i].name) : NULL;
            const char *name = dm ? dm : r[i].name ? r[i].name : sym;
            c->v[i].inlined = strcmp(name, sym) != 0;
            c->v[i].name = xstrdup(name);
            c->v[i].srcline = srcline_of(r[i].file, r[i].line);
            free(dm);
            free(r[i].name);
            free(r[i].file);
        }
    }
    *n = c->n;
    return c->v;
}

/* -- source lines */

const char *pd_lines_srcline(struct pd_lines *ln, const char *path,
                             const unsigned char *bid, size_t blen, uint64_t addr)
{
    struct ldso *d = ldso_get(ln, path, bid, blen);
    struct record r;
    if (d->has_srcline && a2l(d, addr, false, &r, 1)) {
        snprintf(ln->src, sizeof ln->src, "%s:%u", r.file, r.line);
        free(r.name);
        free(r.file);
        d->a2l_fails = 0;
        /* perf prints no line for what starts as its "unknown" */
        return strncmp(ln->src, "??:0", 4) ? ln->src : NULL;
    }
    if (d->a2l_fails && ++d->a2l_fails > A2L_FAIL_LIMIT)
        d->has_srcline = false;
    snprintf(ln->src, sizeof ln->src, "%s[%llx]", d->short_name,
             (unsigned long long)(addr + (d->exec ? d->text_offset : 0)));
    return ln->src;
}
