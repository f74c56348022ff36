/* SPDX-License-Identifier: MIT */
/* flametui - heat.h: the colour ramp of the time view's heat map (FlameScope's white ->
 * yellow -> red), HEAT_LEVELS steps from the fewest samples per cell to the most, in
 * colours that are distinct cells of the xterm-256 cube (theme_rgb_to_256), so 256-colour
 * and truecolor terminals show the same steps. 8-colour and monochrome terminals show the
 * level as a shade character instead (heat_shade). Pure: no curses. */
#ifndef FLAMETUI_HEAT_H
#define FLAMETUI_HEAT_H
#include <stdint.h>

#include "render/theme.h"

#define HEAT_LEVELS 9

/* The level (1..HEAT_LEVELS) of a cell of n samples when the fullest holds max; 0 for
 * an empty cell. */
int heat_level(uint32_t n, uint32_t max);
/* The least count of level k (1..HEAT_LEVELS) when the fullest cell holds max. */
uint32_t heat_level_min(int k, uint32_t max);
/* Level k's colour (k clamped to 1..HEAT_LEVELS). */
struct rgb heat_rgb(int k);
/* Level k's shade character: ' ' for 0, then ".:-=+*#%@". */
char heat_shade(int k);
#endif
