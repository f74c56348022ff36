/* flametui - collapse.h: STUB: the folded writer moves here from trie.c. */
#ifndef FLAMETUI_COLLAPSE_H
#define FLAMETUI_COLLAPSE_H
#endif
