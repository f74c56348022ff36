/* flametui - graph.c: the derive pipeline (see graph.h). STUB: being written. */
#include "config.h"

#include "query/graph.h"
