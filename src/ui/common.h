/* SPDX-License-Identifier: MIT */
/* flametui - common.h: the actions that work the same in every screen (app.c runs them
 * before the screen's own). Between the files of src/ui/ only. */
#ifndef FLAMETUI_COMMON_H
#define FLAMETUI_COMMON_H
#include "ui/state.h"

/* *done false: act is not one of them */
enum reaction common_action(struct app *a, enum action act, bool *done);
#endif
