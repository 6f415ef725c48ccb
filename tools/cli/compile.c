// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed compile: run the real apparmor_parser (aamed has no compiler of
 * its own) to turn profile sources into the blobs the kernel loads.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <spawn.h>
#include <unistd.h>

#include "cli.h"
#include "compile.h"
#include "dash.h"
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

const char *compile_find_features(const char *name, char *buf, size_t len)
{
	const char *env = getenv("AAMED_FEATURES_DIR");

	if (strchr(name, '/'))
		return exists(name) ? name : NULL;
	if (env && *env) {
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
	      "Runs apparmor_parser -Q -S -K (--parser: that one instead of the\n"
	      "first on PATH). Features: the live kernel's when it has AppArmor,\n"
	      "else --features (default " DEBIAN_FEATURES ").\n"
	      "Exit 3 when apparmor_parser refuses a profile, 2 on a usage error.\n",
	      f);
}

/* apparmor_parser's argument vector, filled from a compile_opts. */
#define MAX_PARGS 128
#define FIRST_PARGS 4	/* apparmor_parser -Q -S -K */
struct parser_argv {
	const char *v[MAX_PARGS];
	int n;
	char fbuf[4096];	/* where compile_find_features puts a found path */
	char out[4200];		/* the file the parser writes into */
};

/* aamed compile's messages, none when quiet. */
static void say(const struct compile_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(const struct compile_opts *o, const char *fmt, ...)
{
	va_list ap;

	if (o->quiet)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static int add_parg(const struct compile_opts *o, struct parser_argv *pa,
		    const char *a)
{
	/* room for the closing NULL */
	if (pa->n >= MAX_PARGS - 1) {
		say(o, "aamed compile: too many arguments\n");
		return -1;
	}
	pa->v[pa->n++] = a;
	return 0;
}

/*
 * The features file: o->features; else none, apparmor_parser then reads
 * the live kernel's; else Debian's.
 */
static int add_features(const struct compile_opts *o, struct parser_argv *pa)
{
	const char *f = DEBIAN_FEATURES;

	if (o->features) {
		f = compile_find_features(o->features, pa->fbuf, sizeof(pa->fbuf));
		if (!f) {
			say(o, "aamed compile: no features file \"%s\"\n",
			    o->features);
			return EXIT_USAGE;
		}
	} else if (exists(LIVE_FEATURES)) {
		return 0;
	}
	if (add_parg(o, pa, "--features-file") || add_parg(o, pa, f))
		return EXIT_USAGE;
	return 0;
}

/* The whole vector: the first words, the flags, the features, the
 * sources, NULL. 0, or the exit code. */
static int fill_pargv(const struct compile_opts *o, struct parser_argv *pa)
{
	static const char *const first[FIRST_PARGS] = {
		"apparmor_parser", "-Q", "-S",
		"-K",	/* never read or write the system cache */
	};
	int i, rc;

	for (i = 0; i < FIRST_PARGS; i++)
		pa->v[pa->n++] = first[i];
	for (i = 0; i < o->nflags; i++)
		if (add_parg(o, pa, o->flags[i]))
			return EXIT_USAGE;
	rc = add_features(o, pa);
	/* a lone "-": no file, so that apparmor_parser reads its stdin */
	for (i = 0; !rc && i < o->nsources; i++)
		if (!dash(o->sources[i]) && add_parg(o, pa, o->sources[i]))
			rc = EXIT_USAGE;
	pa->v[pa->n] = NULL;
	return rc;
}

/*
 * posix_spawnp, not fork: the caller may hold a whole corpus's policy
 * (check --source runs the parser once per source file with 800 MB
 * loaded), and fork copied its page tables each time; a spawn shares
 * the memory until the exec.
 */
int compile_run_parser(const char *parser, const char *const *argv,
		       int outfd, bool quiet)
{
	posix_spawn_file_actions_t fa;
	int status, err;
	pid_t pid;

	if (posix_spawn_file_actions_init(&fa))
		return -1;
	if (posix_spawn_file_actions_adddup2(&fa, outfd, 1) ||
	    (quiet && posix_spawn_file_actions_addopen(&fa, 2, "/dev/null",
						       O_WRONLY, 0))) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	/* a name with a slash is run as is, a bare name from PATH */
	err = posix_spawnp(&pid, parser, &fa, NULL, (char *const *)argv,
			   environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		/* said where the child's stderr went: nowhere when quiet */
		if (!quiet)
			fprintf(stderr, "aamed compile: cannot run %s: %s\n",
				parser, strerror(err));
		return 127;
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return 256;
	return WEXITSTATUS(status);
}

/*
 * The file the parser writes: o->out, or for "-" a temporary file
 * (pa->out) copied to stdout once the parser succeeded, so that a
 * refused profile writes nothing. A descriptor, or -1 with errno.
 */
static int open_out(const struct compile_opts *o, struct parser_argv *pa)
{
	const char *t = getenv("TMPDIR");

	if (!dash(o->out)) {
		snprintf(pa->out, sizeof(pa->out), "%s", o->out);
		return open(o->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			    0644);
	}
	if (snprintf(pa->out, sizeof(pa->out), "%s/aamed-compile.XXXXXX",
		     t && *t ? t : "/tmp") >= (int)sizeof(pa->out)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkostemp(pa->out, O_CLOEXEC);
}

/* The blob in fd, from its start, to stdout; 0 or -1. */
static int copy_out(int fd)
{
	char buf[65536];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, (size_t)n, stdout) != (size_t)n)
			return -1;
	return n < 0 || fflush(stdout) ? -1 : 0;
}

int compile_policy(const struct compile_opts *o)
{
	const char *parser = o->parser ? o->parser : "apparmor_parser";
	struct parser_argv *pa = calloc(1, sizeof(*pa));
	int fd, rc;

	if (!pa) {
		say(o, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	rc = fill_pargv(o, pa);
	if (rc)
		goto out;
	fd = open_out(o, pa);
	if (fd < 0) {
		say(o, "aamed compile: %s: %s\n", o->out, strerror(errno));
		rc = EXIT_USAGE;
		goto out;
	}
	rc = compile_run_parser(parser, pa->v, fd, o->quiet);
	if (rc < 0) {
		rc = EXIT_USAGE;	/* not forked: out stays, empty */
	} else if (rc) {
		say(o, "aamed compile: %s failed\n", parser);
		unlink(pa->out);
		rc = EXIT_POLICY;
	} else if (dash(o->out) && copy_out(fd)) {
		say(o, "aamed compile: -: write error\n");
		rc = EXIT_USAGE;
	}
	close(fd);
	if (dash(o->out))
		unlink(pa->out);
out:
	free(pa);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The command line: the options, the flags (-I and -O in order), the
 * profiles. */
struct compile_cmd {
	struct compile_opts o;
	/* what the vector has room for besides its first words */
	const char *flags[MAX_PARGS - 1 - FIRST_PARGS];
	const char **sources;	/* behind the options, argc at most */
};

enum { CO_FEATURES = 256, CO_PARSER };

static const struct option compile_longopts[] = {
	{ "features", required_argument, NULL, CO_FEATURES },
	{ "parser", required_argument, NULL, CO_PARSER },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int add_flag(struct compile_cmd *cc, const char *a)
{
	if (cc->o.nflags >= (int)(sizeof(cc->flags) / sizeof(cc->flags[0]))) {
		fprintf(stderr, "aamed compile: too many arguments\n");
		return -1;
	}
	cc->flags[cc->o.nflags++] = a;
	return 0;
}

static int compile_opt(struct compile_cmd *cc, int c)
{
	switch (c) {
	case 'o':
		cc->o.out = optarg;
		return 0;
	case CO_FEATURES:
		cc->o.features = optarg;
		return 0;
	case CO_PARSER:
		if (!*optarg) {
			fprintf(stderr, "aamed compile: --parser needs a path\n");
			return EXIT_USAGE;
		}
		cc->o.parser = optarg;
		return 0;
	case 'I':
	case 'O':
		/* passed on in the order given */
		if (add_flag(cc, c == 'I' ? "-I" : "-O") || add_flag(cc, optarg))
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
 * The options, then the profiles: getopt moves the profiles behind the
 * options. Returns 0, or the exit code (-1: --help printed, exit 0).
 */
static int parse_compile_args(int argc, char **argv, struct compile_cmd *cc)
{
	struct opt_scan s;
	char **rest;
	int c, rc = 0, nrest, i;

	if (opt_begin(&s, "aamed compile", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "o:I:O:h", compile_longopts)) != -1)
		rc = compile_opt(cc, c);
	if (!rc && !cc->o.out) {
		usage(stderr);
		rc = EXIT_USAGE;
	}
	/* the words themselves are the caller's: they outlive the scan */
	rest = opt_rest(&s, &nrest);
	for (i = 0; !rc && i < nrest; i++)
		cc->sources[cc->o.nsources++] = rest[i];
	for (i = 0; !rc && nrest > 1 && i < nrest; i++)
		if (dash(rest[i])) {
			fprintf(stderr, "aamed compile: - (stdin) must be the only"
				" profile\n");
			rc = EXIT_USAGE;
		}
	opt_end(&s);
	return rc;
}

int cmd_compile(int argc, char **argv)
{
	struct compile_cmd *cc = calloc(1, sizeof(*cc));
	int rc;

	if (cc)
		cc->sources = calloc((size_t)(argc > 0 ? argc : 1),
				     sizeof(*cc->sources));
	if (!cc || !cc->sources) {
		free(cc);
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	cc->o.flags = cc->flags;
	cc->o.sources = cc->sources;
	rc = parse_compile_args(argc, argv, cc);
	if (!rc)
		rc = compile_policy(&cc->o);
	else if (rc < 0)
		rc = EXIT_ALLOWED;
	free(cc->sources);
	free(cc);
	return rc;
}
