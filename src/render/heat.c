/* SPDX-License-Identifier: MIT */
/* flametui - heat.c: see heat.h. */
#include "config.h"

#include "render/heat.h"

static const char shades[HEAT_LEVELS + 2] = " .:-=+*#%@";

/* white, yellows, oranges, reds: each a corner of the xterm-256 cube */
static const struct rgb ramp[HEAT_LEVELS] = {
    {255, 255, 215}, {255, 255, 135}, {255, 215, 95}, {255, 175, 0}, {255, 135, 0},
    {255, 95, 0},    {215, 0, 0},     {175, 0, 0},    {95, 0, 0},
};

int heat_level(uint32_t n, uint32_t max)
{
    if (n == 0 || max == 0)
        return 0;
    if (n > max)
        n = max;
    return 1 + (int)((uint64_t)(n - 1) * HEAT_LEVELS / max);
}

uint32_t heat_level_min(int k, uint32_t max)
{
    if (k <= 1 || max == 0)
        return max ? 1 : 0;
    /* the least n with (n - 1) * LEVELS / max >= k - 1 */
    uint64_t need = (uint64_t)(k - 1) * max;
    return (uint32_t)((need + HEAT_LEVELS - 1) / HEAT_LEVELS + 1);
}

struct rgb heat_rgb(int k)
{
    if (k < 1)
        k = 1;
    if (k > HEAT_LEVELS)
        k = HEAT_LEVELS;
    return ramp[k - 1];
}

char heat_shade(int k)
{
    if (k < 0)
        k = 0;
    if (k > HEAT_LEVELS)
        k = HEAT_LEVELS;
    return shades[k];
}
