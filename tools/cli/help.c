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

int cmd_help(int argc, char **argv)
{
	static const char *const cmds[] = { "explain", "replay", "diff",
					    "coverage", NULL };
	char page[64], path[4200];
	const char *cmd = argc > 0 ? argv[0] : NULL;
	struct stat sb;
	int i;

	if (!cmd || !strcmp(cmd, "aamed")) {
		snprintf(page, sizeof(page), "aamed");
	} else {
		for (i = 0; cmds[i]; i++)
			if (!strcmp(cmds[i], cmd))
				break;
		if (!cmds[i]) {
			/* no page of its own: the command's usage */
			char *av[2] = { "--help", NULL };

			if (!strcmp(cmd, "query"))
				return cmd_query(1, av);
			if (!strcmp(cmd, "attach") || !strcmp(cmd, "compile")) {
				return !strcmp(cmd, "attach") ? cmd_attach(1, av)
							      : cmd_compile(1, av);
			}
			fprintf(stderr, "aamed help: no command \"%s\"\n", cmd);
			return EXIT_USAGE;
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
	if (cmd) {
		char *av[2] = { "--help", NULL };

		if (!strcmp(cmd, "explain"))
			return cmd_explain(1, av);
		if (!strcmp(cmd, "replay"))
			return cmd_replay(1, av);
		if (!strcmp(cmd, "diff"))
			return cmd_diff(1, av);
		if (!strcmp(cmd, "coverage"))
			return cmd_coverage(1, av);
	}
	return EXIT_USAGE;
}
