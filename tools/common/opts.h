/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * getopt_long over a subcommand's words, for every subcommand (query,
 * attach, compile, help, and through tl_getopt explain, replay, diff,
 * coverage). The subcommands receive their words without a program name
 * (argv[0] is the first word), and some are called from inside another
 * command (aamed help), so each scan works on its own copy of the words
 * and leaves getopt's globals as it found them.
 */
#ifndef AAMED_OPTS_H
#define AAMED_OPTS_H

#include <getopt.h>

#include "aamed.h"

struct opt_scan {
	char **argv;	/* prog, the words, NULL: owned, freed by opt_end */
	int argc;
	int saved_optind, saved_opterr, saved_optopt;
	char *saved_optarg;
	/* the caller's long options with --version and --color[=WHEN]
	 * added, which every command takes (opts.c) */
	struct option *lo;
	const struct option *lo_from;
};

/*
 * Copy the words behind prog (the name getopt's messages start with, e.g.
 * "aamed query") and start a fresh scan; -1 when out of memory. A caller
 * that words its own messages sets opterr to 0 after this.
 */
int opt_begin(struct opt_scan *s, const char *prog, int argc, char **argv);
/*
 * getopt_long on the copy; getopt prints its own message on '?'. Every
 * scan also takes --version (the version on stdout, exit 0) and
 * --color[=WHEN] (color.h; another WHEN: a message, exit 2), handled
 * here and never returned, so that every command has them.
 */
int opt_next(struct opt_scan *s, const char *shortopts,
	     const struct option *longopts);
/* The words getopt left over (after permutation, for non-"+" scans). */
static inline char **opt_rest(const struct opt_scan *s, int *n)
{
	*n = s->argc - optind;
	return s->argv + optind;
}
/* Free the copy and restore getopt's globals. */
void opt_end(struct opt_scan *s);

/*
 * The value of --kernel (6.1, 6.12 or upstream): the kernel to follow and
 * its record format (AAMED_FMT_*). -1 after "aamed CMD: --kernel takes
 * ..." was printed.
 */
int opt_kernel(const char *cmd, const char *v, enum aamed_kernel *k,
	       unsigned *fmt);

/* The --kernel word of K, as outputs name the kernel they followed. */
const char *opt_kernel_name(enum aamed_kernel k);

#endif
