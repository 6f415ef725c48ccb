// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench instr: instructions per decision on a workload's decision
 * path. The workload runs once under valgrind --tool=callgrind per hook
 * function, collecting only inside that function (--toggle-collect), and
 * the instruction total is divided by the calls the run counted. Unlike
 * time, the count does not drift with the machine's load.
 */
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_int.h"

static void usage(FILE *f)
{
	fputs("usage: aamed-bench instr [-w unix-send|tcp-stream|open1]\n"
	      "         [--mode unconfined|confined] [WORKLOAD OPTIONS]\n"
	      "         [--policy BLOB | --features NAME] [--label NAME] [--aamed-kernel K]\n"
	      "Runs the workload (by default one small round) under callgrind and\n"
	      "prints instructions per call of each aamed function the workload\n"
	      "calls where the kernel runs its hook.\n",
	      f);
}

/* Sum "summary:"/"totals:" over the callgrind files of base.* */
static double cg_total(const char *base)
{
	char pat[1200], line[512];
	glob_t g;
	double sum = 0;
	size_t i;

	snprintf(pat, sizeof(pat), "%s.*", base);
	if (glob(pat, 0, NULL, &g))
		return -1;
	for (i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		double v = 0;

		while (f && fgets(line, sizeof(line), f))
			if (!strncmp(line, "totals:", 7) || !strncmp(line, "summary:", 8))
				v = strtod(strchr(line, ':') + 1, NULL);
		if (f)
			fclose(f);
		sum += v;
		unlink(g.gl_pathv[i]);
	}
	globfree(&g);
	return sum;
}

static long run_decisions(const char *file)
{
	FILE *f = fopen(file, "r");
	char line[512];
	long d = -1;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "decisions\t", 10))
			d = atol(line + 10);
	if (f)
		fclose(f);
	return d;
}

int bench_instr(int argc, char **argv)
{
	struct wl_cfg w;
	const char *mode = "confined";
	const char *fns[2];
	int nfn, a, i, rc = 0;
	char self[1024], dir[] = "/tmp/aamed-instr-XXXXXX";
	char cmd[8192], base[1100], out[1100];
	size_t cn;

	wl_defaults(&w, WL_UNIX_SEND);
	/* the defaults of a short run; options below override them */
	cn = (size_t)snprintf(cmd, sizeof(cmd), " --rounds 1 --warmup 0");
	for (a = 0; a < argc; a++) {
		int start = a, r;

		if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(argv[a], "--mode") && a + 1 < argc) {
			mode = argv[++a];
			continue;
		}
		r = wl_option(&w, argc, argv, &a);
		if (r == 0 && a + 1 < argc &&
		    (!strcmp(argv[a], "--policy") || !strcmp(argv[a], "--features") ||
		     !strcmp(argv[a], "--label") || !strcmp(argv[a], "--aamed-kernel"))) {
			a++;
			r = 1;
		}
		if (r <= 0) {
			usage(stderr);
			return BENCH_EXIT_USAGE;
		}
		for (; start <= a && cn < sizeof(cmd) - 512; start++)
			cn += (size_t)snprintf(cmd + cn, sizeof(cmd) - cn, " '%s'",
					       argv[start]);
	}
	if (strcmp(mode, "unconfined") && strcmp(mode, "confined")) {
		fprintf(stderr, "aamed-bench instr: --mode unconfined|confined\n");
		return BENCH_EXIT_USAGE;
	}
	if (w.kind == WL_UNIX_SEND) {
		fns[0] = "aamed_unix_send";	/* security_unix_may_send */
		fns[1] = "aamed_net_perm";	/* security_socket_sendmsg */
		nfn = 2;
		if (!strstr(cmd, "--messages"))
			cn += (size_t)snprintf(cmd + cn, sizeof(cmd) - cn,
					       " --messages 4096");
	} else if (w.kind == WL_TCP_STREAM) {
		fns[0] = "aamed_net_perm";
		nfn = 1;
		if (!strstr(cmd, "--sizes"))
			cn += (size_t)snprintf(cmd + cn, sizeof(cmd) - cn,
					       " --sizes 1024 --seconds 0.3");
	} else {
		fns[0] = "aamed_file_perm";
		nfn = 1;
		if (!strstr(cmd, "--procs"))
			cn += (size_t)snprintf(cmd + cn, sizeof(cmd) - cn,
					       " --procs 1 --seconds 0.5");
	}
	if (system("command -v valgrind >/dev/null 2>&1")) {
		fprintf(stderr, "aamed-bench instr: valgrind is not installed\n");
		return BENCH_EXIT_USAGE;
	}
	if (!mkdtemp(dir))
		return BENCH_EXIT_USAGE;
	bench_self(self, sizeof(self));
	printf("workload\tmode\tfunction\tcalls\tinstr/call\n");
	for (i = 0; i < nfn; i++) {
		char full[16384 + 8192];
		double ir;
		long d;

		snprintf(base, sizeof(base), "%s/cg", dir);
		snprintf(out, sizeof(out), "%s/run.txt", dir);
		snprintf(full, sizeof(full),
			 "valgrind --tool=callgrind --toggle-collect=%s "
			 "--callgrind-out-file=%s.%%p '%s' run --mode %s "
			 "--out '%s'%s >'%s/valgrind.log' 2>&1",
			 fns[i], base, self, mode, out, cmd, dir);
		if (system(full)) {
			fprintf(stderr, "aamed-bench instr: the run failed; see %s/valgrind.log\n",
				dir);
			return 1;
		}
		ir = cg_total(base);
		d = run_decisions(out);
		if (ir < 0 || d <= 0) {
			fprintf(stderr, "aamed-bench instr: no callgrind totals or no decisions\n");
			rc = 1;
			continue;
		}
		d /= nfn;	/* each hook function runs once per decision point */
		printf("%s\t%s\t%s\t%ld\t%.1f\n", wl_kind_name(w.kind), mode, fns[i],
		       d, ir / (double)d);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
