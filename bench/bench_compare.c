// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: the A -> B [-> C ...] -> A' sandwich.
 *
 * Every point runs as its own process on the host (run, pinned) or in
 * its own fresh guest (run --kernel), in the order A B ... A B
 * ... A' (--invocations N sandwiches interleaved, A' closing them). The
 * run files are then read back and turned into:
 *
 *   rows.tsv       every measured row, with its run and point
 *   summary.tsv    per point: mean, sd, CVs, min, Hmean, change against
 *   summary.json   the parent midpoint, drop-first change, drift, noise,
 *                  Welch and Mann-Whitney p, validity, verdict; identity
 *   report.txt     seed 000's table and sentences
 *   tcp-stream.txt (tcp-stream) the mmtests netperf-tcp table
 *   rounds-*.svg   per-round values of every run (gnuplot)
 *   mail.txt       (--mail) a [REGRESSION] skeleton with #regzbot lines
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_cmp.h"

static void usage(FILE *f)
{
	fputs("usage: aamed-bench compare [OPTIONS] A B [C ...]\n"
	      "Points: [NAME=]MODE (host) or [NAME=]vm:KERNEL:MODE, MODE raw,\n"
	      "unconfined or confined, KERNEL 6.1, 6.12 or a vmlinuz path.\n"
	      "Runs A B ... A' (each point its own process or fresh boot) and\n"
	      "reports the change of each point against the midpoint of A and A'.\n"
	      "Options:\n"
	      "  -o DIR               output directory (bench-out/DATE)\n"
	      "  --invocations N      N interleaved sandwiches: A B A B ... A' (1)\n"
	      "  --cpu N              pin the workload (vm: QEMU) to CPU N (last CPU)\n"
	      "  --mail               write mail.txt, a [REGRESSION] skeleton\n"
	      "  --introduced ID      for #regzbot introduced: (mail)\n"
	      "  --title TEXT         for the subject and #regzbot title: (mail)\n"
	      "  --policy, --features, --label, --aamed-kernel   host mediation\n"
	      "  workload and VM options as for 'aamed-bench run --help'\n",
	      f);
}

static int parse_point(const char *arg, struct point *p)
{
	const char *eq = strchr(arg, '='), *spec = eq ? eq + 1 : arg;
	const char *colon;

	if (eq)
		snprintf(p->name, sizeof(p->name), "%.*s", (int)(eq - arg), arg);
	else
		snprintf(p->name, sizeof(p->name), "%s", arg);
	p->spec = spec;
	p->kernel[0] = '\0';
	if (!strncmp(spec, "vm:", 3)) {
		colon = strrchr(spec + 3, ':');
		if (!colon || colon == spec + 3)
			return -1;
		snprintf(p->kernel, sizeof(p->kernel), "%.*s",
			 (int)(colon - (spec + 3)), spec + 3);
		p->mode = colon + 1;
	} else {
		p->mode = spec;
	}
	if (strcmp(p->mode, "raw") && strcmp(p->mode, "unconfined") &&
	    strcmp(p->mode, "confined"))
		return -1;
	return 0;
}

/* One invocation of point p: a child `aamed-bench run`. */
static int do_run(struct cmp *c, struct run *r, char **pass, int npass,
		  int cpu)
{
	const struct point *p = &c->pts[r->point];
	char self[1024], cpus[16];
	const char *av[160];
	int n = 0, i, st;
	pid_t pid;
	time_t t0 = time(NULL);

	bench_self(self, sizeof(self));
	snprintf(cpus, sizeof(cpus), "%d", cpu);
	if (strstr(self, " (deleted)")) {
		fprintf(stderr, "aamed-bench: %s was replaced during the comparison;\n"
			"run comparisons from a copy of build/aamed-bench and build/bench-guest\n",
			self);
		return -1;
	}
	av[n++] = self;
	av[n++] = "run";
	av[n++] = "--mode";
	av[n++] = p->mode;
	av[n++] = "--out";
	av[n++] = r->file;
	if (cpu >= 0) {
		av[n++] = "--cpu";
		av[n++] = cpus;
	}
	if (p->kernel[0]) {
		av[n++] = "--kernel";
		av[n++] = p->kernel;
	}
	for (i = 0; i < npass && n < 158; i++)
		av[n++] = pass[i];
	av[n] = NULL;
	fprintf(stderr, "aamed-bench: run %d: %s (%s)\n", r->seq + 1, p->name,
		p->spec);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execv(self, (char *const *)av);
		_exit(127);
	}
	waitpid(pid, &st, 0);
	r->wall = (double)(time(NULL) - t0);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "aamed-bench: run %d (%s) failed (exit %d)\n",
			r->seq + 1, p->name, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- main */
/* The options of a comparison; pass[] are what every child run gets. */
struct copts {
	struct wl_cfg w;
	struct vm_opts vo;
	char *pass[128];
	int npass;
	int cpu;
	const char *dir;
};

static void pass_words(struct copts *o, char **argv, int from, int to)
{
	for (; from <= to && o->npass < 120; from++)
		o->pass[o->npass++] = argv[from];
}

/* An option with a value at argv[a] (the value at argv[a + 1]). */
static int value_option(struct cmp *c, struct copts *o, char **argv, int a)
{
	const char *k = argv[a], *v = argv[a + 1];

	if (!strcmp(k, "-o") || !strcmp(k, "--out"))
		o->dir = v;
	else if (!strcmp(k, "--invocations"))
		c->inv = atoi(v);
	else if (!strcmp(k, "--introduced"))
		c->introduced = v;
	else if (!strcmp(k, "--title"))
		c->title = v;
	else if (!strcmp(k, "--policy") || !strcmp(k, "--features") ||
		 !strcmp(k, "--label") || !strcmp(k, "--aamed-kernel"))
		pass_words(o, argv, a, a + 1);
	else
		return -1;
	return 0;
}

/* 0: parsed; 1: --help printed; -1: a usage error, reported. */
static int parse_args(int argc, char **argv, struct cmp *c, struct copts *o)
{
	int a;

	for (a = 0; a < argc; a++) {
		int start = a, r;

		if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return 1;
		}
		r = wl_option(&o->w, argc, argv, &a);
		if (r == 0)
			r = vm_option(&o->vo, argc, argv, &a);
		if (r < 0) {
			fprintf(stderr, "aamed-bench: bad %s\n", argv[start]);
			return -1;
		}
		if (r > 0) {
			if (!strcmp(argv[start], "--cpu"))
				o->cpu = o->w.cpu;
			else
				pass_words(o, argv, start, a);
			continue;
		}
		if (argv[a][0] != '-') {
			if (c->npts >= MAX_POINTS ||
			    parse_point(argv[a], &c->pts[c->npts])) {
				fprintf(stderr, "aamed-bench: bad point %s\n", argv[a]);
				return -1;
			}
			c->npts++;
			continue;
		}
		if (!strcmp(argv[a], "--mail")) {
			c->mail = true;
			continue;
		}
		if (a + 1 >= argc || value_option(c, o, argv, a)) {
			fprintf(stderr, "aamed-bench: unknown option %s\n", argv[a]);
			usage(stderr);
			return -1;
		}
		a++;
	}
	if (c->npts < 2 || c->inv < 1 || c->npts * c->inv + 1 > MAX_RUNS) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* The output directory (default bench-out/DATE) and its runs/. */
static int make_dir(struct cmp *c, const char *dir)
{
	char dbuf[64], cmd[1200];

	if (!dir) {
		time_t now = time(NULL);
		struct tm tm;

		localtime_r(&now, &tm);
		strftime(dbuf, sizeof(dbuf), "bench-out/%Y%m%d-%H%M%S", &tm);
		dir = dbuf;
	}
	if (strlen(dir) >= sizeof(c->dir) - 64) {
		fprintf(stderr, "aamed-bench: output path too long\n");
		return -1;
	}
	memcpy(c->dir, dir, strlen(dir) + 1);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/runs'", c->dir);
	if (system(cmd)) {
		fprintf(stderr, "aamed-bench: cannot create %s\n", c->dir);
		return -1;
	}
	return 0;
}

/* The runs in order, A B ... A B ... A', each run then read back. */
static int run_all(struct cmp *c, struct copts *o)
{
	int i, p;

	for (i = 0; i < c->inv; i++)
		for (p = 0; p < c->npts; p++) {
			struct run *r = &c->runs[c->nruns];

			r->point = p;
			r->inv = i;
			r->seq = c->nruns++;
		}
	c->runs[c->nruns].point = 0;
	c->runs[c->nruns].inv = c->inv;
	c->runs[c->nruns].seq = c->nruns;
	c->nruns++;
	for (i = 0; i < c->nruns; i++) {
		struct run *r = &c->runs[i];
		char fn[1200];

		snprintf(fn, sizeof(fn), "%s/runs/%02d-%s.txt", c->dir, i + 1,
			 c->pts[r->point].name);
		memcpy(r->file, fn, sizeof(r->file));
		for (char *q = strrchr(r->file, '/') + 1; *q; q++)
			if (*q == '/' || *q == ' ')
				*q = '_';
		if (do_run(c, r, o->pass, o->npass, o->cpu) || cmp_read_run(c, r)) {
			fprintf(stderr, "aamed-bench: stopping after a failed run; "
					"partial results in %s/runs\n", c->dir);
			return -1;
		}
	}
	return 0;
}

/* Every output; 1 when a point's rows failed validation. */
static int write_all(struct cmp *c, const struct wl_cfg *w)
{
	struct sstats *all = calloc((size_t)c->nser, sizeof(*all));
	char path[1200];
	int i, p, rc = BENCH_EXIT_OK;

	if (!all)
		return BENCH_EXIT_FAIL;
	for (i = 0; i < c->nser; i++)
		cmp_stat_series(c, i, &all[i]);
	cmp_write_rows(c);
	cmp_write_summary(c, all);
	cmp_write_report(c, all, w, "report.txt", false);
	if (c->kind == WL_TCP_STREAM) {
		FILE *f = cmp_out_open(c, "tcp-stream.txt");

		if (f) {
			cmp_write_mmtests(f, c, all);
			fclose(f);
		}
	}
	cmp_write_plots(c);
	if (c->mail)
		cmp_write_report(c, all, w, "mail.txt", true);
	snprintf(path, sizeof(path), "cat '%s/report.txt'", c->dir);
	fflush(NULL);
	if (system(path))
		rc = BENCH_EXIT_FAIL;
	for (i = 0; i < c->nser; i++)
		for (p = 1; p < c->npts; p++)
			if (!all[i].ps[p].valid || !all[i].ps[0].valid)
				rc = BENCH_EXIT_FAIL;
	free(all);
	return rc;
}

int bench_compare(int argc, char **argv)
{
	static struct cmp c;	/* large; lives until the program exits */
	static struct copts o;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int r;

	memset(&c, 0, sizeof(c));
	memset(&o, 0, sizeof(o));
	c.inv = 1;
	o.cpu = ncpu > 1 ? (int)ncpu - 1 : 0;
	wl_defaults(&o.w, WL_UNIX_SEND);
	vm_opts_default(&o.vo);
	r = parse_args(argc, argv, &c, &o);
	if (r)
		return r > 0 ? BENCH_EXIT_OK : BENCH_EXIT_USAGE;
	c.kind = o.w.kind;
	c.workload = wl_kind_name(o.w.kind);
	if (make_dir(&c, o.dir))
		return BENCH_EXIT_USAGE;
	if (run_all(&c, &o))
		return BENCH_EXIT_FAIL;
	return write_all(&c, &o.w);
}
