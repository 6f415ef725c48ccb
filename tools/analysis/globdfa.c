// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The glob's DFA prepared once per who-can run (globdfa.h). Every label
 * walks the glob beside its own rules; asking the glob's transitions
 * again for each of them was half of a glob query's cost, so each state
 * keeps its row here, without the bytes that leave the glob for good.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "globdfa.h"
#include "xwalk.h"

/* A growing array of edges: the glob's transitions, 255 at most a state. */
struct edges {
	uint8_t *byte;
	uint32_t *to;
	size_t n, cap;
};

static int edge_add(struct edges *e, uint8_t byte, uint32_t to)
{
	if (e->n == e->cap) {
		size_t cap = e->cap ? e->cap * 2 : 1024;
		uint8_t *b = realloc(e->byte, cap);
		uint32_t *t;

		if (!b)
			return -ENOMEM;
		e->byte = b;
		t = realloc(e->to, cap * sizeof(*t));
		if (!t)
			return -ENOMEM;
		e->to = t;
		e->cap = cap;
	}
	e->byte[e->n] = byte;
	e->to[e->n++] = to;
	return 0;
}

/*
 * Number the states reachable from qstart (g->n, breadth first) and keep
 * every transition that does not lead to the trap state. idx maps a DFA
 * state to its number (UINT32_MAX: not yet found); states[i] is the DFA
 * state of number i.
 */
static int reach(const aamed_rules *q, uint32_t qstart, struct glob_dfa *g,
		 uint32_t *idx, uint32_t *states, struct edges *e)
{
	uint8_t order[255];
	uint32_t i;
	unsigned k;

	walk_byte_order(order);
	idx[qstart] = 0;
	states[0] = qstart;
	g->n = 1;
	for (i = 0; i < g->n; i++) {
		g->first[i] = (uint32_t)e->n;
		for (k = 0; k < 255; k++) {
			uint32_t t = aamed_rules_next(q, states[i], order[k]);

			if (!t)
				continue;
			if (idx[t] == UINT32_MAX) {
				idx[t] = g->n;
				states[g->n++] = t;
			}
			if (edge_add(e, order[k], idx[t]))
				return -ENOMEM;
		}
	}
	g->first[g->n] = (uint32_t)e->n;
	return 0;
}

/* live: a match is reachable. Numbers follow a breadth-first walk, so
 * going backwards settles most states in one round. */
static void mark_live(struct glob_dfa *g, const struct edges *e)
{
	bool changed = true;
	uint32_t i, j;

	for (i = 0; i < g->n; i++)
		g->live[i] = g->accept[i];
	while (changed) {
		changed = false;
		for (i = g->n; i-- > 0;) {
			if (g->live[i])
				continue;
			for (j = g->first[i]; j < g->first[i + 1]; j++)
				if (g->live[e->to[j]]) {
					g->live[i] = changed = true;
					break;
				}
		}
	}
}

/* Keep the edges into live states only (in place). */
static void keep_live(struct glob_dfa *g, struct edges *e)
{
	uint32_t i, j, n = 0, from = 0;

	for (i = 0; i < g->n; i++) {
		uint32_t end = g->first[i + 1];

		g->first[i] = n;
		for (j = from; j < end; j++)
			if (g->live[e->to[j]]) {
				e->byte[n] = e->byte[j];
				e->to[n++] = e->to[j];
			}
		from = end;
	}
	g->first[g->n] = n;
	e->n = n;
}

int glob_dfa_new(const aamed_rules *q, uint32_t qstart, struct glob_dfa **out)
{
	uint32_t ns = aamed_rules_state_count(q), i;
	struct glob_dfa *g = calloc(1, sizeof(*g));
	uint32_t *idx = NULL, *states = NULL;
	struct edges e = { 0 };
	int rc = -ENOMEM;

	*out = NULL;
	if (!g || !qstart || qstart >= ns)
		goto out;
	idx = malloc(ns * sizeof(*idx));
	states = malloc(ns * sizeof(*states));
	g->first = malloc((ns + 1) * sizeof(*g->first));
	if (!idx || !states || !g->first)
		goto out;
	memset(idx, 0xff, ns * sizeof(*idx));
	if (reach(q, qstart, g, idx, states, &e))
		goto out;
	g->accept = calloc(g->n, sizeof(*g->accept));
	g->live = calloc(g->n, sizeof(*g->live));
	if (!g->accept || !g->live)
		goto out;
	for (i = 0; i < g->n; i++) {
		struct aamed_perms qp;

		/* the glob's one rule is "r" */
		g->accept[i] = !aamed_rules_perms(q, states[i], 0, &qp) &&
			       (qp.allow & AAMED_MAY_READ);
	}
	mark_live(g, &e);
	keep_live(g, &e);
	g->one_to = calloc(g->n, sizeof(*g->one_to));
	if (!g->one_to)
		goto out;
	for (i = 0; i < g->n; i++) {
		uint32_t j = g->first[i];

		while (j < g->first[i + 1] && e.to[j] == e.to[g->first[i]])
			j++;
		g->one_to[i] = j == g->first[i + 1];
	}
	g->byte = e.byte;
	g->to = e.to;
	e.byte = NULL;
	e.to = NULL;
	*out = g;
	g = NULL;
	rc = 0;
out:
	free(idx);
	free(states);
	free(e.byte);
	free(e.to);
	glob_dfa_free(g);
	return rc;
}

void glob_dfa_free(struct glob_dfa *g)
{
	if (!g)
		return;
	free(g->accept);
	free(g->live);
	free(g->one_to);
	free(g->first);
	free(g->byte);
	free(g->to);
	free(g);
}
