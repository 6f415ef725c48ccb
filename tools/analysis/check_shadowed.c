// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shadowed: an allow rule that no request can use, because the deny
 * rules of its profile cover everything it grants. Deny wins over allow
 * in AppArmor, so such a rule is dead text, and usually a sign the
 * author meant something else.
 *
 * Exact, per allow rule R of a profile with deny rules of R's class.
 * File and capability rules, from the one-rule profiles --source
 * compiled already (tl_source.c: each deny rule over an allow-all of its
 * class, and that allow-all alone): the product of R's DFA with every
 * deny rule's DFA at once (check_union.c) holds no input where R grants
 * a permission that no deny rule takes away and the empty profile does
 * not grant anyway; a deny rule takes away, at an input, what its
 * allow-all grants there and its own profile does not. Until this, every
 * such R was compiled again with the deny rules, as the other classes
 * still are: apparmor_parser compiles "R + those deny rules" as a
 * profile of its own, and R is shadowed when, walking that profile
 * against the empty one, no request is left that R grants (their
 * encodings, network's family before its type, make a deny rule's DFA
 * stop where its allow-all goes on). The witness is R's first request.
 */
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "check_rules.h"
#include "check_union.h"
#include "check_memo.h"
#include "tl_batch.h"

struct cand {
	size_t rule;	/* index in src->rules */
	size_t prof;	/* its profile in the batch */
};

/* Rule text for a body: one line, with its comma. */
static void add_line(char **body, size_t *len, const char *text)
{
	size_t l = strlen(text);
	char *nb = realloc(*body, *len + l + 4);

	if (!nb) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	*body = nb;
	snprintf(nb + *len, l + 4, "  %s\n", text);
	*len += l + 3;
}

static bool has_deny(const struct tl_source *s, const struct tl_rule *r)
{
	size_t j;

	for (j = 0; j < s->nrules; j++) {
		const struct tl_rule *d = &s->rules[j];

		if (d->deny && d->compiled && d->klass == r->klass &&
		    !strcmp(d->profile, r->profile))
			return true;
	}
	return false;
}

/* "R, and every deny rule of R's profile and class". */
static char *body_of(const struct tl_source *s, const struct tl_rule *r)
{
	char *body = NULL;
	size_t len = 0, j;

	add_line(&body, &len, r->ctext);
	for (j = 0; j < s->nrules; j++) {
		const struct tl_rule *d = &s->rules[j];

		if (d->deny && d->compiled && d->klass == r->klass &&
		    !strcmp(d->profile, r->profile))
			add_line(&body, &len, d->ctext);
	}
	return body;
}

static void judge(struct check_ctx *c, const struct tl_source *s,
		  size_t rule, const aamed_profile *rd, const aamed_profile *e)
{
	const struct tl_rule *r = &s->rules[rule];
	const aamed_profile *one = check_rule_profile(s, rule);
	char wit[1024];

	if (!rd || !e || !one)
		return;		/* the parser refused it: nothing to say */
	/* a rule that grants nothing of its own is no rule to judge */
	if (!check_first_grant(one, check_empty_profile(s), wit, sizeof(wit)))
		return;
	if (check_any_left(rd, e, one))
		return;
	check_report(c, r->profile, r, wit,
		     "rule is shadowed: deny rules take away all it grants");
}

static bool same_class(const struct tl_rule *d, const struct tl_rule *r)
{
	return d->deny && d->compiled && d->klass == r->klass &&
	       !strcmp(d->profile, r->profile);
}

/* The deny rules of R's profile and class, their profiles into dp;
 * their background (all compiled over the same one) into *bg. */
static size_t denies_of(const struct tl_source *s, const struct tl_rule *r,
			const aamed_profile **dp, const aamed_profile **bg)
{
	size_t j, n = 0;

	*bg = NULL;
	for (j = 0; j < s->nrules; j++) {
		const struct tl_rule *d = &s->rules[j];
		const aamed_profile *p, *b;

		if (!same_class(d, r) || !(p = check_rule_profile(s, j)))
			continue;
		b = tl_source_background(s, d);
		if (!b || (*bg && b != *bg))
			return 0;	/* two backgrounds: not judged */
		*bg = b;
		dp[n++] = p;
	}
	return n;
}

/*
 * The deny rules of one profile and class, found once for the run of
 * that profile's rules (denies_of() for each of a profile's thousand
 * rules was a scan of the whole source each time).
 */
struct dcache {
	const struct tl_source *s;
	const char *profile;	/* NULL: empty */
	int klass;
	bool any;		/* has_deny() */
	size_t n;		/* denies_of() */
	const aamed_profile **dp, *bg;
};

static const struct dcache *denies_cached(struct dcache *dc,
					  const struct tl_source *s,
					  const struct tl_rule *r)
{
	if (dc->profile && dc->s == s && dc->klass == r->klass &&
	    !strcmp(dc->profile, r->profile))
		return dc;
	dc->s = s;
	dc->profile = r->profile;
	dc->klass = r->klass;
	dc->any = has_deny(s, r);
	dc->n = dc->any ? denies_of(s, r, dc->dp, &dc->bg) : 0;
	return dc;
}

static void judge_union(struct check_ctx *c, const struct tl_source *s,
			size_t i, const struct dcache *dc)
{
	const struct tl_rule *r = &s->rules[i];
	const aamed_profile *one = check_rule_profile(s, i);
	const aamed_profile *empty = check_empty_profile(s);
	const char *wit;

	if (!one || !empty)
		return;		/* the parser refused it: nothing to say */
	/* a rule that grants nothing of its own is no rule to judge */
	if (!(wit = shadow_first_grant(one, empty)))
		return;
	if (!dc->n || !shadow_union_denied(one, empty, dc->bg, dc->dp, dc->n,
					   r->klass))
		return;
	check_report(c, r->profile, r, wit,
		     "rule is shadowed: deny rules take away all it grants");
}

/* File and capability rules: the union walk, no compile. */
static bool by_union(const struct tl_rule *r)
{
	return r->klass == AAMED_PCLASS_FILE || r->klass == AAMED_PCLASS_CAP;
}

/*
 * The profiles "R + its deny rules" of every source, compiled together
 * (tl_batch.c: one apparmor_parser run, each distinct one once) where a
 * source's profiles can be shared: per source, the batch ids of its
 * candidates in rule order and of its empty profile; pooled false: the
 * source compiles its own (check_batch.c), as before.
 */
struct pool {
	bool pooled;
	size_t *ids, n, empty;
};

static void oom(void)
{
	fputs("aamed check: out of memory\n", stderr);
	exit(EXIT_USAGE);
}

static void pool_source(struct tl_batch *gb, const struct tl_source *s,
			struct pool *pl)
{
	struct dcache dc = { 0 };
	size_t i;

	dc.dp = calloc(s->nrules ? s->nrules : 1, sizeof(*dc.dp));
	pl->ids = calloc(s->nrules ? s->nrules : 1, sizeof(*pl->ids));
	if (!dc.dp || !pl->ids)
		oom();
	pl->pooled = true;
	for (i = 0; pl->pooled && i < s->nrules; i++) {
		const struct tl_rule *r = &s->rules[i];
		char *body;

		if (r->deny || !r->compiled || by_union(r) ||
		    !denies_cached(&dc, s, r)->any)
			continue;
		body = body_of(s, r);
		pl->ids[pl->n] = tl_batch_add(gb, s, body, false);
		pl->pooled = pl->ids[pl->n++] != (size_t)-1;
		free(body);
	}
	if (pl->pooled && pl->n)
		pl->pooled = (pl->empty = tl_batch_add(gb, s, "", false)) !=
			     (size_t)-1;
	free(dc.dp);
}

static void one_source(struct check_ctx *c, const struct tl_source *s,
		       const struct tl_batch *gb, const struct pool *pl)
{
	struct check_batch b = { 0 };
	struct cand *k = NULL;
	size_t nk = 0, i, empty;
	aamed_policy *bp;
	struct dcache dc = { 0 };

	dc.dp = calloc(s->nrules ? s->nrules : 1, sizeof(*dc.dp));
	if (!dc.dp) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	for (i = 0; i < s->nrules; i++) {
		const struct tl_rule *r = &s->rules[i];
		struct cand *nk2;
		char *body;

		if (r->deny || !r->compiled || !denies_cached(&dc, s, r)->any)
			continue;
		if (by_union(r)) {
			judge_union(c, s, i, &dc);
			continue;
		}
		nk2 = realloc(k, (nk + 1) * sizeof(*k));
		if (!nk2)
			oom();
		k = nk2;
		k[nk].rule = i;
		if (pl->pooled) {
			k[nk].prof = pl->ids[nk];
			nk++;
			continue;
		}
		body = body_of(s, r);
		k[nk++].prof = check_batch_add(&b, body);
		free(body);
	}
	if (nk && pl->pooled) {
		/* a profile the parser refused is NULL: judge() says nothing */
		for (i = 0; i < nk; i++)
			judge(c, s, k[i].rule, tl_batch_profile(gb, k[i].prof),
			      tl_batch_profile(gb, pl->empty));
	} else if (nk) {
		empty = check_batch_add(&b, "");
		bp = check_batch_compile(&b, s->preamble, c);
		for (i = 0; bp && i < nk; i++)
			judge(c, s, k[i].rule, check_batch_profile(bp, k[i].prof),
			      check_batch_profile(bp, empty));
		if (bp)
			aamed_policy_free(bp);
	}
	free(k);
	free(dc.dp);
	check_batch_free(&b);
}

CHECK_RUN(check_shadowed)
{
	struct tl_batch *gb = tl_batch_new(c->k);
	struct pool *pl = calloc(c->nsrc ? c->nsrc : 1, sizeof(*pl));
	size_t i;

	if (!pl)
		oom();
	for (i = 0; i < c->nsrc; i++)
		pool_source(gb, &c->src[i], &pl[i]);
	if (tl_batch_count(gb) &&
	    tl_batch_compile(gb, c->features, c->incs, c->ni)) {
		/* a blob aamed refused (said on stderr): as a policy the
		 * parser gave that aamed cannot load, the sources' own */
		for (i = 0; i < c->nsrc; i++)
			pl[i].pooled = false;
	}
	for (i = 0; i < c->nsrc; i++)
		one_source(c, &c->src[i], gb, &pl[i]);
	for (i = 0; i < c->nsrc; i++)
		free(pl[i].ids);
	free(pl);
	tl_batch_unref(gb);
	shadow_memo_free();
	return 0;
}
