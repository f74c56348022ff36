/* SPDX-License-Identifier: MIT */
/* flametui - app_impl.h: between the files of the app (app.c, nav.c, prompt.c, table.c,
 * screen_text.c) only. nav: selection, zoom, scroll and search moves in the graph
 * screens; prompt: the prompt overlay; table: the hottest-functions screen. */
#ifndef FLAMETUI_APP_IMPL_H
#define FLAMETUI_APP_IMPL_H
#include "ui/app.h"

/* nav.c */
void nav_path_set(struct name_path *p, const struct trie *t, uint32_t node);
void nav_path_copy(struct name_path *dst, const struct name_path *src);
void nav_path_set1(struct name_path *p, uint32_t name);  /* a path of one frame */
/* Re-resolves zoom and selection from their paths when the shown trie changed since the
 * last call (or always when force). Returns true when it did. */
bool nav_sync(struct app *a, bool force);
void nav_set_zoom(struct app *a, uint32_t node);
/* The lazy reversed view (graph.h: graph_set_lazy) grows in place; these fill in what is
 * about to be read (the children of node; everything) and keep the app in sync with it
 * (the growth changes nothing the app holds). */
void app_lazy_expand_node(struct app *a, uint32_t node);
void app_lazy_complete(struct app *a);
void nav_keep_visible(struct app *a);
/* Moves, zoom, scroll, orientation and order of the graph screens. */
enum reaction nav_action(struct app *a, enum action act);
/* n / N: the next match in screen order inside the zoom. */
enum reaction nav_next_match(struct app *a, bool back);
/* The scroll indicator ("" when every drawable row fits). */
void nav_scroll_text(const struct app *a, struct buf *out);
/* The deepest scroll that still shows a drawable frame on the far row. */
int nav_max_scroll(const struct app *a);

/* prompt.c */
enum reaction prompt_open(struct app *a, enum prompt_kind k);
const char *prompt_label(enum prompt_kind k);

/* export.c: writes the shown view as an SVG to path ("" = export_svg_default); the
 * status message says where and how big, or why not. */
extern const char export_svg_default[];
enum reaction export_svg(struct app *a, const char *path);

/* table.c */
enum reaction table_open(struct app *a);
enum reaction table_action(struct app *a, enum action act);
enum reaction table_mouse(struct app *a, int y, int clicks, int wheel);
/* After a search change in the table: select the next (back: previous) matching row. */
enum reaction table_find(struct app *a, bool back);
/* Recomputes the rows when the profile changed. */
void table_refresh(struct app *a);

/* screen_text.c (added by names) */
/* The name id as shown (short or full, app->names_full), made safe: at most cols columns
 * (cut as label_fit_tail / label_fit) or, cols < 0, whole (at most its first 4 KB). */
void screen_name(const struct app *a, uint32_t name, int cols, struct buf *out);
/* A weight as text in its unit (grouped; compact when wider than cols columns; seconds
 * for nanosecond weights), without the unit word for samples. */
void screen_number(const struct app *a, struct count c, int cols, char *out, size_t n);
/* e: asks the event loop for the next event of a perf input (or says why not). */
enum reaction app_next_event(struct app *a);

/* keep.c: y Y S C and Ctrl-C; the start paths (--zoom, --select); the history file */
enum reaction keep_action(struct app *a, enum action act);
void keep_start_paths(struct app *a, const char *zoom, const char *select);
void keep_history_load(struct app *a, const char *path);
void keep_history_accepted(struct app *a, const char *line);
/* Enter in a prompt: PROMPT_SAVE writes the file; the others go into the history file. */
enum reaction keep_prompt_accept(struct app *a, enum prompt_kind k);

/* screen_time.c: the time view */
enum reaction time_open(struct app *a);
enum reaction time_action(struct app *a, enum action act);
enum reaction time_mouse(struct app *a, int x, int y, int clicks);
void time_status(const struct app *a, struct buf *left, struct buf *info);
/* Counts the cells again when the time view is open and the index grew. */
void time_sync(struct app *a);

/* highlight.c: the `#` key (highlight the selected function everywhere) */
enum reaction highlight_toggle(struct app *a);
bool highlight_active(const struct app *a);   /* the search is one made by `#` */
enum reaction highlight_clear(struct app *a);

/* app.c */
void app_push(struct app *a, enum ui_screen s);
void app_pop(struct app *a);
/* Opens the callees of the function (name id) in SCREEN_CALLERS, from the graph. */
enum reaction app_open_callers(struct app *a, uint32_t name);
/* Leaves SCREEN_CALLERS for the profile, restoring zoom and selection. */
enum reaction app_close_callers(struct app *a);
#endif
