/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The product of two DFAs walked breadth first over paths (check_pairs.c):
 * the inputs both accept a step of, letters first and never "//", each
 * pair of states once with its shortest input. The walk goes on only
 * where both DFAs stay out of their trap state: b is a matcher (an
 * invariant's path), a the rules judged there.
 */
#ifndef AAMED_CHECK_PAIRS_H
#define AAMED_CHECK_PAIRS_H

#include "check.h"

typedef int check_pair_fn(uint32_t sa, uint32_t sb, const uint8_t *w,
			  size_t len, void *arg);

/* fn gets every pair reached; nonzero from it stops. Returns the pairs
 * visited, -1 out of memory, -2 max_pairs reached (what fn got stands). */
long check_pairs(const aamed_rules *a, uint32_t sa, const aamed_rules *b,
		 uint32_t sb, check_pair_fn *fn, void *arg, size_t max_pairs);

#endif
