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
 * A rule no single rule covers is then asked of all the others together
 * (check_union.c: the product of its DFA with all of theirs at once),
 * in file order; a rule reported either way is no longer a cover for
 * the union of the rules after it, so that every reported rule can go
 * at once and nothing changes (each one reported is covered by what
 * stays). The finding names up to two of the rules that grant it.
 */
#include <stdlib.h>
#include <string.h>

#include "check_rules.h"
#include "check_union.h"

#define UNION_NAMED 2	/* cover rules named in a union finding */

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
	size_t k, n, j;
	/* the profile's rules, in rule order (check_index.c) */
	const struct check_prule *pr = check_profile_rules(c, r->profile, &n);

	for (k = 0; k < n; k++) {
		const struct tl_rule *s;
		const aamed_profile *sp;

		if (pr[k].src != src)
			continue;
		j = pr[k].rule;
		s = &src->rules[j];
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

/* The union step's covers: every other candidate rule not reported. */
struct ucovers {
	const aamed_profile **p;
	size_t *rule;	/* index in src->rules of p[k] */
	bool *used;
	size_t n;
};

static void gather(const struct check_ctx *c, const struct tl_source *src,
		   size_t i, const bool *reported, struct ucovers *u)
{
	size_t k, n, j;
	const struct check_prule *pr =
		check_profile_rules(c, src->rules[i].profile, &n);

	u->n = 0;
	for (k = 0; k < n; k++) {
		const aamed_profile *sp;

		if (pr[k].src != src)
			continue;
		j = pr[k].rule;
		if (reported[j] || !candidate(&src->rules[i], &src->rules[j]) ||
		    !(sp = check_rule_profile(src, j)))
			continue;
		u->p[u->n] = sp;
		u->rule[u->n] = j;
		u->used[u->n++] = false;
	}
}

/* "F:L: TEXT, F:L: TEXT and N more" of the covers the walk used. */
static void name_used(const struct tl_source *src, const struct ucovers *u,
		      char *buf, size_t len)
{
	size_t k, named = 0, more = 0, o = 0;

	buf[0] = 0;
	for (k = 0; k < u->n; k++) {
		const struct tl_rule *s = &src->rules[u->rule[k]];

		if (!u->used[k])
			continue;
		if (named++ >= UNION_NAMED) {
			more++;
			continue;
		}
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%s:%d: %s",
					      o ? ", " : "", s->file, s->line,
					      s->text);
	}
	if (more && o < len)
		snprintf(buf + o, len - o, " and %zu more", more);
}

/* Step 2: rules only several others cover, together. */
static void union_step(struct check_ctx *c, const struct tl_source *src,
		       bool *reported)
{
	const aamed_profile *empty = check_empty_profile(src);
	struct ucovers u = { 0 };
	char names[2048];
	size_t i, m = src->nrules ? src->nrules : 1;

	u.p = calloc(m, sizeof(*u.p));
	u.rule = calloc(m, sizeof(*u.rule));
	u.used = calloc(m, sizeof(*u.used));
	if (!u.p || !u.rule || !u.used) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	for (i = 0; i < src->nrules; i++) {
		const struct tl_rule *r = &src->rules[i];
		const aamed_profile *rp = check_rule_profile(src, i);
		struct check_input in;
		size_t k;
		unsigned b;
		bool first;

		if (reported[i] || r->deny || !rp || !own_rule(c, r) ||
		    !check_first_input(rp, empty, &in))
			continue;
		gather(c, src, i, reported, &u);
		/* cheap test first: the covers grant the first request,
		 * each bit by some of them */
		first = true;
		for (b = 0; b < 64 && first; b++) {
			struct check_input one = in;

			if (in.caps ? !(in.caps & (1ull << b)) :
				      b >= 32 || !(in.bits & (1u << b)))
				continue;
			one.caps = in.caps & (1ull << b);
			one.bits = in.caps ? 0 : in.bits & (1u << b);
			first = false;
			for (k = 0; k < u.n && !first; k++)
				first = check_input_granted(u.p[k], &one);
		}
		if (!first || !check_union_covers(rp, u.p, u.n, r->klass, u.used))
			continue;
		reported[i] = true;
		name_used(src, &u, names, sizeof(names));
		check_report(c, r->profile, r, in.words,
			     "rule is redundant: together, %s already grant all it grants",
			     names);
	}
	free(u.p);
	free(u.rule);
	free(u.used);
}

static void one_source(struct check_ctx *c, const struct tl_source *src)
{
	const aamed_profile *empty = check_empty_profile(src);
	bool *reported = calloc(src->nrules ? src->nrules : 1,
				sizeof(*reported));
	size_t i;

	if (!reported) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	for (i = 0; i < src->nrules; i++) {
		const struct tl_rule *r = &src->rules[i], *s;
		const aamed_profile *rp = check_rule_profile(src, i);
		struct check_input in;

		if (r->deny || !rp || !own_rule(c, r) ||
		    !check_first_input(rp, empty, &in))
			continue;
		s = covering(c, src, i, &in);
		if (!s)
			continue;
		reported[i] = true;
		check_report(c, r->profile, r, in.words,
			     "rule is redundant: %s:%d: %s already grants all it grants",
			     s->file, s->line, s->text);
	}
	union_step(c, src, reported);
	free(reported);
}

CHECK_RUN(check_redundant)
{
	size_t i;

	for (i = 0; i < c->nsrc; i++)
		one_source(c, &c->src[i]);
	return 0;
}
