/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The prepared glob of who-can (globwalk.h's struct glob_dfa): shared
 * by globdfa.c, which builds it, and globwalk.c, which walks it.
 */
#ifndef AAMED_GLOBDFA_H
#define AAMED_GLOBDFA_H

#include <stdbool.h>
#include <stdint.h>

#include "globwalk.h"

/*
 * The glob's states reachable from its start, numbered in the order a
 * breadth-first walk finds them (0: the start). Each keeps its
 * transitions, in the walk's byte order, to the states that can still
 * reach a match: a path through any other state is not in the glob, so
 * the product walk has nothing to learn there.
 */
struct glob_dfa {
	uint32_t n;		/* states */
	bool *accept;		/* [n] the glob matches here */
	bool *live;		/* [n] a match is reachable (itself included) */
	uint32_t *first;	/* [n + 1] state i's edges: first[i]..first[i+1] */
	uint8_t *byte;		/* [edges] */
	uint32_t *to;		/* [edges] */
	bool *one_to;		/* [n] every edge of the state has one target */
};

#endif
