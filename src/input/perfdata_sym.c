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
 *    which of the two an address there gets is the tree's answer (see struct pd_sym).
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

/* libiberty's demangler (<libiberty/demangle.h> pulls in libiberty.h, whose xmalloc
 * family clashes with util.h's) */
extern char *cplus_demangle(const char *mangled, int options);
#define DMGL_NO_OPTS 0

/* One symbol, a node of the search tree: perf keeps a dso's symbols in a red-black tree
 * keyed by start (equal starts to the right) and answers an address with the first node
 * on the path from the root whose [start, end) holds it, so where symbols overlap (a
 * zero-size _init extended over .plt, labels inside functions, JIT code re-emitted) the
 * answer depends on the tree's shape. The same tree is built here, by the same
 * insertions and erasures in the same order, and searched the same way. */
#define NIL UINT32_MAX
struct pd_sym {
    uint64_t start, end;
    uint32_t name;          /* offset into pool */
    uint32_t left, right, parent;
    unsigned char bind, red;
};

/* A finished table's nodes in address order, for the walk's answer without the walk
 * where it cannot be in doubt: the node's range, [start, hold), holds no other node's
 * address (clean), or an address past every range that starts at or below it (pm: the
 * largest hold up to it). */
struct pd_span {
    uint64_t start, hold, pm;
    uint32_t node;
    bool clean;
};

struct pd_syms {
    struct pd_sym *v;       /* in insertion order (breadth first once finished) */
    size_t n, cap;
    uint32_t root;
    uint32_t last;          /* the rightmost node (NIL: to be found again) */
    struct buf pool;
    struct pd_span *sp;     /* tree_layout's, or NULL: always walk */
    size_t nsp;
};

static struct pd_syms *syms_new(void)
{
    struct pd_syms *s = xcalloc(1, sizeof(struct pd_syms));
    s->root = s->last = NIL;
    return s;
}

static const char *nm(const struct pd_syms *s, const struct pd_sym *y)
{
    return s->pool.p + y->name;
}

/* -- the red-black tree (indexes into v; NIL for none) */

static uint32_t *link_to(struct pd_syms *s, uint32_t x)
{
    uint32_t p = s->v[x].parent;
    if (p == NIL)
        return &s->root;
    return s->v[p].left == x ? &s->v[p].left : &s->v[p].right;
}

/* x's child on side dir (0 left, 1 right) takes x's place; x becomes its other child */
static void rotate(struct pd_syms *s, uint32_t x, int dir)
{
    struct pd_sym *v = s->v;
    uint32_t y = dir ? v[x].right : v[x].left;
    uint32_t inner = dir ? v[y].left : v[y].right;
    if (dir)
        v[x].right = inner;
    else
        v[x].left = inner;
    if (inner != NIL)
        v[inner].parent = x;
    *link_to(s, x) = y;
    v[y].parent = v[x].parent;
    if (dir)
        v[y].left = x;
    else
        v[y].right = x;
    v[x].parent = y;
}

static bool is_red(const struct pd_syms *s, uint32_t x)
{
    return x != NIL && s->v[x].red;
}

static void tree_insert(struct pd_syms *s, uint32_t z)
{
    struct pd_sym *v = s->v;
    uint32_t p = NIL, *at = &s->root;
    if (s->last == NIL)
        for (uint32_t x = s->root; x != NIL; x = v[x].right)
            s->last = x;
    if (s->last != NIL && v[z].start >= v[s->last].start) {
        p = s->last;   /* past every start (kallsyms, mostly ELF): where the walk ends */
        at = &v[p].right;
    }
    while (*at != NIL) {
        p = *at;
        at = v[z].start < v[p].start ? &v[p].left : &v[p].right;
    }
    if (p == NIL || (p == s->last && at == &v[p].right))
        s->last = z;
    *at = z;
    v[z].parent = p;
    v[z].left = v[z].right = NIL;
    v[z].red = 1;
    while (is_red(s, v[z].parent)) {
        p = v[z].parent;
        uint32_t g = v[p].parent;
        int side = v[g].left == p ? 0 : 1;   /* p's side of g */
        uint32_t uncle = side ? v[g].left : v[g].right;
        if (is_red(s, uncle)) {
            v[p].red = v[uncle].red = 0;
            v[g].red = 1;
            z = g;
            continue;
        }
        if (z == (side ? v[p].left : v[p].right)) {   /* z inside: turn it outside */
            rotate(s, p, !side);
            z = p;
            p = v[z].parent;
        }
        v[p].red = 0;
        v[g].red = 1;
        rotate(s, g, side);
    }
    v[s->root].red = 0;
}

static uint32_t tree_min(const struct pd_syms *s, uint32_t x)
{
    while (x != NIL && s->v[x].left != NIL)
        x = s->v[x].left;
    return x;
}

static uint32_t tree_next(const struct pd_syms *s, uint32_t x)
{
    if (s->v[x].right != NIL)
        return tree_min(s, s->v[x].right);
    uint32_t p = s->v[x].parent;
    while (p != NIL && x == s->v[p].right) {
        x = p;
        p = s->v[p].parent;
    }
    return p;
}

/* The black height lost under parent on side dir (x there, maybe NIL) made good. */
static void erase_fixup(struct pd_syms *s, uint32_t x, uint32_t parent)
{
    struct pd_sym *v = s->v;
    while (x != s->root && !is_red(s, x)) {
        int dir = v[parent].left == x ? 0 : 1;   /* x's side */
        uint32_t w = dir ? v[parent].left : v[parent].right;
        if (is_red(s, w)) {
            v[w].red = 0;
            v[parent].red = 1;
            rotate(s, parent, !dir);
            w = dir ? v[parent].left : v[parent].right;
        }
        uint32_t near = dir ? v[w].right : v[w].left, far = dir ? v[w].left : v[w].right;
        if (!is_red(s, near) && !is_red(s, far)) {
            v[w].red = 1;
            x = parent;
            parent = v[x].parent;
            continue;
        }
        if (!is_red(s, far)) {
            v[near].red = 0;
            v[w].red = 1;
            rotate(s, w, dir);
            w = dir ? v[parent].left : v[parent].right;
            far = dir ? v[w].left : v[w].right;
        }
        v[w].red = v[parent].red;
        v[parent].red = 0;
        v[far].red = 0;
        rotate(s, parent, !dir);
        x = s->root;
        break;
    }
    if (x != NIL)
        v[x].red = 0;
}

/* z out of the tree; with two children its successor takes its place and colour */
static void tree_erase(struct pd_syms *s, uint32_t z)
{
    struct pd_sym *v = s->v;
    uint32_t x, parent;
    bool black_lost;
    if (v[z].left == NIL || v[z].right == NIL) {
        x = v[z].left != NIL ? v[z].left : v[z].right;
        parent = v[z].parent;
        black_lost = !v[z].red;
        *link_to(s, z) = x;
        if (x != NIL)
            v[x].parent = parent;
    } else {
        uint32_t y = tree_min(s, v[z].right);
        black_lost = !v[y].red;
        x = v[y].right;
        if (v[y].parent == z) {
            parent = y;
        } else {
            parent = v[y].parent;
            v[parent].left = x;
            if (x != NIL)
                v[x].parent = parent;
            v[y].right = v[z].right;
            v[v[y].right].parent = y;
        }
        *link_to(s, z) = y;
        v[y].parent = v[z].parent;
        v[y].left = v[z].left;
        v[v[y].left].parent = y;
        v[y].red = v[z].red;
    }
    v[z].parent = v[z].left = v[z].right = NIL;
    s->last = NIL;
    if (black_lost)
        erase_fixup(s, x, parent);
}

static uint32_t add(struct pd_syms *s, uint64_t start, uint64_t size, int bind,
                    const char *name)
{
    if (s->pool.len > UINT32_MAX - 4096 || s->n >= NIL - 1)
        return NIL;
    FT_GROW(s->v, s->cap, s->n + 1);
    struct pd_sym *y = &s->v[s->n];
    y->start = start;
    y->end = start + size;
    y->bind = (unsigned char)bind;
    y->name = (uint32_t)s->pool.len;
    buf_append(&s->pool, name, strlen(name) + 1);
    tree_insert(s, (uint32_t)s->n);
    return (uint32_t)s->n++;
}

static size_t underscores(const char *s)
{
    size_t n = 0;
    while (s[n] == '_')
        n++;
    return n;
}

/* perf's choose_best_symbol: true to keep a over b */
static bool best_is_a(const struct pd_syms *s, const struct pd_sym *a, const struct pd_sym *b)
{
    uint64_t la = a->end - a->start, lb = b->end - b->start;
    if (lb == 0 && la > 0)
        return true;
    if (la == 0 && lb > 0)
        return false;
    bool wa = a->bind == STB_WEAK, wb = b->bind == STB_WEAK;
    if (wb && !wa)
        return true;
    if (wa && !wb)
        return false;
    bool ga = a->bind == STB_GLOBAL, gb = b->bind == STB_GLOBAL;
    if (ga && !gb)
        return true;
    if (gb && !ga)
        return false;
    size_t ua = underscores(nm(s, a)), ub = underscores(nm(s, b));
    if (ub > ua)
        return true;
    if (ua > ub)
        return false;
    return strlen(nm(s, a)) >= strlen(nm(s, b));
}

static bool has_bracket(const struct pd_syms *s, const struct pd_sym *y)
{
    return strchr(nm(s, y), '[') != NULL;
}

/* perf's symbols__fixup_end: a zero-size symbol ends where the next one starts (kallsyms:
 * a page past itself where kernel and module symbols meet), the last a page past its
 * page. */
static void fixup_end(struct pd_syms *s, bool kallsyms)
{
    uint32_t prev = tree_min(s, s->root);
    if (prev == NIL)
        return;
    for (uint32_t cur = tree_next(s, prev); cur != NIL; prev = cur, cur = tree_next(s, cur)) {
        struct pd_sym *p = &s->v[prev], *c = &s->v[cur];
        if (p->end != p->start)
            continue;
        if (kallsyms && !has_bracket(s, p) != !has_bracket(s, c))
            p->end = ((p->end + 4096) + 4095) / 4096 * 4096;
        else
            p->end = c->start;
    }
    struct pd_sym *last = &s->v[prev];
    if (last->end == last->start)
        last->end = (last->start + 4095) / 4096 * 4096 + 4096;
}

/* perf's symbols__fixup_duplicate: of symbols starting at one address, the best kept. */
static void fixup_duplicate(struct pd_syms *s)
{
    uint32_t cur = tree_min(s, s->root);
    while (cur != NIL) {
        uint32_t next = tree_next(s, cur);
        if (next == NIL)
            break;
        if (s->v[cur].start != s->v[next].start) {
            cur = next;
        } else if (best_is_a(s, &s->v[cur], &s->v[next])) {
            tree_erase(s, next);
        } else {
            tree_erase(s, cur);
            cur = next;
        }
    }
}

/* The spans of a finished table (none when a node's end is below its start: the walk
 * alone knows those). */
static void spans(struct pd_syms *s)
{
    free(s->sp);
    s->sp = xreallocarray(NULL, s->n, sizeof *s->sp);
    s->nsp = 0;
    uint64_t pm = 0;
    for (uint32_t x = tree_min(s, s->root); x != NIL; x = tree_next(s, x)) {
        const struct pd_sym *y = &s->v[x];
        if (y->end < y->start) {
            free(s->sp);
            s->sp = NULL;
            s->nsp = 0;
            return;
        }
        uint64_t hold = y->end > y->start ? y->end : y->start + 1;
        bool clean = pm <= y->start;   /* nothing before reaches it */
        pm = hold > pm ? hold : pm;
        s->sp[s->nsp++] = (struct pd_span){y->start, hold, pm, x, clean};
    }
    for (size_t i = 0; i + 1 < s->nsp; i++)   /* nor does it reach the next */
        s->sp[i].clean = s->sp[i].clean && s->sp[i].hold <= s->sp[i + 1].start;
}

/* A finished table's nodes renumbered breadth first from the root: the tree's shape,
 * and so every answer, is the same, erased nodes are dropped, and a walk's first levels
 * share a few cache lines. */
static void tree_layout(struct pd_syms *s)
{
    if (s->root == NIL || !s->n)
        return;
    uint32_t *q = xreallocarray(NULL, s->n, sizeof *q);     /* new id -> old id */
    uint32_t *map = xreallocarray(NULL, s->n, sizeof *map); /* old id -> new id */
    size_t head = 0, tail = 0;
    q[tail++] = s->root;
    while (head < tail) {
        uint32_t x = q[head];
        map[x] = (uint32_t)head++;
        if (s->v[x].left != NIL)
            q[tail++] = s->v[x].left;
        if (s->v[x].right != NIL)
            q[tail++] = s->v[x].right;
    }
    struct pd_sym *nv = xreallocarray(NULL, tail, sizeof *nv);
    for (size_t i = 0; i < tail; i++) {
        nv[i] = s->v[q[i]];
        nv[i].left = nv[i].left == NIL ? NIL : map[nv[i].left];
        nv[i].right = nv[i].right == NIL ? NIL : map[nv[i].right];
        nv[i].parent = nv[i].parent == NIL ? NIL : map[nv[i].parent];
    }
    free(s->v);
    s->v = nv;
    s->n = s->cap = tail;
    s->root = 0;
    s->last = NIL;
    free(map);
    free(q);
    spans(s);
}

const char *pd_syms_find(const struct pd_syms *s, uint64_t addr, uint64_t *start)
{
    uint64_t lo, hi;
    return pd_syms_find_in(s, addr, start, &lo, &hi);
}

static const char *walk(const struct pd_syms *s, uint64_t addr, uint64_t *start, uint64_t *lo,
                        uint64_t *hi);

/* From the spans where they answer (a clean span holding addr; or addr past every
 * range that starts at or below it, or below every node: none), else from the walk.
 * [lo, hi): the span's range, the gap, or the walk's. */
const char *pd_syms_find_in(const struct pd_syms *s, uint64_t addr, uint64_t *start,
                            uint64_t *lo, uint64_t *hi)
{
    *lo = 0;
    *hi = UINT64_MAX;
    if (!s)
        return NULL;
    if (s->sp && s->nsp) {   /* the last span starting at or below addr */
        size_t a = 0, b = s->nsp;
        while (a < b) {
            size_t mid = a + (b - a) / 2;
            if (s->sp[mid].start <= addr)
                a = mid + 1;
            else
                b = mid;
        }
        if (!a) {   /* below every node */
            *hi = s->sp[0].start;
            return NULL;
        }
        const struct pd_span *k = &s->sp[a - 1];
        uint64_t next = a < s->nsp ? s->sp[a].start : UINT64_MAX;
        if (addr < k->hold && k->clean) {
            *lo = k->start;
            *hi = k->hold;
            *start = k->start;
            return nm(s, &s->v[k->node]);
        }
        if (addr >= k->pm) {   /* past every range that starts below */
            *lo = k->pm;
            *hi = next;
            return NULL;
        }
    }
    return walk(s, addr, start, lo, hi);
}

const char *pd_syms_walk(const struct pd_syms *s, uint64_t addr, uint64_t *start)
{
    uint64_t lo = 0, hi = UINT64_MAX;
    return s ? walk(s, addr, start, &lo, &hi) : NULL;
}

/* perf's symbols__find: the first node on the search path from the root that holds
 * addr. Every address of [*lo, *hi) takes the same path to the same end: the bounds of
 * the nodes it went left (below their start) and right (at or past their end; past the
 * start of a zero-size one) of, and the found node's own range. */
static const char *walk(const struct pd_syms *s, uint64_t addr, uint64_t *start, uint64_t *lo,
                        uint64_t *hi)
{
    uint32_t x = s->root;
    while (x != NIL) {
        const struct pd_sym *y = &s->v[x];
        if (addr < y->start) {
            *hi = y->start < *hi ? y->start : *hi;
            x = y->left;
        } else if (addr > y->end || (addr == y->end && addr != y->start)) {
            uint64_t b = y->end + (y->end == y->start);
            *lo = b > *lo ? b : *lo;
            x = y->right;
        } else {
            uint64_t e = y->end > y->start ? y->end : y->start + 1;
            *lo = y->start > *lo ? y->start : *lo;
            *hi = e < *hi ? e : *hi;
            *start = y->start;
            return nm(s, y);
        }
    }
    return NULL;
}

void pd_syms_span(const struct pd_syms *s, uint64_t *lo, uint64_t *hi)
{
    *lo = *hi = 0;
    if (s && s->root != NIL) {
        uint32_t x = s->root;
        *lo = s->v[tree_min(s, x)].start;
        while (s->v[x].right != NIL)
            x = s->v[x].right;
        *hi = s->v[x].end;
    }
}

void pd_syms_free(struct pd_syms *s)
{
    if (!s)
        return;
    free(s->v);
    free(s->sp);
    buf_fini(&s->pool);
    free(s);
}

struct pd_syms *pd_syms_one(uint64_t start, uint64_t len, const char *name)
{
    struct pd_syms *s = syms_new();
    add(s, start, len, STB_GLOBAL, name);
    fixup_end(s, false);
    return s;
}

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
    add(s, a, 0, t == 'W' ? STB_WEAK : STB_GLOBAL, name);
}

struct pd_syms *pd_syms_kallsyms(const char *path)
{
    struct pd_syms *s = syms_new();
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
    fixup_end(s, true);
    fixup_duplicate(s);
    size_t zero = 0;
    for (size_t i = 0; i < s->n; i++)
        zero += s->v[i].start == 0;
    if (zero == s->n)   /* kptr_restrict: no addresses */
        s->root = NIL;
    tree_layout(s);
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
        return syms_new();
    bool ok = write(fd, (const void *)base, hi - lo) == (ssize_t)(hi - lo);
    close(fd);
    struct pd_syms *s = ok ? pd_syms_elf(path, NULL, 0) : syms_new();
    unlink(path);
    return s;
}

struct pd_syms *pd_syms_perfmap(const char *path)
{
    struct pd_syms *s = syms_new();
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
        add(s, a, len, STB_GLOBAL, name);
    }
    fclose(fp);   /* perf takes these as they are: no ends fixed, no duplicates dropped */
    tree_layout(s);
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
    add(s, v, size, bind, d ? d : name);
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
        add(s, off, entry, STB_GLOBAL, b);
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
    struct pd_syms *s = syms_new();
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
        fixup_end(s, false);
        fixup_duplicate(s);
        if (rt.elf)
            plt_syms(s, &rt);
    }
    src_close(&syms);
    src_close(&rt);
    tree_layout(s);
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
