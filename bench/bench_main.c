// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed bench: the subcommands. `bench decide` is bench/bench.c's; the
 * seed workloads (run, compare, instr) live in tools/bench_*.c.
 */
#include <string.h>

#include "bench_int.h"
#include "cli.h"

static void usage(FILE *f)
{
	fputs("usage: aamed bench SUBCOMMAND [OPTIONS]\n"
	      "  decide    what one file decision costs (ns, instructions)\n"
	      "  run       one point of a seed workload, on the host or in a VM\n"
	      "  compare   an A/B/A' sandwich of points, with statistics and reports\n"
	      "  instr     instructions per decision of a workload's decision path\n"
	      "Workloads: unix-send (seed 000), tcp-stream (seed 002), open1 (seed 003).\n"
	      "Run 'aamed bench SUBCOMMAND --help' for its options.\n",
	      f);
}

int cmd_bench_main(int argc, char **argv)
{
	if (argc < 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help")) {
		usage(stdout);
		return EXIT_ALLOWED;
	}
	if (!strcmp(argv[0], "decide"))
		return cmd_bench(argc, argv);
	if (!strcmp(argv[0], "run"))
		return bench_run(argc - 1, argv + 1);
	if (!strcmp(argv[0], "compare"))
		return bench_compare(argc - 1, argv + 1);
	if (!strcmp(argv[0], "instr"))
		return bench_instr(argc - 1, argv + 1);
	fprintf(stderr, "aamed bench: unknown subcommand \"%s\"\n", argv[0]);
	usage(stderr);
	return EXIT_USAGE;
}
