// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The product walk of who-can (globwalk.h): a glob's DFA, compiled by
 * apparmor_parser, beside each member's file DFA, breadth first, every
 * tuple of states once (open addressing on the tuple), its parent and
 * byte kept for the witness.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "globwalk.h"

struct tuple_set {
	uint32_t *st;		/* width states per entry */
	uint32_t *parent;	/* entry index, UINT32_MAX: the root */
	uint8_t *by;
	size_t n, cap, width;
	uint32_t *tab;		/* index + 1, 0: empty */
	size_t tcap;
};

static size_t thash(const uint32_t *s, size_t w)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	size_t i;

	for (i = 0; i < w; i++)
		h = (h ^ s[i]) * 0xff51afd7ed558ccdull;
	return (size_t)(h ^ (h >> 29));
}

static int tuple_grow(struct tuple_set *t)
{
	size_t cap = t->tcap ? t->tcap * 2 : 4096, i;
	uint32_t *tab = calloc(cap, sizeof(*tab));

	if (!tab)
		return -ENOMEM;
	for (i = 0; i < t->n; i++) {
		size_t h = thash(t->st + i * t->width, t->width);

		while (tab[h & (cap - 1)])
			h++;
		tab[h & (cap - 1)] = (uint32_t)i + 1;
	}
	free(t->tab);
	t->tab = tab;
	t->tcap = cap;
	return 0;
}

/* Add s unless seen: 1 added, 0 seen, -ENOMEM. */
static int tuple_add(struct tuple_set *t, const uint32_t *s, uint32_t parent,
		     uint8_t by)
{
	size_t h, w = t->width;

	if ((t->n + 1) * 2 > t->tcap && tuple_grow(t))
		return -ENOMEM;
	for (h = thash(s, w); t->tab[h & (t->tcap - 1)]; h++) {
		const uint32_t *o = t->st + (t->tab[h & (t->tcap - 1)] - 1) * w;
		size_t i = 0;

		while (i < w && o[i] == s[i])
			i++;
		if (i == w)
			return 0;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 1024;
		uint32_t *st = realloc(t->st, cap * w * sizeof(*st));
		uint32_t *pa;
		uint8_t *by2;

		if (!st)
			return -ENOMEM;
		t->st = st;
		pa = realloc(t->parent, cap * sizeof(*pa));
		if (!pa)
			return -ENOMEM;
		t->parent = pa;
		by2 = realloc(t->by, cap);
		if (!by2)
			return -ENOMEM;
		t->by = by2;
		t->cap = cap;
	}
	memcpy(t->st + t->n * w, s, w * sizeof(*s));
	t->parent[t->n] = parent;
	t->by[t->n] = by;
	t->tab[h & (t->tcap - 1)] = (uint32_t)++t->n;
	return 1;
}

static void tuple_free(struct tuple_set *t)
{
	free(t->st);
	free(t->parent);
	free(t->by);
	free(t->tab);
}

static char *tuple_witness(const struct tuple_set *t, uint32_t i)
{
	size_t n = 0, k;
	uint32_t j;
	char *out;

	for (j = i; t->parent[j] != UINT32_MAX; j = t->parent[j])
		n++;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	out[n] = '\0';
	for (j = i, k = n; t->parent[j] != UINT32_MAX; j = t->parent[j])
		out[--k] = (char)t->by[j];
	return out;
}


/* Every member grants the request at states s[1..]. */
static bool grants(const struct glob_walk *gw, const uint32_t *s)
{
	size_t i;

	for (i = 0; i < gw->nm; i++) {
		struct aamed_perms pm;

		if (!s[i + 1] ||
		    aamed_rules_perms(gw->m[i], s[i + 1], gw->owner, &pm) ||
		    (pm.allow & gw->request) != gw->request)
			return false;
	}
	return true;
}

/* The extent of the glob the members grant; *wit the shortest such
 * path. -ENOMEM. */
int glob_extent(const struct glob_walk *gw, enum extent *ext,
		       char **wit)
{
	struct tuple_set t = { .width = gw->nm + 1 };
	uint32_t cur[WC_MAX_MEMBERS + 1], nxt[WC_MAX_MEMBERS + 1];
	uint32_t prev[WC_MAX_MEMBERS + 1];
	static const char readable[] = "/abcdefghijklmnopqrstuvwxyz0123456789"
				       "._-ABCDEFGHIJKLMNOPQRSTUVWXYZ+@:,%~";
	uint8_t order[255];
	bool in_order[256] = { false };
	size_t head = 0, i, k = 0;
	bool some = false, missed = false;
	int rc = 0;
	unsigned c;

	/* readable bytes first: the witness reads like a path */
	for (i = 0; readable[i]; i++) {
		order[k++] = (uint8_t)readable[i];
		in_order[(uint8_t)readable[i]] = true;
	}
	for (c = 1; c < 256; c++)
		if (!in_order[c])
			order[k++] = (uint8_t)c;

	*ext = EX_NONE;
	*wit = NULL;
	cur[0] = gw->qstart;
	for (i = 0; i < gw->nm; i++)
		cur[i + 1] = aamed_rules_start(gw->m[i], AAMED_PCLASS_FILE);
	if (tuple_add(&t, cur, UINT32_MAX, 0) < 0) {
		rc = -ENOMEM;
		goto out;
	}
	while (head < t.n && !(some && missed)) {
		struct aamed_perms qp;
		bool dead = false;

		memcpy(cur, t.st + head * t.width, t.width * sizeof(*cur));
		if (!aamed_rules_perms(gw->q, cur[0], 0, &qp) &&
		    (qp.allow & AAMED_MAY_READ)) {	/* the glob rule is "r" */
			if (grants(gw, cur)) {
				if (!some && !(*wit = tuple_witness(&t, (uint32_t)head))) {
					rc = -ENOMEM;
					goto out;
				}
				some = true;
			} else {
				missed = true;
			}
		}
		/* a member in its trap state grants nothing further on:
		 * once a miss is known, such a way has nothing to tell */
		for (i = 0; i < gw->nm; i++)
			if (!cur[i + 1])
				dead = true;
		if (dead && missed) {
			head++;
			continue;
		}
		prev[0] = 0;
		for (c = 0; c < 255; c++) {
			nxt[0] = aamed_rules_next(gw->q, cur[0], order[c]);
			if (!nxt[0])
				continue;
			for (i = 0; i < gw->nm; i++)
				nxt[i + 1] = aamed_rules_next(gw->m[i], cur[i + 1],
							      order[c]);
			/* most bytes lead where the one before led */
			for (i = 0; i < t.width && prev[i] == nxt[i]; i++)
				;
			if (i == t.width)
				continue;
			for (i = 0; i < t.width; i++)
				prev[i] = nxt[i];
			if (tuple_add(&t, nxt, (uint32_t)head, order[c]) < 0) {
				rc = -ENOMEM;
				goto out;
			}
		}
		head++;
	}
	*ext = some ? (missed ? EX_SOME : EX_ALL) : EX_NONE;
out:
	tuple_free(&t);
	return rc;
}
