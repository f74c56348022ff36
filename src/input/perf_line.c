/* SPDX-License-Identifier: MIT */
/* flametui - perf_line.c: see perf_line.h. Each regex of stackcollapse-perf.pl is matched
 * by hand, with the same backtracking outcome (which capture wins), in linear time;
 * "rule N" refers to the list in ../shared/corpus/README.md. */
#include "config.h"

#include "input/perf_line.h"

#include <stdint.h>
#include <string.h>

#define C_SPACE PERF_C_SPACE
#define C_DIGIT PERF_C_DIGIT
#define C_WORD PERF_C_WORD
#define C_HEX PERF_C_HEX
#define IS_SPACE(c) perf_is_space(c)
#define IS_DIGIT(c) perf_is_digit(c)
#define IS_WORD(c) perf_is_word(c)
#define ctype perf_ctype

/* Perl's \s, \d, \w (ASCII rules: the script reads bytes), and [\da-f] */
const unsigned char perf_ctype[256] = {
    ['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE, ['\r'] = C_SPACE,
    [' '] = C_SPACE, ['0'] = C_DIGIT | C_WORD | C_HEX, ['1'] = C_DIGIT | C_WORD | C_HEX,
    ['2'] = C_DIGIT | C_WORD | C_HEX, ['3'] = C_DIGIT | C_WORD | C_HEX,
    ['4'] = C_DIGIT | C_WORD | C_HEX, ['5'] = C_DIGIT | C_WORD | C_HEX,
    ['6'] = C_DIGIT | C_WORD | C_HEX, ['7'] = C_DIGIT | C_WORD | C_HEX,
    ['8'] = C_DIGIT | C_WORD | C_HEX, ['9'] = C_DIGIT | C_WORD | C_HEX, ['A'] = C_WORD,
    ['B'] = C_WORD, ['C'] = C_WORD, ['D'] = C_WORD, ['E'] = C_WORD, ['F'] = C_WORD,
    ['G'] = C_WORD, ['H'] = C_WORD, ['I'] = C_WORD, ['J'] = C_WORD, ['K'] = C_WORD,
    ['L'] = C_WORD, ['M'] = C_WORD, ['N'] = C_WORD, ['O'] = C_WORD, ['P'] = C_WORD,
    ['Q'] = C_WORD, ['R'] = C_WORD, ['S'] = C_WORD, ['T'] = C_WORD, ['U'] = C_WORD,
    ['V'] = C_WORD, ['W'] = C_WORD, ['X'] = C_WORD, ['Y'] = C_WORD, ['Z'] = C_WORD,
    ['_'] = C_WORD, ['a'] = C_WORD | C_HEX, ['b'] = C_WORD | C_HEX, ['c'] = C_WORD | C_HEX,
    ['d'] = C_WORD | C_HEX, ['e'] = C_WORD | C_HEX, ['f'] = C_WORD | C_HEX, ['g'] = C_WORD,
    ['h'] = C_WORD, ['i'] = C_WORD, ['j'] = C_WORD, ['k'] = C_WORD, ['l'] = C_WORD,
    ['m'] = C_WORD, ['n'] = C_WORD, ['o'] = C_WORD, ['p'] = C_WORD, ['q'] = C_WORD,
    ['r'] = C_WORD, ['s'] = C_WORD, ['t'] = C_WORD, ['u'] = C_WORD, ['v'] = C_WORD,
    ['w'] = C_WORD, ['x'] = C_WORD, ['y'] = C_WORD, ['z'] = C_WORD
};

/* --- header: m{^(\S.+?)\s+(\d+)\/ *(\d+)*\s+} (read "\/ *" without the space) ------ */

bool perf_match_header(const char *s, size_t n, struct perf_header *h)
{
    if (n < 3 || IS_SPACE(s[0]))
        return false;
    size_t i = 2;
    while (i < n) {
        if (!IS_SPACE(s[i])) {
            i++;
            continue;
        }
        /* the lazy comm ends at this whitespace run or not at all inside it: every
         * position of the run reaches the same digits */
        size_t j = i;
        while (j < n && IS_SPACE(s[j]))
            j++;
        if (j < n && IS_DIGIT(s[j])) {
            size_t k = j;
            while (k < n && IS_DIGIT(s[k]))
                k++;
            if (k < n && IS_SPACE(s[k])) {
                *h = (struct perf_header){i, s + j, NULL, k - j, 0, k};
                return true;
            }
            if (k < n && s[k] == '/') {
                size_t m = k;
                while (m < n && s[m] == '/')
                    m++;
                size_t q = m;
                while (q < n && IS_DIGIT(s[q]))
                    q++;
                if (q < n && IS_SPACE(s[q])) {
                    *h = (struct perf_header){i, s + j, q > m ? s + m : NULL, k - j, q - m, q};
                    return true;
                }
            }
        }
        i = j;
    }
    return false;
}

/* /:\s*(\d+)*\s+(\S+):\s*$/ on the whole line: event name and period digits (may be
 * empty). The event is the last word, which must end in ':'; between it and the ':'
 * before it only blanks and one run of digits may appear. */
bool perf_match_event(const char *s, size_t n, const char **ev, size_t *evlen,
                        const char **per, size_t *perlen)
{
    size_t end = n;
    while (end > 0 && IS_SPACE(s[end - 1]))
        end--;
    if (end == 0 || s[end - 1] != ':')
        return false;
    size_t e = end - 1;
    size_t st = e;
    while (st > 0 && !IS_SPACE(s[st - 1]))
        st--;
    if (st == e || st == 0)
        return false;
    size_t q = st;
    while (q > 0 && IS_SPACE(s[q - 1]))
        q--;
    size_t dend = q;
    while (q > 0 && IS_DIGIT(s[q - 1]))
        q--;
    size_t dstart = q;
    while (q > 0 && IS_SPACE(s[q - 1]))
        q--;
    if (q == 0 || s[q - 1] != ':')
        return false;
    *ev = s + st;
    *evlen = e - st;
    *per = s + dstart;
    *perlen = dend - dstart;
    return true;
}

bool perf_match_oneline(const char *s, size_t n, struct perf_oneline *o)
{
    size_t i = 0;
    while (i < n && IS_SPACE(s[i]))
        i++;
    if (i == n || !perf_match_header(s + i, n - i, &o->h))
        return false;
    /* the event is the first ": "-ended token the event regex takes (the time's colon
     * has nothing before it); a few tries at most, so a hostile line stays linear */
    int tries = 0;
    for (size_t j = i + o->h.end; j + 1 < n && tries < 4; j++) {
        if (s[j] != ':' || !IS_SPACE(s[j + 1]))
            continue;
        tries++;
        if (!perf_match_event(s + i, j + 1 - i, &o->ev, &o->evlen, &o->per, &o->perlen))
            continue;
        o->skip = i;
        o->ev_end = j + 1;
        return perf_match_frame(s + j + 1, n - j - 1, &o->f);
    }
    return false;
}

/* "[cpu] 12345.678901:" after the pid/tid: the record's time, if there is one. */
unsigned perf_parse_time(const char *s, size_t n, size_t i, uint64_t *secp, uint64_t *fracp)
{
    while (i < n && IS_SPACE(s[i]))
        i++;
    if (i < n && s[i] == '[') {
        const char *c = memchr(s + i, ']', n - i);
        if (!c)
            return 0;
        i = (size_t)(c - s) + 1;
        while (i < n && IS_SPACE(s[i]))
            i++;
    }
    size_t st = i;
    uint64_t sec = 0, frac = 0;
    while (i < n && IS_DIGIT(s[i]) && i - st < 18)
        sec = sec * 10 + (uint64_t)(s[i++] - '0');
    if (i == st || i + 1 >= n || s[i] != '.')
        return 0;
    size_t fs = ++i;
    while (i < n && IS_DIGIT(s[i]) && i - fs < 18)
        frac = frac * 10 + (uint64_t)(s[i++] - '0');
    if (i > fs && i < n && s[i] == ':') {
        *secp = sec;
        *fracp = frac;
        return (unsigned)(i - fs);
    }
    return 0;
}

/* --- frame line: /^\s*(\w+)\s*(.+) \((.*)\)/ ----------------------------------------- */

bool perf_match_frame(const char *s, size_t n, struct perf_frame *f)
{
    size_t i = 0;
    while (i < n && IS_SPACE(s[i]))
        i++;
    if (i == n || !IS_WORD(s[i]))
        return false;
    size_t wend = i;
    while (wend < n && IS_WORD(s[wend]))
        wend++;
    size_t wsend = wend;
    while (wsend < n && IS_SPACE(s[wsend]))
        wsend++;
    const char *rp = memrchr(s, ')', n);
    if (!rp)
        return false;
    size_t L = (size_t)(rp - s);
    if (L < 2)
        return false;
    /* greedy (.+): the last " (" that still has the ')' after it */
    size_t a, lim = L;
    for (;;) {
        const char *q = memrchr(s, '(', lim);
        if (!q)
            return false;
        lim = (size_t)(q - s);
        if (lim >= 1 && s[lim - 1] == ' ') {
            a = lim - 1;
            break;
        }
    }
    /* (.+) starts where \s* ends, backtracking into the blanks and then into (\w+) */
    size_t st = wsend < a - 1 ? wsend : (a ? a - 1 : 0);
    if (a < 1 || st < i + 1)
        return false;
    f->pc = s + i;
    f->pc_len = (st < wend ? st : wend) - i;
    f->func = s + st;
    f->func_len = a - st;
    f->mod = s + a + 2;
    f->mod_len = L - (a + 2);
    return true;
}

bool perf_contains(const char *s, size_t n, const char *needle, size_t nl)
{
    return n >= nl && memmem(s, n, needle, nl) != NULL;
}

/* m:/tmp/perf-\d+\.map: anywhere in the module */
bool perf_is_jit_module(const char *m, size_t n)
{
    const char *end = m + n;
    while (m < end) {
        const char *hit = memmem(m, (size_t)(end - m), "/tmp/perf-", 10);
        if (!hit)
            return false;
        const char *q = hit + 10, *d = q;
        while (q < end && IS_DIGIT(*q))
            q++;
        if (q > d && end - q >= 4 && memcmp(q, ".map", 4) == 0)
            return true;
        m = hit + 1;
    }
    return false;
}

static inline uint64_t zero_byte(uint64_t v)
{
    return (v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull;
}

/* Index of the first ';', '"' or '\'' in s[0..n), or n; 8 bytes at a time. */
static size_t find_tidy_byte(const char *s, size_t n)
{
    const uint64_t semi = 0x0101010101010101ull * ';', dq = 0x0101010101010101ull * '"',
                   sq = 0x0101010101010101ull * '\'';
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (zero_byte(w ^ semi) | zero_byte(w ^ dq) | zero_byte(w ^ sq))
            break;
    }
    for (; i < n; i++)
        if (s[i] == ';' || s[i] == '"' || s[i] == '\'')
            return i;
    return n;
}

/* Tidies one part of a frame into a name: returns the bytes, in the scratch buffer when
 * anything had to change, else pointing into the input. */
const char *perf_tidy(struct buf *scratch, const char *s, size_t n, size_t *outlen)
{
    /* cut from the first '(' not followed by "anonymous namespace)", unless the name looks
     * like a Go method (rule 16) */
    const char *op = memchr(s, '(', n);
    if (op) {
        bool go = false;
        const char *dp = NULL, *end = s + n;
        for (const char *q = op; q; q = memchr(q + 1, '(', (size_t)(end - q - 1)))
            if (q > s && q[-1] == '.') {
                dp = q - 1;
                break;
            }
        if (dp) {
            for (const char *q = end - 2; q >= dp + 2; q--)
                if (q[0] == ')' && q[1] == '.') {
                    go = true;
                    break;
                }
        }
        if (!go) {
            for (; op; op = memchr(op + 1, '(', (size_t)(end - op - 1))) {
                if ((size_t)(end - op - 1) >= 20 && memcmp(op + 1, "anonymous namespace)", 20) == 0)
                    continue;
                n = (size_t)(op - s);
                break;
            }
        }
    }
    /* s/;/:/g and tr/"'//d */
    size_t i = find_tidy_byte(s, n);
    if (i == n) {
        *outlen = n;
        return s;
    }
    struct buf *b = scratch;
    b->len = 0;
    buf_reserve(b, n + 1);
    memcpy(b->p, s, i);
    size_t o = i;
    for (; i < n; i++) {
        char c = s[i];
        if (c == ';')
            b->p[o++] = ':';
        else if (c != '"' && c != '\'')
            b->p[o++] = c;
    }
    b->len = o;
    *outlen = o;
    return b->p;
}

/* Appends ":LOCATION" from a srcline line: s/\[.*?\]//g, trimmed (rule 22). */
void perf_append_srcline(struct buf *b, const char *s, size_t n)
{
    size_t start = b->len;
    buf_putc(b, ':');
    size_t i = 0;
    while (i < n) {
        if (s[i] == '[') {
            const char *close = memchr(s + i + 1, ']', n - i - 1);
            if (close) {
                i = (size_t)(close - s) + 1;
                continue;
            }
            buf_append(b, s + i, n - i);
            break;
        }
        buf_putc(b, s[i++]);
    }
    size_t a = start + 1, e = b->len;
    while (a < e && IS_SPACE(b->p[a]))
        a++;
    while (e > a && IS_SPACE(b->p[e - 1]))
        e--;
    if (a == e) {
        b->len = start;
        return;
    }
    memmove(b->p + start + 1, b->p + a, e - a);
    b->len = start + 1 + (e - a);
}

/* The function part after `s/\+0x[\da-f]+$//`; false when the frame is skipped. */
bool perf_frame_func(const struct perf_frame *f, size_t *len)
{
    const char *s = f->func;
    size_t n = f->func_len;
    size_t h = n;
    while (h > 0 && (ctype[(unsigned char)s[h - 1]] & C_HEX))
        h--;
    if (h < n && h >= 3 && s[h - 3] == '+' && s[h - 2] == '0' && s[h - 1] == 'x')
        n = h - 3;
    *len = n;
    return !(n && s[0] == '('); /* rule 14 */
}

size_t perf_count_parts(const char *s, size_t n)
{
    size_t c = 1;
    for (const char *q = s, *end = s + n; (q = memchr(q, '-', (size_t)(end - q))) != NULL; q++)
        if (q + 1 < end && q[1] == '>')
            c++;
    return c;
}
