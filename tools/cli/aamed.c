// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed: the command line. Each subcommand lives in its own file.
 */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "color.h"
#include "commands.h"
#include "tl.h"	/* cmd_help */

static void usage(FILE *f)
{
	fputs("usage: aamed COMMAND [ARGS]\n"
	      "\n"
	      "Commands:\n",
	      f);
	subcommand_list(f);
	fputs("  help     help CMD: the manual page of a command\n"
	      "  version  print the version\n"
	      "\n"
	      "Exit codes: 0 allowed, 1 denied, 2 usage or input error,\n"
	      "3 policy could not be compiled or loaded. In batch mode 0 means\n"
	      "every line was answered (a malformed line prints an ERROR line);\n"
	      "test: 0 every test passed, 1 a test failed.\n"
	      "Run 'aamed COMMAND --help' for a command's options.\n"
	      "Every command takes --help, --version and --color=WHEN (auto,\n"
	      "always, never; auto colors verdicts on a terminal unless NO_COLOR\n"
	      "is set or TERM=dumb); a FILE argument \"-\" is stdin or stdout.\n",
	      f);
}

static const struct option main_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "color", optional_argument, NULL, 'C' },
	{ NULL, 0, NULL, 0 },
};

static int version(void)
{
	printf("aamed %s\n", AAMED_VERSION_STRING);
	return EXIT_ALLOWED;
}

/* aamed version [--help] [--version] [--color=WHEN]: the options every
 * command takes, and no other word. */
static int cmd_version(int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs("usage: aamed version\n", stdout);
			return EXIT_ALLOWED;
		}
		if (!strcmp(argv[i], "--version") ||
		    (!strncmp(argv[i], "--color", 7) &&
		     ((!argv[i][7] && !color_set(NULL)) ||
		      (argv[i][7] == '=' && !color_set(argv[i] + 8)))))
			continue;
		fprintf(stderr, "aamed version: unknown argument \"%s\"\n",
			argv[i]);
		return EXIT_USAGE;
	}
	return version();
}

/* The subcommand named cmd, with the words after it. */
static int dispatch(const char *cmd, int argc, char **argv)
{
	const struct subcommand *sub;

	if (!strcmp(cmd, "help") && argc > 0)
		return cmd_help(argc, argv);
	if (!strcmp(cmd, "help")) {
		usage(stdout);
		return EXIT_ALLOWED;
	}
	if (!strcmp(cmd, "version"))
		return cmd_version(argc, argv);
	if (!strcmp(cmd, "bench")) {
		fputs("aamed: the benchmarks are the separate program aamed-bench\n",
		      stderr);
		return EXIT_USAGE;
	}
	sub = subcommand_find(cmd);
	if (sub)
		return cli_json_error(cmd, argc, argv, sub->run(argc, argv));
	fprintf(stderr, "aamed: unknown command \"%s\"\n", cmd);
	usage(stderr);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	int c;

	argv[0] = "aamed";	/* getopt's messages start with it */
	/* "+": the first word that is not an option is the command */
	while ((c = getopt_long(argc, argv, "+hV", main_longopts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return EXIT_ALLOWED;
		}
		if (c == 'V')
			return version();
		if (c == 'C' && !color_set(optarg))
			continue;
		if (c == 'C')
			fputs("aamed: --color takes auto, always or never\n",
			      stderr);
		usage(stderr);
		return EXIT_USAGE;
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	return dispatch(argv[optind], argc - optind - 1, argv + optind + 1);
}
