/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed-bench compare's pieces (bench_compare.c and bench_cmp_*.c): the
 * points, the runs read back from their files, the per-point statistics
 * and the writers of every output.
 *
 * Ownership: the struct cmp of a comparison owns its runs' rows and
 * identity strings (read by cmp_read_run) until the program exits.
 */
#ifndef AAMED_BENCH_CMP_H
#define AAMED_BENCH_CMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bench_int.h"

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


struct sstats {
	struct pstat ps[MAX_POINTS];
	double max_cv;		/* over every run of every point */
};

/* bench_cmp_read.c: a run file, back into c->runs[] and c->ser[] */
int cmp_read_run(struct cmp *c, struct run *r);
const char *cmp_run_id(const struct run *r, const char *key);
/* Measured values of run r in series s (drop: without round 0). */
size_t cmp_run_values(const struct run *r, int s, bool drop, double *out);

/* bench_cmp_stats.c */
bool cmp_lower_better(const struct cmp *c);
void cmp_stat_series(struct cmp *c, int s, struct sstats *ss);

/* bench_cmp_rows.c: output files, run names, rows.tsv */
FILE *cmp_out_open(const struct cmp *c, const char *name);
const char *cmp_run_label(const struct cmp *c, const struct run *r,
			  char *buf, size_t len);
void cmp_write_rows(const struct cmp *c);

/* bench_cmp_summary.c: summary.tsv and summary.json */
void cmp_write_summary(const struct cmp *c, struct sstats *all);

/* bench_cmp_report.c: report.txt, or with mail the mail.txt skeleton */
void cmp_write_report(const struct cmp *c, struct sstats *all,
		      const struct wl_cfg *w, const char *name, bool mail);
/* bench_cmp_mail.c: the mail's head (Subject, To, #regzbot) and tail */
void cmp_mail_head(FILE *f, const struct cmp *c);
void cmp_mail_tail(FILE *f, const struct cmp *c);

/* bench_cmp_mmtests.c: the mmtests compare-kernels table (tcp-stream) */
void cmp_write_mmtests(FILE *f, const struct cmp *c, struct sstats *all);

/* bench_cmp_plot.c: per-round values, .dat and .gp, svg with gnuplot */
void cmp_write_plots(const struct cmp *c);

#endif
