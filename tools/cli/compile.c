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
	fputs("usage: aamed compile [--features NAME|FILE] [-I DIR]... [-O OPT]...\n"
	      "                     -o OUT PROFILE...\n"
	      "Runs apparmor_parser -Q -S. Features: the live kernel's when it has\n"
	      "AppArmor, else --features (default " DEBIAN_FEATURES ").\n",
	      f);
}

int cmd_compile(int argc, char **argv)
{
	const char *out = NULL, *features = NULL;
	const char *pargv[128];
	char fbuf[4096];
	int n = 0, i, fd, status;
	pid_t pid;

	pargv[n++] = "apparmor_parser";
	pargv[n++] = "-Q";
	pargv[n++] = "-S";
	pargv[n++] = "-K";	/* never read or write the system cache */
	for (i = 0; i < argc && n < 120; i++) {
		if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--features") ||
		     !strcmp(argv[i], "-I") || !strcmp(argv[i], "-O")) &&
		    i + 1 < argc) {
			if (!strcmp(argv[i], "-o"))
				out = argv[++i];
			else if (!strcmp(argv[i], "--features"))
				features = argv[++i];
			else {
				pargv[n++] = argv[i];
				pargv[n++] = argv[++i];
			}
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return EXIT_ALLOWED;
		} else if (argv[i][0] == '-') {
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!out) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (features) {
		const char *f = find_features(features, fbuf, sizeof(fbuf));

		if (!f) {
			fprintf(stderr, "aamed compile: no features file \"%s\"\n",
				features);
			return EXIT_USAGE;
		}
		pargv[n++] = "--features-file";
		pargv[n++] = f;
	} else if (!exists(LIVE_FEATURES)) {
		pargv[n++] = "--features-file";
		pargv[n++] = DEBIAN_FEATURES;
	}
	for (i = 0; i < argc && n < 126; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--features") ||
		    !strcmp(argv[i], "-I") || !strcmp(argv[i], "-O")) {
			i++;
			continue;
		}
		pargv[n++] = argv[i];
	}
	pargv[n] = NULL;
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "aamed compile: %s: %s\n", out, strerror(errno));
		return EXIT_USAGE;
	}
	pid = fork();
	if (pid < 0) {
		close(fd);
		return EXIT_USAGE;
	}
	if (pid == 0) {
		dup2(fd, 1);
		execvp("apparmor_parser", (char *const *)pargv);
		fprintf(stderr, "aamed compile: cannot run apparmor_parser: %s\n",
			strerror(errno));
		_exit(127);
	}
	close(fd);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "aamed compile: apparmor_parser failed\n");
		unlink(out);
		return EXIT_POLICY;
	}
	return EXIT_ALLOWED;
}
