/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A breadth-first walk of one rule set's DFA, for the exec model
 * (xgraph.c): bytes tried readable ones first, so that the shortest
 * input reaching a state reads like a path. Nothing here is public API.
 */
#ifndef AAMED_XWALK_H
#define AAMED_XWALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

struct walk {
	const aamed_rules *r;
	uint32_t n, start;
	uint32_t *prev;		/* state it was reached from, 0: not yet */
	uint8_t *by;		/* the byte it was reached by */
	uint32_t *order;	/* states in the order reached */
	uint32_t count;
	int8_t *loop;		/* 1: a loop on the way here, 0: none,
				 * -1: not known yet */
	uint8_t *nul;		/* 1: a NUL on the way here (past an exec
				 * condition) */
};

/* The 255 bytes other than NUL in the order a walk tries them: readable
 * ones first, so that the shortest input reaching a state, its witness,
 * reads like a path. */
void walk_byte_order(uint8_t bytes[255]);

/* Walk every state reachable from start (none when start is 0 or out
 * of range: w->count 0). 0 or -ENOMEM. */
int walk_all(struct walk *w, const aamed_rules *r, uint32_t start);
void walk_free(struct walk *w);
/* The bytes from the start to s, NULs kept (*len says how many);
 * malloc'd, NULL when out of memory. */
char *witness_of(const struct walk *w, uint32_t s, size_t *len);
/* A loop on the way from the start to s (remembered per state). */
bool loops_on_way(const struct walk *w, uint32_t s);

#endif
