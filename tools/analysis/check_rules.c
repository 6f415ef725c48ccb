// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Product walks over compiled rules (check_rules.h). aamed_profile_diff()
 * reports every pair of states whose permissions differ, with a shortest
 * input reaching it; what the checks need is read from those pairs.
 */
#include <string.h>

#include "check_rules.h"
#include "check_walk.h"
#include "check_witness.h"

const aamed_profile *check_rule_profile(const struct tl_source *src,
					size_t i)
{
	char name[64];

	if (i >= src->nrules || !src->rules[i].compiled)
		return NULL;
	if (src->shared)
		return src->rules[i].one;
	snprintf(name, sizeof(name), "__aamed_r%zu", i);
	return aamed_policy_profile_find(src->policy, NULL, name);
}

const aamed_profile *check_empty_profile(const struct tl_source *src)
{
	if (src->shared)
		return src->empty;
	return aamed_policy_profile_find(src->policy, NULL, "__aamed_empty");
}

static uint64_t caps_of(const aamed_profile *p)
{
	struct aamed_profile_info info;

	if (!p || check_info(p, &info))
		return 0;
	return info.caps_allow;
}

/* ------------------------------------------------------------------ */
static uint32_t entry_allow(const aamed_rules *r, const uint8_t *w,
			    size_t len, int o)
{
	struct aamed_perms p;
	uint32_t s;

	if (!r)
		return 0;
	s = aamed_rules_match(r, aamed_rules_start(r, AAMED_PCLASS_FILE), w,
			      len);
	if (!s || aamed_rules_perms(r, s, o == AAMED_ENTRY_OWNER, &p))
		return 0;
	return p.allow;
}

static void keep_input(struct check_input *in, enum aamed_rules_kind kind,
		       const uint8_t *w, size_t len, int entry, uint32_t bits)
{
	in->kind = kind;
	in->len = len < sizeof(in->w) ? len : sizeof(in->w);
	memcpy(in->w, w, in->len);
	in->entry = entry;
	in->bits = bits;
	in->found = true;
	if (kind == AAMED_RULES_FILE)
		check_file_words(w, len, bits, entry, in->words,
				 sizeof(in->words));
	else
		check_policy_words(w, len, bits, in->words, sizeof(in->words));
}

static int on_grant(const struct aamed_diff_state *st, void *arg)
{
	struct check_input *in = arg;
	uint32_t bits = st->a[AAMED_ENTRY_OTHER].allow &
			~st->b[AAMED_ENTRY_OTHER].allow;

	if (st->rules != AAMED_RULES_POLICY)
		return 0;	/* file rules: fg_found() walked them */
	if (!bits)
		return 0;
	keep_input(in, AAMED_RULES_POLICY, st->witness, st->len,
		   AAMED_ENTRY_OTHER, bits);
	return 1;
}

/* The file walk of check_first_input(): p's states that allow
 * something, letters first, each path asked of base too. */
struct fgrant {
	const aamed_rules *pr, *br;
	struct check_input *in;
};

static bool fg_want(uint32_t s, void *arg)
{
	struct fgrant *f = arg;
	struct aamed_perms a, b;

	return (!aamed_rules_perms(f->pr, s, 1, &a) && a.allow) ||
	       (!aamed_rules_perms(f->pr, s, 0, &b) && b.allow);
}

static int fg_found(uint32_t s, const uint8_t *w, size_t len, void *arg)
{
	struct fgrant *f = arg;
	int o;

	(void)s;
	/* the other entry first: a witness any task can ask */
	for (o = AAMED_ENTRY_OTHER; o >= AAMED_ENTRY_OWNER; o--) {
		/* the bits a rule names (getattr and open come with them
		 * and, under 6.1, with every state) */
		uint32_t bits = entry_allow(f->pr, w, len, o) &
				~entry_allow(f->br, w, len, o) & CHECK_RULE_BITS;

		if (bits) {
			keep_input(f->in, AAMED_RULES_FILE, w, len, o, bits);
			return 1;
		}
	}
	return 0;
}

bool check_first_input(const aamed_profile *p, const aamed_profile *base,
		       struct check_input *in)
{
	uint64_t caps = caps_of(p) & ~caps_of(base);
	struct fgrant f = { aamed_profile_rules(p, AAMED_RULES_FILE),
			    base ? aamed_profile_rules(base, AAMED_RULES_FILE) : NULL,
			    in };

	memset(in, 0, sizeof(*in));
	if (caps) {
		in->caps = caps;
		in->found = true;
		check_cap_words(caps, in->words, sizeof(in->words));
		return true;
	}
	if (f.pr)
		check_walk(f.pr, aamed_rules_start(f.pr, AAMED_PCLASS_FILE),
			   fg_want, fg_found, &f);
	if (!in->found)
		aamed_profile_diff(p, base, CHECK_MAX_PAIRS, on_grant, in);
	return in->found;
}

bool check_first_grant(const aamed_profile *p, const aamed_profile *base,
		       char *out, size_t len)
{
	struct check_input in;

	if (!check_first_input(p, base, &in))
		return false;
	snprintf(out, len, "%s", in.words);
	return true;
}

/* rule's permissions for input w of a walk of kind, in entry o. */
static uint32_t input_allow(const aamed_profile *rule,
			    enum aamed_rules_kind kind, const uint8_t *w,
			    size_t len, int o)
{
	const aamed_rules *r;
	struct aamed_perms perms;
	uint32_t s;

	if (kind == AAMED_RULES_FILE)
		return entry_allow(aamed_profile_rules(rule, AAMED_RULES_FILE),
				   w, len, o);
	r = aamed_profile_rules(rule, AAMED_RULES_POLICY);
	s = aamed_rules_start(r, AAMED_PCLASS_NONE);
	if (!r || !s)
		return 0;
	s = aamed_rules_match(r, s, w, len);
	if (!s || aamed_rules_perms(r, s, 0, &perms))
		return 0;
	return perms.allow;
}

bool check_input_granted(const aamed_profile *rule,
			 const struct check_input *in)
{
	if (in->caps)
		return (caps_of(rule) & in->caps) == in->caps;
	return (input_allow(rule, in->kind, in->w, in->len, in->entry) &
		in->bits) == in->bits;
}

/* ------------------------------------------------------------------ */
/* check_covers(): s grants all r grants, the same way. */
struct cover {
	bool excess;
};

static int on_cover(const struct aamed_diff_state *st, void *arg)
{
	struct cover *cv = arg;
	int o;

	if (st->rules == AAMED_RULES_ATTACH)
		return 0;
	for (o = AAMED_ENTRY_OWNER; o <= AAMED_ENTRY_OTHER; o++) {
		const struct aamed_perms *a = &st->a[o], *b = &st->b[o];

		/* more allowed or audited, or an exec the other rule
		 * would land elsewhere */
		if ((a->allow & ~b->allow) || (a->audit & a->allow & ~b->audit) ||
		    ((a->allow & AAMED_MAY_EXEC) && st->xtrans_differ[o])) {
			cv->excess = true;
			return 1;
		}
	}
	return 0;
}

bool check_covers(const aamed_profile *r, const aamed_profile *s)
{
	struct cover cv = { false };
	struct aamed_profile_info ri, si;

	if (check_info(r, &ri) || check_info(s, &si))
		return false;
	if ((ri.caps_allow & ~si.caps_allow) ||
	    (ri.caps_audit & ri.caps_allow & ~si.caps_audit))
		return false;
	/* a walk cut short proves nothing: no cover */
	if (aamed_profile_diff(r, s, CHECK_MAX_PAIRS, on_cover, &cv) < 0)
		return false;
	return !cv.excess;
}

/* ------------------------------------------------------------------ */
struct left {
	const aamed_profile *rule;
	bool found;
};

static int on_left(const struct aamed_diff_state *st, void *arg)
{
	struct left *l = arg;
	int o;

	if (st->rules == AAMED_RULES_ATTACH)
		return 0;
	for (o = AAMED_ENTRY_OWNER; o <= AAMED_ENTRY_OTHER; o++) {
		uint32_t bits = st->a[o].allow & ~st->b[o].allow;

		if (bits && (input_allow(l->rule, st->rules, st->witness, st->len, o) &
			     bits)) {
			l->found = true;
			return 1;
		}
	}
	return 0;
}

bool check_any_left(const aamed_profile *p, const aamed_profile *base,
		    const aamed_profile *rule)
{
	struct left l = { rule, false };

	if (caps_of(p) & caps_of(rule) & ~caps_of(base))
		return true;
	/* a walk cut short proves nothing: count the rule as usable */
	if (aamed_profile_diff(p, base, CHECK_MAX_PAIRS, on_left, &l) < 0 &&
	    !l.found)
		return true;
	return l.found;
}

/* ------------------------------------------------------------------ */
const struct tl_rule *check_granting_file(const struct check_ctx *c,
					  const char *profile,
					  const uint8_t *w, size_t len,
					  int entry, uint32_t bits)
{
	size_t n, k;
	const struct check_prule *pr = check_profile_rules(c, profile, &n);

	for (k = 0; k < n; k++) {
		const struct tl_rule *r = &pr[k].src->rules[pr[k].rule];
		const aamed_profile *one;

		if (r->deny || r->klass != AAMED_PCLASS_FILE ||
		    !(one = check_rule_profile(pr[k].src, pr[k].rule)))
			continue;
		if (entry_allow(aamed_profile_rules(one, AAMED_RULES_FILE),
				w, len, entry) & bits)
			return r;
	}
	return NULL;
}

const struct tl_rule *check_granting_cap(const struct check_ctx *c,
					 const char *profile, uint64_t caps)
{
	size_t n, k;
	const struct check_prule *pr = check_profile_rules(c, profile, &n);

	for (k = 0; k < n; k++) {
		const struct tl_rule *r = &pr[k].src->rules[pr[k].rule];

		if (!r->deny && r->klass == AAMED_PCLASS_CAP &&
		    (caps_of(check_rule_profile(pr[k].src, pr[k].rule)) & caps))
			return r;
	}
	return NULL;
}
