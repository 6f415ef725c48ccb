// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench: aamed's benchmarks, a program of their own so that the
 * aamed command its users install carries none of their dependencies
 * (liburing, libm) or code. decide is bench/bench_decide.c; the seed
 * workloads' run, compare and instr are bench_run.c, bench_compare.c
 * and bench_instr.c.
 */
#include <string.h>

#include "bench_int.h"

static void usage(FILE *f)
{
	fputs("usage: aamed-bench SUBCOMMAND [OPTIONS]\n"
	      "  decide    what one file decision costs (ns, instructions)\n"
	      "  run       one point of a seed workload, on the host or in a VM\n"
	      "  compare   an A/B/A' sandwich of points, with statistics and reports\n"
	      "  instr     instructions per decision of a workload's decision path\n"
	      "  load      loading a large compiled corpus: time, memory, replacement\n"
	      "Workloads: unix-send (seed 000), tcp-stream (seed 002), open1 (seed 003).\n"
	      "Run 'aamed-bench SUBCOMMAND --help' for its options;\n"
	      "--version prints the version.\n",
	      f);
}

/*
 * --version, before the subcommand or among its options (before "--"),
 * as every aamed command takes it.
 */
static bool wants_version(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--version") ||
		    (i == 1 && !strcmp(argv[i], "-V")))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd) {
		usage(stderr);
		return BENCH_EXIT_USAGE;
	}
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		usage(stdout);
		return BENCH_EXIT_OK;
	}
	if (wants_version(argc, argv)) {
		printf("aamed-bench %s\n", AAMED_VERSION_STRING);
		return BENCH_EXIT_OK;
	}
	if (!strcmp(cmd, "decide"))
		return bench_decide(argc - 2, argv + 2);
	if (!strcmp(cmd, "run"))
		return bench_run(argc - 2, argv + 2);
	if (!strcmp(cmd, "compare"))
		return bench_compare(argc - 2, argv + 2);
	if (!strcmp(cmd, "load"))
		return bench_load(argc - 2, argv + 2);
	if (!strcmp(cmd, "instr"))
		return bench_instr(argc - 2, argv + 2);
	fprintf(stderr, "aamed-bench: unknown subcommand \"%s\"\n", cmd);
	usage(stderr);
	return BENCH_EXIT_USAGE;
}
