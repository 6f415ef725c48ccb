// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getopt_long scans of a subcommand's words, and the option values more
 * than one subcommand takes (see opts.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "opts.h"

/* getopt values of the options every scan adds: above any command's */
enum { OPT_COMMON_VERSION = 0x7f00, OPT_COMMON_COLOR };

int opt_begin(struct opt_scan *s, const char *prog, int argc, char **argv)
{
	memset(s, 0, sizeof(*s));
	if (argc < 0)
		argc = 0;
	s->argv = calloc((size_t)argc + 2, sizeof(*s->argv));
	if (!s->argv)
		return -1;
	s->argv[0] = (char *)prog;
	if (argc)
		memcpy(s->argv + 1, argv, (size_t)argc * sizeof(*argv));
	s->argc = argc + 1;
	s->saved_optind = optind;
	s->saved_opterr = opterr;
	s->saved_optopt = optopt;
	s->saved_optarg = optarg;
	/* 0, not 1: glibc then also re-reads the "+" of the next optstring */
	optind = 0;
	opterr = 1;
	return 0;
}

/* longopts with the common options behind them, in s->lo; -1 when out
 * of memory. */
static int common_longopts(struct opt_scan *s, const struct option *longopts)
{
	static const struct option common[] = {
		{ "version", no_argument, NULL, OPT_COMMON_VERSION },
		{ "color", optional_argument, NULL, OPT_COMMON_COLOR },
	};
	size_t n = 0;

	if (s->lo && s->lo_from == longopts)
		return 0;
	free(s->lo);
	while (longopts && longopts[n].name)
		n++;
	s->lo = calloc(n + 3, sizeof(*s->lo));
	if (!s->lo)
		return -1;
	if (n)
		memcpy(s->lo, longopts, n * sizeof(*s->lo));
	memcpy(s->lo + n, common, sizeof(common));
	s->lo_from = longopts;
	return 0;
}

/* The command's name as its messages start ("aamed query"). */
static const char *scan_name(const struct opt_scan *s)
{
	return s->argv[0] ? s->argv[0] : "aamed";
}

int opt_next(struct opt_scan *s, const char *shortopts,
	     const struct option *longopts)
{
	int c;

	if (common_longopts(s, longopts))
		return getopt_long(s->argc, s->argv, shortopts, longopts, NULL);
	for (;;) {
		c = getopt_long(s->argc, s->argv, shortopts, s->lo, NULL);
		if (c == OPT_COMMON_VERSION) {
			printf("aamed %s\n", AAMED_VERSION_STRING);
			fflush(stdout);
			exit(0);
		}
		if (c != OPT_COMMON_COLOR)
			return c;
		if (color_set(optarg)) {
			fprintf(stderr, "%s: --color takes auto, always or never\n",
				scan_name(s));
			exit(2);	/* a usage error (cli.h's EXIT_USAGE) */
		}
	}
}

void opt_end(struct opt_scan *s)
{
	free(s->argv);
	s->argv = NULL;
	free(s->lo);
	s->lo = NULL;
	optind = s->saved_optind;
	opterr = s->saved_opterr;
	optopt = s->saved_optopt;
	optarg = s->saved_optarg;
}

int opt_kernel(const char *cmd, const char *v, enum aamed_kernel *k,
	       unsigned *fmt)
{
	if (!strcmp(v, "6.1")) {
		*k = AAMED_KERNEL_6_1;
		*fmt = 0;
	} else if (!strcmp(v, "6.12")) {
		*k = AAMED_KERNEL_6_12;
		*fmt = AAMED_FMT_CLASS;
	} else if (!strcmp(v, "upstream")) {
		*k = AAMED_KERNEL_UPSTREAM;
		*fmt = AAMED_FMT_CLASS;
	} else {
		fprintf(stderr, "aamed %s: --kernel takes 6.1, 6.12 or upstream\n",
			cmd);
		return -1;
	}
	return 0;
}

const char *opt_kernel_name(enum aamed_kernel k)
{
	switch (k) {
	case AAMED_KERNEL_6_1:
		return "6.1";
	case AAMED_KERNEL_6_12:
		return "6.12";
	case AAMED_KERNEL_UPSTREAM:
		return "upstream";
	}
	return "unknown";
}
