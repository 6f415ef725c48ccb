// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Errors of the commands that print JSON: each message goes to stderr as
 * it always did and is kept, so that with --json the command's error is
 * also one JSON object on stdout (docs/json-schema/error.v1.json) and a
 * program reading stdout is not left with nothing.
 */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

static char last[1024];

void cli_error(const char *who, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last, sizeof(last), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", who, last);
}

/* The subcommands whose every exit 2 or 3 comes before any output. */
static bool errors_in_json(const char *cmd)
{
	static const char *const cmds[] = { "query", "attach", "profiles",
					    "explain", NULL };
	size_t i;

	for (i = 0; cmds[i]; i++)
		if (!strcmp(cmds[i], cmd))
			return true;
	return false;
}

int cli_json_error(const char *cmd, int argc, char **argv, int rc)
{
	bool first = true, json = false;
	int i;

	if (rc != EXIT_USAGE && rc != EXIT_POLICY)
		return rc;
	for (i = 0; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--json"))
			json = true;
	if (!json || !errors_in_json(cmd))
		return rc;
	fputc('{', stdout);
	json_key(stdout, &first, "version");
	fputs("1", stdout);
	json_key(stdout, &first, "command");
	json_str(stdout, cmd);
	if (!strcmp(cmd, "query")) {
		/* as a batch line's error says it */
		json_key(stdout, &first, "verdict");
		json_str(stdout, "error");
	}
	json_key(stdout, &first, "error");
	first = true;
	fputc('{', stdout);
	json_key(stdout, &first, "message");
	if (last[0]) {
		json_str(stdout, last);
	} else if (rc == EXIT_POLICY) {
		/* apparmor_parser worded it on stderr */
		json_str(stdout, "the policy could not be compiled or loaded");
	} else {
		/* getopt worded it on stderr */
		char msg[100];

		snprintf(msg, sizeof(msg), "usage error (aamed %s --help)", cmd);
		json_str(stdout, msg);
	}
	json_key(stdout, &first, "exit");
	fprintf(stdout, "%d", rc);
	fputs("}}\n", stdout);
	return rc;
}
