/* SPDX-License-Identifier: MIT */
/* flametui - theme.c: palettes, name hash, colour mapping, style tables (see theme.h). */
#include "config.h"

#include "render/theme.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const palette_names[PALETTE_COUNT] = {
    "hot", "mem", "io", "wakeup", "java", "js", "perl", "red",
    "green", "blue", "aqua", "yellow", "purple", "orange", "kind",
};

int theme_palette_parse(const char *name, enum palette *out)
{
    if (!name) {
        *out = PALETTE_HOT;
        return 0;
    }
    for (int i = 0; i < PALETTE_COUNT; i++) {
        if (strcmp(name, palette_names[i]) == 0) {
            *out = (enum palette)i;
            return 0;
        }
    }
    return -1;
}

const char *theme_palette_name(enum palette p)
{
    return (unsigned)p < PALETTE_COUNT ? palette_names[p] : "?";
}

/* Name-kind flags stored above the 8 hash bits of a slot. */
enum {
    K_JIT_END = 1 << 8,    /* _[j]$ */
    K_INL_END = 1 << 9,    /* _[i]$ */
    K_JAVA = 1 << 10,      /* ^L?(java|javax|jdk|net|org|com|io|sun)/ or ::: */
    K_CPP = 1 << 11,       /* :: */
    K_KERN_END = 1 << 12,  /* _[k]$ */
    K_KERN = 1 << 13,      /* _[k] anywhere */
    K_PERL = 1 << 14,      /* Perl or .pl */
    K_SLASH = 1 << 15,     /* / */
    K_JSPATH = 1 << 16,    /* /.*\.js */
    K_COLON = 1 << 17,     /* : */
    K_SPACE = 1 << 18,     /* the name is " " (missing symbol) */
    K_KDSO = 1 << 19,      /* [kernel.kallsyms] anywhere (perf's kernel DSO) */
};
_Static_assert(K_KDSO < (1u << THEME_SPREAD_SHIFT), "kind flags overlap the spread bits");

/* flamegraph.pl's namehash(): a vector hash weighting the first 3 characters, after
 * dropping a leading "module`" prefix; in [0, 1]. rev: hash the reversed name. */
static double namehash(const unsigned char *p, size_t n, int rev)
{
#define AT(i) (rev ? p[n - 1 - (i)] : p[(i)])
    size_t start = 0;
    for (size_t i = 1; i < n; i++) {   /* s/.(.*?)`// */
        if (AT(i) == '`') {
            start = i + 1;
            break;
        }
    }
    double vector = 0, weight = 1, max = 1;
    int mod = 10;
    for (size_t i = start; i < n; i++) {
        int c = AT(i) % mod;
        vector += ((double)c / (mod++ - 1)) * weight;
        max += weight;
        weight *= 0.70;
        if (mod > 12)
            break;
    }
#undef AT
    return 1 - vector / max;
}

static unsigned quant(double v)
{
    int q = (int)(v * 16);
    return q < 0 ? 0 : q > 15 ? 15 : (unsigned)q;
}

static int has(const char *p, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(p + i, needle, k) == 0)
            return 1;
    return 0;
}

static int ends(const char *p, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    return n >= k && memcmp(p + n - k, suffix, k) == 0;
}

static unsigned kinds(const char *p, size_t n)
{
    unsigned k = 0;
    if (ends(p, n, "_[j]"))
        k |= K_JIT_END;
    if (ends(p, n, "_[i]"))
        k |= K_INL_END;
    if (ends(p, n, "_[k]"))
        k |= K_KERN_END;
    if (has(p, n, "_[k]"))
        k |= K_KERN;
    const char *q = p;
    size_t m = n;
    if (m > 0 && q[0] == 'L')
        q++, m--;
    static const char *const java[] = {"java/", "javax/", "jdk/", "net/", "org/",
                                       "com/",  "io/",    "sun/"};
    for (size_t i = 0; i < sizeof(java) / sizeof(java[0]); i++)
        if (m >= strlen(java[i]) && memcmp(q, java[i], strlen(java[i])) == 0)
            k |= K_JAVA;
    if (has(p, n, ":::"))   /* flamegraph.pl: a Java frame in its ":::" form */
        k |= K_JAVA;
    if (has(p, n, "::"))
        k |= K_CPP;
    if (has(p, n, "Perl") || has(p, n, ".pl"))
        k |= K_PERL;
    const char *slash = memchr(p, '/', n);
    if (slash) {
        k |= K_SLASH;
        if (has(slash, n - (size_t)(slash - p), ".js"))
            k |= K_JSPATH;
    }
    if (memchr(p, ':', n))
        k |= K_COLON;
    if (n == 1 && p[0] == ' ')
        k |= K_SPACE;
    if (has(p, n, "[kernel.kallsyms]"))
        k |= K_KDSO;
    return k;
}

/* 11 bits of a hash of every byte of the name (FNV-1a, then a murmur3 finaliser). */
static unsigned spread_hash(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h >> 21;
}

enum frame_kind theme_kind(const char *name, size_t len)
{
    unsigned k = kinds(name, len);
    if (k & (K_KERN_END | K_KDSO))
        return KIND_KERNEL;
    if (k & K_JIT_END)
        return KIND_JIT;
    if (k & K_INL_END)
        return KIND_INLINED;
    return KIND_USER;
}

const char *theme_kind_name(enum frame_kind k)
{
    static const char *const names[] = {"user", "kernel", "jit", "inlined"};
    return (unsigned)k < 4 ? names[k] : "?";
}

unsigned theme_slot(const char *name, size_t len)
{
    const unsigned char *p = (const unsigned char *)name;
    unsigned v1 = quant(namehash(p, len, 0));
    unsigned v2 = quant(namehash(p, len, 1));
    return spread_hash(p, len) << THEME_SPREAD_SHIFT | kinds(name, len) | v2 << 4 | v1;
}

static enum palette java_flat(unsigned k)
{
    if (k & K_JIT_END)
        return PALETTE_GREEN;
    if (k & K_INL_END)
        return PALETTE_AQUA;
    if (k & K_JAVA)
        return PALETTE_GREEN;
    if (k & K_CPP)
        return PALETTE_YELLOW;
    return k & K_KERN_END ? PALETTE_ORANGE : PALETTE_RED;
}

static enum palette perl_flat(unsigned k)
{
    if (k & K_CPP)
        return PALETTE_YELLOW;
    if (k & K_PERL)
        return PALETTE_GREEN;
    return k & K_KERN_END ? PALETTE_ORANGE : PALETTE_RED;
}

static enum palette js_flat(unsigned k)
{
    if (k & K_JIT_END)
        return (k & K_SLASH) ? PALETTE_GREEN : PALETTE_AQUA;
    if (k & K_CPP)
        return PALETTE_YELLOW;
    if (k & K_JSPATH)
        return PALETTE_GREEN;
    if (k & K_COLON)
        return PALETTE_AQUA;
    if (k & K_SPACE)
        return PALETTE_GREEN;
    return k & K_KERN ? PALETTE_ORANGE : PALETTE_RED;
}

static enum palette kind_flat(unsigned k)
{
    if (k & (K_KERN_END | K_KDSO))
        return PALETTE_ORANGE;
    if (k & K_JIT_END)
        return PALETTE_GREEN;
    return k & K_INL_END ? PALETTE_AQUA : PALETTE_RED;
}

/* The palette a multi palette falls through to, as flamegraph.pl's color() decides. */
static enum palette resolve(enum palette p, unsigned k)
{
    switch (p) {
    case PALETTE_WAKEUP: return PALETTE_AQUA;
    case PALETTE_JAVA: return java_flat(k);
    case PALETTE_PERL: return perl_flat(k);
    case PALETTE_JS: return js_flat(k);
    case PALETTE_KIND: return kind_flat(k);
    default: return p;
    }
}

enum palette theme_resolve(enum palette p, const char *name, size_t len)
{
    return resolve(p, kinds(name, len));
}

static struct rgb mk(int r, int g, int b)
{
    struct rgb c = {(unsigned char)r, (unsigned char)g, (unsigned char)b};
    return c;
}

struct rgb theme_palette_rgb(enum palette p, double v1, double v2, double v3, double w)
{
    switch (p) {
    case PALETTE_HOT:
        return mk(205 + (int)(50 * v3), (int)(230 * v1), (int)(55 * v2));
    case PALETTE_MEM:
        return mk(0, 190 + (int)(50 * v2), (int)(210 * v1));
    case PALETTE_IO: {
        int r = 80 + (int)(60 * v1);
        return mk(r, r, 190 + (int)(55 * v2));
    }
    case PALETTE_RED: {
        int x = 50 + (int)(80 * w);
        return mk(200 + (int)(55 * v1), x, x);
    }
    case PALETTE_GREEN: {
        int x = 50 + (int)(60 * w);
        return mk(x, 200 + (int)(55 * v1), x);
    }
    case PALETTE_BLUE: {
        int x = 80 + (int)(60 * w);
        return mk(x, x, 205 + (int)(50 * v1));
    }
    case PALETTE_YELLOW: {
        int x = 175 + (int)(55 * v1);
        return mk(x, x, 50 + (int)(20 * w));
    }
    case PALETTE_PURPLE: {
        int x = 190 + (int)(65 * v1);
        return mk(x, 80 + (int)(60 * w), x);
    }
    case PALETTE_AQUA:
        return mk(50 + (int)(60 * w), 165 + (int)(55 * v1), 165 + (int)(55 * v1));
    case PALETTE_ORANGE:
        return mk(190 + (int)(65 * v1), 90 + (int)(65 * w), 0);
    default:
        return mk(0, 0, 0);
    }
}

struct rgb theme_rgb(enum palette p, unsigned slot)
{
    /* Bucket centres stand for flamegraph.pl's continuous hash values. */
    double v1 = ((slot & 15) + 0.5) / 16;
    double v2 = (((slot >> 4) & 15) + 0.5) / 16;
    return theme_palette_rgb(resolve(p, slot), v1, v2, v2, v1);
}

struct rgb theme_rgb_spread(enum palette p, unsigned slot)
{
    unsigned h = (slot & THEME_SPREAD_BITS) >> THEME_SPREAD_SHIFT;
    double v1 = ((h & 15) + 0.5) / 16;
    double v2 = (((h >> 4) & 15) + 0.5) / 16;
    double v3 = (((h >> 8) & 7) + 0.5) / 8;
    return theme_palette_rgb(resolve(p, slot), v1, v2, v3, v2);
}

static long dist2(int r1, int g1, int b1, int r2, int g2, int b2)
{
    long dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
    return dr * dr + dg * dg + db * db;
}

/* xterm's default colours 0..15. */
static const unsigned char basic16[16][3] = {
    {0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
    {0, 0, 238},     {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
    {127, 127, 127}, {255, 0, 0},   {0, 255, 0},   {255, 255, 0},
    {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
};

struct rgb theme_basic_rgb(int c)
{
    c = c < 0 ? 0 : c > 15 ? 15 : c;
    return mk(basic16[c][0], basic16[c][1], basic16[c][2]);
}

int theme_rgb_to_256(struct rgb c)
{
    static const int lv[6] = {0, 95, 135, 175, 215, 255};
    int idx[3];
    const int comp[3] = {c.r, c.g, c.b};
    for (int k = 0; k < 3; k++) {
        int best = 0;
        for (int i = 1; i < 6; i++)
            if (abs(comp[k] - lv[i]) < abs(comp[k] - lv[best]))
                best = i;
        idx[k] = best;
    }
    int cube = 16 + 36 * idx[0] + 6 * idx[1] + idx[2];
    long dc = dist2(c.r, c.g, c.b, lv[idx[0]], lv[idx[1]], lv[idx[2]]);
    int avg = (c.r + c.g + c.b) / 3;
    int gi = avg < 8 ? 0 : avg > 238 ? 23 : (avg - 8 + 5) / 10;
    int gv = 8 + 10 * gi;
    long dg = dist2(c.r, c.g, c.b, gv, gv, gv);
    return dg < dc ? 232 + gi : cube;
}

struct rgb theme_256_rgb(int i)
{
    static const int lv[6] = {0, 95, 135, 175, 215, 255};
    if (i >= 232 && i <= 255)
        return mk(8 + 10 * (i - 232), 8 + 10 * (i - 232), 8 + 10 * (i - 232));
    if (i < 16 || i > 231)
        return theme_basic_rgb(i);
    i -= 16;
    return mk(lv[i / 36], lv[i / 6 % 6], lv[i % 6]);
}

int theme_rgb_to_8(struct rgb c)
{
    /* xterm's default basic colours. */
    static const unsigned char basic[8][3] = {
        {0, 0, 0},   {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
        {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
    };
    int best = 0;
    long bd = -1;
    for (int i = 0; i < 8; i++) {
        long d = dist2(c.r, c.g, c.b, basic[i][0], basic[i][1], basic[i][2]);
        if (bd < 0 || d < bd)
            best = i, bd = d;
    }
    return best;
}

static int scale(int v, double f)
{
    double x = v * f;
    return x > 255 ? 255 : x < 0 ? 0 : (int)x;
}

struct rgb theme_rgb_alt(struct rgb c, int mode)
{
    static const double darker[] = {0.78, 0.62, 0.45}, lighter[] = {1.3, 1.6, 2.0};
    int mx = c.r > c.g ? (c.r > c.b ? c.r : c.b) : (c.g > c.b ? c.g : c.b);
    const double *f = mx >= 110 ? darker : lighter;
    struct rgb a = c;
    for (int i = 0; i < 3; i++) {
        a = mk(scale(c.r, f[i]), scale(c.g, f[i]), scale(c.b, f[i]));
        if (mode == 256 ? theme_rgb_to_256(a) != theme_rgb_to_256(c)
                        : abs(a.r - c.r) + abs(a.g - c.g) + abs(a.b - c.b) >= 40)
            return a;
    }
    /* nothing nearby maps elsewhere: the grey of the other half of the range */
    int v = mx >= 128 ? 88 : 208;
    return mk(v, v, v);
}

/* The nearest of the colours in set[0..n) (indexes into basic16), except not. */
static int nearest_of(struct rgb c, const int *set, int n, int not)
{
    int best = -1;
    long bd = -1;
    for (int i = 0; i < n; i++) {
        const unsigned char *v = basic16[set[i]];
        long d = dist2(c.r, c.g, c.b, v[0], v[1], v[2]);
        if (set[i] != not && (bd < 0 || d < bd))
            best = set[i], bd = d;
    }
    return best;
}

/* The colours frames may take on 8 and 16 colours: not black, blue (the selection),
 * magenta (matches), nor their bright forms (nor grey, the bright form of black). */
static const int frame8[] = {THEME_RED, THEME_GREEN, THEME_YELLOW, THEME_CYAN, THEME_WHITE};
static const int frame16[] = {1, 2, 3, 6, 7, 9, 10, 11, 14, 15};

static int kind_basic(unsigned slot)
{
    if (slot & (K_KERN_END | K_KDSO))
        return THEME_YELLOW;
    if (slot & K_JIT_END)
        return THEME_GREEN;
    return slot & K_INL_END ? THEME_CYAN : THEME_RED;
}

int theme_slot_to_8(enum palette p, unsigned slot, bool alt)
{
    struct rgb c = theme_rgb_spread(p, slot);
    int base = p == PALETTE_KIND ? kind_basic(slot) : nearest_of(c, frame8, 5, -1);
    return alt ? nearest_of(c, frame8, 5, base) : base;
}

int theme_rgb_to_16(struct rgb c)
{
    return nearest_of(c, frame16, (int)(sizeof(frame16) / sizeof(frame16[0])), -1);
}

int theme_slot_to_16(enum palette p, unsigned slot, bool alt)
{
    int base = p == PALETTE_KIND ? kind_basic(slot) : theme_rgb_to_16(theme_rgb_spread(p, slot));
    return alt ? base ^ 8 : base;   /* the twin in the other brightness */
}

struct rgb theme_select_rgb(void)
{
    return mk(THEME_SELECT_RGB_R, THEME_SELECT_RGB_G, THEME_SELECT_RGB_B);
}

int theme_frame_256(struct rgb c)
{
    int i = theme_rgb_to_256(c);
    return i == THEME_SELECT_256 ? THEME_SELECT_256 - 1 : i;
}

struct rgb theme_frame_direct(struct rgb c)
{
    struct rgb s = theme_select_rgb();
    if (c.r == s.r && c.g == s.g && c.b == s.b)
        c.b = (unsigned char)(c.b - 40);
    return c;
}

static double linear(unsigned char v)
{
    double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double luminance(struct rgb c)
{
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double theme_contrast(struct rgb a, struct rgb b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

int theme_label_fg(struct rgb bg, bool bright)
{
    struct rgb white = theme_basic_rgb(bright ? 15 : THEME_WHITE);
    return theme_contrast(bg, mk(0, 0, 0)) >= theme_contrast(bg, white) ? THEME_BLACK
                                                                          : THEME_WHITE;
}

#define A_B THEME_A_BOLD
#define A_R THEME_A_REVERSE
#define A_U THEME_A_UNDERLINE
#define A_D THEME_A_DIM
#define DEF THEME_DEFAULT

static const struct theme_style colour_styles[STYLE_COUNT] = {
    [STYLE_FRAME] = {THEME_LABEL, THEME_FRAME, 0},
    [STYLE_ANCESTOR] = {THEME_LABEL, THEME_FRAME, A_D},
    [STYLE_MATCH] = {THEME_BLACK, THEME_MAGENTA, A_B},   /* flamegraph.pl: rgb(230,0,230) */
    [STYLE_SELECTED] = {THEME_WHITE, THEME_SELECT, A_B},
    [STYLE_SELECTED_MATCH] = {THEME_YELLOW, THEME_SELECT, A_B | A_U},
    [STYLE_EMPTY] = {DEF, DEF, 0},
    [STYLE_TITLE] = {DEF, DEF, A_B | A_R},   /* not blue: the selection's */
    [STYLE_STATUS] = {THEME_BLACK, THEME_WHITE, 0},
    [STYLE_PROMPT] = {THEME_YELLOW, DEF, A_B},
    [STYLE_HELP] = {DEF, DEF, 0},
    [STYLE_HELP_KEY] = {THEME_YELLOW, DEF, A_B},
    [STYLE_ERROR] = {THEME_WHITE, THEME_RED, A_B},
    [STYLE_LIVE] = {THEME_BLACK, THEME_GREEN, A_B},
    [STYLE_MERGED] = {DEF, DEF, A_D},
    [STYLE_MERGED_MATCH] = {THEME_BLACK, THEME_MAGENTA, A_B},
};

/* Monochrome: frames are reverse video (edges come from the "[...]" brackets), the
 * selection is the one frame that is not reversed, matches add bold+underline. */
static const struct theme_style mono_styles[STYLE_COUNT] = {
    [STYLE_FRAME] = {DEF, DEF, A_R},
    [STYLE_ANCESTOR] = {DEF, DEF, A_R | A_D},
    [STYLE_MATCH] = {DEF, DEF, A_R | A_B | A_U},
    [STYLE_SELECTED] = {DEF, DEF, A_B},
    [STYLE_SELECTED_MATCH] = {DEF, DEF, A_B | A_U},
    [STYLE_EMPTY] = {DEF, DEF, 0},
    [STYLE_TITLE] = {DEF, DEF, A_B | A_R},
    [STYLE_STATUS] = {DEF, DEF, A_R},
    [STYLE_PROMPT] = {DEF, DEF, A_B},
    [STYLE_HELP] = {DEF, DEF, 0},
    [STYLE_HELP_KEY] = {DEF, DEF, A_B},
    [STYLE_ERROR] = {DEF, DEF, A_B | A_U},
    [STYLE_LIVE] = {DEF, DEF, A_B},
    [STYLE_MERGED] = {DEF, DEF, A_D},
    [STYLE_MERGED_MATCH] = {DEF, DEF, A_R | A_B},
};

const struct theme_style *theme_style(enum style s, bool mono)
{
    if ((unsigned)s >= STYLE_COUNT)
        s = STYLE_EMPTY;
    return mono ? &mono_styles[s] : &colour_styles[s];
}

enum style theme_frame_style(unsigned rect_flags)
{
    unsigned sel = rect_flags & 1u, match = rect_flags & 2u, anc = rect_flags & 4u;
    if (rect_flags & 8u)
        return match ? STYLE_MERGED_MATCH : STYLE_MERGED;
    if (sel)
        return match ? STYLE_SELECTED_MATCH : STYLE_SELECTED;
    if (match)
        return STYLE_MATCH;
    return anc ? STYLE_ANCESTOR : STYLE_FRAME;
}

const char *theme_style_name(enum style s)
{
    static const char *const names[STYLE_COUNT] = {
        "frame", "ancestor", "match", "selected", "selected-match", "empty", "title",
        "status", "prompt", "help", "help-key", "error", "live", "merged", "merged-match",
    };
    return (unsigned)s < STYLE_COUNT ? names[s] : "?";
}
