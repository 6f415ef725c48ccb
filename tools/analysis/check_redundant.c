// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * redundant: an allow rule of a profile's own file whose every
 * permission another rule of the profile already grants, abstractions
 * included: the rule can go and nothing changes. The finding names the
 * rule that already grants it.
 *
 * Exact, per pair of allow rules R, S of one profile and class: S covers
 * R when the product of their one-rule DFAs (apparmor_parser compiled
 * each alone, as explain --source does) holds no state where R allows or
 * audits more than S, or executes with another transition. A cheap
 * necessary test comes first: S must grant R's first request. Rules
 * inside included files (abstractions) are not judged, only used: the
 * finding is for the profile's author. Of two equal rules of the
 * profile's file, the later one is the redundant one.
 *
 * Not found: a rule that several other rules cover only together.
 */
#include <string.h>

#include "check_rules.h"

/* Is r a rule of its profile's own file (not of an included one)? */
static bool own_rule(const struct check_ctx *c, const struct tl_rule *r)
{
	const char *file;
	int line;

	return !check_profile_loc(c, r->profile, &file, &line) &&
	       !strcmp(file, r->file);
}

static bool candidate(const struct tl_rule *r, const struct tl_rule *s)
{
	return s != r && !s->deny && s->compiled && s->klass == r->klass &&
	       !strcmp(s->profile, r->profile);
}

/* The rule of src that covers rule i, or NULL. */
static const struct tl_rule *covering(const struct check_ctx *c,
				      const struct tl_source *src, size_t i,
				      const struct check_input *in)
{
	const struct tl_rule *r = &src->rules[i];
	const aamed_profile *rp = check_rule_profile(src, i);
	size_t j;

	for (j = 0; j < src->nrules; j++) {
		const struct tl_rule *s = &src->rules[j];
		const aamed_profile *sp;

		if (!candidate(r, s) || !(sp = check_rule_profile(src, j)) ||
		    !check_input_granted(sp, in) || !check_covers(rp, sp))
			continue;
		/* two equal rules of the file: the later one goes */
		if (j > i && own_rule(c, s) && check_covers(sp, rp))
			continue;
		return s;
	}
	return NULL;
}

static void one_source(struct check_ctx *c, const struct tl_source *src)
{
	const aamed_profile *empty = check_empty_profile(src);
	size_t i;

	for (i = 0; i < src->nrules; i++) {
		const struct tl_rule *r = &src->rules[i], *s;
		const aamed_profile *rp = check_rule_profile(src, i);
		struct check_input in;

		if (r->deny || !rp || !own_rule(c, r) ||
		    !check_first_input(rp, empty, &in))
			continue;
		s = covering(c, src, i, &in);
		if (s)
			check_report(c, r->profile, r, in.words,
				     "rule is redundant: %s:%d: %s already grants all it grants",
				     s->file, s->line, s->text);
	}
}

CHECK_RUN(check_redundant)
{
	size_t i;

	for (i = 0; i < c->nsrc; i++)
		one_source(c, &c->src[i]);
	return 0;
}
