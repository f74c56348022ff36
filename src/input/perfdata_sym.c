/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_sym.c: see perfdata.h. Symbol tables built the way perf builds them
 * (tools/perf/util/symbol.c, symbol-elf.c), so names match perf script's:
 *  - ELF: the first candidate file with a .symtab gives the symbols, the first with a
 *    .dynsym is the runtime image; candidates are the .gnu_debuglink targets, the build-id
 *    cache (~/.debug), /usr/lib/debug, then the file itself, each skipped when its build id
 *    differs from the one perf recorded. Functions and objects (and labels in text and
 *    data sections), values made file offsets through their PT_LOAD segment, demangled
 *    with libiberty's cplus_demangle(DMGL_NO_OPTS) (no parameters, no return type);
 *    zero sizes extended to the next symbol (symbols__fixup_end), then duplicates at
 *    one address reduced by perf's choose_best_symbol; then "NAME@plt" for the .plt
 *    entries, added over what was extended across .plt (a zero-size _init in .init):
 *    which of the two an address there gets is the tree's answer (perfdata_symtab.h).
 *  - kallsyms: T/t/W/w symbols, module symbols dropped.
 *  - perf-PID.map: "START SIZE NAME" lines, hexadecimal, taken as they are. */
#include "config.h"

#include "input/perfdata.h"

#include <ctype.h>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "input/perfdata_symtab.h"

/* libiberty's demangler (<libiberty/demangle.h> pulls in libiberty.h, whose xmalloc
 * family clashes with util.h's) */
extern char *cplus_demangle(const char *mangled, int options);
#define DMGL_NO_OPTS 0

/* -- kallsyms and perf maps */

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One line of kallsyms ("ADDR TYPE NAME[\tMODULE]", NUL-terminated, no newline): its
 * symbol added when it is a T/t/W/w one of the kernel's own. */
static void kallsyms_line(struct pd_syms *s, char *line)
{
    unsigned long long a = 0;
    char *e = line;
    int d;
    while (e - line < 16 && (d = hexval((unsigned char)*e)) >= 0) {
        a = a << 4 | (unsigned)d;
        e++;
    }
    if (e == line || *e != ' ')   /* not the plain form: strtoull's rules */
        a = strtoull(line, &e, 16);
    if (e == line || *e != ' ' || !e[1] || e[2] != ' ')
        return;
    char t = (char)toupper((unsigned char)e[1]);
    if (t != 'T' && t != 'W')
        return;
    char *name = e + 3;
    if (strchr(name, '\t'))
        return;   /* a module's: no module maps here */
    symtab_add(s, a, 0, t == 'W' ? STB_WEAK : STB_GLOBAL, name);
}

struct pd_syms *pd_syms_kallsyms(const char *path)
{
    struct pd_syms *s = symtab_new();
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return s;
    struct buf b = {0};
    for (;;) {   /* whole: /proc's reads are cheaper big (its block size is 1 KiB) */
        buf_reserve(&b, (size_t)1 << 18);
        ssize_t got = read(fd, b.p + b.len, (size_t)1 << 18);
        if (got <= 0)
            break;
        b.len += (size_t)got;
    }
    close(fd);
    for (size_t at = 0; at < b.len;) {
        char *nl = memchr(b.p + at, '\n', b.len - at);
        size_t end = nl ? (size_t)(nl - b.p) : b.len;
        b.p[end] = '\0';   /* the reserve holds one more */
        kallsyms_line(s, b.p + at);
        at = end + 1;
    }
    buf_fini(&b);
    symtab_fixup_end(s, true);
    symtab_fixup_duplicate(s);
    size_t zero = 0;
    for (size_t i = 0; i < s->n; i++)
        zero += s->v[i].start == 0;
    if (zero == s->n)   /* kptr_restrict: no addresses */
        s->root = NIL;
    symtab_finish(s);
    return s;
}

struct pd_syms *pd_syms_vdso(void)
{
    uintptr_t base = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[512];
    unsigned long lo = 0, hi = 0;
    while (maps && fgets(line, sizeof line, maps))
        if (strstr(line, "[vdso]") && sscanf(line, "%lx-%lx", &lo, &hi) == 2)
            break;
    if (maps)
        fclose(maps);
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/flametui-vdso.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = base && lo == base && hi > lo ? mkstemp(path) : -1;
    if (fd < 0)
        return symtab_new();
    bool ok = write(fd, (const void *)base, hi - lo) == (ssize_t)(hi - lo);
    close(fd);
    struct pd_syms *s = ok ? pd_syms_elf(path, NULL, 0) : symtab_new();
    unlink(path);
    return s;
}

struct pd_syms *pd_syms_perfmap(const char *path)
{
    struct pd_syms *s = symtab_new();
    FILE *fp = fopen(path, "re");
    if (!fp)
        return s;
    char line[4096];
    while (fgets(line, sizeof line, fp)) {
        char *e, *e2;
        unsigned long long a = strtoull(line, &e, 16);
        if (e == line || *e != ' ')
            continue;
        unsigned long long len = strtoull(e + 1, &e2, 16);
        if (e2 == e + 1 || *e2 != ' ')
            continue;
        char *name = e2 + 1;
        name[strcspn(name, "\n")] = '\0';
        symtab_add(s, a, len, STB_GLOBAL, name);
    }
    fclose(fp);   /* perf takes these as they are: no ends fixed, no duplicates dropped */
    symtab_finish(s);
    return s;
}

/* -- ELF */

struct elfsrc {
    int fd;
    Elf *elf;
    Elf_Scn *symtab, *dynsym;
};

static void src_close(struct elfsrc *e)
{
    if (e->elf)
        elf_end(e->elf);
    if (e->fd >= 0)
        close(e->fd);
    e->elf = NULL;
    e->fd = -1;
}

static bool regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Opens path when it is an ELF file whose build id is bid (blen 0: any). */
static bool src_open(struct elfsrc *e, const char *path, const unsigned char *bid, size_t blen)
{
    e->fd = -1;
    e->elf = NULL;
    e->symtab = e->dynsym = NULL;
    if (!regular(path))
        return false;
    e->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (e->fd < 0)
        return false;
    e->elf = elf_begin(e->fd, ELF_C_READ_MMAP, NULL);
    if (!e->elf || elf_kind(e->elf) != ELF_K_ELF || gelf_getclass(e->elf) != ELFCLASS64) {
        src_close(e);
        return false;
    }
    if (blen) {
        const void *id;
        ssize_t n = dwelf_elf_gnu_build_id(e->elf, &id);
        if (n != (ssize_t)blen || memcmp(id, bid, blen)) {
            src_close(e);
            return false;
        }
    }
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e->elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            continue;
        if (sh.sh_type == SHT_SYMTAB && !e->symtab)
            e->symtab = scn;
        if (sh.sh_type == SHT_DYNSYM && !e->dynsym)
            e->dynsym = scn;
    }
    return true;
}

/* symbol value -> file offset through the PT_LOAD holding it */
static bool adjust(Elf *rt, uint64_t *v)
{
    size_t n;
    if (elf_getphdrnum(rt, &n) != 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(rt, (int)i, &ph) || ph.p_type != PT_LOAD)
            continue;
        if (*v >= ph.p_vaddr && *v < ph.p_vaddr + ph.p_memsz) {
            *v -= ph.p_vaddr - ph.p_offset;
            return true;
        }
    }
    return false;
}

static void add_demangled(struct pd_syms *s, uint64_t v, uint64_t size, int bind,
                          const char *name)
{
    char *d = cplus_demangle(name, DMGL_NO_OPTS);
    symtab_add(s, v, size, bind, d ? d : name);
    free(d);
}

static void load_syms(struct pd_syms *s, struct elfsrc *ss, Elf_Scn *tab, Elf *rt)
{
    GElf_Shdr sh;
    if (!gelf_getshdr(tab, &sh) || !sh.sh_entsize)
        return;
    Elf_Data *d = elf_getdata(tab, NULL);
    size_t shstr;
    if (!d || elf_getshdrstrndx(ss->elf, &shstr) != 0)
        return;
    size_t nsym = sh.sh_size / sh.sh_entsize;
    for (size_t i = 0; i < nsym; i++) {
        GElf_Sym y;
        if (!gelf_getsym(d, (int)i, &y))
            break;
        int type = GELF_ST_TYPE(y.st_info);
        bool func = (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT) &&
                    y.st_name && y.st_shndx != SHN_UNDEF;
        bool label = type == STT_NOTYPE && y.st_name && y.st_shndx != SHN_UNDEF &&
                     y.st_shndx != SHN_ABS;
        if ((!func && !label) || y.st_shndx >= SHN_LORESERVE)
            continue;
        Elf_Scn *sec = elf_getscn(ss->elf, y.st_shndx);
        GElf_Shdr ssh;
        if (!sec || !gelf_getshdr(sec, &ssh))
            continue;
        if (label) {
            const char *sn = elf_strptr(ss->elf, shstr, ssh.sh_name);
            if (!sn || (!strstr(sn, "text") && !strstr(sn, "data")))
                continue;
        }
        uint64_t v = y.st_value;
        if (!adjust(rt, &v))
            continue;
        const char *name = elf_strptr(ss->elf, sh.sh_link, y.st_name);
        if (name)
            add_demangled(s, v, y.st_size, GELF_ST_BIND(y.st_info), name);
    }
}

static Elf_Scn *section(Elf *elf, const char *name, GElf_Shdr *sh)
{
    size_t shstr;
    if (elf_getshdrstrndx(elf, &shstr) != 0)
        return NULL;
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        const char *n;
        if (gelf_getshdr(scn, sh) && (n = elf_strptr(elf, shstr, sh->sh_name)) &&
            !strcmp(n, name))
            return scn;
    }
    return NULL;
}

/* perf's dso__synthesize_plt_symbols: "NAME@plt" for each .rela.plt entry, one .plt
 * entry each after the header, at .plt's file offset. */
static void plt_syms(struct pd_syms *s, struct elfsrc *rt)
{
    GElf_Shdr rsh, psh, dsh;
    Elf_Scn *rel = section(rt->elf, ".rela.plt", &rsh);
    if (!rel)
        rel = section(rt->elf, ".rel.plt", &rsh);
    if (!rel || !rt->dynsym || !rsh.sh_entsize ||
        rsh.sh_link != elf_ndxscn(rt->dynsym) || !section(rt->elf, ".plt", &psh) ||
        !gelf_getshdr(rt->dynsym, &dsh))
        return;
    Elf_Data *rd = elf_getdata(rel, NULL), *syms = elf_getdata(rt->dynsym, NULL);
    Elf_Scn *strs = elf_getscn(rt->elf, dsh.sh_link);
    Elf_Data *sd = strs ? elf_getdata(strs, NULL) : NULL;
    if (!rd || !syms || !sd || !sd->d_size)
        return;
    uint64_t entry = psh.sh_entsize, off = psh.sh_offset + entry;
    size_t n = rsh.sh_size / rsh.sh_entsize;
    for (size_t i = 0; i < n; i++, off += entry) {
        uint64_t info;
        if (rsh.sh_type == SHT_RELA) {
            GElf_Rela r;
            if (!gelf_getrela(rd, (int)i, &r))
                break;
            info = r.r_info;
        } else {
            GElf_Rel r;
            if (!gelf_getrel(rd, (int)i, &r))
                break;
            info = r.r_info;
        }
        GElf_Sym y;
        const char *name = NULL;
        if (gelf_getsym(syms, (int)GELF_R_SYM(info), &y) && y.st_name < sd->d_size)
            name = (const char *)sd->d_buf + y.st_name;
        char *d = name && *name ? cplus_demangle(name, DMGL_NO_OPTS) : NULL;
        char b[1024];
        snprintf(b, sizeof b, "%s@plt", d ? d : name ? name : "");
        free(d);
        symtab_add(s, off, entry, STB_GLOBAL, b);
    }
}

/* Candidate files in perf's order (dso__load's binary types). */
static size_t candidates(const char *path, const unsigned char *bid, size_t blen,
                         char (*c)[4096], size_t max)
{
    size_t n = 0;
    char hex[41] = "";
    for (size_t i = 0; i < blen && i < 20; i++)
        snprintf(hex + 2 * i, 3, "%02x", bid[i]);
    const char *home = getenv("HOME");
    /* .gnu_debuglink */
    struct elfsrc e;
    if (path[0] == '/' && src_open(&e, path, NULL, 0)) {
        GElf_Word crc;
        const char *link = dwelf_elf_gnu_debuglink(e.elf, &crc);
        if (link && !strchr(link, '/')) {
            const char *slash = strrchr(path, '/');
            int dl = slash ? (int)(slash - path) : 0;
            snprintf(c[n++], 4096, "%.*s/%s", dl, path, link);
            snprintf(c[n++], 4096, "%.*s/.debug/%s", dl, path, link);
            snprintf(c[n++], 4096, "/usr/lib/debug%.*s/%s", dl, path, link);
        }
        src_close(&e);
    }
    if (blen && home && *home) {
        const char *base = strcmp(path, "[vdso]") ? "elf" : "vdso";
        snprintf(c[n++], 4096, "%s/.debug/.build-id/%.2s/%s/%s", home, hex, hex + 2, base);
        snprintf(c[n++], 4096, "%s/.debug/.build-id/%.2s/%s/debug", home, hex, hex + 2);
    }
    if (path[0] != '/')
        return n;   /* [vdso]: the build-id cache only */
    snprintf(c[n++], 4096, "/usr/lib/debug%s.debug", path);
    snprintf(c[n++], 4096, "/usr/lib/debug%s", path);
    if (blen)
        snprintf(c[n++], 4096, "/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
    snprintf(c[n++], 4096, "%s", path);
    (void)max;
    return n;
}

struct pd_syms *pd_syms_elf(const char *path, const unsigned char *bid, size_t blen)
{
    static bool inited;
    if (!inited) {
        elf_version(EV_CURRENT);
        inited = true;
    }
    struct pd_syms *s = symtab_new();
    unsigned char own[20];
    struct elfsrc e0;
    if (!blen && path[0] == '/' && src_open(&e0, path, NULL, 0)) {
        /* no build id recorded (perf records those of sampled files only): the file's */
        const void *id;
        ssize_t n = dwelf_elf_gnu_build_id(e0.elf, &id);
        if (n > 0 && n <= 20) {
            memcpy(own, id, (size_t)n);
            bid = own;
            blen = (size_t)n;
        }
        src_close(&e0);
    }
    char (*c)[4096] = xmalloc(10 * sizeof *c);
    size_t nc = candidates(path, bid, blen, c, 10);
    struct elfsrc syms = {.fd = -1}, rt = {.fd = -1};
    for (size_t i = 0; i < nc && (!syms.elf || !rt.elf); i++) {
        struct elfsrc e;
        if (!src_open(&e, c[i], bid, blen))
            continue;
        bool used = false;
        if (!syms.elf && e.symtab) {
            syms = e;
            used = true;
        }
        if (!rt.elf && e.dynsym) {
            if (used) {   /* one file both: open it again for the runtime role */
                struct elfsrc again;
                if (src_open(&again, c[i], bid, blen))
                    rt = again;
            } else {
                rt = e;
                used = true;
            }
        }
        if (!used)
            src_close(&e);
    }
    free(c);
    if (!rt.elf && syms.elf) {
        load_syms(s, &syms, syms.symtab, syms.elf);
    } else if (rt.elf) {
        struct elfsrc *ss = syms.elf ? &syms : &rt;
        load_syms(s, ss, ss == &syms ? syms.symtab : rt.dynsym, rt.elf);
    }
    if (s->n) {   /* perf's dso__load_sym, then its .plt symbols when it found any */
        symtab_fixup_end(s, false);
        symtab_fixup_duplicate(s);
        if (rt.elf)
            plt_syms(s, &rt);
    }
    src_close(&syms);
    src_close(&rt);
    symtab_finish(s);
    return s;
}

char *pd_demangle(const char *name)
{
    return cplus_demangle(name, DMGL_NO_OPTS);
}

bool pd_syms_symsrc(const char *path, const unsigned char *bid, size_t blen, char *out,
                    size_t n)
{
    if (path[0] != '/' && strcmp(path, "[vdso]"))
        return false;
    elf_version(EV_CURRENT);
    unsigned char own[20];
    struct elfsrc e0;
    if (!blen && path[0] == '/' && src_open(&e0, path, NULL, 0)) {
        const void *id;   /* no build id recorded: the file's own */
        ssize_t k = dwelf_elf_gnu_build_id(e0.elf, &id);
        if (k > 0 && k <= 20) {
            memcpy(own, id, (size_t)k);
            bid = own;
            blen = (size_t)k;
        }
        src_close(&e0);
    }
    char (*c)[4096] = xmalloc(10 * sizeof *c);
    size_t nc = candidates(path, bid, blen, c, 10);
    bool found = false;
    for (size_t i = 0; i < nc && !found; i++) {
        struct elfsrc e;
        if (!src_open(&e, c[i], bid, blen))
            continue;
        if (e.symtab) {
            snprintf(out, n, "%s", c[i]);
            found = true;
        }
        src_close(&e);
    }
    free(c);
    return found;
}
