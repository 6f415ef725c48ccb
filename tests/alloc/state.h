// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a policy answers, as text (state.c): its profiles, modes and a
 * few decisions with their audit records, so that two states compare
 * with strcmp().
 */
#ifndef ALLOC_STATE_H
#define ALLOC_STATE_H

#include <stddef.h>

#include "aamed.h"

#define STATE_MAX (256 * 1024)

struct state {
	char text[STATE_MAX];
	size_t n;
};

void state_of(aamed_policy *pol, struct state *st);
/* The label pointers of the profiles: the same only in the same policy. */
void state_labels(aamed_policy *pol, struct state *st);
/* The first line where a and b differ, for a failure message. */
const char *state_diff(const struct state *a, const struct state *b);

/* An audit callback that appends the formatted record to a state. */
void state_record(const struct aamed_audit *rec, void *arg);

#endif
