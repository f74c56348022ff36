/* flametui - feed.c: live-read scheduling (see feed.h). STUB: being written. */
#include "config.h"

#include "input/feed.h"
