/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Breadth-first walks of one rule set's DFA (check_walk.c): the
 * shortest input from a start state to each state a check asks about,
 * letters tried first so that the paths are ones a reader can type.
 */
#ifndef AAMED_CHECK_WALK_H
#define AAMED_CHECK_WALK_H

#include "check.h"

/* want(state, arg): is this state one the caller looks for? found(state,
 * input, len, arg): each such state reached, once, shortest input
 * first; return nonzero to stop. max_states bounds the visit. Returns
 * the states visited, or -1 (out of memory). */
long check_walk(const aamed_rules *r, uint32_t start,
		bool (*want)(uint32_t state, void *arg),
		int (*found)(uint32_t state, const uint8_t *w, size_t len,
			     void *arg),
		void *arg);

/* The bytes in the order walks try them: letters, digits, "/._-", the
 * rest. */
const uint8_t *check_byte_order(void);

#endif
