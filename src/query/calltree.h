/* SPDX-License-Identifier: MIT */
/* flametui - calltree.h: the call tree of a trie as rows of text: which nodes are
 * expanded, the rows that shows (children heaviest first, pruned below a share of the
 * root), and each row's line "TOTAL% SELF% VALUE ├─ name". Top-down on the profile's
 * trie, bottom-up on the reversed one (the roots are then the functions by self time:
 * the reversed trie's roots' totals). The tree is the trie's; this module only keeps an
 * expanded flag per node id and the visible rows.
 * Does not filter, reverse, search or draw: the caller passes the trie to show (the
 * graph's shown trie) and the matches of a search. Ownership: t is borrowed until the
 * next calltree_attach or calltree_fini; the rows and flags are owned. */
#ifndef FLAMETUI_CALLTREE_H
#define FLAMETUI_CALLTREE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/count.h"
#include "core/util.h"

struct trie;

struct calltree_row {
    uint32_t node;   /* a node of the trie (never the root) */
    uint32_t depth;  /* 1 for a child of the root */
};

struct calltree {
    struct trie *t;
    uint64_t uid;                /* trie_uid(t) when attached */
    unsigned char *open;         /* per node id: expanded */
    unsigned char *last;         /* per node id: the last of its shown siblings */
    size_t nflags;               /* room of open and last */
    struct calltree_row *v;      /* the visible rows, in order */
    size_t n, cap;
    uint32_t root;               /* the rows are below it (TRIE_ROOT: the whole tree) */
    double min_frac;             /* nodes below min_frac of the trie's total are pruned */
    uint32_t max_depth;          /* 0: no limit */
};

void calltree_init(struct calltree *c);
void calltree_fini(struct calltree *c);
/* Shows t. Another trie than before (trie_uid) starts with everything collapsed; the
 * same trie grown keeps the expanded nodes. Call calltree_rows afterwards. */
void calltree_attach(struct calltree *c, struct trie *t);
/* Expanded flags: one node; every node (+ / -); the ancestors of node (so that it has a
 * row); the heaviest path from node down (each node and its heaviest child, to a leaf),
 * which returns its deepest node. */
void calltree_set_open(struct calltree *c, uint32_t node, bool on);
bool calltree_is_open(const struct calltree *c, uint32_t node);
void calltree_open_all(struct calltree *c, bool on);
void calltree_reveal(struct calltree *c, uint32_t node);
uint32_t calltree_open_heaviest(struct calltree *c, uint32_t node);
/* Expands the ancestors of every node whose name id has m[name] set (m has nm entries);
 * returns the number of matching nodes. */
size_t calltree_open_matches(struct calltree *c, const unsigned char *m, size_t nm);
/* The heaviest child of node, or TRIE_NONE for a leaf. */
uint32_t calltree_heaviest_child(struct calltree *c, uint32_t node);
/* Recomputes the visible rows: c->root's children, then each expanded node's children
 * (heaviest first, those below min_frac of the trie's total and more than max_depth
 * levels below c->root left out). Percentages stay of the whole trie. */
void calltree_rows(struct calltree *c);
/* The row of node, or SIZE_MAX when it has none. */
size_t calltree_find(const struct calltree *c, uint32_t node);
/* True when node has children that calltree_rows would show. */
bool calltree_has_kids(struct calltree *c, uint32_t node);

/* How a line is written. value formats a count (the profile's unit) into out[0..n)
 * (n is CALLTREE_VALUE_MAX); name appends the name id as shown (made safe); either NULL:
 * the count as count_format writes it, the raw name bytes. */
#define CALLTREE_VALUE_MAX 64
struct calltree_fmt {
    bool ascii;          /* guides |- `- instead of ├─ └─ */
    bool bottom_up;      /* the reversed trie: one SELF% column (the callers' share) */
    bool no_self;        /* a blank SELF% column (the callers of a function) */
    double all;          /* 100 %: 0 is the trie's total */
    bool markers;        /* a collapsed node with children: ▸ (+), an expanded one: ▾ (-) */
    void (*value)(void *ctx, struct count c, char *out, size_t n);
    void (*name)(void *ctx, uint32_t name, struct buf *out);
    void *ctx;
};
/* The header line (without a newline). */
void calltree_header(const struct calltree *c, const struct calltree_fmt *f, struct buf *out);
/* Row i's line (without a newline): the percentages of the root's total with 2 decimals
 * (a diff: base, new and delta), the value, the guides, a marker for a collapsed node
 * with children ("+ ") and the name. */
void calltree_line(struct calltree *c, size_t i, const struct calltree_fmt *f,
                   struct buf *out);
/* The tree as text, every node expanded (within min_frac and max_depth): the header and
 * the lines. 0, or -1 on a write error. */
int calltree_print(FILE *out, struct trie *t, double min_frac, uint32_t max_depth,
                   const struct calltree_fmt *f);
#endif
