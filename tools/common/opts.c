// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getopt_long scans of a subcommand's words, and the option values more
 * than one subcommand takes (see opts.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"

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

int opt_next(struct opt_scan *s, const char *shortopts,
	     const struct option *longopts)
{
	return getopt_long(s->argc, s->argv, shortopts, longopts, NULL);
}

void opt_end(struct opt_scan *s)
{
	free(s->argv);
	s->argv = NULL;
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
