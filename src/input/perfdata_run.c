/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_run.c: see perfdata.h. The records, in time order (perfdata_order.c:
 * perf's ordered events), read against the machine (perfdata_machine.c): samples printed
 * as `perf script -F +pid` prints them, or given to the perf script parser as records. */
#include "config.h"

#include "input/perfdata.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"
#include "input/parse_perf.h"
#include "input/perfdata_machine.h"

#define OUT_FLUSH (1u << 20)

static void out_flush(struct machine *m)
{
    const char *p = m->o.p;
    size_t n = m->o.len;
    while (n && !m->write_failed) {
        ssize_t w = write(m->out, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            m->write_failed = true;
            break;
        }
        p += w;
        n -= (size_t)w;
    }
    m->o.len = 0;
}

/* v in hexadecimal, right-aligned in width columns */
static void put_hex(struct buf *b, uint64_t v, int width)
{
    char t[17];
    int n = 0;
    do {
        t[n++] = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    buf_reserve(b, 16);
    for (int i = n; i < width; i++)
        b->p[b->len++] = ' ';
    while (n)
        b->p[b->len++] = t[--n];
}

static void put_hex16(struct buf *b, uint64_t v)
{
    put_hex(b, v, 16);
}

static void put_str(struct buf *b, const char *s)
{
    buf_append(b, s, strlen(s));
}

/* The names of one frame: where they come from (frame_resolve) and its line
 * (frame_text). */
struct frame_name {
    const char *sym, *dso;      /* sym NULL: [unknown] */
    uint64_t addr, start;       /* the address as printed (in the file for a file's map),
                                 * the symbol's start */
    uint64_t key;               /* what names the line with addr: the dso's (or the
                                 * kernel's, or no map's) address */
    struct dso *d;              /* the symbols: d's, or the kernel's (d NULL, kernel) */
    bool kernel;
    bool identity;              /* d's map is its address space's (addr is ip) */
};

/* Where ip (in mode) is in t's address space: its map's dso and the address in it, the
 * key of the frame's line (frame_sym adds the symbol). */
static void frame_where(struct machine *m, const struct thread *t, uint32_t mode,
                        uint64_t ip, struct frame_name *r)
{
    *r = (struct frame_name){NULL, "[unknown]", ip, 0, (uint64_t)(uintptr_t)m, NULL, false,
                              false};
    if (mode == MISC_KERNEL || mode == MISC_GUEST_KERNEL) {
        const struct map *km = m->kmaps.n ? pdm_maps_find(&m->kmaps, ip) : NULL;
        if (km) {
            r->dso = km->dso->name;
            r->key = (uint64_t)(uintptr_t)km->dso;
            r->d = km->dso;
        } else if (pdm_kernel_syms(m) && ip >= m->k_lo && ip < m->k_hi) {
            r->dso = "[kernel.kallsyms]";
            r->key = (uint64_t)(uintptr_t)&m->kallsyms;
            r->kernel = true;
        }
    } else if (t->maps) {
        const struct map *mp = pdm_maps_find(t->maps, ip);
        if (mp) {
            r->dso = mp->dso->name;
            r->key = (uint64_t)(uintptr_t)mp->dso;
            r->addr = mp->identity ? ip : ip - mp->start + mp->pgoff;
            r->d = mp->dso;
            r->identity = mp->identity;
        }
    }
}

/* The symbol of the frame frame_where found. */
static void frame_sym(struct machine *m, struct frame_name *r)
{
    if (r->d)
        r->sym = pdm_find_sym(m, pdm_dso_syms(m, r->d), r->addr, &r->start);
    else if (r->kernel)
        r->sym = pdm_find_sym(m, m->kallsyms, r->addr, &r->start);
}

/* The frame of ip (in mode) in t's address space: its map, dso and symbol (the one place
 * a frame's names come from). */
static void frame_resolve(struct machine *m, const struct thread *t, uint32_t mode,
                          uint64_t ip, struct frame_name *r)
{
    frame_where(m, t, mode, ip, r);
    frame_sym(m, r);
}

/* "\t%16lx sym+0xoff (dso)\n"; raw: the address as sampled (ip), without the tab (a
 * sample without a call chain). */
static void frame_text(struct buf *b, const struct frame_name *r, uint64_t ip, bool raw)
{
    if (!raw)
        buf_putc(b, '\t');
    put_hex16(b, raw ? ip : r->addr);
    buf_putc(b, ' ');
    if (r->sym) {
        put_str(b, r->sym);
        put_str(b, "+0x");
        put_hex(b, r->addr - r->start, 0);
    } else {
        put_str(b, "[unknown]");
    }
    put_str(b, " (");
    put_str(b, r->dso);
    put_str(b, ")\n");
}

/* -- DWARF call graphs, inline frames and source lines (perfdata_unwind.c, _lines.c) */

static bool map_info(void *arg, uint64_t addr, struct pd_map_info *out)
{
    const struct thread *t = arg;
    const struct map *mp = t->maps ? pdm_maps_find(t->maps, addr) : NULL;
    if (!mp)
        return false;
    *out = (struct pd_map_info){mp->dso->name, mp->start, mp->end, mp->pgoff};
    return true;
}

static struct pd_lines *lines(struct machine *m)
{
    if (!m->ln)
        m->ln = pd_lines_new();
    return m->ln;
}

/* "\n  FILE:LINE" under a frame in d at addr (perf script -F +srcline) */
static void put_srcline(struct machine *m, const struct dso *d, uint64_t addr)
{
    if (!d)
        return;
    const struct pd_buildid *b = pdm_buildid_of(m->f, d->name);
    const char *src =
        pd_lines_srcline(lines(m), d->name, b ? b->id : NULL, b ? b->len : 0, addr);
    if (src) {
        put_str(&m->o, "\n  ");
        put_str(&m->o, src);
    }
}

/* The frames perf prints for an unwound frame at addr in d (its inline chain, see
 * pd_lines_inlines); false: none, the frame is printed as it is. */
static bool inline_frames(struct machine *m, const struct dso *d, uint64_t addr,
                          const char *sym, uint64_t start)
{
    const struct pd_buildid *b = pdm_buildid_of(m->f, d->name);
    size_t n;
    const struct pd_inline *v = pd_lines_inlines(lines(m), d->name, b ? b->id : NULL,
                                                 b ? b->len : 0, addr, sym, &n);
    for (size_t i = 0; i < n; i++) {
        struct buf *o = &m->o;
        buf_putc(o, '\t');
        put_hex16(o, addr);
        buf_putc(o, ' ');
        put_str(o, v[i].name);
        put_str(o, "+0x");
        put_hex(o, addr - start, 0);
        if (!v[i].inlined) {
            put_str(o, " (");
            put_str(o, d->name);
            buf_putc(o, ')');
        }
        if (m->f->srcline) {
            put_str(o, "\n  ");
            put_str(o, v[i].srcline);
        }
        put_str(o, v[i].inlined ? " (inlined)\n" : "\n");
    }
    return n > 0;
}

/* One frame's text: its line, an unwound frame's inline chain instead, --srcline's
 * source line under it. */
static void frame(struct machine *m, struct thread *t, uint32_t mode, uint64_t ip, bool raw)
{
    struct frame_name r;
    frame_resolve(m, t, mode, ip, &r);
    if (m->dwarf_frame && r.d && r.sym && !r.identity &&
        inline_frames(m, r.d, r.addr, r.sym, r.start))
        return;
    frame_text(&m->o, &r, ip, raw);
    if (!m->f->srcline)
        return;
    if (r.kernel && !m->kernel)
        m->kernel = pdm_dso_get(m, "[kernel.kallsyms]", DSO_NONE);
    m->o.len--;   /* the source line goes before the line's end */
    put_srcline(m, r.kernel ? m->kernel : r.d, r.addr);
    buf_putc(&m->o, '\n');
}

/* v in decimal, at least digits digits (zero-padded), in a field of width columns
 * (blank-padded on the left, or on the right when left): printf's %0Nllu in %Ws. */
static void put_dec(struct buf *b, uint64_t v, int digits, int width, bool left)
{
    char t[20];
    int n = 0;
    do {
        t[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n < digits)
        t[n++] = '0';
    buf_reserve(b, (size_t)(n > width ? n : width));
    int pad = width - n;
    for (int i = 0; !left && i < pad; i++)
        b->p[b->len++] = ' ';
    while (n)
        b->p[b->len++] = t[--n];
    for (int i = 0; left && i < pad; i++)
        b->p[b->len++] = ' ';
}

/* %5d or %-5d */
static void put_int(struct buf *b, int32_t v, bool left)
{
    if (v >= 0) {
        put_dec(b, (uint64_t)v, 1, 5, left);
        return;
    }
    char t[16];
    int n = snprintf(t, sizeof t, left ? "%-5d" : "%5d", v);
    buf_append(b, t, (size_t)n);
}

/* "%*s" */
static void put_padded(struct buf *b, const char *s, int width)
{
    size_t l = strlen(s);
    for (size_t i = l; i < (size_t)width; i++)
        buf_putc(b, ' ');
    buf_append(b, s, l);
}

/* "COMM  PID/TID " of a sample's header (the comm right-aligned in 16 columns for a
 * sample without a call chain). */
static void sample_who(const struct pd_sample *s, const struct thread *t, struct buf *b)
{
    if (s->chain)
        put_str(b, t->comm);
    else
        put_padded(b, t->comm, 16);
    buf_putc(b, ' ');
    put_int(b, (int32_t)s->pid, false);
    buf_putc(b, '/');
    put_int(b, (int32_t)s->tid, true);
    buf_putc(b, ' ');
}

/* The event names' widths and blanks, once the attrs are all known (the first sample). */
static void attr_names(struct machine *m)
{
    const struct pd_file *f = m->f;
    for (size_t i = 0; i < f->nattrs; i++) {
        const char *nm = f->attrs[i].name;
        int l = (int)strlen(nm);
        if (l > m->name_width)
            m->name_width = l;
        m->ev_plain[i] = l > 0 && !nm[strcspn(nm, " \t\n\r\f\v")];
    }
    if (m->name_width < 0)
        m->name_width = 0;
}

/* "COMM  PID/TID  [CPU] SEC.USEC:  PERIOD EVENT: " as perf script -F +pid prints it. */
static void sample_header(struct machine *m, const struct pd_sample *s, struct thread *t,
                          struct buf *b)
{
    const struct pd_file *f = m->f;
    sample_who(s, t, b);
    if (f->sample_type & PD_S_CPU) {
        buf_putc(b, '[');
        put_dec(b, s->cpu, 3, 0, false);
        buf_append(b, "] ", 2);
    }
    if (f->sample_type & PD_S_TIME) {
        put_dec(b, s->time / 1000000000u, 1, 5, false);
        buf_putc(b, '.');
        put_dec(b, s->time % 1000000000u / 1000u, 6, 0, false);
        buf_append(b, ": ", 2);
    }
    if (f->sample_type & PD_S_PERIOD) {
        put_dec(b, s->period, 1, 10, false);
        buf_putc(b, ' ');
    }
    if (m->name_width < 0)   /* the attrs are all known by the first sample */
        attr_names(m);
    put_padded(b, f->attrs[s->attr].name, m->name_width);
    buf_append(b, ": ", 2);
}

/* The sample's call chain as perf walks it: (mode, ip) per frame, the context markers
 * turned into modes, at most MAX_STACK frames; none when a marker is not a context (perf
 * drops the frames seen). The frames are m->fv[0..n). */
static size_t sample_chain(struct machine *m, const struct pd_sample *s)
{
    size_t n = 0;
    uint32_t mode = MISC_USER;
    for (uint64_t i = 0; i < s->nr && n < MAX_STACK; i++) {
        uint64_t ip = pd_u64(s->chain + 8 * i);
        if (ip >= CTX_MAX) {
            if (ip == CTX_KERNEL)
                mode = MISC_KERNEL;
            else if (ip == CTX_USER || ip == CTX_GUEST_USER)
                mode = MISC_USER;
            else if (ip == CTX_GUEST_KERNEL)
                mode = MISC_GUEST_KERNEL;
            else if (ip == CTX_HV)
                mode = 3;
            else
                return 0;
            continue;
        }
        if (n == m->fcap)
            FT_GROW(m->fv, m->fcap, n + 1);
        m->fv[n++] = (struct pd_frame){ip, mode};
    }
    return n;
}

/* A sample's header into the parser: its numbers when its who is known (perf_rec_head),
 * else its line (and its who kept when the header has the fields of the usual form). */
static void sample_head(struct machine *m, const struct pd_sample *s, struct thread *t)
{
    const struct pd_file *f = m->f;
    struct buf *b = &m->line;
    if (m->name_width < 0)
        attr_names(m);
    bool usual = (f->sample_type & PD_S_TIME) && (f->sample_type & PD_S_PERIOD) &&
                 m->ev_plain[s->attr];
    if (usual && t->who != PERF_REC_NONE && t->who_gen == t->comm_gen &&
        t->who_pid == s->pid && t->who_tid == s->tid) {
        const char *ev = f->attrs[s->attr].name;
        struct perf_rec_head h = {t->who, ev, strlen(ev), s->period, s->time, true,
                                  (f->sample_type & PD_S_CPU) ? s->cpu : UINT32_MAX};
        perf_rec_head(m->p, &h);
        return;
    }
    b->len = 0;
    sample_who(s, t, b);
    size_t head_end = b->len;
    b->len = 0;
    sample_header(m, s, t, b);
    if (!usual) {
        perf_rec_line(m->p, b->p, b->len);
        return;
    }
    t->who = perf_rec_who(m->p, b->p, b->len, head_end);
    t->who_gen = t->comm_gen;
    t->who_pid = s->pid;
    t->who_tid = s->tid;
}

/* How many frames at the root end of the sample's m->fv[0..n) are those of t's last
 * sample, in the same address spaces. */
static size_t same_root(const struct machine *m, const struct thread *t, size_t n)
{
    if (t->uver != (t->maps ? t->maps->version : 0) || t->kver != m->kmaps.version)
        return 0;
    size_t k = 0;
    while (k < n && k < t->cn && m->fv[n - 1 - k].ip == t->cf[t->cn - 1 - k].ip &&
           m->fv[n - 1 - k].mode == t->cf[t->cn - 1 - k].mode)
        k++;
    return k;
}

/* A sample into the parser: its lines, the frames by their keys (dso, address in it):
 * the symbol and the line of a frame only for a new key. */
static void sample_to_parser(struct machine *m, const struct pd_sample *s,
                             struct thread *t, uint16_t misc)
{
    struct buf *b = &m->line;
    struct perf_parser *p = m->p;
    struct frame_name r;
    b->len = 0;
    if (!s->chain) {
        sample_header(m, s, t, b);
        buf_putc(b, ' ');
        frame_resolve(m, t, misc & MISC_CPUMODE, s->ip, &r);
        frame_text(b, &r, s->ip, true);
        perf_rec_line(p, b->p, b->len - 1);
        return;
    }
    sample_head(m, s, t);
    size_t n = sample_chain(m, s), same = same_root(m, t, n);
    if (n) {
        FT_GROW(m->fh, m->hcap, n);
        FT_GROW(m->fw, m->fwcap, n);
    }
    /* where each frame is, its cache entry asked for ahead (the probes then overlap) */
    for (size_t i = 0; i < n - same; i++) {
        frame_where(m, t, m->fv[i].mode, m->fv[i].ip, &m->fw[i]);
        perf_rec_prefetch(p, m->fw[i].key, m->fw[i].addr);
    }
    for (size_t i = 0; i < n; i++) {
        struct frame_name *w = &m->fw[i];
        if (i >= n - same) {
            const struct perf_rec_ref *ref = &t->ch[t->cn - n + i];
            if (perf_rec_frame_ref(p, ref)) {
                m->fh[i] = *ref;
                continue;
            }
            frame_where(m, t, m->fv[i].mode, m->fv[i].ip, w);
        }
        if (perf_rec_frame(p, w->key, w->addr, &m->fh[i]) != PERF_REC_NONE)
            continue;
        frame_sym(m, w);
        b->len = 0;
        frame_text(b, w, m->fv[i].ip, false);
        uint32_t h = perf_rec_frame_line(p, w->key, w->addr, b->p, b->len - 1);
        perf_rec_ref_of(p, h, &m->fh[i]);
    }
    perf_rec_line(p, "", 0);
    /* the frames are the thread's last now (the buffers change places) */
    struct pd_frame *fv = t->cf;
    struct perf_rec_ref *fh = t->ch;
    size_t fcap = t->cfcap, hcap = t->chcap;
    t->cf = m->fv;
    t->ch = m->fh;
    t->cfcap = m->fcap;
    t->chcap = m->hcap;
    t->cn = n;
    m->fv = fv;
    m->fh = fh;
    m->fcap = fcap;
    m->hcap = hcap;
    t->uver = t->maps ? t->maps->version : 0;
    t->kver = m->kmaps.version;
}

/* The text in m->o to the parser, but what --srcline's look-ahead keeps for later. */
static void feed_text(struct machine *m, bool eof)
{
    struct buf *b = &m->o;
    if (!b->len)
        return;
    size_t used = perf_feed(m->p, b->p, b->len, eof);
    memmove(b->p, b->p + used, b->len - used);
    b->len -= used;
}

static void unwound_frames(struct machine *m, const struct pd_sample *s, struct thread *t)
{
    if (!m->uw)
        m->uw = pd_unwind_new();
    uint64_t ips[MAX_STACK];
    size_t nu = pd_unwind_sample(m->uw, m->f, s, map_info, t, ips, MAX_STACK);
    m->dwarf_frame = true;
    for (size_t i = 0; i < nu; i++)
        frame(m, t, MISC_USER, ips[i], false);
    m->dwarf_frame = false;
}

static void do_sample(struct machine *m, const unsigned char *r, size_t size, uint16_t misc)
{
    struct pd_sample s;
    if (!perfdata_sample(m->f, r, size, &s))
        return;
    struct thread *t = pdm_findnew(m, (int32_t)s.pid, (int32_t)s.tid);
    if (m->p && !s.stack && !m->f->srcline) {
        sample_to_parser(m, &s, t, misc);
        return;
    }
    /* the text (to the parser too for what the frame cache does not key: source lines,
     * an unwound stack's inline frames) */
    struct buf *b = &m->o;
    sample_header(m, &s, t, b);
    if (!s.chain) {
        /* perf script's one-line form */
        buf_putc(b, ' ');
        frame(m, t, misc & MISC_CPUMODE, s.ip, true);
    } else {
        buf_putc(b, '\n');
        size_t n = sample_chain(m, &s);
        for (size_t i = 0; i < n; i++)
            frame(m, t, m->fv[i].mode, m->fv[i].ip, false);
        if (s.stack)   /* DWARF call graph: the user part, unwound from the stack copy */
            unwound_frames(m, &s, t);
        buf_putc(b, '\n');
    }
    if (m->p)
        feed_text(m, false);
}

static void dispatch(struct machine *m, const unsigned char *r)
{
    uint32_t type = pd_u32(r);
    uint16_t misc, size;
    memcpy(&misc, r + 4, 2);
    memcpy(&size, r + 6, 2);
    switch (type) {
    case PD_SAMPLE: do_sample(m, r, size, misc); break;
    case PD_MMAP:
    case PD_MMAP2: pdm_mmap(m, r, size, type, misc); break;
    case PD_COMM: pdm_comm(m, r, size); break;
    case PD_FORK: pdm_fork(m, r, size, misc); break;
    case PD_KSYMBOL: pdm_ksymbol(m, r, size); break;
    default: break;
    }
    if (m->o.len >= OUT_FLUSH)
        out_flush(m);
}





void pd_machine_record(struct pd_machine *pm, const unsigned char *rec)
{
    struct machine *m = (struct machine *)pm;
    if (!m->write_failed)
        dispatch(m, rec);
}

void pd_machine_flush(struct pd_machine *pm)
{
    out_flush((struct machine *)pm);
}

int pd_machine_end(struct pd_machine *pm, char *why, size_t n)
{
    struct machine *m = (struct machine *)pm;
    if (m->p) {
        feed_text(m, true);
        perf_rec_end(m->p);
    } else
        out_flush(m);
    bool failed = m->write_failed;
    pdm_free(m);
    free(m);
    if (failed) {
        snprintf(why, n, "write: %s", strerror(errno));
        return -1;
    }
    return 0;
}

int perfdata_print(const struct pd_file *f, int fd, char *why, size_t n)
{
    struct pd_machine *m = pd_machine_new(f, fd);
    size_t nev = 0;
    uint64_t *own;
    const uint64_t *off = pd_records(f, &nev, &own);
    for (size_t i = 0; i < nev; i++)
        pd_machine_record(m, f->p + off[i]);
    free(own);
    return pd_machine_end(m, why, n);
}
