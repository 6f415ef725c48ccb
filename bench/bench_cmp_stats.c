// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: the statistics of each point of a series (pooled
 * rows, per-invocation means, CVs) and of each child against the parent
 * (the sandwich change, Welch, Mann-Whitney, the measured noise) and the
 * verdict they give.
 */
#include <math.h>
#include <string.h>

#include "bench_cmp.h"

/* A lower value is better (time per message) or a higher one. */
bool cmp_lower_better(const struct cmp *c)
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
		n = cmp_run_values(r, s, false, buf);
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
		n = cmp_run_values(r, s, true, buf);
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

void cmp_stat_series(struct cmp *c, int s, struct sstats *ss)
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
