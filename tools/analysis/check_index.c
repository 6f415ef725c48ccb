// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --source rules of each profile, by the profile's name
 * (check_rules.h): attributing a finding looked through every rule of
 * every source for the profile's own, and over a corpus of 1,600 files
 * (a million rule instances) that scan, once per finding, cost more
 * than the checks. Built once per check run, in source then rule order,
 * so a lookup sees the rules in the order the scan did.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_rules.h"

struct pentry {
	const char *name;	/* a rule's or header's profile (owned by
				 * its tl_rule or tl_profile_loc) */
	struct check_prule *v;
	size_t n, cap;
	const struct tl_profile_loc *loc;	/* first header with a file */
};

static struct {
	const struct check_ctx *c;
	size_t nsrc;
	struct pentry *t;
	size_t cap;
} ix;

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct pentry *slot(const char *name)
{
	size_t i;

	for (i = hash(name) & (ix.cap - 1); ix.t[i].name;
	     i = (i + 1) & (ix.cap - 1))
		if (!strcmp(ix.t[i].name, name))
			return &ix.t[i];
	return &ix.t[i];
}

static void oom(void)
{
	fputs("aamed check: out of memory\n", stderr);
	exit(EXIT_USAGE);
}

static void build(const struct check_ctx *c)
{
	size_t i, j, total = 0, used = 0;

	check_index_free();
	for (i = 0; i < c->nsrc; i++)
		total += c->src[i].nprofiles + 1;
	for (ix.cap = 64; ix.cap < total * 2; ix.cap *= 2)
		;
	ix.t = calloc(ix.cap, sizeof(*ix.t));
	if (!ix.t)
		oom();
	ix.c = c;
	ix.nsrc = c->nsrc;
	for (i = 0; i < c->nsrc; i++)
		for (j = 0; j < c->src[i].nprofiles; j++) {
			const struct tl_profile_loc *l = &c->src[i].profiles[j];
			struct pentry *e = slot(l->profile);

			if (!e->name) {
				if (++used >= ix.cap)
					oom();
				e->name = l->profile;
			}
			if (l->file && !e->loc)
				e->loc = l;
		}
	for (i = 0; i < c->nsrc; i++)
		for (j = 0; j < c->src[i].nrules; j++) {
			const struct tl_rule *r = &c->src[i].rules[j];
			struct pentry *e = slot(r->profile);

			if (!e->name) {
				/* a rule's profile is one a header
				 * opened: total bounds the names */
				if (++used >= ix.cap)
					oom();
				e->name = r->profile;
			}
			if (e->n == e->cap) {
				e->cap = e->cap * 2 + 8;
				e->v = realloc(e->v, e->cap * sizeof(*e->v));
				if (!e->v)
					oom();
			}
			e->v[e->n].src = &c->src[i];
			e->v[e->n].rule = j;
			e->n++;
		}
}

const struct check_prule *check_profile_rules(const struct check_ctx *c,
					      const char *profile, size_t *n)
{
	struct pentry *e;

	*n = 0;
	if (!c->nsrc || !profile)
		return NULL;
	if (ix.c != c || ix.nsrc != c->nsrc)
		build(c);
	e = slot(profile);
	*n = e->n;
	return e->v;
}

const struct tl_profile_loc *check_index_loc(const struct check_ctx *c,
					     const char *profile)
{
	if (!c->nsrc || !profile)
		return NULL;
	if (ix.c != c || ix.nsrc != c->nsrc)
		build(c);
	return slot(profile)->loc;
}

void check_index_free(void)
{
	size_t i;

	for (i = 0; i < ix.cap; i++)
		free(ix.t[i].v);
	free(ix.t);
	memset(&ix, 0, sizeof(ix));
}
