// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One DFA walked breadth first (xwalk.h): every state reachable from a
 * start, each with the state and byte it was first reached by, so the
 * way back is a shortest input.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "xwalk.h"

void walk_byte_order(uint8_t bytes[255])
{
	static const char readable[] = "/abcdefghijklmnopqrstuvwxyz0123456789"
				       "._-ABCDEFGHIJKLMNOPQRSTUVWXYZ+@:,%~";
	bool seen[256] = { false };
	size_t k = 0, i;

	for (i = 0; readable[i]; i++) {
		bytes[k++] = (uint8_t)readable[i];
		seen[(uint8_t)readable[i]] = true;
	}
	for (i = 1; i < 256; i++)
		if (!seen[i])
			bytes[k++] = (uint8_t)i;
}


void walk_free(struct walk *w)
{
	free(w->prev);
	free(w->by);
	free(w->order);
	free(w->loop);
	free(w->nul);
}

int walk_all(struct walk *w, const aamed_rules *r, uint32_t start)
{
	uint8_t bytes[256];
	uint32_t head = 0;
	size_t i;

	memset(w, 0, sizeof(*w));
	w->r = r;
	w->n = aamed_rules_state_count(r);
	w->start = start;
	if (!start || start >= w->n)
		return 0;
	walk_byte_order(bytes);
	bytes[255] = 0;		/* a NUL only to reach what follows a condition */
	w->prev = calloc(w->n, sizeof(*w->prev));
	w->by = calloc(w->n, 1);
	w->order = calloc(w->n, sizeof(*w->order));
	w->loop = malloc(w->n);
	if (w->loop)
		memset(w->loop, -1, w->n);
	w->nul = calloc(w->n, 1);
	if (!w->prev || !w->by || !w->order || !w->loop || !w->nul) {
		walk_free(w);
		return -ENOMEM;
	}
	w->prev[start] = start;
	w->order[w->count++] = start;
	while (head < w->count) {
		uint32_t s = w->order[head++];

		for (i = 0; i < sizeof(bytes); i++) {
			uint32_t t = aamed_rules_next(r, s, bytes[i]);

			if (t && t < w->n && !w->prev[t]) {
				w->prev[t] = s;
				w->by[t] = bytes[i];
				w->nul[t] = w->nul[s] || !bytes[i];
				w->order[w->count++] = t;
			}
		}
	}
	return 0;
}

/* The bytes from the start to s; NULs kept (len says how many). */
char *witness_of(const struct walk *w, uint32_t s, size_t *len)
{
	size_t n = 0, i;
	uint32_t t;
	char *out;

	for (t = s; t != w->start; t = w->prev[t])
		n++;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	out[n] = '\0';
	for (t = s, i = n; t != w->start; t = w->prev[t])
		out[--i] = (char)w->by[t];
	*len = n;
	return out;
}

/* A loop on the way from the start to s: the rule matches other paths.
 * Remembered per state: exec states share their ways. */
bool loops_on_way(const struct walk *w, uint32_t s)
{
	unsigned c;

	if (w->loop[s] >= 0)
		return w->loop[s];
	w->loop[s] = 0;
	for (c = 1; c < 256 && !w->loop[s]; c++)
		if (aamed_rules_next(w->r, s, (uint8_t)c) == s)
			w->loop[s] = 1;
	if (!w->loop[s] && s != w->start)
		w->loop[s] = loops_on_way(w, w->prev[s]);
	return w->loop[s];
}
