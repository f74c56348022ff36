/* SPDX-License-Identifier: MIT */
/* flametui - diff.c: see diff.h. */
#include "config.h"

#include "core/diff.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

bool diff_totals_differ(struct count a, struct count b)
{
    if (!a.is_float && !b.is_float)
        return a.u != b.u;
    return count_to_double(a) != count_to_double(b);
}

double diff_delta_d(struct count base, struct count new_)
{
    return count_to_double(new_) - count_to_double(base);
}

int diff_delta_format(char *buf, struct count base, struct count new_)
{
    if (!base.is_float && !new_.is_float) {
        if (new_.u == base.u)
            return snprintf(buf, COUNT_FMT_MAX + 1, "0");
        if (new_.u > base.u)
            return snprintf(buf, COUNT_FMT_MAX + 1, "+%llu",
                            (unsigned long long)(new_.u - base.u));
        return snprintf(buf, COUNT_FMT_MAX + 1, "-%llu", (unsigned long long)(base.u - new_.u));
    }
    double d = diff_delta_d(base, new_);
    if (d == 0)
        return snprintf(buf, COUNT_FMT_MAX + 1, "0");
    return snprintf(buf, COUNT_FMT_MAX + 1, "%+.15g", d);
}

/* Perl's int() of a non-negative NV: an integer below 2^64, else the truncated double. */
static struct count perl_int(double q)
{
    if (!(q > 0))
        return count_u64(0);
    if (q < 18446744073709551616.0)
        return count_u64((uint64_t)q);
    return (struct count){0, q, true};
}

struct count diff_normalize(struct count b, struct count total_new, struct count total_base)
{
    if (count_is_zero(total_base))
        return b;
    if (!b.is_float && !total_new.is_float && !total_base.is_float) {
        unsigned __int128 p = (unsigned __int128)b.u * total_new.u;
        if (p <= UINT64_MAX) {
            uint64_t l = (uint64_t)p, r = total_base.u;
            /* pp_divide: integer division only where a double could not hold l */
            if (l >= r && l > ((uint64_t)1 << 53) && l % r == 0)
                return count_u64(l / r);
            return perl_int((double)l / (double)r);
        }
        return perl_int((double)b.u * (double)total_new.u / (double)total_base.u);
    }
    return perl_int(count_to_double(b) * count_to_double(total_new) /
                    count_to_double(total_base));
}

void diff_attach(struct trie *t, const struct trie *base, bool normalize)
{
    bool bulk = !trie_has_base(t);   /* all base counts zero: self now, totals at the end */
    trie_enable_base(t);
    struct count tn = trie_total(t, TRIE_ROOT), tb = trie_total(base, TRIE_ROOT);
    bool scale = normalize && diff_totals_differ(tb, tn);
    size_t n = trie_size(base);
    bool same = trie_names(t) == trie_names(base);
    uint32_t *map = xreallocarray(NULL, n, sizeof *map);
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i;
        if (i > 0) {
            uint32_t name = trie_name(base, node);
            if (!same) {
                size_t len;
                const char *p = strtab_get(trie_names(base), name, &len);
                name = strtab_intern(trie_names(t), p, len);
            }
            map[i] = trie_child(t, map[trie_parent(base, node)], name);
        }
        if (!trie_is_terminal(base, node))
            continue;
        struct count c = trie_self(base, node);
        if (scale)
            c = diff_normalize(c, tn, tb);
        if (bulk)
            trie_add_base_self(t, map[i], c);
        else
            trie_add_base(t, map[i], c);
    }
    if (bulk)
        trie_sum_base(t);
    free(map);
}

struct trie *diff_swap(const struct trie *t)
{
    struct trie *out = trie_new(trie_names(t));
    size_t n = trie_size(t);
    trie_reserve(out, n);
    trie_enable_base(out);
    for (size_t i = 1; i < n; i++)   /* parents first: the same ids */
        trie_append_child(out, trie_parent(t, (uint32_t)i), trie_name(t, (uint32_t)i),
                          trie_phash(t, (uint32_t)i));
    for (size_t i = 0; i < n; i++)
        if (trie_is_terminal(t, (uint32_t)i))
            trie_add_self(out, (uint32_t)i, trie_base_self(t, (uint32_t)i));
    trie_sum_totals(out);
    for (size_t i = 0; i < n; i++)
        if (trie_is_terminal(t, (uint32_t)i))
            trie_add_base_self(out, (uint32_t)i, trie_self(t, (uint32_t)i));
    trie_sum_base(out);
    trie_set_base_swapped(out, !trie_base_swapped(t));
    return out;
}

static bool is_hex(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool diff_strip_hex_name(const char *p, size_t n, struct buf *out)
{
    bool changed = false;
    out->len = 0;
    for (size_t i = 0; i < n;) {
        if (p[i] == '0' && i + 2 < n && p[i + 1] == 'x' && is_hex((unsigned char)p[i + 2])) {
            size_t j = i + 2;
            while (j < n && is_hex((unsigned char)p[j]))
                j++;
            changed = true;
            buf_append(out, "0x...", 5);
            i = j;
            continue;
        }
        buf_putc(out, p[i]);
        i++;
    }
    return changed;
}

void diff_strip_hex(struct trie *t)
{
    struct strtab *names = trie_names(t);
    size_t nn = strtab_count(names);
    uint32_t *rename = xreallocarray(NULL, nn ? nn : 1, sizeof *rename);
    struct buf b = {0};
    bool any = false;
    for (size_t i = 0; i < nn; i++) {
        size_t len;
        const char *p = strtab_get(names, (uint32_t)i, &len);
        rename[i] = (uint32_t)i;
        if (diff_strip_hex_name(p, len, &b)) {
            rename[i] = strtab_intern(names, b.p, b.len);
            any = true;
        }
    }
    buf_fini(&b);
    if (!any) {
        free(rename);
        return;
    }
    struct trie *out = trie_new(names);
    bool base = trie_has_base(t);
    size_t n = trie_size(t);
    uint32_t *map = xreallocarray(NULL, n, sizeof *map);
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i;
        if (i > 0)
            map[i] = trie_child(out, map[trie_parent(t, node)], rename[trie_name(t, node)]);
        if (!trie_is_terminal(t, node))
            continue;
        trie_add(out, map[i], trie_self(t, node));
        if (base)
            trie_add_base_self(out, map[i], trie_base_self(t, node));
    }
    trie_sum_base(out);
    free(map);
    free(rename);
    trie_replace(t, out);
}
