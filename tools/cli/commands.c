// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The subcommands of aamed, in the order `aamed --help` lists them.
 */
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "tl.h"
#include "xgraph_cmds.h"
#include "check.h"

static const struct subcommand rows[] = {
	{ "compile", cmd_compile, "run apparmor_parser to build policy blobs",
	  false },
	{ "query", cmd_query, "decide a request (or one per line with --batch)",
	  true },
	{ "attach", cmd_attach, "which profile an exec of a path attaches to",
	  false },
	{ "profiles", cmd_profiles,
	  "the profiles of a policy: labels, modes, attachments", true },
	{ "explain", cmd_explain, "a decision and why: rules, modes, transition",
	  true },
	{ "replay", cmd_replay,
	  "decide the records of audit logs against a new policy", true },
	{ "diff", cmd_diff,
	  "the semantic difference of two policies, with witnesses", true },
	{ "coverage", cmd_coverage,
	  "which rules the requests of audit logs exercise", true },
	{ "graph", cmd_graph,
	  "the exec and domain-change graph of a policy (DOT, JSON)", true },
	{ "who-can", cmd_who_can,
	  "every profile that may make a request (paths may be globs)", true },
	{ "test", cmd_test,
	  "run the profile tests of YAML manifests (TAP, JUnit)", true },
	{ "suggest", cmd_suggest,
	  "rules for the denials of audit logs, each proven", true },
	{ "check", cmd_check,
	  "policy analysis: defects with rule lines and witnesses", true },
};

const struct subcommand *subcommand_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}

void subcommand_list(FILE *f)
{
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		fprintf(f, "  %-8s %s\n", rows[i].name, rows[i].summary);
}
