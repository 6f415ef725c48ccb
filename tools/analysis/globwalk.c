// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The product walk of who-can (globwalk.h): a glob's DFA, compiled by
 * apparmor_parser, beside each member's file DFA, breadth first, every
 * tuple of states once (open addressing on the tuple), its parent and
 * byte kept for the witness.
 *
 * The answer depends only on whether some reachable tuple matches and
 * grants, whether some matches and does not, and on the first granting
 * one in breadth-first order. So tuples that can do neither are never
 * stored: those where the glob cannot match any more (globdfa.c drops
 * the edges), and those where a member is in its trap state (they only
 * say "missed"). Their successors are of the same kind, so no other
 * tuple's parent or place in the order changes, nor the witness.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "globdfa.h"

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

/* Some state of m grants the request, reachable or not: a member whose
 * rules grant it nowhere (823 of the corpus's 2016 profiles for an exec
 * on any path) needs no walk at all. */
static bool grants_anywhere(const struct glob_walk *gw, const aamed_rules *m)
{
	uint32_t s, n = aamed_rules_state_count(m);

	for (s = 1; s < n; s++) {
		struct aamed_perms pm;

		if (!aamed_rules_perms(m, s, gw->owner, &pm) &&
		    (pm.allow & gw->request) == gw->request)
			return true;
	}
	return false;
}

struct walk {
	const struct glob_walk *gw;
	struct tuple_set t;
	bool some, missed;
	char *wit;
};

/*
 * Add the successors of entry head (states cur) in the glob's byte
 * order. A successor where a member is in its trap state grants nothing
 * there nor further on, and the glob still matches from there on (the
 * glob keeps only such edges): it is a path the label misses, and
 * nothing more; it is not kept. Each member's row of steps is read in
 * one call (the walk tries every byte of every state it reaches).
 */
static int expand(struct walk *w, const uint32_t *cur, uint32_t head)
{
	const struct glob_walk *gw = w->gw;
	const struct glob_dfa *g = gw->g;
	uint32_t row[WC_MAX_MEMBERS][256];
	uint32_t nxt[WC_MAX_MEMBERS + 1], prev[WC_MAX_MEMBERS + 1];
	uint32_t e;
	size_t i, width = gw->nm + 1;

	if (g->first[cur[0]] == g->first[cur[0] + 1])
		return 0;
	for (i = 0; i < gw->nm; i++)
		aamed_rules_row(gw->m[i], cur[i + 1], row[i]);
	prev[0] = UINT32_MAX;
	for (e = g->first[cur[0]]; e < g->first[cur[0] + 1]; e++) {
		uint8_t b = g->byte[e];
		bool dead = false;

		nxt[0] = g->to[e];
		for (i = 0; i < gw->nm; i++) {
			nxt[i + 1] = row[i][b];
			dead |= !nxt[i + 1];
		}
		if (dead) {
			w->missed = true;
			continue;
		}
		/* most bytes lead where the one before led */
		for (i = 0; i < width && prev[i] == nxt[i]; i++)
			;
		if (i == width)
			continue;
		memcpy(prev, nxt, width * sizeof(*nxt));
		if (tuple_add(&w->t, nxt, head, b) < 0)
			return -ENOMEM;
	}
	return 0;
}

/*
 * expand() for a label of one profile, the common case. Where every
 * byte leads the glob to one state ("**" once inside it) only the
 * member's step tells successors apart: a loop of its own.
 */
static int expand1(struct walk *w, const uint32_t *cur, uint32_t head)
{
	const struct glob_dfa *g = w->gw->g;
	const uint8_t *byte = g->byte;
	const uint32_t *to = g->to;
	uint32_t e = g->first[cur[0]], end = g->first[cur[0] + 1], row[256];
	uint32_t pg = UINT32_MAX, pm = UINT32_MAX, nxt[2];
	bool dead = false;

	if (e == end)
		return 0;
	aamed_rules_row(w->gw->m[0], cur[1], row);
	if (g->one_to[cur[0]]) {
		nxt[0] = to[e];
		for (; e < end; e++) {
			uint32_t nm = row[byte[e]];

			if (nm == pm)	/* most bytes lead where the one before led */
				continue;
			pm = nm;
			if (!nm) {
				dead = true;
			} else {
				nxt[1] = nm;
				if (tuple_add(&w->t, nxt, head, byte[e]) < 0)
					return -ENOMEM;
			}
		}
	} else {
		for (; e < end; e++) {
			uint32_t nm = row[byte[e]];

			if (nm == pm && to[e] == pg)
				continue;
			pm = nm;
			pg = to[e];
			if (!nm) {
				dead = true;
			} else {
				nxt[0] = pg;
				nxt[1] = nm;
				if (tuple_add(&w->t, nxt, head, byte[e]) < 0)
					return -ENOMEM;
			}
		}
	}
	if (dead)
		w->missed = true;
	return 0;
}

/*
 * Breadth first over the tuples (glob state, member states...), each
 * once. The first matching tuple where every member grants gives the
 * witness (the shortest path, readable bytes first); the walk stops once
 * it has seen both a path granted and one missed.
 */
static int walk(struct walk *w, const uint32_t *root)
{
	const struct glob_walk *gw = w->gw;
	uint32_t cur[WC_MAX_MEMBERS + 1];
	size_t head;

	if (tuple_add(&w->t, root, UINT32_MAX, 0) < 0)
		return -ENOMEM;
	for (head = 0; head < w->t.n && !(w->some && w->missed); head++) {
		/* tuple_add may move the entries */
		memcpy(cur, w->t.st + head * w->t.width, w->t.width * sizeof(*cur));
		if (gw->g->accept[cur[0]]) {
			if (!grants(gw, cur)) {
				w->missed = true;
			} else if (!w->some) {
				w->some = true;
				w->wit = tuple_witness(&w->t, (uint32_t)head);
				if (!w->wit)
					return -ENOMEM;
			}
		}
		if ((gw->nm == 1 ? expand1 : expand)(w, cur, (uint32_t)head))
			return -ENOMEM;
	}
	return 0;
}

/* The extent of the glob the members grant; *wit the shortest such
 * path. -ENOMEM. */
int glob_extent(const struct glob_walk *gw, enum extent *ext, char **wit)
{
	struct walk w = { .gw = gw, .t = { .width = gw->nm + 1 } };
	uint32_t root[WC_MAX_MEMBERS + 1];
	size_t i;
	int rc;

	*ext = EX_NONE;
	*wit = NULL;
	if (!gw->g->live[0])
		return 0;	/* the glob matches nothing */
	root[0] = 0;
	for (i = 0; i < gw->nm; i++) {
		root[i + 1] = aamed_rules_start(gw->m[i], AAMED_PCLASS_FILE);
		/* no file rules, or none that grant: no path of the glob */
		if (!root[i + 1] || !grants_anywhere(gw, gw->m[i]))
			return 0;
	}
	rc = walk(&w, root);
	tuple_free(&w.t);
	if (rc) {
		free(w.wit);
		return rc;
	}
	*wit = w.wit;
	*ext = w.some ? (w.missed ? EX_SOME : EX_ALL) : EX_NONE;
	return 0;
}
