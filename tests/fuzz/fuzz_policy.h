/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The policy the fuzz targets other than the loader decide against: the
 * blob or directory AAMED_FUZZ_POLICY names (tests/fuzz/prep.sh
 * compiles tests/robust and tests/dbus profiles into one), or an empty
 * policy when it is unset (every label but "unconfined" then ENOENT).
 *
 * Labels a target resolves are interned by the policy (stacks, learning
 * profiles), so a policy used for every input would grow for the whole
 * run: it is freed and loaded again every FUZZ_POLICY_RUNS inputs, which
 * keeps the memory of a long run flat without paying a load per input.
 */
#ifndef FUZZ_POLICY_H
#define FUZZ_POLICY_H

#include <stdio.h>
#include <stdlib.h>

#include "aamed.h"

#define FUZZ_POLICY_RUNS 4096

static aamed_policy *fuzz_policy_load(void)
{
	const char *path = getenv("AAMED_FUZZ_POLICY");
	struct aamed_error err;
	aamed_policy *p = aamed_policy_new();

	if (!p)
		abort();
	if (path && *path && aamed_policy_load_path(p, path, &err) < 0) {
		char msg[1024];

		/* a target without its policy fuzzes less than it says */
		fprintf(stderr, "fuzz: AAMED_FUZZ_POLICY=%s: %s\n", path,
			aamed_error_str(&err, msg, sizeof(msg)));
		abort();
	}
	return p;
}

/* The policy for this input. */
static aamed_policy *fuzz_policy(void)
{
	static aamed_policy *p;
	static unsigned runs;

	if (p && ++runs % FUZZ_POLICY_RUNS == 0) {
		aamed_policy_free(p);
		p = NULL;
	}
	if (!p)
		p = fuzz_policy_load();
	return p;
}

#endif /* FUZZ_POLICY_H */
