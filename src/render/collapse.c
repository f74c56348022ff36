/* flametui - collapse.c: STUB. */
#include "config.h"

#include "render/collapse.h"
