/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Product walks of two DFAs (src/diff.c), for aamed diff: every pair of
 * states reachable by the same input in both, breadth first, so the
 * witness of a difference is a shortest input that reaches it.
 */
#ifndef AAMED_DIFF_H
#define AAMED_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dfa.h"

/* differ: do the pair's permissions differ?  report: the pair and a
 * shortest input reaching it (w, len). Return false from report to stop.
 * order: the 256 bytes in the order tried (NULL: 0 to 255); among inputs
 * of one length, the witness is the first in that order. */
struct aa_product_ops {
	bool (*differ)(void *arg, uint32_t sa, uint32_t sb);
	bool (*report)(void *arg, uint32_t sa, uint32_t sb, const uint8_t *w,
		       size_t len);
	void *arg;
	const uint8_t *order;
	/* optional: the order after len bytes whose first is cls (NULL:
	 * order), so that names are spelled with letters where numbers
	 * keep their own order */
	const uint8_t *(*order_at)(void *arg, uint8_t cls, unsigned len);
};

/*
 * One side of a walk: a DFA from start, or (dfa NULL, lit set) the
 * automaton that accepts exactly the lit_len bytes of lit, whose state
 * k + 1 is "k bytes of lit read" (lit_len + 1: all of it). Neither: the
 * empty DFA, only the trap state 0.
 */
struct aa_walk_side {
	const struct aa_dfa *dfa;
	uint32_t start;
	const char *lit;
	size_t lit_len;
};

/*
 * Walk from the sides' starts. Returns the number of pairs visited, or
 * -1 when max_pairs was hit (the walk stops there; what was reported
 * stands).
 */
long aa_dfa_product_walk(const struct aa_walk_side *a,
			 const struct aa_walk_side *b,
			 const struct aa_product_ops *ops, size_t max_pairs);

#endif
