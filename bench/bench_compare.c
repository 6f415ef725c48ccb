// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed bench compare: the A -> B [-> C ...] -> A' sandwich.
 *
 * Every point runs as its own process on the host (bench run, pinned) or
 * in its own fresh guest (bench run --kernel), in the order A B ... A B
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
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_int.h"
#include "cli.h"

#define MAX_POINTS 8
#define MAX_RUNS 128
#define MAX_SERIES 32

struct point {
	char name[64];
	const char *spec;
	const char *mode;
	char kernel[1024];	/* "" on the host */
};

struct row {
	int series;
	int round, warmup, ok;
	double value;
};

struct idkv {
	char *key, *val;
};

struct run {
	int point, inv, seq;
	char file[1200];
	struct row *rows;
	size_t nrows, cap;
	struct idkv *ids;
	size_t nids;
	long decisions;
	int end_rc;
	double wall;
};

struct series {
	char variant[32];
	int size;
	char unit[32];
};

struct cmp {
	struct point pts[MAX_POINTS];
	int npts;
	struct run runs[MAX_RUNS];
	int nruns;
	struct series ser[MAX_SERIES];
	int nser;
	const char *workload;
	enum wl_kind kind;
	char dir[1024];
	bool mail;
	const char *introduced, *title, *good, *bad;
	int inv;
};

/* ------------------------------------------------------------ reading */
static const char *run_id(const struct run *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->nids; i++)
		if (!strcmp(r->ids[i].key, key))
			return r->ids[i].val;
	return NULL;
}

static int series_of(struct cmp *c, const char *variant, int size,
		     const char *unit)
{
	int i;

	for (i = 0; i < c->nser; i++)
		if (!strcmp(c->ser[i].variant, variant) && c->ser[i].size == size)
			return i;
	if (c->nser >= MAX_SERIES)
		return -1;
	snprintf(c->ser[c->nser].variant, sizeof(c->ser[0].variant), "%s", variant);
	snprintf(c->ser[c->nser].unit, sizeof(c->ser[0].unit), "%s", unit);
	c->ser[c->nser].size = size;
	return c->nser++;
}

static int read_run(struct cmp *c, struct run *r)
{
	FILE *f = fopen(r->file, "r");
	char line[8192];

	r->end_rc = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *fl[16], *s = line, *tab;
		int n = 0;

		line[strcspn(line, "\n")] = '\0';
		while (n < 16) {
			fl[n++] = s;
			tab = strchr(s, '\t');
			if (!tab)
				break;
			*tab = '\0';
			s = tab + 1;
		}
		if (!strcmp(fl[0], "id") && n >= 3) {
			struct idkv *nk = realloc(r->ids, sizeof(*nk) * (r->nids + 1));

			if (!nk)
				break;
			r->ids = nk;
			r->ids[r->nids].key = strdup(fl[1]);
			r->ids[r->nids].val = strdup(fl[2]);
			r->nids++;
		} else if (!strcmp(fl[0], "row") && n >= 14) {
			struct row w;

			w.series = series_of(c, fl[2], atoi(fl[3]), fl[7]);
			w.round = atoi(fl[4]);
			w.warmup = atoi(fl[5]);
			w.value = atof(fl[6]);
			w.ok = atoi(fl[13]);
			if (w.series < 0)
				continue;
			if (r->nrows == r->cap) {
				size_t nc = r->cap ? r->cap * 2 : 64;
				struct row *nr = realloc(r->rows, sizeof(*nr) * nc);

				if (!nr)
					break;
				r->rows = nr;
				r->cap = nc;
			}
			r->rows[r->nrows++] = w;
		} else if (!strcmp(fl[0], "decisions") && n >= 2) {
			r->decisions = atol(fl[1]);
		} else if (!strcmp(fl[0], "end") && n >= 2) {
			r->end_rc = atoi(fl[1]);
		}
	}
	fclose(f);
	return 0;
}

/* Measured values of run r in series s (drop: without round 0). */
static size_t run_values(const struct run *r, int s, bool drop, double *out)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].series == s && !r->rows[i].warmup &&
		    !(drop && r->rows[i].round == 0) && n < 4096)
			out[n++] = r->rows[i].value;
	return n;
}

/* ---------------------------------------------------------- statistics */
struct pstat {
	int runs;
	size_t n;		/* measured rows */
	size_t bad;		/* rows that failed a check */
	double mean, sd, cv_within_max, cv_across, min, max, hmean;
	/* children only */
	struct st_sandwich sw;
	double noise, t, df, p, u, mwp;
	bool valid;
	const char *verdict;
};

/* A lower value is better (time per message) or a higher one. */
static bool lower_better(const struct cmp *c)
{
	return c->kind == WL_UNIX_SEND;
}

static void stat_point(struct cmp *c, int s, int p, struct pstat *ps,
		       double *pool, size_t *npool, double *means,
		       double *means_d1, size_t *nmeans)
{
	double buf[4096];
	int i;

	memset(ps, 0, sizeof(*ps));
	ps->valid = true;
	*npool = 0;
	*nmeans = 0;
	for (i = 0; i < c->nruns; i++) {
		struct run *r = &c->runs[i];
		size_t n, k;

		if (r->point != p)
			continue;
		n = run_values(r, s, false, buf);
		if (!n)
			continue;
		for (k = 0; k < r->nrows; k++)
			if (r->rows[k].series == s && !r->rows[k].warmup &&
			    !r->rows[k].ok)
				ps->bad++;
		if (r->end_rc != 0)
			ps->valid = false;
		ps->runs++;
		if (*npool + n > 65536)
			n = 65536 - *npool;
		memcpy(pool + *npool, buf, n * sizeof(double));
		*npool += n;
		means[*nmeans] = st_mean(buf, n);
		if (st_cv(buf, n) > ps->cv_within_max)
			ps->cv_within_max = st_cv(buf, n);
		n = run_values(r, s, true, buf);
		means_d1[*nmeans] = n ? st_mean(buf, n) : means[*nmeans];
		(*nmeans)++;
	}
	if (ps->bad)
		ps->valid = false;
	ps->n = *npool;
	ps->mean = st_mean(pool, *npool);
	ps->sd = st_sd(pool, *npool);
	ps->min = st_min(pool, *npool);
	ps->max = st_max(pool, *npool);
	ps->hmean = st_hmean(pool, *npool);
	ps->cv_across = *nmeans > 1 ? st_cv(means, *nmeans) : NAN;
}

struct sstats {
	struct pstat ps[MAX_POINTS];
	double max_cv;		/* over every run of every point */
};

static void stat_series(struct cmp *c, int s, struct sstats *ss)
{
	static double pool[MAX_POINTS][65536];
	double means[MAX_POINTS][MAX_RUNS], d1[MAX_POINTS][MAX_RUNS];
	size_t npool[MAX_POINTS], nm[MAX_POINTS];
	int p;

	ss->max_cv = 0;
	for (p = 0; p < c->npts; p++) {
		stat_point(c, s, p, &ss->ps[p], pool[p], &npool[p], means[p],
			   d1[p], &nm[p]);
		if (ss->ps[p].cv_within_max > ss->max_cv)
			ss->max_cv = ss->ps[p].cv_within_max;
	}
	for (p = 1; p < c->npts; p++) {
		struct pstat *ps = &ss->ps[p], *a = &ss->ps[0];
		double noise;

		st_sandwich(means[0], nm[0], d1[0], means[p], nm[p], d1[p], &ps->sw);
		st_welch(pool[0], npool[0], pool[p], npool[p], &ps->t, &ps->df,
			 &ps->p);
		st_mannwhitney(pool[0], npool[0], pool[p], npool[p], &ps->u,
			       &ps->mwp);
		/* the measured noise, in percent */
		noise = fabs(ps->sw.drift);
		if (isnan(noise))
			noise = 0;
		if (100 * ss->max_cv > noise)
			noise = 100 * ss->max_cv;
		if (!isnan(a->cv_across) && 100 * a->cv_across > noise)
			noise = 100 * a->cv_across;
		if (!isnan(ps->cv_across) && 100 * ps->cv_across > noise)
			noise = 100 * ps->cv_across;
		ps->noise = noise;
		if (!ps->valid || !a->valid)
			ps->verdict = "invalid: rows failed validation";
		else if (isnan(ps->sw.change))
			ps->verdict = "no data";
		else if (fabs(ps->sw.change) <= noise)
			ps->verdict = "below the measured noise: not a result";
		else if (isnan(ps->p) || ps->p >= 0.05)
			ps->verdict = "not significant (Welch p >= 0.05): not a result";
		else
			ps->verdict = "change";
	}
}

/* -------------------------------------------------------------- runs */
static void usage(FILE *f)
{
	fputs("usage: aamed bench compare [OPTIONS] A B [C ...]\n"
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
	      "  workload and VM options as for 'aamed bench run --help'\n",
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

/* One invocation of point p: a child `aamed bench run`. */
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
		fprintf(stderr, "aamed bench: %s was replaced during the comparison;\n"
			"run comparisons from a copy of build/aamed and build/bench-guest\n",
			self);
		return -1;
	}
	av[n++] = self;
	av[n++] = "bench";
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
	fprintf(stderr, "aamed bench: run %d: %s (%s)\n", r->seq + 1, p->name,
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
		fprintf(stderr, "aamed bench: run %d (%s) failed (exit %d)\n",
			r->seq + 1, p->name, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ outputs */
static FILE *out_open(const struct cmp *c, const char *name)
{
	char path[1200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", c->dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "aamed bench: %s: %s\n", path, strerror(errno));
	return f;
}

static const char *run_label(const struct cmp *c, const struct run *r,
			     char *buf, size_t len)
{
	const struct point *p = &c->pts[r->point];

	if (r->point == 0)
		snprintf(buf, len, "%s %s", p->name,
			 r->seq == c->nruns - 1 ? "A'" : c->inv > 1 ? "A" : "A");
	else
		snprintf(buf, len, "%s", p->name);
	if (c->inv > 1 && r->seq != c->nruns - 1) {
		size_t n = strlen(buf);

		snprintf(buf + n, len - n, " #%d", r->inv + 1);
	}
	return buf;
}

static void write_rows(const struct cmp *c)
{
	FILE *f = out_open(c, "rows.tsv");
	int i;
	size_t k;

	if (!f)
		return;
	fprintf(f, "run\tpoint\tspec\tinvocation\tworkload\tvariant\tsize\tround\tvalue\tunit\tok\n");
	for (i = 0; i < c->nruns; i++) {
		const struct run *r = &c->runs[i];

		for (k = 0; k < r->nrows; k++) {
			const struct row *w = &r->rows[k];

			if (w->warmup)
				continue;
			fprintf(f, "%d\t%s\t%s\t%d\t%s\t%s\t%d\t%d\t%.6f\t%s\t%d\n",
				r->seq + 1, c->pts[r->point].name,
				c->pts[r->point].spec, r->inv + 1, c->workload,
				c->ser[w->series].variant, c->ser[w->series].size,
				w->round, w->value, c->ser[w->series].unit, w->ok);
		}
	}
	fclose(f);
}

static void fnum(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.6g", v);
}

static void tnum(FILE *f, double v)
{
	if (isnan(v))
		fputs("\t-", f);
	else
		fprintf(f, "\t%.6g", v);
}

static const char *id_keys[] = {
	"where", "mode", "kernel_release", "kernel_version", "preempt_build",
	"preempt_actual", "cmdline", "cpu_model", "online_cpus", "pinned_cpu",
	"governor", "epp", "intel_no_turbo", "cpufreq_boost", "lsm",
	"task_label", "aamed_label", "aamed_policy", "aamed_features",
	"aamed_kernel", "aamed_rev", "aamed_build_flags", "qemu_version",
	"qemu_args", "qemu_pinned_cpu", "vm_kernel_image", "vm_features",
	"host_kernel_release", "host_cpu_model", "host_loadavg", "loadavg",
	"vm_wall_seconds",
};

static void write_summary(const struct cmp *c, struct sstats *all)
{
	FILE *t = out_open(c, "summary.tsv"), *j = out_open(c, "summary.json");
	int s, p, i;
	size_t k;

	if (!t || !j) {
		if (t)
			fclose(t);
		if (j)
			fclose(j);
		return;
	}
	fprintf(t, "workload\tvariant\tsize\tunit\tpoint\tspec\trole\truns\trows\tbad_rows"
		   "\tmean\tsd\tcv_within_max_pct\tcv_across_pct\tmin\thmean\tmax"
		   "\tratio_to_mid\tchange_pct\tchange_drop1_pct\tdrift_pct\tnoise_pct"
		   "\twelch_t\twelch_df\twelch_p\tmw_u\tmw_p\tvalid\tverdict\n");
	fprintf(j, "{\n  \"workload\": ");
	json_str(j, c->workload);
	fprintf(j, ",\n  \"invocations\": %d,\n  \"points\": [", c->inv);
	for (p = 0; p < c->npts; p++) {
		fprintf(j, "%s\n    {\"name\": ", p ? "," : "");
		json_str(j, c->pts[p].name);
		fprintf(j, ", \"spec\": ");
		json_str(j, c->pts[p].spec);
		fprintf(j, ", \"mode\": ");
		json_str(j, c->pts[p].mode);
		fprintf(j, ", \"where\": ");
		json_str(j, c->pts[p].kernel[0] ? "vm" : "host");
		fprintf(j, "}");
	}
	fprintf(j, "\n  ],\n  \"runs\": [");
	for (i = 0; i < c->nruns; i++) {
		const struct run *r = &c->runs[i];
		bool first = true;

		fprintf(j, "%s\n    {\"seq\": %d, \"point\": ", i ? "," : "",
			r->seq + 1);
		json_str(j, c->pts[r->point].name);
		fprintf(j, ", \"invocation\": %d, \"file\": ", r->inv + 1);
		json_str(j, r->file);
		fprintf(j, ", \"decisions\": %ld, \"end\": %d, \"wall_s\": %.0f,"
			   " \"identity\": {", r->decisions, r->end_rc, r->wall);
		for (k = 0; k < r->nids; k++) {
			json_key(j, &first, r->ids[k].key);
			json_str(j, r->ids[k].val);
		}
		fprintf(j, "}}");
	}
	fprintf(j, "\n  ],\n  \"series\": [");
	for (s = 0; s < c->nser; s++) {
		struct sstats *ss = &all[s];

		fprintf(j, "%s\n    {\"variant\": ", s ? "," : "");
		json_str(j, c->ser[s].variant);
		fprintf(j, ", \"size\": %d, \"unit\": ", c->ser[s].size);
		json_str(j, c->ser[s].unit);
		fprintf(j, ", \"max_cv_within_pct\": ");
		fnum(j, 100 * ss->max_cv);
		fprintf(j, ", \"points\": [");
		for (p = 0; p < c->npts; p++) {
			const struct pstat *ps = &ss->ps[p];

			fprintf(t, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%d\t%zu\t%zu",
				c->workload, c->ser[s].variant, c->ser[s].size,
				c->ser[s].unit, c->pts[p].name, c->pts[p].spec,
				p ? "child" : "parent", ps->runs, ps->n, ps->bad);
			tnum(t, ps->mean);
			tnum(t, ps->sd);
			tnum(t, 100 * ps->cv_within_max);
			tnum(t, 100 * ps->cv_across);
			tnum(t, ps->min);
			tnum(t, ps->hmean);
			tnum(t, ps->max);
			fprintf(j, "%s\n      {\"name\": ", p ? "," : "");
			json_str(j, c->pts[p].name);
			fprintf(j, ", \"role\": \"%s\", \"runs\": %d, \"rows\": %zu,"
				   " \"bad_rows\": %zu, \"mean\": ", p ? "child" : "parent",
				ps->runs, ps->n, ps->bad);
			fnum(j, ps->mean);
			fprintf(j, ", \"sd\": ");
			fnum(j, ps->sd);
			fprintf(j, ", \"cv_within_max_pct\": ");
			fnum(j, 100 * ps->cv_within_max);
			fprintf(j, ", \"cv_across_pct\": ");
			fnum(j, 100 * ps->cv_across);
			fprintf(j, ", \"min\": ");
			fnum(j, ps->min);
			fprintf(j, ", \"hmean\": ");
			fnum(j, ps->hmean);
			fprintf(j, ", \"max\": ");
			fnum(j, ps->max);
			if (p) {
				tnum(t, ps->sw.b_mean / ps->sw.mid);
				tnum(t, ps->sw.change);
				tnum(t, ps->sw.change_drop1);
				tnum(t, ps->sw.drift);
				tnum(t, ps->noise);
				tnum(t, ps->t);
				tnum(t, ps->df);
				tnum(t, ps->p);
				tnum(t, ps->u);
				tnum(t, ps->mwp);
				fprintf(t, "\t%d\t%s\n", ps->valid, ps->verdict);
				fprintf(j, ", \"parent_mid\": ");
				fnum(j, ps->sw.mid);
				fprintf(j, ", \"ratio_to_mid\": ");
				fnum(j, ps->sw.b_mean / ps->sw.mid);
				fprintf(j, ", \"change_pct\": ");
				fnum(j, ps->sw.change);
				fprintf(j, ", \"change_drop1_pct\": ");
				fnum(j, ps->sw.change_drop1);
				fprintf(j, ", \"parent_drift_pct\": ");
				fnum(j, ps->sw.drift);
				fprintf(j, ", \"noise_pct\": ");
				fnum(j, ps->noise);
				fprintf(j, ", \"welch\": {\"t\": ");
				fnum(j, ps->t);
				fprintf(j, ", \"df\": ");
				fnum(j, ps->df);
				fprintf(j, ", \"p\": ");
				fnum(j, ps->p);
				fprintf(j, "}, \"mann_whitney\": {\"u\": ");
				fnum(j, ps->u);
				fprintf(j, ", \"p\": ");
				fnum(j, ps->mwp);
				fprintf(j, "}, \"verdict\": ");
				json_str(j, ps->verdict);
			} else {
				fprintf(t, "\t1\t-\t-\t-\t-\t-\t-\t-\t-\t-\t%d\tbaseline\n",
					ps->valid);
			}
			fprintf(j, ", \"valid\": %s}", ps->valid ? "true" : "false");
		}
		fprintf(j, "\n    ]}");
	}
	fprintf(j, "\n  ]\n}\n");
	fclose(t);
	fclose(j);
}

static const char *unit_noun(const struct cmp *c, int s)
{
	if (c->kind == WL_UNIX_SEND)
		return "mean ns/message";
	if (c->kind == WL_OPEN1)
		return "mean ops/s";
	(void)s;
	return "mean Mbit/s";
}

/* "15.295% slower" / "2.1% less throughput" */
static void change_words(const struct cmp *c, double pct, char *buf,
			 size_t len)
{
	if (lower_better(c))
		snprintf(buf, len, "%.3f%% %s", fabs(pct), pct >= 0 ? "slower" : "faster");
	else
		snprintf(buf, len, "%.3f%% %s", fabs(pct),
			 pct <= 0 ? "lower throughput" : "higher throughput");
}

static void identity_block(FILE *f, const struct cmp *c)
{
	int p;
	size_t k;

	for (p = 0; p < c->npts; p++) {
		const struct run *r = NULL;
		int i;

		for (i = 0; i < c->nruns && !r; i++)
			if (c->runs[i].point == p)
				r = &c->runs[i];
		if (!r)
			continue;
		fprintf(f, "\n%s (%s), first run:\n", c->pts[p].name, c->pts[p].spec);
		for (k = 0; k < sizeof(id_keys) / sizeof(id_keys[0]); k++) {
			const char *v = run_id(r, id_keys[k]);

			if (v)
				fprintf(f, "  %-20s %s\n", id_keys[k], v);
		}
	}
	fprintf(f, "\nload average at the start of each run:");
	for (p = 0; p < c->nruns; p++) {
		const char *v = run_id(&c->runs[p], "host_loadavg");

		if (!v)
			v = run_id(&c->runs[p], "loadavg");
		fprintf(f, "%s %.14s", p ? "," : "", v ? v : "?");
	}
	fprintf(f, "\n");
}

static void describe_workload(FILE *f, const struct cmp *c,
			      const struct wl_cfg *w)
{
	switch (c->kind) {
	case WL_UNIX_SEND:
		fprintf(f,
			"The workload uses %s;\neach send%s carries %d messages of %d bytes. Peer draining and\n"
			"payload validation are outside the timed region. Each point had\n"
			"%d warm-up rounds followed by %d measured rounds of %ld messages.\n",
			w->variant == WV_TWOPROC ?
				"two connected abstract AF_UNIX SOCK_DGRAM sockets, the\n"
				"receiver in another process" :
			w->variant == WV_IO_URING ?
				"socketpair(AF_UNIX, SOCK_DGRAM) driven by io_uring\n"
				"IORING_OP_SEND" :
				"socketpair(AF_UNIX, SOCK_DGRAM)",
			w->variant == WV_IO_URING ? " (one submit)" : "mmsg() call",
			w->batch, w->msgsize, w->warmup, w->rounds, w->messages);
		break;
	case WL_TCP_STREAM:
		fprintf(f,
			"The workload streams over loopback TCP (netperf TCP_STREAM style);\n"
			"the receiver, in another process, validates every byte. Each size\n"
			"had %d warm-up and %d measured rounds of %.2f s; throughput is\n"
			"sender bytes over sender time, in 10^6 bits/s.\n",
			w->warmup, w->rounds, w->seconds);
		break;
	default:
		fprintf(f,
			"The workload is will-it-scale open1_processes: each process opens\n"
			"and closes its own file; %d warm-up and %d measured samples of\n"
			"%.2f s, ops/s summed over the processes.\n",
			w->warmup, w->rounds, w->seconds);
		break;
	}
}

static void write_table(FILE *f, const struct cmp *c, int s)
{
	char lab[128];
	int i;
	double buf[4096];

	fprintf(f, "  %-28s %s\n", "point", unit_noun(c, s));
	for (i = 0; i < c->nruns; i++) {
		const struct run *r = &c->runs[i];
		size_t n = run_values(r, s, false, buf);

		fprintf(f, "  %-28s %.3f\n", run_label(c, r, lab, sizeof(lab)),
			st_mean(buf, n));
	}
}

static void write_findings(FILE *f, const struct cmp *c, int s,
			   const struct sstats *ss)
{
	int p;
	char w1[64], w2[64];

	(void)s;
	for (p = 1; p < c->npts; p++) {
		const struct pstat *ps = &ss->ps[p];
		size_t rows = 0, bad = 0;
		int q;

		for (q = 0; q < c->npts; q++) {
			rows += ss->ps[q].n;
			bad += ss->ps[q].bad;
		}
		change_words(c, ps->sw.change, w1, sizeof(w1));
		change_words(c, ps->sw.change_drop1, w2, sizeof(w2));
		fprintf(f,
			"\n%s was %s than the %s midpoint (%s: %+.3f%%, ratio %.5f).\n"
			"Dropping the first measured round gave %+.3f%%; parent drift was\n"
			"%+.3f%%, and the maximum CV was %.3f%%.",
			c->pts[p].name, w1, c->pts[0].name,
			lower_better(c) ? "% over parent" : "% change",
			ps->sw.change, ps->sw.b_mean / ps->sw.mid, ps->sw.change_drop1,
			isnan(ps->sw.drift) ? 0.0 : ps->sw.drift, 100 * ss->max_cv);
		(void)w2;
		if (!isnan(ss->ps[0].cv_across))
			fprintf(f, "\nAcross-invocation CV of the run means: %s %.4f%%",
				c->pts[0].name, 100 * ss->ps[0].cv_across);
		if (!isnan(ps->cv_across))
			fprintf(f, ", %s %.4f%%", c->pts[p].name,
				100 * ps->cv_across);
		if (!isnan(ss->ps[0].cv_across))
			fputc('.', f);
		if (!bad)
			fprintf(f, "\nAll %zu measured rows passed the payload, length,"
				   " count, and empty-queue checks.", rows);
		else
			fprintf(f, "\n%zu of %zu measured rows FAILED validation.", bad,
				rows);
		fprintf(f, "\nWelch t=%.3f (df %.1f), p=%.3g; Mann-Whitney U=%.0f, p=%.3g.\n",
			ps->t, ps->df, ps->p, ps->u, ps->mwp);
		fprintf(f, "Noise (max of |drift|, max CV, across-invocation CV): %.3f%%.\n"
			   "Verdict: %s.\n", ps->noise, ps->verdict);
	}
}

/* The targets, where a comparison is one of them. */
static void write_targets(FILE *f, const struct cmp *c, int s,
			  const struct sstats *ss)
{
	int p;

	for (p = 1; p < c->npts; p++) {
		const struct pstat *ps = &ss->ps[p];
		bool vm = c->pts[p].kernel[0] != '\0';
		bool noisy = fabs(ps->sw.change) <= ps->noise;
		char met[2][96];

		/* a change inside the noise judges no target */
		for (int k = 0; k < 2; k++)
			if (noisy)
				snprintf(met[k], sizeof(met[k]),
					 "inside the noise of %.3f%%: not judged",
					 ps->noise);
			else
				snprintf(met[k], sizeof(met[k]), "%s",
					 k ? "met" : "NOT met");

		if (strcmp(c->pts[0].mode, "raw"))
			continue;
		if (c->kind == WL_UNIX_SEND && !vm &&
		    !strcmp(c->pts[p].mode, "unconfined"))
			fprintf(f, "target: unconfined adds < 0.5%% per message: %+.3f%% (%s)\n",
				ps->sw.change, met[ps->sw.change < 0.5]);
		if (c->kind == WL_UNIX_SEND && !vm &&
		    !strcmp(c->pts[p].mode, "confined"))
			fprintf(f, "target: confined (both peers) adds < 3%%: %+.3f%% (%s)\n",
				ps->sw.change, met[ps->sw.change < 3]);
		if (c->kind == WL_OPEN1 && !vm && !strcmp(c->pts[p].mode, "confined"))
			fprintf(f, "target: open1 confined >= 90%% of raw ops/s: %.1f%% (%s)\n",
				100 * ps->sw.b_mean / ps->sw.mid,
				met[ps->sw.b_mean / ps->sw.mid >= 0.9]);
		if (vm && c->kind == WL_UNIX_SEND)
			fprintf(f, "kernel's %s AppArmor cost on %s: %+.3f%% over raw\n",
				c->pts[p].mode, c->pts[p].kernel, ps->sw.change);
	}
	for (p = 0; p < c->npts; p++)
		if (c->pts[p].kernel[0] && !isnan(ss->ps[p].cv_across))
			fprintf(f, "target: vm across-boot CV < 0.05%%: %s %.4f%% (%s)\n",
				c->pts[p].name, 100 * ss->ps[p].cv_across,
				ss->ps[p].cv_across < 0.0005 ? "met" : "NOT met");
	(void)s;
}

static void mm_row(FILE *f, const char *what, int size, const double *v,
		   int n, bool higher_better)
{
	int p;

	fprintf(f, "%-8s %6d", what, size);
	for (p = 0; p < n; p++) {
		double pct = v[0] != 0 ? (higher_better ? (v[p] - v[0]) / v[0] :
						  (v[0] - v[p]) / v[0]) * 100 : 0;

		fprintf(f, " %12.2f (%7.2f%%)", v[p], pct);
	}
	fputc('\n', f);
}

/* mmtests compare-kernels shape: Min, Hmean, Stddev, CoeffVar, Max. */
static void write_mmtests(FILE *f, const struct cmp *c, struct sstats *all)
{
	int s, p, k;
	double v[MAX_POINTS];
	static const char *rows[] = { "Min", "Hmean", "Stddev", "CoeffVar", "Max" };

	fprintf(f, "netperf-tcp (aamed bench tcp-stream, %s)\n", c->nser ?
		c->ser[0].unit : "Mbit/s");
	fprintf(f, "%15s", "");
	for (p = 0; p < c->npts; p++)
		fprintf(f, " %23.23s", c->pts[p].name);
	fputc('\n', f);
	for (k = 0; k < 5; k++)
		for (s = 0; s < c->nser; s++) {
			for (p = 0; p < c->npts; p++) {
				const struct pstat *ps = &all[s].ps[p];

				v[p] = k == 0 ? ps->min : k == 1 ? ps->hmean :
				       k == 2 ? ps->sd : k == 3 ? 100 * ps->sd / ps->mean :
				       ps->max;
			}
			mm_row(f, rows[k], c->ser[s].size, v, c->npts, k < 2 || k == 4);
		}
}

static void write_plots(const struct cmp *c)
{
	int s, i;
	size_t k;
	char name[128], lab[128], cmd[2600];
	bool have = system("command -v gnuplot >/dev/null 2>&1") == 0;

	for (s = 0; s < c->nser; s++) {
		FILE *d, *g;
		int x = 0;

		snprintf(name, sizeof(name), "rounds-%s-%d.dat", c->ser[s].variant,
			 c->ser[s].size);
		d = out_open(c, name);
		if (!d)
			return;
		for (i = 0; i < c->nruns; i++) {
			const struct run *r = &c->runs[i];

			fprintf(d, "# run %d %s\n", r->seq + 1,
				run_label(c, r, lab, sizeof(lab)));
			for (k = 0; k < r->nrows; k++)
				if (r->rows[k].series == s && !r->rows[k].warmup)
					fprintf(d, "%d\t%.6f\n", x++, r->rows[k].value);
			fprintf(d, "\n\n");
		}
		fclose(d);
		snprintf(name, sizeof(name), "rounds-%s-%d.gp", c->ser[s].variant,
			 c->ser[s].size);
		g = out_open(c, name);
		if (!g)
			return;
		fprintf(g, "set terminal svg size 900,480 dynamic enhanced\n"
			   "set output '%s/rounds-%s-%d.svg'\n"
			   "set title \"aamed bench %s (%s, size %d): per-round values\" noenhanced\n"
			   "set xlabel 'measured round (run order)'\n"
			   "set ylabel '%s'\nset grid\nset key outside right\n",
			c->dir, c->ser[s].variant, c->ser[s].size, c->workload,
			c->ser[s].variant, c->ser[s].size, c->ser[s].unit);
		fprintf(g, "plot ");
		for (i = 0; i < c->nruns; i++)
			fprintf(g, "%s'%s/rounds-%s-%d.dat' index %d with linespoints lc %d pt %d title \"%s\" noenhanced",
				i ? ", \\\n     " : "", c->dir, c->ser[s].variant,
				c->ser[s].size, i, c->runs[i].point + 1,
				c->runs[i].point == 0 && i == c->nruns - 1 ? 6 : 7,
				run_label(c, &c->runs[i], lab, sizeof(lab)));
		fprintf(g, "\n");
		fclose(g);
		if (have) {
			snprintf(cmd, sizeof(cmd), "gnuplot '%s/%s'", c->dir, name);
			if (system(cmd))
				fprintf(stderr, "aamed bench: gnuplot failed on %s\n", name);
		}
	}
	if (!have)
		fprintf(stderr, "aamed bench: no gnuplot; wrote the .gp files only\n");
}

static void write_report(const struct cmp *c, struct sstats *all,
			 const struct wl_cfg *w, const char *name, bool mail)
{
	FILE *f = out_open(c, name);
	int s;

	if (!f)
		return;
	if (mail) {
		const char *title = c->title;
		char tbuf[256];

		if (!title) {
			snprintf(tbuf, sizeof(tbuf), "apparmor %s %s", c->workload,
				 lower_better(c) ? "slowdown" : "throughput regression");
			title = tbuf;
		}
		fprintf(f, "Subject: [REGRESSION] %s%s%s\n", title,
			c->introduced ? " after " : "",
			c->introduced ? c->introduced : "");
		fprintf(f, "To: John Johansen <john.johansen@canonical.com>\n"
			   "Cc: apparmor@lists.ubuntu.com, linux-security-module@vger.kernel.org,\n"
			   "    linux-kernel@vger.kernel.org, regressions@lists.linux.dev\n\n");
		fprintf(f, "Hi,\n\n[EDIT: one paragraph: what regressed, by how much, on which\n"
			   "commits; that the fix it came with is real and a revert is not\n"
			   "asked for.]\n\n");
		fprintf(f, "#regzbot introduced: %s\n#regzbot title: %s\n\n",
			c->introduced ? c->introduced : "[EDIT: commit-id or vA..vB]",
			title);
	}
	fprintf(f, "aamed bench compare: %s", c->workload);
	if (c->kind == WL_UNIX_SEND)
		fprintf(f, " (%s)", wl_variant_name(w->variant));
	fprintf(f, ", %d invocation%s per point, order:", c->inv, c->inv > 1 ? "s" : "");
	for (s = 0; s < c->nruns; s++)
		fprintf(f, " %s", c->pts[c->runs[s].point].name);
	fprintf(f, "\n\n");
	describe_workload(f, c, w);
	for (s = 0; s < c->nser; s++) {
		if (c->nser > 1)
			fprintf(f, "\n--- %s size %d (%s)\n", c->ser[s].variant,
				c->ser[s].size, c->ser[s].unit);
		fputc('\n', f);
		write_table(f, c, s);
		write_findings(f, c, s, &all[s]);
		write_targets(f, c, s, &all[s]);
	}
	if (c->kind == WL_TCP_STREAM) {
		fputc('\n', f);
		write_mmtests(f, c, all);
	}
	fprintf(f, "\nMachine and runs:");
	identity_block(f, c);
	if (mail)
		fprintf(f, "\nThe rows, summary and plots are in %s [EDIT: link to an\n"
			   "evidence bundle].\n\nThanks,\n[EDIT: name]\n", c->dir);
	fclose(f);
}

/* ---------------------------------------------------------------- main */
int bench_compare(int argc, char **argv)
{
	static struct cmp c;
	struct wl_cfg w;
	struct vm_opts vo;
	char *pass[128];
	int npass = 0, a, i, p, cpu;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *dir = NULL;
	struct sstats *all;
	char path[1200], dbuf[64];

	memset(&c, 0, sizeof(c));
	c.inv = 1;
	cpu = ncpu > 1 ? (int)ncpu - 1 : 0;
	wl_defaults(&w, WL_UNIX_SEND);
	vm_opts_default(&vo);
	for (a = 0; a < argc; a++) {
		int start = a, r;
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;

		if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return 0;
		}
		r = wl_option(&w, argc, argv, &a);
		if (r == 0)
			r = vm_option(&vo, argc, argv, &a);
		if (r < 0) {
			fprintf(stderr, "aamed bench: bad %s\n", argv[start]);
			return EXIT_USAGE;
		}
		if (r > 0) {
			if (!strcmp(argv[start], "--cpu")) {
				cpu = w.cpu;
				continue;
			}
			for (; start <= a && npass < 120; start++)
				pass[npass++] = argv[start];
			continue;
		}
		if (argv[a][0] != '-') {
			if (c.npts >= MAX_POINTS || parse_point(argv[a], &c.pts[c.npts])) {
				fprintf(stderr, "aamed bench: bad point %s\n", argv[a]);
				return EXIT_USAGE;
			}
			c.npts++;
			continue;
		}
		if (!strcmp(argv[a], "--mail")) {
			c.mail = true;
			continue;
		}
		if (!v) {
			fprintf(stderr, "aamed bench: unknown option %s\n", argv[a]);
			usage(stderr);
			return EXIT_USAGE;
		}
		a++;
		if (!strcmp(argv[start], "-o") || !strcmp(argv[start], "--out"))
			dir = v;
		else if (!strcmp(argv[start], "--invocations"))
			c.inv = atoi(v);
		else if (!strcmp(argv[start], "--introduced"))
			c.introduced = v;
		else if (!strcmp(argv[start], "--title"))
			c.title = v;
		else if (!strcmp(argv[start], "--policy") ||
			 !strcmp(argv[start], "--features") ||
			 !strcmp(argv[start], "--label") ||
			 !strcmp(argv[start], "--aamed-kernel")) {
			pass[npass++] = argv[start];
			pass[npass++] = argv[a];
		} else {
			fprintf(stderr, "aamed bench: unknown option %s\n", argv[start]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (c.npts < 2 || c.inv < 1 || c.npts * c.inv + 1 > MAX_RUNS) {
		usage(stderr);
		return EXIT_USAGE;
	}
	c.kind = w.kind;
	c.workload = wl_kind_name(w.kind);
	if (!dir) {
		time_t now = time(NULL);
		struct tm tm;

		localtime_r(&now, &tm);
		strftime(dbuf, sizeof(dbuf), "bench-out/%Y%m%d-%H%M%S", &tm);
		dir = dbuf;
	}
	if (strlen(dir) >= sizeof(c.dir) - 64) {
		fprintf(stderr, "aamed bench: output path too long\n");
		return EXIT_USAGE;
	}
	memcpy(c.dir, dir, strlen(dir) + 1);
	{
		char cmd[1200];

		snprintf(cmd, sizeof(cmd), "mkdir -p '%s/runs'", c.dir);
		if (system(cmd)) {
			fprintf(stderr, "aamed bench: cannot create %s\n", c.dir);
			return EXIT_USAGE;
		}
	}
	/* A B ... A B ... A' */
	for (i = 0; i < c.inv; i++)
		for (p = 0; p < c.npts; p++) {
			struct run *r = &c.runs[c.nruns];

			r->point = p;
			r->inv = i;
			r->seq = c.nruns++;
		}
	c.runs[c.nruns].point = 0;
	c.runs[c.nruns].inv = c.inv;
	c.runs[c.nruns].seq = c.nruns;
	c.nruns++;
	for (i = 0; i < c.nruns; i++) {
		struct run *r = &c.runs[i];

		char fn[1200];

		snprintf(fn, sizeof(fn), "%s/runs/%02d-%s.txt", c.dir, i + 1,
			 c.pts[r->point].name);
		memcpy(r->file, fn, sizeof(r->file));
		for (char *q = strrchr(r->file, '/') + 1; *q; q++)
			if (*q == '/' || *q == ' ')
				*q = '_';
		if (do_run(&c, r, pass, npass, cpu) || read_run(&c, r)) {
			fprintf(stderr, "aamed bench: stopping after a failed run; "
					"partial results in %s/runs\n", c.dir);
			return 1;
		}
	}
	all = calloc((size_t)c.nser, sizeof(*all));
	if (!all)
		return 1;
	for (i = 0; i < c.nser; i++)
		stat_series(&c, i, &all[i]);
	write_rows(&c);
	write_summary(&c, all);
	write_report(&c, all, &w, "report.txt", false);
	if (c.kind == WL_TCP_STREAM) {
		FILE *f = out_open(&c, "tcp-stream.txt");

		if (f) {
			write_mmtests(f, &c, all);
			fclose(f);
		}
	}
	write_plots(&c);
	if (c.mail)
		write_report(&c, all, &w, "mail.txt", true);
	snprintf(path, sizeof(path), "cat '%s/report.txt'", c.dir);
	fflush(NULL);
	if (system(path))
		return 1;
	for (i = 0; i < c.nser; i++)
		for (p = 1; p < c.npts; p++)
			if (!all[i].ps[p].valid || !all[i].ps[0].valid) {
				free(all);
				return 1;
			}
	free(all);
	return 0;
}
