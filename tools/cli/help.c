// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed help [COMMAND]: the manual page of a command (man/aamed-CMD.1,
 * installed by make install), or the command's --help when no manual is
 * found.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "opts.h"
#include "tl.h"

#ifndef AAMED_MANDIR
#define AAMED_MANDIR "/usr/local/share/man"
#endif

static int run(const char *const *argv)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static const struct option help_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * The command named after the options, in *cmd (NULL for none). Returns
 * 0, or the exit code (-1: --help printed, exit 0).
 */
static int parse_help_args(int argc, char **argv, const char **cmd)
{
	struct opt_scan s;
	char **rest;
	int c, rc = 0, nrest;

	*cmd = NULL;
	if (opt_begin(&s, "aamed help", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "+h", help_longopts)) != -1) {
		if (c == 'h') {
			fputs("usage: aamed help [COMMAND]\n", stdout);
			rc = -1;
		} else {
			rc = EXIT_USAGE;
		}
	}
	rest = opt_rest(&s, &nrest);
	if (!rc && nrest > 0)
		*cmd = rest[0];
	opt_end(&s);
	return rc;
}

int cmd_help(int argc, char **argv)
{
	const struct subcommand *sub = NULL;
	char page[64], path[4200];
	const char *cmd;
	struct stat sb;
	int rc;

	rc = parse_help_args(argc, argv, &cmd);
	if (rc)
		return rc < 0 ? EXIT_ALLOWED : rc;
	if (!cmd || !strcmp(cmd, "aamed")) {
		snprintf(page, sizeof(page), "aamed");
	} else {
		sub = subcommand_find(cmd);
		if (!sub) {
			fprintf(stderr, "aamed help: no command \"%s\"\n", cmd);
			return EXIT_USAGE;
		}
		if (!sub->page) {
			/* no page of its own: the command's usage */
			char *av[2] = { "--help", NULL };

			return sub->run(1, av);
		}
		snprintf(page, sizeof(page), "aamed-%s", cmd);
	}
	/* the installed page, then the source tree's */
	snprintf(path, sizeof(path), "%s/man1/%s.1", AAMED_MANDIR, page);
	if (stat(path, &sb)) {
		const char *src = getenv("AAMED_SRCDIR");

		snprintf(path, sizeof(path), "%s/man/%s.1", src ? src : ".", page);
	}
	if (!stat(path, &sb)) {
		const char *av[] = { "man", "-l", path, NULL };

		if (run(av) == 0)
			return EXIT_ALLOWED;
		/* no man(1): the page source is still readable */
	}
	{
		const char *av[] = { "man", page, NULL };

		if (run(av) == 0)
			return EXIT_ALLOWED;
	}
	if (sub) {
		char *av[2] = { "--help", NULL };

		return sub->run(1, av);
	}
	return EXIT_USAGE;
}
