// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pair walks (check_pairs.h): a queue of nodes (state of a, state of b,
 * whether the last byte was a '/'), a parent and a byte each for the
 * witness, an open-addressing set of the nodes seen.
 */
#include <stdlib.h>
#include <string.h>

#include "check_pairs.h"
#include "check_walk.h"

struct node {
	uint32_t sa, sb;
	uint32_t parent;
	uint8_t byte, slash;
};

struct walk {
	struct node *q;
	size_t n, cap;
	uint32_t *tab;		/* index + 1 into q, 0: empty */
	size_t tcap;
};

static size_t hash(uint32_t a, uint32_t b, uint8_t f, size_t mask)
{
	uint64_t k = ((uint64_t)a << 32 | b) ^ ((uint64_t)f << 63);

	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	return (size_t)k & mask;
}

static bool same(const struct node *x, uint32_t a, uint32_t b, uint8_t f)
{
	return x->sa == a && x->sb == b && x->slash == f;
}

static int grow(struct walk *w)
{
	size_t nc = w->tcap ? w->tcap * 2 : 1024, i;
	uint32_t *nt = calloc(nc, sizeof(*nt));

	if (!nt)
		return -1;
	for (i = 0; i < w->n; i++) {
		size_t h = hash(w->q[i].sa, w->q[i].sb, w->q[i].slash, nc - 1);

		while (nt[h])
			h = (h + 1) & (nc - 1);
		nt[h] = (uint32_t)i + 1;
	}
	free(w->tab);
	w->tab = nt;
	w->tcap = nc;
	return 0;
}

/* 1 added, 0 seen, -1 out of memory. */
static int add(struct walk *w, struct node x)
{
	size_t h;

	if ((w->n + 1) * 2 > w->tcap && grow(w))
		return -1;
	h = hash(x.sa, x.sb, x.slash, w->tcap - 1);
	for (; w->tab[h]; h = (h + 1) & (w->tcap - 1))
		if (same(&w->q[w->tab[h] - 1], x.sa, x.sb, x.slash))
			return 0;
	if (w->n == w->cap) {
		size_t nc = w->cap ? w->cap * 2 : 1024;
		struct node *nq = realloc(w->q, nc * sizeof(*nq));

		if (!nq)
			return -1;
		w->q = nq;
		w->cap = nc;
	}
	w->q[w->n] = x;
	w->tab[h] = (uint32_t)++w->n;
	return 1;
}

/* The input that led to node i into buf (grown as needed). */
static const uint8_t *input(const struct walk *w, size_t i, uint8_t **buf,
			    size_t *len)
{
	size_t l = 0, k;
	uint32_t p;
	uint8_t *nb;

	for (p = (uint32_t)i; w->q[p].parent != UINT32_MAX; p = w->q[p].parent)
		l++;
	nb = realloc(*buf, l + 1);
	if (!nb)
		return NULL;
	*buf = nb;
	k = l;
	for (p = (uint32_t)i; w->q[p].parent != UINT32_MAX; p = w->q[p].parent)
		nb[--k] = w->q[p].byte;
	*len = l;
	return nb;
}

long check_pairs(const aamed_rules *a, uint32_t sa, const aamed_rules *b,
		 uint32_t sb, check_pair_fn *fn, void *arg, size_t max_pairs)
{
	const uint8_t *order = check_byte_order();
	struct walk w = { 0 };
	uint8_t *buf = NULL;
	size_t head = 0;
	long ret = 0;

	if (!sa || !sb)
		return 0;
	if (add(&w, (struct node){ sa, sb, UINT32_MAX, 0, 0 }) < 0)
		ret = -1;
	while (!ret && head < w.n) {
		struct node cur = w.q[head];
		const uint8_t *in;
		size_t len;
		unsigned c;

		in = input(&w, head, &buf, &len);
		if (!in) {
			ret = -1;
			break;
		}
		if (fn(cur.sa, cur.sb, in, len, arg))
			break;
		for (c = 0; c < 256 && !ret; c++) {
			uint8_t by = order[c];
			uint32_t na, nb;

			if (by == '/' && cur.slash)
				continue;
			na = aamed_rules_next(a, cur.sa, by);
			nb = aamed_rules_next(b, cur.sb, by);
			if (!na || !nb)
				continue;
			if (w.n >= max_pairs)
				ret = -2;
			else if (add(&w, (struct node){ na, nb, (uint32_t)head, by,
							 by == '/' }) < 0)
				ret = -1;
		}
		head++;
	}
	if (!ret)
		ret = (long)w.n;
	free(w.q);
	free(w.tab);
	free(buf);
	return ret;
}
