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
 * shortest input reaching it (w, len). Return false from report to stop. */
struct aa_product_ops {
	bool (*differ)(void *arg, uint32_t sa, uint32_t sb);
	bool (*report)(void *arg, uint32_t sa, uint32_t sb, const uint8_t *w,
		       size_t len);
	void *arg;
};

/*
 * Walk from (sa, sb). A NULL dfa is the empty one (only the trap state
 * 0). Returns the number of pairs visited, or -1 when max_pairs was hit
 * (the walk stops there; what was reported stands).
 */
long aa_dfa_product_walk(const struct aa_dfa *a, uint32_t sa,
			 const struct aa_dfa *b, uint32_t sb,
			 const struct aa_product_ops *ops, size_t max_pairs);

#endif
