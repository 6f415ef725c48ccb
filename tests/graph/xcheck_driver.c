// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/graph: the checks dangling-transition and unconfined-reachable
 * (tools/analysis/xcheck.c) run on their own, without `aamed check`'s
 * framework, so that their findings are tested where they are made.
 * Usage: xcheck_driver BLOB... ; one finding a line:
 *   ID LEVEL PROFILE: MESSAGE | WITNESS
 * then, for unconfined-reachable, the chain, one step a line, indented.
 */
#include <stdio.h>
#include <string.h>

#include "aamed.h"
#include "xcheck.h"

static const char *level_name(enum xc_level l)
{
	switch (l) {
	case XC_INFO:
		return "info";
	case XC_WARNING:
		return "warning";
	case XC_ERROR:
		return "error";
	}
	return "?";
}

static int print(const struct xc_finding *f, void *arg)
{
	(void)arg;
	printf("%s %s %s: %s | %s\n", f->id, level_name(f->level), f->profile,
	       f->message, f->witness);
	if (f->chain) {
		const char *p = f->chain, *nl;

		for (; (nl = strchr(p, '\n')); p = nl + 1)
			printf("    %.*s\n", (int)(nl - p), p);
		printf("    %s\n", p);
	}
	return 0;
}

int main(int argc, char **argv)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	struct xgraph g;
	char msg[1024];
	int i, rc;

	if (!p)
		return 2;
	for (i = 1; i < argc; i++)
		if (aamed_policy_load_path(p, argv[i], &err)) {
			fprintf(stderr, "%s\n", aamed_error_str(&err, msg, sizeof(msg)));
			return 3;
		}
	if (xgraph_build(&g, p))
		return 2;
	rc = xcheck_dangling(&g, print, NULL) || xcheck_unconfined(&g, print, NULL);
	xgraph_free(&g);
	aamed_policy_free(p);
	return rc ? 2 : 0;
}
