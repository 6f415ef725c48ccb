// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The union cover walk (check_union.h). A node is a tuple: the rule's
 * state, a flag, and the (index, state) of every cover still alive
 * there; a cover whose DFA reached its trap state drops out, so the
 * tuples stay short once the first bytes are read. Each tuple is judged
 * once: what the rule allows there against what the live covers allow,
 * together. The walk goes where the rule goes; where the rule's DFA
 * traps it grants nothing more.
 *
 * File rules are walked from the file start, never through "//" (the
 * kernel looks up normalised paths), both entries (owner, other)
 * judged; the policy rules of the other classes from the root, every
 * state judged (stricter than the states the kernel looks up: a miss is
 * a rule not reported, never a false finding), without the file class,
 * which the file walk judges.
 */
#include <stdlib.h>
#include <string.h>

#include "check_rules.h"
#include "check_union.h"

/* A tuple in the arena: [nlive, rule state, flag, (index, state)...] */
#define T_HEAD 3

struct uwalk {
	enum aamed_rules_kind kind;
	/* covers: s[] are covers; denies: s[0] the empty profile, s[1] the
	 * denies' background, the rest the deny rules */
	bool denies;
	const aamed_rules *r;
	const aamed_rules **s;
	size_t n;
	bool *used;
	struct aamed_perms trap[2];	/* a dead cover's (trap state) perms */
	uint32_t *arena;		/* tuples, back to back */
	size_t alen, acap;
	size_t *queue;			/* arena offsets, in visit order */
	size_t qlen, qcap;
	size_t *tab;			/* offset + 1, 0: empty */
	size_t tcap;
	uint32_t *scratch;		/* the tuple being built */
};

static size_t tlen(const uint32_t *t)
{
	return T_HEAD + 2 * (size_t)t[0];
}

static size_t thash(const uint32_t *t)
{
	uint64_t h = 1469598103934665603ull;
	size_t i, l = tlen(t);

	for (i = 0; i < l; i++) {
		h ^= t[i];
		h *= 1099511628211ull;
	}
	return (size_t)(h ^ (h >> 29));
}

static int grow_tab(struct uwalk *w)
{
	size_t nc = w->tcap ? w->tcap * 2 : 4096, i;
	size_t *nt = calloc(nc, sizeof(*nt));

	if (!nt)
		return -1;
	for (i = 0; i < w->qlen; i++) {
		size_t h = thash(w->arena + w->queue[i]) & (nc - 1);

		while (nt[h])
			h = (h + 1) & (nc - 1);
		nt[h] = w->queue[i] + 1;
	}
	free(w->tab);
	w->tab = nt;
	w->tcap = nc;
	return 0;
}

static int reserve(void **p, size_t *cap, size_t need, size_t size)
{
	size_t nc;
	void *np;

	if (need <= *cap)
		return 0;
	nc = *cap ? *cap : 1024;
	while (nc < need)
		nc *= 2;
	np = realloc(*p, nc * size);
	if (!np)
		return -1;
	*p = np;
	*cap = nc;
	return 0;
}

/* 1 added, 0 seen before, -1 out of memory. */
static int add(struct uwalk *w, const uint32_t *t)
{
	size_t l = tlen(t), h;

	if ((w->qlen + 1) * 2 > w->tcap && grow_tab(w))
		return -1;
	for (h = thash(t) & (w->tcap - 1); w->tab[h]; h = (h + 1) & (w->tcap - 1)) {
		const uint32_t *o = w->arena + w->tab[h] - 1;

		if (tlen(o) == l && !memcmp(o, t, l * sizeof(*t)))
			return 0;
	}
	if (reserve((void **)&w->arena, &w->acap, w->alen + l, sizeof(*w->arena)) ||
	    reserve((void **)&w->queue, &w->qcap, w->qlen + 1, sizeof(*w->queue)))
		return -1;
	memcpy(w->arena + w->alen, t, l * sizeof(*t));
	w->queue[w->qlen++] = w->alen;
	w->tab[h] = w->alen + 1;
	w->alen += l;
	return 1;
}

static bool same_xtrans(const struct aamed_xtrans *a,
			const struct aamed_xtrans *b)
{
	if (a->mode != b->mode || a->fallback != b->fallback ||
	    a->unsafe != b->unsafe)
		return false;
	if (!a->target || !b->target)
		return a->target == b->target;
	return !strcmp(a->target, b->target);
}

/* One entry of one tuple: false when the rule grants something there
 * the live covers do not, together. */
static bool entry_covered(struct uwalk *w, const uint32_t *t, int o)
{
	struct aamed_perms pr, u = { 0 }, ps;
	struct aamed_xtrans xr, xs;
	bool exec = false, xok = true;
	uint32_t i, named;

	if (aamed_rules_perms(w->r, t[1], o == AAMED_ENTRY_OWNER, &pr) ||
	    !pr.allow)
		return true;
	if (w->kind == AAMED_RULES_FILE && (pr.allow & AAMED_MAY_EXEC) &&
	    aamed_rules_xtrans(w->r, pr.xindex, &xr))
		return false;
	if (t[0] < w->n) {
		u.allow = w->trap[o].allow;
		u.audit = w->trap[o].audit;
	}
	/* what a cover is named for: what the rule names (file rules:
	 * getattr and open come with every state of some kernels) */
	named = w->kind == AAMED_RULES_FILE ? pr.allow & CHECK_RULE_BITS
					    : pr.allow;
	for (i = 0; i < t[0]; i++) {
		const aamed_rules *s = w->s[t[T_HEAD + 2 * i]];

		if (aamed_rules_perms(s, t[T_HEAD + 2 * i + 1],
				      o == AAMED_ENTRY_OWNER, &ps))
			continue;
		u.allow |= ps.allow;
		u.audit |= ps.audit;
		if (w->used && (ps.allow & named))
			w->used[t[T_HEAD + 2 * i]] = true;
		if (w->kind != AAMED_RULES_FILE ||
		    !(pr.allow & ps.allow & AAMED_MAY_EXEC))
			continue;
		/* overlapping exec rules must agree: any other transition
		 * is no cover */
		if (aamed_rules_xtrans(s, ps.xindex, &xs) || !same_xtrans(&xr, &xs))
			xok = false;
		else
			exec = true;
	}
	if ((pr.allow & ~u.allow) || (pr.audit & pr.allow & ~u.audit))
		return false;
	return !(pr.allow & AAMED_MAY_EXEC) || (exec && xok);
}

/* The allow of live entry i of tuple t, or 0 when cover k is dead. */
static uint32_t allow_of(const struct uwalk *w, const uint32_t *t,
			 uint32_t k, int o, bool *alive)
{
	struct aamed_perms p;
	uint32_t i;

	for (i = 0; i < t[0]; i++)
		if (t[T_HEAD + 2 * i] == k) {
			*alive = true;
			if (aamed_rules_perms(w->s[k], t[T_HEAD + 2 * i + 1],
					      o == AAMED_ENTRY_OWNER, &p))
				return 0;
			return p.allow;
		}
	*alive = false;
	return 0;
}

/* Denies: false when something the rule allows there is neither taken
 * away by a deny rule (what its background grants and it does not) nor
 * granted by the empty profile anyway. */
static bool entry_all_denied(struct uwalk *w, const uint32_t *t, int o)
{
	struct aamed_perms pr, ps;
	uint32_t empty, bg, denied = 0, i;
	bool alive;

	if (aamed_rules_perms(w->r, t[1], o == AAMED_ENTRY_OWNER, &pr))
		return true;
	/* file rules: the permissions rules name; open, getattr and the
	 * like follow from them (the kernel maps them from r, w...), so a
	 * deny rule's own profile keeps them where its background's other
	 * permissions stay, while the rule beside the deny loses them */
	if (w->kind == AAMED_RULES_FILE)
		pr.allow &= CHECK_RULE_BITS;
	if (!pr.allow)
		return true;
	empty = allow_of(w, t, 0, o, &alive);
	if (!alive)
		empty = w->trap[o].allow;
	bg = allow_of(w, t, 1, o, &alive);
	for (i = 0; i < t[0]; i++) {
		uint32_t k = t[T_HEAD + 2 * i];

		if (k < 2 || aamed_rules_perms(w->s[k], t[T_HEAD + 2 * i + 1],
					       o == AAMED_ENTRY_OWNER, &ps))
			continue;
		denied |= bg & ~ps.allow;
		if (w->used && (bg & ~ps.allow & pr.allow))
			w->used[k] = true;
	}
	return !(pr.allow & ~denied & ~empty);
}

/* Every successor of tuple at off, one per byte the rule takes. */
static int expand(struct uwalk *w, size_t off)
{
	uint32_t b;

	for (b = 0; b < 256; b++) {
		const uint32_t *t = w->arena + off;	/* add() may move it */
		uint32_t nr, i, live = 0;

		if (w->kind == AAMED_RULES_FILE && b == '/' && t[2])
			continue;
		if (w->kind == AAMED_RULES_POLICY && t[2] &&
		    b == AAMED_PCLASS_FILE)
			continue;
		nr = aamed_rules_next(w->r, t[1], (uint8_t)b);
		if (!nr)
			continue;
		w->scratch[1] = nr;
		w->scratch[2] = w->kind == AAMED_RULES_FILE ? b == '/' : 0;
		for (i = 0; i < t[0]; i++) {
			uint32_t k = t[T_HEAD + 2 * i];
			uint32_t ns = aamed_rules_next(w->s[k],
						       t[T_HEAD + 2 * i + 1],
						       (uint8_t)b);

			if (!ns)
				continue;
			w->scratch[T_HEAD + 2 * live] = k;
			w->scratch[T_HEAD + 2 * live + 1] = ns;
			live++;
		}
		w->scratch[0] = live;
		if (add(w, w->scratch) < 0)
			return -1;
		if (w->qlen > CHECK_UNION_MAX)
			return -1;
	}
	return 0;
}

/* The walk of one kind of rules: true when covered throughout. */
static bool walk(struct uwalk *w, int pclass)
{
	uint32_t rs = aamed_rules_start(w->r, pclass), i, live = 0;
	size_t head;
	bool ok = true;
	int o;

	if (!rs)
		return true;
	for (o = AAMED_ENTRY_OWNER; o <= AAMED_ENTRY_OTHER; o++) {
		size_t k;

		memset(&w->trap[o], 0, sizeof(w->trap[o]));
		/* denies: the empty profile's trap state only */
		for (k = 0; k < (w->denies ? 1 : w->n); k++) {
			struct aamed_perms tp;

			if (w->s[k] && !aamed_rules_perms(w->s[k], 0,
							  o == AAMED_ENTRY_OWNER, &tp)) {
				w->trap[o].allow |= tp.allow;
				w->trap[o].audit |= tp.audit;
			}
		}
	}
	w->scratch[1] = rs;
	w->scratch[2] = w->kind == AAMED_RULES_POLICY;	/* at the root */
	for (i = 0; i < w->n; i++) {
		uint32_t ss = aamed_rules_start(w->s[i], pclass);

		if (!ss)
			continue;
		w->scratch[T_HEAD + 2 * live] = i;
		w->scratch[T_HEAD + 2 * live + 1] = ss;
		live++;
	}
	w->scratch[0] = live;
	if (add(w, w->scratch) < 0)
		return false;
	for (head = 0; ok && head < w->qlen; head++) {
		size_t off = w->queue[head];

		for (o = AAMED_ENTRY_OWNER; ok && o <= AAMED_ENTRY_OTHER; o++)
			ok = w->denies ? entry_all_denied(w, w->arena + off, o)
				       : entry_covered(w, w->arena + off, o);
		if (ok && expand(w, off))
			ok = false;	/* cut short, or out of memory */
	}
	return ok;
}

static bool caps_covered(const aamed_profile *r,
			 const aamed_profile *const *covers, size_t n,
			 bool *used)
{
	struct aamed_profile_info ri, si;
	uint64_t allow = 0, audit = 0;
	size_t i;

	if (check_info(r, &ri))
		return false;
	if (!ri.caps_allow)
		return true;
	for (i = 0; i < n; i++) {
		if (check_info(covers[i], &si))
			continue;
		allow |= si.caps_allow;
		audit |= si.caps_audit;
		if (used && (si.caps_allow & ri.caps_allow))
			used[i] = true;
	}
	return !(ri.caps_allow & ~allow) &&
	       !(ri.caps_audit & ri.caps_allow & ~audit);
}

static bool walk_kind(const aamed_profile *r,
		      const aamed_profile *const *covers, size_t n,
		      bool *used, enum aamed_rules_kind kind, bool denies)
{
	struct uwalk w = { 0 };
	bool ok = false;
	size_t i;

	w.kind = kind;
	w.denies = denies;
	w.r = aamed_profile_rules(r, kind);
	if (!w.r)
		return true;
	w.n = n;
	w.used = used;
	w.s = calloc(n ? n : 1, sizeof(*w.s));
	w.scratch = calloc(T_HEAD + 2 * n, sizeof(*w.scratch));
	if (w.s && w.scratch) {
		for (i = 0; i < n; i++)
			w.s[i] = aamed_profile_rules(covers[i], kind);
		ok = walk(&w, kind == AAMED_RULES_FILE ? AAMED_PCLASS_FILE
						       : AAMED_PCLASS_NONE);
	}
	free(w.s);
	free(w.scratch);
	free(w.arena);
	free(w.queue);
	free(w.tab);
	return ok;
}

bool check_union_covers(const aamed_profile *r,
			const aamed_profile *const *covers, size_t n,
			int klass, bool *used)
{
	/* covers are named from the rules of r's class only: every
	 * one-rule profile has the parser's implicit rules too */
	return caps_covered(r, covers, n,
			    klass == AAMED_PCLASS_CAP ? used : NULL) &&
	       walk_kind(r, covers, n, klass == AAMED_PCLASS_FILE ? used : NULL,
			 AAMED_RULES_FILE, false) &&
	       walk_kind(r, covers, n,
			 klass != AAMED_PCLASS_FILE && klass != AAMED_PCLASS_CAP ?
				 used : NULL,
			 AAMED_RULES_POLICY, false);
}

static uint64_t caps_allow(const aamed_profile *p)
{
	struct aamed_profile_info in;

	return p && !check_info(p, &in) ? in.caps_allow : 0;
}

bool check_union_denied(const aamed_profile *r, const aamed_profile *empty,
			const aamed_profile *bg,
			const aamed_profile *const *denies, size_t n,
			int klass, bool *used)
{
	const aamed_profile **all;
	bool *u;
	uint64_t left, taken = 0;
	size_t i;
	bool ok;

	if (!r || !empty || !bg)
		return false;
	if (klass == AAMED_PCLASS_CAP) {
		left = caps_allow(r) & ~caps_allow(empty);
		for (i = 0; i < n; i++) {
			uint64_t t = caps_allow(bg) & ~caps_allow(denies[i]);

			taken |= t;
			if (used && (t & left))
				used[i] = true;
		}
		return left && !(left & ~taken);
	}
	all = calloc(n + 2, sizeof(*all));
	if (!all)
		return false;
	all[0] = empty;
	all[1] = bg;
	for (i = 0; i < n; i++)
		all[i + 2] = denies[i];
	u = calloc(n + 2, sizeof(*u));
	if (!u) {
		free(all);
		return false;
	}
	ok = walk_kind(r, all, n + 2, u,
		       klass == AAMED_PCLASS_FILE ? AAMED_RULES_FILE
						  : AAMED_RULES_POLICY,
		       true);
	for (i = 0; used && i < n; i++)
		used[i] = u[i + 2];
	free(u);
	free(all);
	return ok;
}
