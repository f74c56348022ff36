/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_order.c: the records of a perf.data in the order perf processes
 * them (perfdata.h: pd_order_*): by time, records of one time in file order,
 * FINISHED_ROUND left out. Collected in one pass, which perfdata_check shares: each round
 * (the records between two FINISHED_ROUNDs) is sorted as it ends, while it is in the
 * cache, by merging the ascending runs it has (each CPU's records of a round are in time
 * order); rounds that overlap are merged at the end. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "input/perfdata.h"

struct pd_ev {
    uint64_t time, off;
};

static bool ev_less(const struct pd_ev *x, const struct pd_ev *y)
{
    return x->time < y->time || (x->time == y->time && x->off < y->off);
}

/* Merges a[0..na) and b[0..nb) (each sorted) into out. */
static void merge_ev(const struct pd_ev *a, size_t na, const struct pd_ev *b, size_t nb,
                     struct pd_ev *out)
{
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = ev_less(&b[j], &a[i]) ? b[j++] : a[i++];
    memcpy(out + k, a + i, (na - i) * sizeof *a);
    memcpy(out + k + (na - i), b + j, (nb - j) * sizeof *b);
}

/* v[0..n) sorted by (time, offset), keys all distinct: the ascending runs the file has
 * (each CPU's records of a round are in time order) merged pairwise until one is left. */
static void sort_ev(struct pd_ev *v, size_t n)
{
    size_t *run = xmalloc((n + 1) * sizeof *run), nrun = 0;
    run[nrun++] = 0;
    for (size_t i = 1; i < n; i++)
        if (ev_less(&v[i], &v[i - 1]))
            run[nrun++] = i;
    run[nrun] = n;   /* nrun runs: run[k] .. run[k + 1] */
    struct pd_ev *tmp = xmalloc(n * sizeof *tmp), *src = v, *dst = tmp;
    while (nrun > 1) {
        size_t k = 0, m = 0;
        for (; k + 1 < nrun; k += 2, m++) {
            merge_ev(src + run[k], run[k + 1] - run[k], src + run[k + 1],
                     run[k + 2] - run[k + 1], dst + run[k]);
            run[m] = run[k];
        }
        if (k < nrun) {
            memcpy(dst + run[k], src + run[k], (run[k + 1] - run[k]) * sizeof *src);
            run[m++] = run[k];
        }
        run[m] = n;
        nrun = m;
        struct pd_ev *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, n * sizeof *v);
    free(tmp);
    free(run);
}

static uint64_t rec_time(const struct pd_file *f, const unsigned char *r, uint32_t type,
                         size_t size)
{
    if (type == PD_SAMPLE) {
        struct pd_sample s;
        return perfdata_sample(f, r, size, &s) ? s.time : 0;
    }
    if (type >= 64)
        return 0;
    return perfdata_rec_time(f, r, size);
}

/* A sample's time read where the layout puts it (after the identifier, ip and tid), for
 * records perfdata_check took (every sample decodes). */
static uint64_t sample_time_at(const struct pd_file *f, const unsigned char *r, size_t size)
{
    uint64_t st = f->sample_type;
    if (!(st & PD_S_TIME))
        return 0;
    size_t off = 8 + 8 * (size_t)(!!(st & PD_S_IDENTIFIER) + !!(st & PD_S_IP) +
                                  !!(st & PD_S_TID));
    return off + 8 <= size ? pd_u64(r + off) : 0;
}

/* ev[0..n) sorted when it is not already. */
static void sort_if_needed(struct pd_ev *ev, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (ev_less(&ev[i], &ev[i - 1])) {
            sort_ev(ev, n);
            return;
        }
}

void pd_order_add(struct pd_order *o, const struct pd_file *f, const unsigned char *r,
                  uint32_t type, size_t size)
{
    struct pd_ev *ev = o->ev;
    if (type == PD_FINISHED_ROUND) {   /* a round sorted while it is in the cache */
        if (o->unsorted_round)
            sort_ev(ev + o->round, o->n - o->round);
        o->round = o->n;
        o->unsorted_round = false;
        return;
    }
    FT_GROW(o->ev, o->cap, o->n + 1);
    ev = o->ev;
    ev[o->n].time = type == PD_SAMPLE ? sample_time_at(f, r, size) : rec_time(f, r, type, size);
    ev[o->n].off = (uint64_t)(r - f->p);
    if (o->n > o->round && ev[o->n].time < ev[o->n - 1].time)
        o->unsorted_round = true;
    o->n++;
}

uint64_t *pd_order_end(struct pd_order *o, size_t *count)
{
    struct pd_ev *ev = o->ev;
    if (o->unsorted_round)
        sort_ev(ev + o->round, o->n - o->round);
    sort_if_needed(ev, o->n);   /* rounds that overlap */
    /* the offsets alone, in place */
    uint64_t *off = (uint64_t *)ev;
    for (size_t i = 0; i < o->n; i++)
        off[i] = ev[i].off;
    *count = o->n;
    *o = (struct pd_order){0};
    return off ? off : xcalloc(1, sizeof *off);
}

uint64_t *pd_order(const struct pd_file *f, size_t *count)
{
    const unsigned char *p = f->p + f->data_off, *end = p + f->data_size;
    struct pd_order o = {0};
    while (end - p >= 8) {
        uint16_t size;
        memcpy(&size, p + 6, 2);
        if (size < 8 || size > end - p)
            break;
        pd_order_add(&o, f, p, pd_u32(p), size);
        p += size;
    }
    return pd_order_end(&o, count);
}

const uint64_t *pd_records(const struct pd_file *f, size_t *count, uint64_t **own)
{
    *own = NULL;
    if (f->order) {
        *count = f->norder;
        return f->order;
    }
    return *own = pd_order(f, count);
}

uint64_t pd_machine_time(const struct pd_file *f, const unsigned char *rec)
{
    uint16_t size;
    memcpy(&size, rec + 6, 2);
    return rec_time(f, rec, pd_u32(rec), size);
}
