// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shadowed: an allow rule that no request can use, because the deny
 * rules of its profile cover everything it grants. Deny wins over allow
 * in AppArmor, so such a rule is dead text, and usually a sign the
 * author meant something else.
 *
 * Exact, per allow rule R of a profile with deny rules of R's class:
 * apparmor_parser compiles "R + those deny rules" as a profile of its
 * own; R is shadowed when, walking that profile against the empty one
 * (the product of the DFAs), no request is left that R grants. The
 * witness is R's first request, which a deny rule takes away.
 */
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "check_rules.h"

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
		  aamed_policy *bp, const struct cand *k, size_t empty)
{
	const struct tl_rule *r = &s->rules[k->rule];
	const aamed_profile *rd = check_batch_profile(bp, k->prof);
	const aamed_profile *e = check_batch_profile(bp, empty);
	const aamed_profile *one = check_rule_profile(s, k->rule);
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

static void one_source(struct check_ctx *c, const struct tl_source *s)
{
	struct check_batch b = { 0 };
	struct cand *k = NULL;
	size_t nk = 0, i, empty;
	aamed_policy *bp;

	for (i = 0; i < s->nrules; i++) {
		const struct tl_rule *r = &s->rules[i];
		struct cand *nk2;
		char *body;

		if (r->deny || !r->compiled || !has_deny(s, r))
			continue;
		nk2 = realloc(k, (nk + 1) * sizeof(*k));
		if (!nk2) {
			fputs("aamed check: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		k = nk2;
		body = body_of(s, r);
		k[nk].rule = i;
		k[nk++].prof = check_batch_add(&b, body);
		free(body);
	}
	if (nk) {
		empty = check_batch_add(&b, "");
		bp = check_batch_compile(&b, s->preamble, c);
		for (i = 0; bp && i < nk; i++)
			judge(c, s, bp, &k[i], empty);
		if (bp)
			aamed_policy_free(bp);
	}
	free(k);
	check_batch_free(&b);
}

CHECK_RUN(check_shadowed)
{
	size_t i;

	for (i = 0; i < c->nsrc; i++)
		one_source(c, &c->src[i]);
	return 0;
}
