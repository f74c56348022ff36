/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_symtab.h: a dso's symbol table as perf keeps it, private to
 * perfdata_sym.c (which fills tables from ELF files, kallsyms and perf maps) and
 * perfdata_symtab.c (the tree, its fix-ups and the lookups of perfdata.h's pd_syms_*). */
#ifndef FLAMETUI_PERFDATA_SYMTAB_H
#define FLAMETUI_PERFDATA_SYMTAB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

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

/* A new empty table. */
struct pd_syms *symtab_new(void);
/* Adds the symbol [start, start + size) (perf's insertion into its tree); its index, or
 * NIL when the table is full. */
uint32_t symtab_add(struct pd_syms *s, uint64_t start, uint64_t size, int bind,
                    const char *name);
/* perf's symbols__fixup_end (kallsyms: the last symbol's end too) and
 * symbols__fixup_duplicate. */
void symtab_fixup_end(struct pd_syms *s, bool kallsyms);
void symtab_fixup_duplicate(struct pd_syms *s);
/* Ends the filling: the nodes laid out for lookups, the spans made. */
void symtab_finish(struct pd_syms *s);
#endif
