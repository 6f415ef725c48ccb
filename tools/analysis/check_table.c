// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of aamed check, one row per check id (check.h): the id is
 * stable (suppressions and SARIF rules name it), the level is its
 * default, the description is its line of --help and of SARIF's rule.
 * A new check is a row here and its file check_ID.c.
 */
#include <string.h>

#include "check.h"

check_run_fn check_shadowed, check_redundant, check_write_exec,
	check_complain, check_invariant, check_dangling, check_unconfined;

static const struct check_row rows[] = {
	{ "shadowed", CHECK_WARNING,
	  "an allow rule that deny rules cancel entirely", check_shadowed,
	  CK_SOURCE },
	{ "redundant", CHECK_INFO,
	  "an allow rule another rule of the profile already covers",
	  check_redundant, CK_SOURCE },
	{ "write-exec", CHECK_WARNING,
	  "a path the profile may both write and execute (x or m)",
	  check_write_exec, 0 },
	{ "complain", CHECK_INFO,
	  "a profile in complain or unconfined mode", check_complain, 0 },
	{ "invariant", CHECK_ERROR,
	  "a profile that breaks a line of --invariants FILE",
	  check_invariant, CK_INVARIANTS },
	{ "dangling-transition", CHECK_ERROR,
	  "an exec or change_profile rule whose target no profile provides",
	  check_dangling, 0 },
	{ "unconfined-reachable", CHECK_WARNING,
	  "a confined profile that can exec into unconfined",
	  check_unconfined, 0 },
};

const struct check_row *check_row(size_t i)
{
	return i < sizeof(rows) / sizeof(rows[0]) ? &rows[i] : NULL;
}

const struct check_row *check_find(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (!strcmp(rows[i].id, id))
			return &rows[i];
	return NULL;
}
