// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source rule of an exec-model edge (check_xsource.h). The edge
 * comes from the compiled profile's file DFA; the rule is found the way
 * the other checks find theirs: each allow rule of the profile, compiled
 * alone by apparmor_parser, is walked with the edge's input. For an exec
 * several rules may grant x on one path (an exact rule beside a glob
 * one, of which the parser keeps the exact one's transition): the rule
 * whose transition is the profile's own is preferred, the first rule
 * granting x otherwise.
 */
#include <string.h>

#include "check_rules.h"
#include "check_xsource.h"

/* The input an edge walks from the file start, into buf: the witness
 * path, the change_profile target, or "COND\0TARGET". */
static size_t edge_input(const struct xg_edge *e, uint8_t *buf, size_t len)
{
	size_t cl = e->cond ? strlen(e->cond) : 0, wl = strlen(e->witness);

	if (e->kind != XE_ONEXEC || !e->cond) {
		if (wl > len)
			return 0;
		memcpy(buf, e->witness, wl);
		return wl;
	}
	if (cl + 1 + wl > len)
		return 0;
	memcpy(buf, e->cond, cl);
	buf[cl] = 0;
	memcpy(buf + cl + 1, e->witness, wl);
	return cl + 1 + wl;
}

/* The entry of rules r for input w: 0 and *pm, or -1 (no state). */
static int entry_at(const aamed_rules *r, const uint8_t *w, size_t len,
		    bool owner, struct aamed_perms *pm)
{
	uint32_t s;

	if (!r)
		return -1;
	s = aamed_rules_match(r, aamed_rules_start(r, AAMED_PCLASS_FILE), w,
			      len);
	if (!s || aamed_rules_perms(r, s, owner, pm))
		return -1;
	return 0;
}

/* A target's last component: a cx rule compiled alone names
 * "__aamed_rN//child" where its profile names "parent//child". */
static const char *last_part(const char *t)
{
	const char *p;

	while (t && (p = strstr(t, "//")))
		t = p + 2;
	return t;
}

static bool same_xtrans(const struct aamed_xtrans *a,
			const struct aamed_xtrans *b)
{
	const char *ta = last_part(a->target), *tb = last_part(b->target);

	return a->mode == b->mode && a->fallback == b->fallback &&
	       a->unsafe == b->unsafe &&
	       (ta && tb ? !strcmp(ta, tb) : ta == tb);
}

/* The transition rules r give input w (exec allowed): 0, or -1. */
static int xtrans_at(const aamed_rules *r, const uint8_t *w, size_t len,
		     bool owner, struct aamed_xtrans *x)
{
	struct aamed_perms pm;

	if (entry_at(r, w, len, owner, &pm) || !(pm.allow & AAMED_MAY_EXEC) ||
	    aamed_rules_xtrans(r, pm.xindex, x))
		return -1;
	return 0;
}

/* Modes alike but for the p/c letter xgraph corrects for children. */
static bool mode_is(const struct aamed_xtrans *x, const char *mode)
{
	char m[8];
	size_t i;

	xgraph_mode_string(x, m);
	for (i = 0; m[i] && mode[i]; i++) {
		char a = m[i] == 'c' ? 'p' : m[i] == 'C' ? 'P' : m[i];
		char b = mode[i] == 'c' ? 'p' : mode[i] == 'C' ? 'P' : mode[i];

		if (a != b)
			return false;
	}
	return m[i] == mode[i];
}

/*
 * The entry (owner or not) whose transition is the edge's: an owner rule
 * beside a glob of another mode gives the two entries two transitions,
 * and the edge's owner flag says only that the other entry has no exec.
 * 0 with *want and *owner set, or -1 (neither: no transition to prefer).
 */
static int edge_entry(const struct xgraph *g, const struct xg_edge *e,
		      const uint8_t *w, size_t len, struct aamed_xtrans *want,
		      bool *owner)
{
	const aamed_profile *prof = g->nodes[e->from].profile;
	const aamed_rules *r;
	int o;

	if (e->kind != XE_EXEC || !prof)
		return -1;
	r = aamed_profile_rules(prof, AAMED_RULES_FILE);
	for (o = 1; o >= 0; o--) {
		const char *t;

		if (xtrans_at(r, w, len, o, want))
			continue;
		t = last_part(want->target);
		if (mode_is(want, e->mode) &&
		    (t && e->target ? !strcmp(t, last_part(e->target))
				    : !t && !e->target)) {
			*owner = o;
			return 0;
		}
	}
	return -1;
}

const struct tl_rule *check_edge_rule(const struct check_ctx *c,
				      const struct xgraph *g,
				      const struct xg_edge *e)
{
	const char *name = g->nodes[e->from].name;
	const struct tl_rule *first = NULL;
	struct aamed_xtrans want;
	bool have_want;
	uint8_t w[8400];
	const struct check_prule *pr;
	size_t len, n, k;
	/* change_profile's permissions sit in the owner entry too */
	bool owner = e->kind != XE_EXEC || e->owner;
	uint32_t bit = e->kind == XE_EXEC	  ? AAMED_MAY_EXEC :
		       e->kind == XE_ONEXEC ? AAMED_MAY_ONEXEC :
					      AAMED_MAY_CHANGE_PROFILE;

	if (!c->nsrc || !e->witness || !(len = edge_input(e, w, sizeof(w))))
		return NULL;
	have_want = !edge_entry(g, e, w, len, &want, &owner);
	pr = check_profile_rules(c, name, &n);
	for (k = 0; k < n; k++) {
		const struct tl_rule *r = &pr[k].src->rules[pr[k].rule];
		const aamed_profile *one;
		const aamed_rules *rr;
		struct aamed_perms pm;
		struct aamed_xtrans x;

		if (r->deny || r->klass != AAMED_PCLASS_FILE ||
		    !(one = check_rule_profile(pr[k].src, pr[k].rule)))
			continue;
		rr = aamed_profile_rules(one, AAMED_RULES_FILE);
		if (entry_at(rr, w, len, owner, &pm) || !(pm.allow & bit))
			continue;
		if (!have_want)
			return r;
		if (!xtrans_at(rr, w, len, owner, &x) &&
		    same_xtrans(&x, &want))
			return r;
		if (!first)
			first = r;
	}
	return first;
}
