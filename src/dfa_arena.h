/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where one load's DFA tables live (dfa_arena.c): large anonymous
 * mappings, carved in order, that the kernel may back with huge pages.
 */
#ifndef AAMED_DFA_ARENA_H
#define AAMED_DFA_ARENA_H

#include <stddef.h>

struct aa_chunk;

/* One load's current chunk and the size of the next; zeroed to start. */
struct aa_arena {
	struct aa_chunk *cur;
	size_t next;
};

/*
 * bytes (16-aligned) from the arena, with a reference on their chunk in
 * *chunk; NULL when out of memory (or when arenas are off: the caller
 * then uses malloc).
 */
void *aa_arena_alloc(struct aa_arena *a, size_t bytes, struct aa_chunk **chunk);
/* Drop a reference; the chunk goes when its last table does. */
void aa_chunk_put(struct aa_chunk *c);
/* The load is over: drop the arena's own reference on its chunk. */
void aa_arena_end(struct aa_arena *a);
/* How many chunks are mapped (all loads, all policies): for tests. */
unsigned long aa_arena_live(void);

#endif
