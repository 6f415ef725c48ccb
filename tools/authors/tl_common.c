// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared pieces of explain/replay/diff/coverage (see tl.h).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile.h"
#include "dash.h"
#include "opts.h"
#include "tl.h"

int tl_mktmp(char *dir, size_t len)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, len, "%s/aamed.XXXXXX", t && *t ? t : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

void tl_rmtmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

/* aamed compile's own run of apparmor_parser (tools/cli/compile.c); the
 * tools keep 16 include directories (struct tl_opts). */
#define COMPILE_INCS 32

int tl_compile(const char *src, const char *out, const char *features,
	       const char *const *incdirs, int nincs, bool quiet)
{
	const char *flags[2 * COMPILE_INCS];
	struct compile_opts o = {
		.out = out, .sources = &src, .nsources = 1,
		.flags = flags, .features = features, .quiet = quiet,
	};
	int i;

	for (i = 0; i < nincs && i < COMPILE_INCS; i++) {
		flags[o.nflags++] = "-I";
		flags[o.nflags++] = incdirs[i];
	}
	return compile_policy(&o);
}

/* ------------------------------------------------------------------ */
/* getopt_long for explain, diff and coverage. */

enum { OPT_POLICY = 0x100, OPT_SOURCE, OPT_FEATURES, OPT_KERNEL, OPT_JSON };

static const struct {
	struct option opt;
	unsigned bit;
} shared[] = {
	{ { "policy", required_argument, NULL, OPT_POLICY }, TL_OPT_POLICY },
	{ { "source", required_argument, NULL, OPT_SOURCE }, TL_OPT_SOURCE },
	{ { "features", required_argument, NULL, OPT_FEATURES }, TL_OPT_FEATURES },
	{ { "kernel", required_argument, NULL, OPT_KERNEL }, TL_OPT_KERNEL },
	{ { "json", no_argument, NULL, OPT_JSON }, TL_OPT_JSON },
};

#define MAX_LONGOPTS 32

/* The shared options o allows, help, then own; false when too many. */
static bool build_longopts(const struct tl_opts *o, const struct option *own,
			   struct option *out)
{
	size_t n = 0, i;

	for (i = 0; i < sizeof(shared) / sizeof(shared[0]); i++)
		if (o->allowed & shared[i].bit)
			out[n++] = shared[i].opt;
	out[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	for (i = 0; own && own[i].name; i++) {
		if (n + 1 >= MAX_LONGOPTS)
			return false;
		out[n++] = own[i];
	}
	out[n] = (struct option){ 0 };
	return true;
}

/* A shared option and its value; -1 after a usage error. */
static int shared_opt(struct tl_opts *o, const char *cmd, int c,
		      const char *v)
{
	switch (c) {
	case OPT_POLICY:
		if (o->np < 64)
			o->policies[o->np++] = v;
		return 0;
	case OPT_SOURCE:
		/* its rules are named FILE:LINE: a path (tl_source.c) */
		if (dash(v)) {
			fprintf(stderr, "aamed %s: --source takes a file, not - (standard input)\n",
				cmd);
			return -1;
		}
		o->source = v;
		return 0;
	case OPT_FEATURES:
		o->features = v;
		return 0;
	case 'I':
		if (o->ni < 16)
			o->incs[o->ni++] = v;
		return 0;
	case OPT_KERNEL:
		return opt_kernel(cmd, v, &o->k, &o->fmt);
	case OPT_JSON:
		o->json = true;
		return 0;
	}
	return 1;	/* not a shared one */
}

/*
 * The word of an unknown option: a long one is the word getopt just
 * passed; a short one is whole only when it stands alone ("-x").
 */
static int unknown_opt(const char *cmd, char **av, tl_arg_fn fn, void *ctx)
{
	const char *w = optind > 0 ? av[optind - 1] : "";

	if (!strncmp(w, "--", 2) ||
	    (w[0] == '-' && optopt > 0 && w[1] == optopt && !w[2]))
		return fn('?', w, ctx);
	fprintf(stderr, "aamed %s: unknown option -%c\n", cmd, optopt);
	return -1;
}

/* One option or operand getopt_long returned: 0, 1 for help, -1 after a
 * usage error. */
static int one_opt(struct tl_opts *o, const char *cmd, struct opt_scan *s,
		   int c, tl_arg_fn fn, void *ctx)
{
	int rc;

	switch (c) {
	case 'h':
		return 1;
	case ':':
		fprintf(stderr, "aamed %s: %s needs a value\n", cmd,
			s->argv[optind - 1]);
		return -1;
	case '?':
		return unknown_opt(cmd, s->argv, fn, ctx);
	case 1:
		return fn(c, optarg, ctx);
	default:
		rc = shared_opt(o, cmd, c, optarg);
		return rc > 0 ? fn(c, optarg, ctx) : rc;
	}
}

int tl_getopt(struct tl_opts *o, const char *cmd, int argc, char **argv,
	      const struct option *own, tl_arg_fn fn, void *ctx)
{
	struct option lo[MAX_LONGOPTS];
	/* in order ('-'), missing values reported as ':' */
	const char *optstring = (o->allowed & TL_OPT_FEATURES) ? "-:hI:" : "-:h";
	struct opt_scan s;
	char **rest;
	int c, rc = 0, i, nrest;

	if (!build_longopts(o, own, lo) || argc < 0)
		return EXIT_USAGE;
	if (opt_begin(&s, cmd, argc, argv)) {
		fprintf(stderr, "aamed %s: out of memory\n", cmd);
		return EXIT_USAGE;
	}
	opterr = 0;	/* the messages are ours */
	while (!rc && (c = opt_next(&s, optstring, lo)) != -1)
		rc = one_opt(o, cmd, &s, c, fn, ctx);
	/* "--" ends the options; what follows is operands */
	rest = opt_rest(&s, &nrest);
	for (i = 0; !rc && i < nrest; i++)
		rc = fn(1, rest[i], ctx);
	opt_end(&s);
	if (rc > 0) {
		o->usage(stdout);
		return EXIT_ALLOWED;
	}
	return rc < 0 ? EXIT_USAGE : -1;
}

const char *tl_mode_name(enum aamed_profile_mode m)
{
	const char *n = aamed_profile_mode_name(m);

	return n ? n : "unknown";
}

const char *tl_audit_mode_name(enum aamed_audit_mode m)
{
	const char *n = aamed_audit_mode_name(m);

	return n ? n : "unknown";
}

char *tl_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}
