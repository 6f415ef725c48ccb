// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unprovided change_profile targets, by name (xchange.h).
 *
 * The provided names are walked first: each one the rules accept whole
 * gives the prefix where it first reaches a target state (its rule's
 * root: "foo" of "foo*"), kept in a trie. Then the DFA is walked breadth
 * first in product with that trie: a string still in the trie has one
 * (state, trie node) pair, a string off it only its state, so the walk
 * is no larger than the DFA plus the trie. It stops at the first target
 * state of every way; one reached off the trie's ends is a target no
 * provided name reaches through that root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xchange.h"

#define OFF UINT32_MAX		/* off the trie */

struct trie {
	uint32_t *child, *sib;	/* first child, next sibling; 0: none */
	uint8_t *byte;
	bool *end;		/* a provided root ends here */
	uint32_t n, cap;
};

/* A new node: its index, or OFF when out of memory. */
static uint32_t trie_node(struct trie *t, uint8_t byte)
{
	if (t->n == t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 256;
		uint32_t *c = realloc(t->child, cap * sizeof(*c));
		uint32_t *s;
		uint8_t *b;
		bool *e;

		if (!c)
			return OFF;
		t->child = c;
		s = realloc(t->sib, cap * sizeof(*s));
		if (!s)
			return OFF;
		t->sib = s;
		b = realloc(t->byte, cap);
		if (!b)
			return OFF;
		t->byte = b;
		e = realloc(t->end, cap * sizeof(*e));
		if (!e)
			return OFF;
		t->end = e;
		t->cap = cap;
	}
	t->child[t->n] = t->sib[t->n] = 0;
	t->byte[t->n] = byte;
	t->end[t->n] = false;
	return t->n++;
}

/* The child of node by byte: OFF when there is none. */
static uint32_t trie_child(const struct trie *t, uint32_t node, uint8_t byte)
{
	uint32_t c;

	for (c = t->child[node]; c; c = t->sib[c])
		if (t->byte[c] == byte)
			return c;
	return OFF;
}

/* Add s[0..len) as a provided root. 0 or -ENOMEM. */
static int trie_add(struct trie *t, const char *s, size_t len)
{
	uint32_t node = 0, c;
	size_t i;

	for (i = 0; i < len; i++) {
		c = trie_child(t, node, (uint8_t)s[i]);
		if (c == OFF) {
			c = trie_node(t, (uint8_t)s[i]);
			if (c == OFF)
				return -ENOMEM;
			t->sib[c] = t->child[node];
			t->child[node] = c;
		}
		node = c;
	}
	t->end[node] = true;
	return 0;
}

static void trie_free(struct trie *t)
{
	free(t->child);
	free(t->sib);
	free(t->byte);
	free(t->end);
}

static bool is_target(const struct walk *w, uint32_t s)
{
	struct aamed_perms pm;

	return !aamed_rules_perms(w->r, s, 1, &pm) &&
	       (pm.allow & AAMED_MAY_CHANGE_PROFILE);
}

/* Whether s loops on itself: a glob's tail ("foo*" after "foo"). */
static bool loops(const struct walk *w, uint32_t s)
{
	unsigned c;

	for (c = 1; c < 256; c++)
		if (aamed_rules_next(w->r, s, (uint8_t)c) == s)
			return true;
	return false;
}

/*
 * A target state the name passes before its end is its rule's root only
 * when a glob's tail starts there: with "-> ab, -> abc," the state after
 * "ab" ends the literal "ab", which does not provide "ab" when only "abc"
 * is a profile (the kernel finds no profile "ab"). No literal names the
 * empty string, so a target start state is a glob's root ("change_profile,"
 * as 5.0.2 compiles it), loop or not.
 */
static bool is_root(const struct walk *w, uint32_t s, bool at_end)
{
	return is_target(w, s) && (at_end || loops(w, s));
}

/* name, walked from the start and accepted whole: its root into t. */
static int add_provided(struct trie *t, const struct walk *w, const char *name)
{
	uint32_t s = w->start;
	size_t i, root = (size_t)-1;

	if (is_target(w, s))
		root = 0;
	for (i = 0; name[i] && s; i++) {
		s = aamed_rules_next(w->r, s, (uint8_t)name[i]);
		if (root == (size_t)-1 && s && s < w->n &&
		    is_root(w, s, !name[i + 1]))
			root = i + 1;
	}
	if (!s || s >= w->n || !is_target(w, s))
		return 0;
	return trie_add(t, name, root);
}

static int provided_roots(struct trie *t, const struct walk *w,
			  const char *const *names, size_t nnames)
{
	char amp[4200];
	size_t i;

	if (trie_node(t, 0) == OFF)	/* node 0: the empty name */
		return -ENOMEM;
	for (i = 0; i < nnames; i++) {
		snprintf(amp, sizeof(amp), "&%s", names[i]);
		if (add_provided(t, w, names[i]) || add_provided(t, w, amp))
			return -ENOMEM;
	}
	return 0;
}

/* The product walk's queue: a pair, the entry it came from, the byte. */
struct pq {
	uint32_t *s, *node, *parent;
	uint8_t *by;
	size_t n, cap;
};

static int pq_add(struct pq *q, uint32_t s, uint32_t node, uint32_t parent,
		  uint8_t by)
{
	if (q->n == q->cap) {
		size_t cap = q->cap ? q->cap * 2 : 1024;
		uint32_t *a = realloc(q->s, cap * sizeof(*a));
		uint8_t *bytes;

		if (!a)
			return -ENOMEM;
		q->s = a;
		if (!(a = realloc(q->node, cap * sizeof(*a))))
			return -ENOMEM;
		q->node = a;
		if (!(a = realloc(q->parent, cap * sizeof(*a))))
			return -ENOMEM;
		q->parent = a;
		bytes = realloc(q->by, cap);
		if (!bytes)
			return -ENOMEM;
		q->by = bytes;
		q->cap = cap;
	}
	q->s[q->n] = s;
	q->node[q->n] = node;
	q->parent[q->n] = parent;
	q->by[q->n++] = by;
	return 0;
}

/* The name of entry i, and whether a state on its way loops on itself
 * (the rule matches other names: loops_on_way() for this way). */
static char *pq_name(const struct pq *q, const struct walk *w, uint32_t i,
		     bool *glob)
{
	size_t n = 0;
	uint32_t j;
	char *out;
	unsigned c;

	*glob = false;
	for (j = i; j; j = q->parent[j])
		n++;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	out[n] = '\0';
	for (j = i;; j = q->parent[j]) {
		for (c = 1; c < 256 && !*glob; c++)
			*glob = aamed_rules_next(w->r, q->s[j], (uint8_t)c) == q->s[j];
		if (!j)
			break;
		out[--n] = (char)q->by[j];
	}
	return out;
}

static int product(const struct walk *w, const struct trie *t, struct pq *q,
		   uint8_t *seen_off, xchange_fn fn, void *arg)
{
	uint8_t bytes[255];
	size_t nb = sizeof(bytes), head, i;
	int rc;

	walk_byte_order(bytes);	/* walk_all()'s order: the same witnesses */
	if (pq_add(q, w->start, 0, 0, 0))
		return -ENOMEM;
	for (head = 0; head < q->n; head++) {
		uint32_t s = q->s[head], node = q->node[head];

		if (is_target(w, s)) {
			bool glob;
			char *name;

			if (node != OFF && t->end[node])
				continue;	/* a provided root */
			name = pq_name(q, w, (uint32_t)head, &glob);
			if (!name)
				return -ENOMEM;
			if ((rc = fn(arg, s, name, glob)))
				return rc;
			continue;	/* a target ends here: not past it */
		}
		for (i = 0; i < nb; i++) {
			uint32_t ns = aamed_rules_next(w->r, s, bytes[i]);
			uint32_t nn = node == OFF ? OFF
						  : trie_child(t, node, bytes[i]);

			if (!ns || ns >= w->n)
				continue;
			if (nn == OFF) {
				if (seen_off[ns])
					continue;
				seen_off[ns] = 1;
			}
			if (pq_add(q, ns, nn, (uint32_t)head, bytes[i]))
				return -ENOMEM;
		}
	}
	return 0;
}

int xchange_unprovided(const struct walk *w, const char *const *names,
		       size_t nnames, xchange_fn fn, void *arg)
{
	struct trie t = { 0 };
	struct pq q = { 0 };
	uint8_t *seen_off;
	int rc;

	if (!w->count)
		return 0;
	seen_off = calloc(w->n, 1);
	if (!seen_off)
		return -ENOMEM;
	rc = provided_roots(&t, w, names, nnames);
	if (!rc)
		rc = product(w, &t, &q, seen_off, fn, arg);
	free(seen_off);
	free(q.s);
	free(q.node);
	free(q.parent);
	free(q.by);
	trie_free(&t);
	return rc;
}
