/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Compiling profiles with the real apparmor_parser (tools/cli/compile.c):
 * aamed compile calls it after parsing its command line, the author
 * tools (explain's source attribution, diff of two sources) call it
 * directly. Nothing here is public API.
 */
#ifndef AAMED_COMPILE_H
#define AAMED_COMPILE_H

#include <stdbool.h>

/* One compilation: apparmor_parser -Q -S -K [FLAGS] [--features-file F]
 * SOURCES > out. */
struct compile_opts {
	const char *out;		/* the blob written */
	const char *const *sources;	/* the profiles, in order */
	int nsources;
	/* apparmor_parser's own options as words, in the order given:
	 * "-I", DIR and "-O", OPT */
	const char *const *flags;
	int nflags;
	/* NAME (tests/features, share/aamed/features) or a path; NULL: the
	 * live kernel's when it has AppArmor, else Debian 12's */
	const char *features;
	const char *parser;		/* NULL: apparmor_parser on PATH */
	bool quiet;			/* no message, the parser's stderr
					 * to /dev/null */
};

/*
 * Run the parser for o. Returns aamed compile's exit code: EXIT_ALLOWED
 * (0) when out was written, EXIT_POLICY when the parser failed (out
 * removed), EXIT_USAGE when it could not be run (no features file, out
 * not writable, too many words).
 */
int compile_policy(const struct compile_opts *o);

/*
 * A feature set by name ("linux-6.1", looked up in $AAMED_FEATURES_DIR,
 * the installed share/aamed/features, then tests/features) or by path;
 * NULL when there is none. buf holds a found path.
 */
const char *compile_find_features(const char *name, char *buf, size_t len);

/*
 * Run parser (a path, or a name looked up on PATH) with argv (NULL
 * ended, argv[0] its name), its stdout into outfd, its stderr into
 * /dev/null when quiet. Returns its exit status, 256 when it did not
 * exit normally, -1 when it could not be forked. The message saying
 * the parser could not be run is the child's, on its (possibly
 * silenced) stderr.
 */
int compile_run_parser(const char *parser, const char *const *argv,
		       int outfd, bool quiet);

#endif
