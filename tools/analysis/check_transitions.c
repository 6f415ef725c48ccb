// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dangling-transition and unconfined-reachable as rows of aamed check.
 * The checks themselves are xcheck.c's, on the exec model of xgraph.c;
 * this file turns their findings into the framework's. The model is
 * built once per policy and shared by both rows: over the apparmor.d
 * corpus it costs seconds, twice that would break check's time budget.
 * A finding keeps the level xcheck gives it (a dangling glob px rule is
 * a warning, a named target an error), not the row's default.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "check_xsource.h"
#include "xcheck.h"

static struct xgraph model;
static const aamed_policy *model_of;

static void model_free(void)
{
	if (model_of)
		xgraph_free(&model);
	model_of = NULL;
}

const struct xgraph *check_model(aamed_policy *policy)
{
	static bool registered;

	if (model_of == policy)
		return &model;
	model_free();
	if (xgraph_build(&model, policy))
		return NULL;
	if (!registered)
		registered = !atexit(model_free);
	model_of = policy;
	return &model;
}

static enum check_level level_of(enum xc_level l)
{
	switch (l) {
	case XC_INFO:
		return CHECK_INFO;
	case XC_WARNING:
		return CHECK_WARNING;
	case XC_ERROR:
		return CHECK_ERROR;
	}
	return CHECK_ERROR;
}

/* With --source the finding sits on the rule of its edge (the dangling
 * one, the chain's first exec), as the other checks' findings do. */
static int add(const struct xc_finding *xf, void *arg)
{
	struct check_ctx *c = arg;
	const struct tl_rule *r = xf->edge ? check_edge_rule(c, &model, xf->edge)
					   : NULL;

	if (xf->chain)
		check_report(c, xf->profile, r, xf->witness, "%s: %s",
			     xf->message, xf->chain);
	else
		check_report(c, xf->profile, r, xf->witness, "%s",
			     xf->message);
	c->f[c->nf - 1].level = level_of(xf->level);
	return 0;
}

static int run(struct check_ctx *c,
	       int (*fn)(const struct xgraph *, xc_fn, void *))
{
	const struct xgraph *g = check_model(c->policy);

	if (!g || fn(g, add, c)) {
		fputs("aamed check: out of memory\n", stderr);
		return EXIT_USAGE;
	}
	return 0;
}

CHECK_RUN(check_dangling)
{
	return run(c, xcheck_dangling);
}

CHECK_RUN(check_unconfined)
{
	return run(c, xcheck_unconfined);
}
