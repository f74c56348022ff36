/* SPDX-License-Identifier: MIT */
/* flametui - prompt.h: the prompt overlay (a struct prompt_ops says what it is and what
 * Enter does). Between the files of src/ui/ only. */
#ifndef FLAMETUI_PROMPT_H
#define FLAMETUI_PROMPT_H
#include "ui/state.h"

enum reaction prompt_open(struct app *a, const struct prompt_ops *p);
enum reaction prompt_key(struct app *a, int key);
/* The search prompt (/ in every screen that searches) */
enum reaction prompt_open_search(struct app *a);
#endif
