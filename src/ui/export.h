/* SPDX-License-Identifier: MIT */
/* flametui - export.h: writes the shown view as an SVG: the x prompt. Between the files
 * of src/ui/ only. */
#ifndef FLAMETUI_EXPORT_H
#define FLAMETUI_EXPORT_H
#include "ui/state.h"

extern const struct prompt_ops export_prompt;
#endif
