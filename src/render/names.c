/* SPDX-License-Identifier: MIT */
/* flametui - names.c: short forms of frame names (see names.h). */
#include "config.h"

#include "render/names.h"

#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "render/label.h"

#define MAX_COMPONENTS 4 /* more: the last KEEP_COMPONENTS behind "…::" */
#define KEEP_COMPONENTS 3
#define MAX_SHORTEN ((size_t)1 << 16) /* longer names are left as they are */

struct sh {
    const char *ell; /* "…" or "..." */
    size_t ell_len;
    bool go;         /* fold [...] too (Go generics) */
};

static bool is_ident(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || c >= 0x80;
}

static bool is_upper(unsigned char c)
{
    return c >= 'A' && c <= 'Z';
}

static bool is_hex(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

static bool all_hex(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_hex((unsigned char)p[i]))
            return false;
    return n > 0;
}

static bool starts(const char *p, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    return n >= k && memcmp(p, lit, k) == 0;
}

static bool equals(const char *p, size_t n, const char *lit)
{
    return n == strlen(lit) && memcmp(p, lit, n) == 0;
}

/* After "operator" at p[i]: the length of the operator symbol that follows ("()", "<<=",
 * "->*", ...), 0 when it is not an operator keyword (operatorX, or operator new). */
static size_t operator_len(const char *p, size_t n, size_t i)
{
    if (!starts(p + i, n - i, "operator") || (i > 0 && is_ident((unsigned char)p[i - 1])))
        return 0;
    size_t j = i + 8;
    if (j < n && is_ident((unsigned char)p[j]))
        return 0;
    if (j + 1 < n && p[j] == '(' && p[j + 1] == ')')
        return 10;
    if (j + 1 < n && p[j] == '[' && p[j + 1] == ']')
        return 10;
    size_t k = j;
    while (k < n && strchr("<>=!+-*/%^&|~,", p[k]) && p[k] != '\0')
        k++;
    return k - i;
}

/* The index of the bracket that closes the one at p[i] ('<', '(', '[' or '{'), or n when
 * the name is unbalanced. "->" and operator symbols are not brackets; a '>' or ')' that
 * closes nothing open is ordinary text. */
static size_t match_close(const char *p, size_t n, size_t i)
{
    char stack[64];
    size_t depth = 0;
    for (size_t j = i; j < n; j++) {
        size_t op = operator_len(p, n, j);
        if (op) {
            j += op - 1;
            continue;
        }
        char c = p[j];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            if (depth == sizeof(stack))
                return n;
            stack[depth++] = c;
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            if (c == '>' && j > 0 && p[j - 1] == '-')
                continue;
            char want = c == '>' ? '<' : c == ')' ? '(' : c == ']' ? '[' : '{';
            if (depth == 0 || stack[depth - 1] != want) {
                if (c == '>' || c == ')')
                    continue;
                return n;
            }
            if (--depth == 0)
                return j;
        }
    }
    return n;
}

static bool qself_part(const struct sh *s, const char *p, size_t n, struct buf *out);

/* Copies p[0..n) with its bracket groups folded; false when a group is unbalanced. */
static bool fold(const struct sh *s, const char *p, size_t n, struct buf *out)
{
    for (size_t i = 0; i < n;) {
        size_t op = operator_len(p, n, i);
        if (op) {
            buf_append(out, p + i, op);
            i += op;
            continue;
        }
        char c = p[i];
        if (c != '<' && c != '(' && c != '[' && c != '{') {
            buf_putc(out, c);
            i++;
            continue;
        }
        size_t j = match_close(p, n, i);
        if (j >= n)
            return false;
        const char *in = p + i + 1;
        size_t inl = j - i - 1;
        if (c == '<' && i >= 13 && memcmp(p + i - 13, "drop_in_place", 13) == 0) {
            /* what is dropped is the point of the frame */
            buf_putc(out, '<');
            if (!qself_part(s, in, inl, out))
                return false;
            buf_putc(out, '>');
        } else if (c == '<' || (c == '(' && inl > 0 && in[0] != '*' && in[0] != '&') ||
            (c == '[' && s->go)) {
            if (c == '(' && equals(in, inl, "anonymous namespace")) {
                buf_append(out, "(anon)", 6);
            } else {
                buf_putc(out, c);
                if (inl)
                    buf_append(out, s->ell, s->ell_len);
                buf_putc(out, p[j]);
            }
        } else if (c == '[' && ((inl == 16 && all_hex(in, inl)) || starts(in, inl, "abi:"))) {
            /* Rust v0 crate disambiguator, C++ ABI tag: noise */
        } else if (c == '{') {
            buf_putc(out, '{');
            if (!fold(s, in, inl, out))
                return false;
            buf_putc(out, '}');
        } else {
            buf_append(out, p + i, j + 1 - i);
        }
        i = j + 1;
    }
    return true;
}

struct span {
    size_t a, b; /* p[a..b) */
};

/* Splits p[0..n) at "::" outside brackets into at most max spans; returns their number,
 * 0 when unbalanced or when there are more. */
static size_t split_colons(const char *p, size_t n, struct span *v, size_t max)
{
    size_t k = 0, start = 0;
    for (size_t i = 0; i < n;) {
        size_t op = operator_len(p, n, i);
        if (op) {
            i += op;
            continue;
        }
        char c = p[i];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            size_t j = match_close(p, n, i);
            if (j >= n)
                return 0;
            i = j + 1;
        } else if (c == ':' && i + 1 < n && p[i + 1] == ':') {
            if (k == max)
                return 0;
            v[k++] = (struct span){start, i};
            i += 2;
            start = i;
        } else {
            i++;
        }
    }
    if (k == max)
        return 0;
    v[k++] = (struct span){start, n};
    return k;
}

/* One type of a Rust qualified self ("&mut alloc::vec::Vec<T>", "impl Foo"): its leading
 * keywords and sigils, then the last component of its path, folded. */
static bool qself_part(const struct sh *s, const char *p, size_t n, struct buf *out)
{
    static const char *const kw[] = {"impl ", "dyn ", "mut ", "const ", "&", "*"};
    for (bool again = true; again;) {
        again = false;
        for (size_t k = 0; k < FT_ARRAY_LEN(kw); k++) {
            if (starts(p, n, kw[k])) {
                size_t l = strlen(kw[k]);
                buf_append(out, p, l);
                p += l;
                n -= l;
                again = true;
            }
        }
    }
    struct span v[256];
    size_t k = split_colons(p, n, v, FT_ARRAY_LEN(v));
    if (k == 0)
        return fold(s, p, n, out);
    return fold(s, p + v[k - 1].a, v[k - 1].b - v[k - 1].a, out);
}

static bool qself(const struct sh *s, const char *p, size_t n, struct buf *out)
{
    /* " as " outside brackets */
    for (size_t i = 0; i < n;) {
        char c = p[i];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            size_t j = match_close(p, n, i);
            if (j >= n)
                return false;
            i = j + 1;
        } else if (starts(p + i, n - i, " as ")) {
            if (!qself_part(s, p, i, out))
                return false;
            buf_append(out, " as ", 4);
            return qself_part(s, p + i + 4, n - i - 4, out);
        } else {
            i++;
        }
    }
    return qself_part(s, p, n, out);
}

/* C++ and Rust: p has "::" outside brackets. */
static bool shorten_colons(const struct sh *s, const char *p, size_t n, struct buf *out,
                           size_t *tail)
{
    struct span v[256];
    size_t k = split_colons(p, n, v, FT_ARRAY_LEN(v));
    if (k < 2)
        return false;
    /* Rust legacy hash */
    if (v[k - 1].b - v[k - 1].a == 17 && p[v[k - 1].a] == 'h' && all_hex(p + v[k - 1].a + 1, 16))
        k--;
    size_t base = out->len;
    size_t starts_at[256], m = 0;
    struct buf tmp = {0};
    for (size_t i = 0; i < k; i++) {
        const char *c = p + v[i].a;
        size_t cl = v[i].b - v[i].a;
        if (equals(c, cl, "__cxx11") || equals(c, cl, "__1") || equals(c, cl, "__ndk1"))
            continue;
        bool group = cl > 1 && c[0] == '<' && match_close(c, cl, 0) == cl - 1;
        if (group && m > 0) {   /* turbofish ::<T> folds into the previous component */
            buf_printf(&tmp, "::<%.*s>", (int)s->ell_len, s->ell);
            continue;
        }
        if (m > 0)
            buf_append(&tmp, "::", 2);
        starts_at[m++] = tmp.len;
        bool ok;
        if (group) {
            buf_putc(&tmp, '<');
            ok = qself(s, c + 1, cl - 2, &tmp);
            buf_putc(&tmp, '>');
        } else {
            ok = fold(s, c, cl, &tmp);
        }
        if (!ok) {
            buf_fini(&tmp);
            return false;
        }
    }
    if (m == 0) {
        buf_fini(&tmp);
        return false;
    }
    size_t from = 0;
    if (m > MAX_COMPONENTS) {
        from = starts_at[m - KEEP_COMPONENTS];
        buf_append(out, s->ell, s->ell_len);
        buf_append(out, "::", 2);
    }
    size_t shift = out->len - base;
    buf_append(out, tmp.p + from, tmp.len - from);
    *tail = shift + starts_at[m - 1] - from;
    buf_fini(&tmp);
    return true;
}

static bool lower_ident(const char *p, size_t n)
{
    if (n == 0 || !(p[0] >= 'a' && p[0] <= 'z'))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
            return false;
    return true;
}

/* Java: the lower-case package segments before the first capitalised one (the class)
 * become their first letter ("java.lang.String" -> "j.l.String"); min_pkgs: how many
 * package segments there must be. Returns false (nothing appended) when p does not look
 * like that. *last gets the offset (from the start of what was appended) after the last
 * sep. */
static bool java_abbrev(const char *p, size_t n, char sep, size_t min_pkgs, struct buf *out,
                        size_t *last)
{
    size_t i = 0, pkgs = 0;
    while (i < n) {
        const char *e = memchr(p + i, sep, n - i);
        if (!e)
            break;
        size_t l = (size_t)(e - (p + i));
        if (!lower_ident(p + i, l))
            break;
        pkgs++;
        i += l + 1;
    }
    if (pkgs < min_pkgs || i >= n || !is_upper((unsigned char)p[i]))
        return false;
    size_t base = out->len;
    for (size_t j = 0, seg = 0; seg < pkgs; seg++) {
        buf_putc(out, p[j]);
        buf_putc(out, sep);
        j = (size_t)((const char *)memchr(p + j, sep, n - j) - p) + 1;
    }
    buf_append(out, p + i, n - i);
    const char *dot = NULL;
    for (size_t j = out->len; j > base; j--)
        if (out->p[j - 1] == '.' || out->p[j - 1] == sep) {
            dot = out->p + j;
            break;
        }
    *last = dot ? (size_t)(dot - (out->p + base)) : 0;
    return true;
}

/* "RET CLASS.METHOD" as the JVM writes its perf map (-XX:+DumpPerfMapAtExit): the return
 * type and the package go, CLASS.METHOD stays ("java.lang.String java.util.Formatter.format"
 * -> "Formatter.format", as async-profiler shows it). */
static bool shorten_java_map(const char *p, size_t n, struct buf *out, size_t *tail)
{
    const char *sp = memchr(p, ' ', n);
    if (!sp || sp == p || memchr(sp + 1, ' ', n - (size_t)(sp + 1 - p)))
        return false;
    size_t l = (size_t)(sp - p);
    for (size_t i = 0; i < l; i++)
        if (!is_ident((unsigned char)p[i]) && p[i] != '.' && p[i] != '[' && p[i] != ']')
            return false;
    const char *q = sp + 1;
    size_t ql = n - l - 1;
    if (ql == 0 || !memchr(q, '.', ql) || memchr(q, '(', ql))
        return false;
    /* the class: from the first segment that is not a lower-case package name */
    size_t i = 0;
    for (;;) {
        const char *e = memchr(q + i, '.', ql - i);
        if (!e || !lower_ident(q + i, (size_t)(e - (q + i))))
            break;
        i = (size_t)(e + 1 - q);
    }
    if (i >= ql || !memchr(q + i, '.', ql - i))
        i = 0;   /* no class left before the method: keep the whole qualified name */
    buf_append(out, q + i, ql - i);
    const char *d = memrchr(q + i, '.', ql - i);
    *tail = (size_t)(d + 1 - (q + i));
    return true;
}

/* "dir/dir/pkg.Func" (Go) or "java/lang/String.hashCode" (Java, slashed). */
static bool shorten_slashed(const struct sh *s, const char *p, size_t n, struct buf *out,
                            size_t *tail)
{
    if (p[0] == '/' || memchr(p, ' ', n))
        return false;
    const char *sl = memrchr(p, '/', n);
    if (!sl || (size_t)(sl + 1 - p) >= n)
        return false;
    const char *rest = sl + 1;
    size_t rl = n - (size_t)(rest - p);
    if (!memchr(rest, '.', rl))
        return false;
    size_t last;
    if (is_upper((unsigned char)rest[0])) {
        if (!java_abbrev(p, n, '/', 1, out, &last))
            return false;
        *tail = last;
        return true;
    }
    size_t base = out->len;
    struct sh go = *s;
    go.go = true;
    if (!fold(&go, rest, rl, out)) {
        out->len = base;
        return false;
    }
    /* the method: after the last '.' outside brackets */
    size_t t = 0;
    for (size_t i = base; i < out->len; i++) {
        char c = out->p[i];
        if (c == '(' || c == '[') {
            size_t j = match_close(out->p + base, out->len - base, i - base);
            if (j >= out->len - base)
                break;
            i = base + j;
        } else if (c == '.') {
            t = i + 1 - base;
        }
    }
    *tail = t;
    return true;
}

size_t names_shorten(const char *name, size_t len, bool ascii, struct buf *out)
{
    struct sh s = {ascii ? "..." : "\xe2\x80\xa6", ascii ? 3 : 3, false};
    size_t n = len, tail = 0, base = out->len;
    /* stackcollapse's annotations stay at the end */
    if (n >= 4 && name[n - 4] == '_' && name[n - 3] == '[' && name[n - 1] == ']' &&
        name[n - 2] >= 'a' && name[n - 2] <= 'z')
        n -= 4;
    bool done = false;
    if (n > 0 && n <= MAX_SHORTEN && name[0] != '[') {
        if (memmem(name, n, "::", 2))
            done = shorten_colons(&s, name, n, out, &tail);
        if (!done) {
            out->len = base;
            done = shorten_java_map(name, n, out, &tail);
        }
        if (!done) {
            out->len = base;
            done = shorten_slashed(&s, name, n, out, &tail);
        }
        if (!done && !memchr(name, ' ', n) && !memchr(name, '/', n)) {
            out->len = base;
            done = java_abbrev(name, n, '.', 2, out, &tail);
        }
        if (!done) {   /* a C++ parameter list "f(int, char const*) const", Go generics */
            const char *par = memchr(name, '(', n);
            out->len = base;
            struct sh g = s;
            g.go = memmem(name, n, "[go.shape", 9) != NULL;
            if ((g.go || (par && par > name && is_ident((unsigned char)par[-1]))) &&
                name[0] != '<')
                done = fold(&g, name, n, out);
        }
    }
    if (!done) {
        out->len = base;
        buf_append(out, name, n);
        tail = 0;
    }
    buf_append(out, name + n, len - n);
    return tail;
}

/* ---- the cache ---- */

struct entry {
    uint32_t off, len, tail; /* off UINT32_MAX: not made yet */
};

struct names {
    bool ascii;
    const struct strtab *st;
    struct entry *v;
    size_t cap;
    struct buf bytes;
};

struct names *names_new(bool ascii)
{
    struct names *n = xcalloc(1, sizeof(*n));
    n->ascii = ascii;
    return n;
}

void names_free(struct names *n)
{
    if (!n)
        return;
    free(n->v);
    buf_fini(&n->bytes);
    free(n);
}

static void reset(struct names *n, const struct strtab *st)
{
    n->st = st;
    n->bytes.len = 0;
    for (size_t i = 0; i < n->cap; i++)
        n->v[i].off = UINT32_MAX;
}

const char *names_get(struct names *n, const struct strtab *st, uint32_t id, size_t *len,
                      size_t *tail)
{
    if (st != n->st)
        reset(n, st);
    if (id >= n->cap) {
        size_t old = n->cap;
        FT_GROW(n->v, n->cap, (size_t)id + 1);
        for (size_t i = old; i < n->cap; i++)
            n->v[i].off = UINT32_MAX;
    }
    struct entry *e = &n->v[id];
    if (e->off == UINT32_MAX) {
        size_t nl;
        const char *name = strtab_get(st, id, &nl);
        if (nl > MAX_SHORTEN) {   /* left as it is (names_shorten would copy it) */
            *len = nl;
            if (tail)
                *tail = 0;
            return name;
        }
        if (n->bytes.len > UINT32_MAX / 2 || nl > UINT32_MAX / 4) {
            /* a cache of gigabytes: start again (names are made again on demand) */
            reset(n, st);
        }
        size_t off = n->bytes.len;
        size_t t = names_shorten(name, nl, n->ascii, &n->bytes);
        e->off = (uint32_t)off;
        e->len = (uint32_t)(n->bytes.len - off);
        e->tail = (uint32_t)t;
        buf_putc(&n->bytes, '\0');
    }
    *len = e->len;
    if (tail)
        *tail = e->tail;
    return n->bytes.p + e->off;
}

/* Whether a line may break after s[i] (s[i + 1], when there, follows it). */
static bool break_after(const char *s, size_t n, size_t i)
{
    char c = s[i];
    if (c == ':')   /* after "::", never between its two colons */
        return i > 0 && s[i - 1] == ':' && (i + 1 >= n || s[i + 1] != ':');
    return c == ' ' || c == '<' || c == ',' || c == '.' || c == '/';
}

void names_wrap(struct buf *out, const char *s, size_t n, int cols, int hang)
{
    if (cols <= hang)
        hang = 0;
    if (cols <= 0)
        cols = 1;
    size_t pos = 0;
    bool first = true;
    do {
        int room = first ? cols : cols - hang, col = 0;
        size_t i = pos, cut = 0;
        while (i < n) {
            size_t k = 1;
            while (i + k < n && ((unsigned char)s[i + k] & 0xc0) == 0x80)
                k++;
            int w = label_width(s + i, k, LABEL_AUTO);
            if (col + w > room)
                break;
            col += w;
            i += k;
            if (i < n && break_after(s, n, i - 1))
                cut = i;
        }
        size_t end = i >= n ? n : cut > pos ? cut : i;
        if (end == pos && pos < n) {   /* not even one character fits: it goes on a line alone */
            end++;
            while (end < n && ((unsigned char)s[end] & 0xc0) == 0x80)
                end++;
        }
        if (!first)
            for (int h = 0; h < hang; h++)
                buf_putc(out, ' ');
        buf_append(out, s + pos, end - pos);   /* a space at a break ends its line */
        buf_putc(out, '\n');
        pos = end;
        first = false;
    } while (pos < n);
}
