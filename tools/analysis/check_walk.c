// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One DFA walked breadth first (check_walk.h). States are numbered
 * densely, so a parent array indexed by state replaces a hash set. The
 * inputs are paths as the kernel builds them, which never hold "//": a
 * node is a state and whether the byte before was a '/', and no '/'
 * follows a '/'.
 */
#include <stdlib.h>
#include <string.h>

#include "check_walk.h"

const uint8_t *check_byte_order(void)
{
	static uint8_t order[256];
	static bool done;
	static const char first[] =
		"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		"/._-";
	bool seen[256] = { false };
	size_t n = 0, i;

	if (done)
		return order;
	for (i = 0; first[i]; i++) {
		order[n++] = (uint8_t)first[i];
		seen[(uint8_t)first[i]] = true;
	}
	for (i = 0; i < 256; i++)
		if (!seen[i])
			order[n++] = (uint8_t)i;
	done = true;
	return order;
}

long check_walk(const aamed_rules *r, uint32_t start,
		bool (*want)(uint32_t state, void *arg),
		int (*found)(uint32_t state, const uint8_t *w, size_t len,
			     void *arg),
		void *arg)
{
	uint32_t n = aamed_rules_state_count(r), *parent, *queue;
	uint32_t root = start * 2;	/* node: state * 2 + after a '/' */
	uint8_t *by, *w = NULL, *done;	/* done: state offered to want */
	const uint8_t *order = check_byte_order();
	size_t head = 0, tail = 0;
	long visited = 0;
	bool stop = false;

	if (!r || !start || start >= n)
		return 0;
	if (n > UINT32_MAX / 2 - 1)
		return -1;
	parent = malloc(2 * (size_t)n * sizeof(*parent));
	queue = malloc(2 * (size_t)n * sizeof(*queue));
	by = malloc(2 * (size_t)n);
	w = malloc(2 * (size_t)n + 1);
	done = calloc(n, 1);
	if (!parent || !queue || !by || !w || !done) {
		free(done);
		free(parent);
		free(queue);
		free(by);
		free(w);
		return -1;
	}
	memset(parent, 0xff, 2 * (size_t)n * sizeof(*parent));
	parent[root] = root;
	queue[tail++] = root;
	while (head < tail && !stop) {
		uint32_t node = queue[head++], s = node / 2;
		unsigned c;

		visited++;
		if (!done[s] && (done[s] = 1) && want(s, arg)) {
			size_t len = 0, i;
			uint32_t p;

			for (p = node; p != root; p = parent[p])
				len++;
			i = len;
			for (p = node; p != root; p = parent[p])
				w[--i] = by[p];
			if (found(s, w, len, arg))
				stop = true;
		}
		for (c = 0; c < 256; c++) {
			uint32_t t = aamed_rules_next(r, s, order[c]), tn;

			if (!t || t >= n || (order[c] == '/' && (node & 1)))
				continue;
			tn = t * 2 + (order[c] == '/');
			if (parent[tn] != UINT32_MAX)
				continue;
			parent[tn] = node;
			by[tn] = order[c];
			queue[tail++] = tn;
		}
	}
	free(done);
	free(parent);
	free(queue);
	free(by);
	free(w);
	return visited;
}
