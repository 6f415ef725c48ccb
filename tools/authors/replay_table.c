// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the string-keyed counting table behind the groups of
 * changed requests and of reasons records were not rebuilt. Only
 * distinct keys are stored, with the places of their first few records,
 * so memory grows with the variety of a log, not its length.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

/* Allocation failures end the command: the report would be wrong. */
static void *need(void *p)
{
	if (!p) {
		fputs("aamed replay: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return p;
}

char *replay_strdup(const char *s)
{
	return s ? need(strdup(s)) : NULL;
}

/* FNV-1a */
uint64_t replay_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* Keep the load under one half. */
static void table_grow(struct replay_table *t)
{
	size_t nc = t->cap ? t->cap * 2 : 256, j;
	struct replay_entry **nv = need(calloc(nc, sizeof(*nv)));

	for (j = 0; j < t->cap; j++) {
		size_t k;

		if (!t->v[j])
			continue;
		k = replay_hash(t->v[j]->key) & (nc - 1);
		while (nv[k])
			k = (k + 1) & (nc - 1);
		nv[k] = t->v[j];
	}
	free(t->v);
	t->v = nv;
	t->cap = nc;
}

struct replay_entry *replay_table_get(struct replay_table *t, const char *key,
				      bool *isnew)
{
	struct replay_entry *e;
	size_t i;

	if (t->n * 2 >= t->cap)
		table_grow(t);
	i = replay_hash(key) & (t->cap - 1);
	while (t->v[i]) {
		if (!strcmp(t->v[i]->key, key)) {
			*isnew = false;
			return t->v[i];
		}
		i = (i + 1) & (t->cap - 1);
	}
	e = need(calloc(1, sizeof(*e)));
	e->key = need(strdup(key));
	t->v[i] = e;
	t->n++;
	t->order = need(realloc(t->order, (t->norder + 1) * sizeof(*t->order)));
	e->id = (long)t->norder;
	t->order[t->norder++] = e;
	*isnew = true;
	return e;
}

void replay_table_add(struct replay_entry *e, const char *file, long line)
{
	char buf[4200];

	e->count++;
	if (e->nex == REPLAY_EXAMPLES)
		return;
	snprintf(buf, sizeof(buf), "%s:%ld", file, line);
	e->examples[e->nex++] = need(strdup(buf));
}

static int cmp_count(const void *a, const void *b)
{
	const struct replay_entry *x = *(struct replay_entry *const *)a;
	const struct replay_entry *y = *(struct replay_entry *const *)b;

	if (x->dir != y->dir)
		return x->dir - y->dir;
	return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

void replay_table_sort(struct replay_table *t)
{
	if (t->norder)
		qsort(t->order, t->norder, sizeof(*t->order), cmp_count);
}

void replay_table_free(struct replay_table *t)
{
	size_t i;
	int j;

	for (i = 0; i < t->norder; i++) {
		struct replay_entry *e = t->order[i];

		free(e->key);
		for (j = 0; j < e->nex; j++)
			free(e->examples[j]);
		for (j = 0; j < REPLAY_FIELDS; j++)
			free(e->fields[j]);
		free(e);
	}
	free(t->v);
	free(t->order);
}
