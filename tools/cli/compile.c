// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed compile: run the real apparmor_parser (aamed has no compiler of
 * its own) to turn profile sources into the blobs the kernel loads.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"

#define LIVE_FEATURES "/sys/kernel/security/apparmor/features"
#define DEBIAN_FEATURES "/usr/share/apparmor-features/features"
#ifndef AAMED_DATADIR
#define AAMED_DATADIR "/usr/local/share/aamed"
#endif

static bool exists(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0;
}

/* A features name ("debian-default") or a path. */
static const char *find_features(const char *name, char *buf, size_t len)
{
	const char *env = getenv("AAMED_FEATURES_DIR");

	if (strchr(name, '/'))
		return exists(name) ? name : NULL;
	if (env) {
		snprintf(buf, len, "%s/%s", env, name);
		if (exists(buf))
			return buf;
	}
	snprintf(buf, len, "%s/features/%s", AAMED_DATADIR, name);
	if (exists(buf))
		return buf;
	snprintf(buf, len, "tests/features/%s", name);
	if (exists(buf))
		return buf;
	return exists(name) ? name : NULL;
}

static void usage(FILE *f)
{
	fputs("usage: aamed compile [--features NAME|FILE] [--parser PATH] [-I DIR]...\n"
	      "                     [-O OPT]... -o OUT PROFILE...\n"
	      "Runs apparmor_parser -Q -S (--parser: that one instead of the first\n"
	      "on PATH). Features: the live kernel's when it has AppArmor, else\n"
	      "--features (default " DEBIAN_FEATURES ").\n",
	      f);
}

/* apparmor_parser's argument vector, filled from ours. */
#define MAX_PARGS 128
struct compile_args {
	const char *out, *features;
	const char *parser;	/* what to execute: a path, or a name on PATH */
	const char *pargv[MAX_PARGS];
	int n;
	char fbuf[4096];	/* where find_features puts a found path */
};

static int add_parg(struct compile_args *ca, const char *a)
{
	/* room for the closing NULL */
	if (ca->n >= MAX_PARGS - 1) {
		fprintf(stderr, "aamed compile: too many arguments\n");
		return -1;
	}
	ca->pargv[ca->n++] = a;
	return 0;
}

/*
 * The features file: --features; else none, apparmor_parser then reads the
 * live kernel's; else Debian's.
 */
static int add_features(struct compile_args *ca)
{
	const char *f = DEBIAN_FEATURES;

	if (ca->features) {
		f = find_features(ca->features, ca->fbuf, sizeof(ca->fbuf));
		if (!f) {
			fprintf(stderr, "aamed compile: no features file \"%s\"\n",
				ca->features);
			return EXIT_USAGE;
		}
	} else if (exists(LIVE_FEATURES)) {
		return 0;
	}
	if (add_parg(ca, "--features-file") || add_parg(ca, f))
		return EXIT_USAGE;
	return 0;
}

enum { CO_FEATURES = 256, CO_PARSER };

static const struct option compile_longopts[] = {
	{ "features", required_argument, NULL, CO_FEATURES },
	{ "parser", required_argument, NULL, CO_PARSER },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int compile_opt(struct compile_args *ca, int c)
{
	switch (c) {
	case 'o':
		ca->out = optarg;
		return 0;
	case CO_FEATURES:
		ca->features = optarg;
		return 0;
	case CO_PARSER:
		if (!*optarg) {
			fprintf(stderr, "aamed compile: --parser needs a path\n");
			return EXIT_USAGE;
		}
		ca->parser = optarg;
		return 0;
	case 'I':
	case 'O':
		/* passed on in the order given */
		if (add_parg(ca, c == 'I' ? "-I" : "-O") || add_parg(ca, optarg))
			return EXIT_USAGE;
		return 0;
	case 'h':
		usage(stdout);
		return -1;
	default:	/* getopt named the option */
		usage(stderr);
		return EXIT_USAGE;
	}
}

/*
 * The options (-I and -O in order), then the profiles: getopt moves the
 * profiles behind the options. Returns 0, or the exit code (-1: --help
 * printed, exit 0).
 */
static int parse_compile_args(int argc, char **argv, struct compile_args *ca)
{
	struct opt_scan s;
	char **rest;
	int c, rc = 0, nrest, i;

	if (opt_begin(&s, "aamed compile", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "o:I:O:h", compile_longopts)) != -1)
		rc = compile_opt(ca, c);
	if (!rc && !ca->out) {
		usage(stderr);
		rc = EXIT_USAGE;
	}
	if (!rc)
		rc = add_features(ca);
	rest = opt_rest(&s, &nrest);
	for (i = 0; !rc && i < nrest; i++)
		if (add_parg(ca, rest[i]))
			rc = EXIT_USAGE;
	opt_end(&s);
	return rc;
}

/* Run apparmor_parser with its output into ca->out; the exit code. */
static int run_parser(struct compile_args *ca)
{
	int fd, status;
	pid_t pid;

	ca->pargv[ca->n] = NULL;
	fd = open(ca->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "aamed compile: %s: %s\n", ca->out, strerror(errno));
		return EXIT_USAGE;
	}
	pid = fork();
	if (pid < 0) {
		close(fd);
		return EXIT_USAGE;
	}
	if (pid == 0) {
		dup2(fd, 1);
		/* a name with a slash is run as is, a bare name from PATH */
		execvp(ca->parser, (char *const *)ca->pargv);
		fprintf(stderr, "aamed compile: cannot run %s: %s\n",
			ca->parser, strerror(errno));
		_exit(127);
	}
	close(fd);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "aamed compile: %s failed\n", ca->parser);
		unlink(ca->out);
		return EXIT_POLICY;
	}
	return EXIT_ALLOWED;
}

int cmd_compile(int argc, char **argv)
{
	struct compile_args *ca = calloc(1, sizeof(*ca));
	int rc;

	if (!ca) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	ca->parser = "apparmor_parser";
	ca->pargv[ca->n++] = "apparmor_parser";
	ca->pargv[ca->n++] = "-Q";
	ca->pargv[ca->n++] = "-S";
	ca->pargv[ca->n++] = "-K";	/* never read or write the system cache */
	rc = parse_compile_args(argc, argv, ca);
	if (rc) {
		free(ca);
		return rc < 0 ? EXIT_ALLOWED : rc;
	}
	rc = run_parser(ca);
	free(ca);
	return rc;
}
