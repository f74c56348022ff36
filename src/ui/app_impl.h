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

/* table.c */
enum reaction table_open(struct app *a);
enum reaction table_action(struct app *a, enum action act);
enum reaction table_mouse(struct app *a, int y, int clicks, int wheel);
/* After a search change in the table: select the next (back: previous) matching row. */
enum reaction table_find(struct app *a, bool back);
/* Recomputes the rows when the profile changed. */
void table_refresh(struct app *a);
/* The selected row: name (left) and numbers (info). */
void table_status(const struct app *a, struct buf *left, struct buf *info);

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
