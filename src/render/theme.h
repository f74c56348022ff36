/* SPDX-License-Identifier: MIT */
/* flametui - theme.h: colours as data. flamegraph.pl's palettes, a name -> palette slot
 * hash that is stable across runs and places, RGB -> xterm-256 / 8-colour mapping, and
 * per-style {fg, bg, attrs} tables for colour and monochrome. PURE: no curses types;
 * tui.c turns these into init_pair()/init_extended_pair() and attributes.
 *
 * A slot (theme_slot) depends on the name only: 4 bits of flamegraph.pl's namehash of
 * the name, 4 bits of the namehash of the reversed name, flags for the name kinds the
 * java/js/perl/kind palettes look at (_[j], _[k], [kernel.kallsyms], ::, /...), and 11
 * bits of a hash of the whole name (THEME_SPREAD_BITS). theme_rgb(palette, slot) applies
 * flamegraph.pl's color() formulas to the namehash bits (its --hash colours: few for
 * names that share their first and last characters); theme_rgb_spread(), what the
 * viewer paints, applies them to the whole-name bits, one value per channel. Either way
 * one name has one colour per palette, everywhere and in every run. */
#ifndef FLAMETUI_THEME_H
#define FLAMETUI_THEME_H
#include <stdbool.h>
#include <stddef.h>

enum palette {
    PALETTE_HOT,   /* default */
    PALETTE_MEM,
    PALETTE_IO,
    PALETTE_WAKEUP,
    PALETTE_JAVA,
    PALETTE_JS,
    PALETTE_PERL,
    PALETTE_RED,
    PALETTE_GREEN,
    PALETTE_BLUE,
    PALETTE_AQUA,
    PALETTE_YELLOW,
    PALETTE_PURPLE,
    PALETTE_ORANGE,
    PALETTE_KIND,  /* by frame kind: kernel orange, JIT green, inlined aqua, user red */
    PALETTE_COUNT
};

/* --colors=NAME: 0 with *out set, or -1 for an unknown name. NULL means hot. */
int theme_palette_parse(const char *name, enum palette *out);
const char *theme_palette_name(enum palette p);

#define THEME_HASH_COLORS 256u   /* slot & 0xff: the two 4-bit hash levels */
#define THEME_SPREAD_SHIFT 20     /* slot bits 20..30: 11 bits of a hash of the whole name */
#define THEME_SPREAD_BITS 0x7ff00000u
/* Palette slot of a frame name (raw bytes). Same bytes -> same slot. */
unsigned theme_slot(const char *name, size_t len);

struct rgb {
    unsigned char r, g, b;
};
/* flamegraph.pl's color() for a flat palette p (hot, mem, io and the single colours;
 * black for the multi palettes, which name resolves to a flat one first): each channel's
 * range, at the values v1, v2, v3 in [0, 1) (flamegraph.pl's three random numbers); w is
 * the value of the second channel of the single colours (flamegraph.pl: v1). The viewer
 * (theme_rgb) and the SVG (svg_name_rgb) both paint with it. */
struct rgb theme_palette_rgb(enum palette p, double v1, double v2, double v3, double w);
/* The flat palette a multi palette (java, js, perl, wakeup, kind) gives the name
 * name[0..len), by flamegraph.pl's color() rules (kind: kernel orange, JIT green, inlined
 * aqua, user red); a flat palette is itself. The one place these rules live: the viewer
 * and the SVG both resolve through it. */
enum palette theme_resolve(enum palette p, const char *name, size_t len);
struct rgb theme_rgb(enum palette p, unsigned slot);
/* The colour the viewer paints: the same palette formulas as theme_rgb (the channel
 * ranges of flamegraph.pl's palettes), but with each channel's value taken from its own
 * bits of a hash of the whole name (THEME_SPREAD_BITS of the slot), as flamegraph.pl's
 * default (random) mode varies every channel independently. Names that share a prefix
 * or an ending (std::...) still get colours apart; the same name keeps its colour. */
struct rgb theme_rgb_spread(enum palette p, unsigned slot);
/* An alternative shade of c for a frame whose neighbour on the same row got the same
 * colour: darker, or lighter when c is dark. mode 256: the result maps to another
 * xterm-256 index than c (theme_rgb_to_256); 0: at least 40 levels away in all. (8/16
 * colours: theme_slot_to_8 with alt.) */
struct rgb theme_rgb_alt(struct rgb c, int mode);

/* The basic colour (8/16-colour terminals) of a frame: theme_rgb_to_8 of its spread
 * colour, except in the kind palette, where each kind has its own basic colour (kernel
 * yellow, JIT green, inlined cyan, user red: orange and red alone would often meet in
 * red). alt: the sibling alternative, another colour than the one without alt (the
 * nearest of red, green, yellow, cyan, white). */
int theme_slot_to_8(enum palette p, unsigned slot, bool alt);
/* The same on 16 colours (theme_rgb_to_16; the kind palette: bright yellow, green, cyan,
 * red). */
int theme_slot_to_16(enum palette p, unsigned slot, bool alt);

/* Frame kinds, as perf and flamegraph.pl --colors=java/js tell them from the name. */
enum frame_kind { KIND_USER, KIND_KERNEL, KIND_JIT, KIND_INLINED };
/* Kernel: ends with "_[k]" or contains "[kernel.kallsyms]"; JIT "_[j]"; inlined "_[i]". */
enum frame_kind theme_kind(const char *name, size_t len);
const char *theme_kind_name(enum frame_kind k);  /* "user", "kernel", "jit", "inlined" */
/* Nearest xterm-256 colour index (16..255: the 6x6x6 cube or the grey ramp). */
int theme_rgb_to_256(struct rgb c);
/* Nearest of the 8 basic colours (THEME_BLACK..THEME_WHITE, ANSI order). */
int theme_rgb_to_8(struct rgb c);

/* The selection's colour, reserved: no frame of any palette or diff ever gets it.
 * 8 and 16 colours: blue (frames never use blue, bright blue or magenta, matches are
 * magenta); 256: cube index THEME_SELECT_256; truecolor: THEME_SELECT_RGB. The
 * theme_frame_* functions give a frame colour on each depth and never the reserved one;
 * STYLE_SELECTED / STYLE_SELECTED_MATCH paint with it (bg THEME_SELECT), and so can any
 * screen that marks "the selected thing" (use_style(STYLE_SELECTED) in tui_draw.c). */
#define THEME_SELECT_256 26
#define THEME_SELECT_RGB_R 0
#define THEME_SELECT_RGB_G 95
#define THEME_SELECT_RGB_B 215
struct rgb theme_select_rgb(void);
/* A frame colour c on 256 colours: theme_rgb_to_256, never THEME_SELECT_256. */
int theme_frame_256(struct rgb c);
/* A frame colour on truecolor: c, never the selection's. */
struct rgb theme_frame_direct(struct rgb c);
/* A frame colour on 16 colours (0..15, 8..15 the bright set: SGR 90-97/100-107): the
 * nearest of red, green, yellow, cyan, white, grey and their bright forms; never black,
 * blue, magenta (the selection's and the matches' colours). */
int theme_rgb_to_16(struct rgb c);
/* The RGB of an xterm-256 index 16..255 (cube or grey ramp). */
struct rgb theme_256_rgb(int i);
/* The RGB xterm shows for a basic colour 0..15 (its default palette). */
struct rgb theme_basic_rgb(int c);
/* WCAG 2 contrast ratio of two colours (1..21). */
double theme_contrast(struct rgb a, struct rgb b);
/* The label colour on a frame of colour bg: THEME_BLACK, or THEME_WHITE when black would
 * read at less than 4.5:1 (dark reds, blues); with white at 255 (bright white, bright
 * true: 16 colours and more) or xterm's 229 (8 colours), the contrast is >= 4.5:1. */
int theme_label_fg(struct rgb bg, bool bright);

/* Basic colours (ANSI / curses COLOR_* order) and two special values. */
enum {
    THEME_BLACK, THEME_RED, THEME_GREEN, THEME_YELLOW,
    THEME_BLUE, THEME_MAGENTA, THEME_CYAN, THEME_WHITE,
    THEME_DEFAULT = -1,   /* the terminal's default colour (use_default_colors) */
    THEME_FRAME = -2,     /* the frame's palette colour: theme_rgb(palette, rect.color) */
    THEME_SELECT = -3,    /* the reserved selection colour (theme_select_rgb) */
    THEME_LABEL = -4,     /* black or white, whichever reads on the background */
};
enum theme_attr {
    THEME_A_NORMAL = 0,
    THEME_A_BOLD = 1 << 0,
    THEME_A_REVERSE = 1 << 1,
    THEME_A_UNDERLINE = 1 << 2,
    THEME_A_DIM = 1 << 3,
};

/* UI elements. Frames: pick with theme_frame_style(rect.flags). */
enum style {
    STYLE_FRAME,           /* an ordinary frame */
    STYLE_ANCESTOR,        /* ancestor of the zoom root (full-width bar) */
    STYLE_MATCH,           /* frame whose name matches the search */
    STYLE_SELECTED,        /* the selected frame */
    STYLE_SELECTED_MATCH,  /* selected and matching */
    STYLE_EMPTY,           /* graph area without a frame */
    STYLE_TITLE,           /* title line */
    STYLE_STATUS,          /* status line */
    STYLE_PROMPT,          /* search / filter prompt */
    STYLE_HELP,            /* help screen text */
    STYLE_HELP_KEY,        /* key names on the help screen */
    STYLE_ERROR,           /* error message in the status line */
    STYLE_LIVE,            /* LIVE / PAUSED / EOF marker */
    STYLE_MERGED,          /* frames narrower than a cell, merged (a dim '+' run) */
    STYLE_MERGED_MATCH,    /* the same with a search match among or below them */
    STYLE_COUNT
};

struct theme_style {
    int fg, bg;        /* THEME_BLACK..THEME_WHITE, THEME_DEFAULT or THEME_FRAME */
    unsigned attrs;    /* enum theme_attr bits */
};
/* The style of element s in colour (mono false) or monochrome (mono true: fg and bg are
 * always THEME_DEFAULT; frames, ancestors, matches and the selection still differ by
 * reverse/bold/underline/dim). Never NULL for s < STYLE_COUNT. */
const struct theme_style *theme_style(enum style s, bool mono);
/* Frame style from layout's rect flags (RECT_SELECTED=1, RECT_MATCH=2, RECT_ANCESTOR=4,
 * RECT_MERGED=8). */
enum style theme_frame_style(unsigned rect_flags);
/* Name of a style, for debugging and tests ("frame", "selected"...). */
const char *theme_style_name(enum style s);
#endif
