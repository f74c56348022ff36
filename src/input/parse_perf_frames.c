/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf_frames.c: the part of the perf script parser that names the
 * frames of one frame line, rules 14 to 22 (../shared/corpus/README.md): "->" parts,
 * [unknown] frames, tidying, java, the _[k] _[j] _[i] annotations, --srcline source lines.
 * It works on the parser's state (parse_perf_impl.h). */
#include "config.h"

#include <string.h>

#include "input/parse_perf_impl.h"

/* Adds s as one frame, or as several when it holds ';' (the script joins frames with ';',
 * so "a;b" is two frames of the output line). */
void perf_push_frame(struct names *nm, const char *s, size_t len)
{
    const char *semi = len ? memchr(s, ';', len) : NULL;
    while (semi) {
        size_t k = (size_t)(semi - s);
        push_name(nm, s, k, false);
        s += k + 1;
        len -= k + 1;
        semi = len ? memchr(s, ';', len) : NULL;
    }
    push_name(nm, s, len, false);
}

/* A --srcline source line: indented and not blank, and not a frame line (perf prints
 * frame lines after a tab, or an address and a space after the indent; a source line is
 * "  FILE:LINE", "  ??:0" or "  [kernel.kallsyms][ADDR]" after two spaces). perf prints
 * none after a frame without debug information, so the next line is read only when it
 * is one. */
bool perf_is_source_line(const char *s, size_t n)
{
    size_t i = 0, h;
    while (i < n && perf_is_space(s[i])) {
        if (s[i] == '\t')
            return false;
        i++;
    }
    if (i == 0 || i == n)
        return false;
    for (h = i; h < n && perf_ctype[(unsigned char)s[h]] & PERF_C_HEX; h++)
        continue;
    return !(h > i && h < n && s[h] == ' ');
}

/* Reads the next line for --srcline when it is a source line; false, nothing read,
 * when it is not one or at the end of the input. */
static bool next_line(struct perf_parser *p, struct reader *r, const char **s, size_t *n)
{
    if (r->pos >= r->len)
        return false;
    const char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
    size_t end = nl ? (size_t)(nl - r->buf) : r->len;
    if (!perf_is_source_line(r->buf + r->pos, end - r->pos))
        return false;
    *s = r->buf + r->pos;
    *n = end - r->pos;
    r->pos = nl ? end + 1 : end;
    p->line++;
    return true;
}

/* One part of a frame line (split at "->"): rule 15 to 22. */
static void do_part(struct perf_parser *p, const struct perf_frame *f, const char *s, size_t n,
                    size_t k, bool *is_unknown, int annot, struct reader *r)
{
    const char *name;
    size_t len;
    bool input = false;
    if (n == 9 && memcmp(s, "[unknown]", 9) == 0) {
        const char *base = "unknown";
        size_t bl = 7;
        if (!(f->mod_len == 9 && memcmp(f->mod, "[unknown]", 9) == 0)) {
            base = f->mod;
            bl = f->mod_len;
            const char *sl = memrchr(base, '/', bl);
            if (sl) {
                bl -= (size_t)(sl + 1 - base);
                base = sl + 1;
            }
        } else {
            *is_unknown = true;
        }
        struct buf *u = &p->ubuf;
        u->len = 0;
        buf_putc(u, '[');
        buf_append(u, base, bl);
        if (p->o.addrs) {
            buf_append(u, " <", 2);
            buf_append(u, f->pc, f->pc_len);
            buf_putc(u, '>');
        }
        buf_putc(u, ']');
        name = perf_tidy(&p->scratch, u->p, u->len, &len);
    } else {
        name = perf_tidy(&p->scratch, s, n, &len);
        input = name == s;
    }
    /* Java: s/^L// if the name has a '/' (rule 17) */
    if (p->is_java && len && name[0] == 'L' && memchr(name, '/', len)) {
        name++;
        len--;
    }
    const char *suffix = NULL;
    if (k > 0) {
        if (!perf_contains(name, len, "_[i]", 4))
            suffix = "_[i]";
    } else if (annot == 1) {
        suffix = "_[k]";
    } else if (annot == 2) {
        if (!perf_contains(name, len, "_[j]", 4))
            suffix = "_[j]";
    }
    const char *sl = NULL;
    size_t sll = 0;
    bool have_src = p->o.srcline && !*is_unknown && next_line(p, r, &sl, &sll);
    if (suffix || have_src) {
        struct buf *b = &p->fbuf;
        b->len = 0;
        buf_append(b, name, len);
        if (suffix)
            buf_append(b, suffix, 4);
        if (have_src)
            perf_append_srcline(b, sl, sll);
        name = b->p;
        len = b->len;
        input = false;
    }
    if (have_src)
        perf_push_frame(&p->fr, name, len);
    else
        push_name(&p->fr, name, len, input); /* tidying turned every ';' into ':' */
}

void perf_do_frame(struct perf_parser *p, const struct perf_frame *f, size_t flen,
                   struct reader *r)
{
    int annot = 0;
    if (p->o.kernel && f->mod_len &&
        (f->mod[0] == '[' ||
         (f->mod_len >= 7 && memcmp(f->mod + f->mod_len - 7, "vmlinux", 7) == 0)) &&
        !perf_contains(f->mod, f->mod_len, "unknown", 7))
        annot = 1;
    else if (p->o.jit && perf_is_jit_module(f->mod, f->mod_len))
        annot = 2;

    size_t first = p->fr.n;
    bool is_unknown = false;
    const char *s = f->func, *end = f->func + flen;
    /* split /\->/: keep inner empty fields, drop trailing empty ones */
    const char *q = memchr(s, '-', flen);
    while (q && !(q + 1 < end && q[1] == '>'))
        q = memchr(q + 1, '-', (size_t)(end - q - 1));
    if (!q) {
        if (flen)
            do_part(p, f, s, flen, 0, &is_unknown, annot, r);
    } else {
        size_t k = 0, pending_empty = 0;
        const char *part = s;
        for (;;) {
            const char *sep = part;
            while ((sep = memchr(sep, '-', (size_t)(end - sep))) != NULL &&
                   !(sep + 1 < end && sep[1] == '>'))
                sep++;
            const char *pe = sep ? sep : end;
            if (pe == part) {
                pending_empty++;       /* emitted only if a non-empty field follows */
            } else {
                for (; pending_empty; pending_empty--)
                    do_part(p, f, part, 0, k++, &is_unknown, annot, r);
                do_part(p, f, part, (size_t)(pe - part), k++, &is_unknown, annot, r);
            }
            if (!sep)
                break;
            part = sep + 2;
        }
    }
    /* this line's parts go root-to-leaf inside the stack, and the stack is reversed
     * at the end: store them reversed */
    for (size_t i = first, j = p->fr.n; i + 1 < j; i++, j--) {
        struct name_ref tmp = p->fr.v[i];
        p->fr.v[i] = p->fr.v[j - 1];
        p->fr.v[j - 1] = tmp;
    }
}

