// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench: statistics. Plain formulas, checked against hand-computed
 * values in tests/bench/stats.c.
 *
 *  mean, sample sd (n - 1), CV = sd / mean, harmonic mean;
 *  Welch's t-test (Welch-Satterthwaite df, two-sided p from Student's t
 *  via the regularized incomplete beta function);
 *  Mann-Whitney U (average ranks for ties, normal approximation with tie
 *  correction and a 0.5 continuity correction, two-sided);
 *  the A/B/A' sandwich: change of B against the parent midpoint
 *  (A + A') / 2, parent drift A' against A, and the same change with the
 *  first measured round of every invocation dropped.
 *
 * Why by hand: no C library packaged in Debian has these two tests. GSL
 * (libgsl-dev) has the pieces under them: sample mean and sd, Student's
 * t CDF (gsl_cdf_tdist_Q), the normal CDF and the incomplete beta
 * function. It has no Welch test, no Welch-Satterthwaite df, no ranking
 * with average ties and no Mann-Whitney U, so those would stay here
 * anyway; GSL would replace only st_t_p2's continued fraction, about 60
 * lines, at the price of two shared libraries (libgsl, libgslcblas) and
 * of GSL's licence, GPL-3.0-or-later, which would bind the aamed-bench
 * binary to GPLv3 while aamed is GPL-2.0-or-later. R's standalone math
 * library (r-mathlib) is the same case: distributions (pt, pnorm,
 * pwilcox), no tests. The formulas are short, and tests/bench/stats.c
 * checks them against values computed independently of this file.
 */
#include <math.h>
#include <stdlib.h>

#include "bench_int.h"

double st_mean(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

double st_sd(const double *x, size_t n)
{
	double m = st_mean(x, n), s = 0;
	size_t i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return sqrt(s / (double)(n - 1));
}

double st_cv(const double *x, size_t n)
{
	double m = st_mean(x, n);

	return m != 0 ? st_sd(x, n) / m : NAN;
}

double st_hmean(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++) {
		if (x[i] <= 0)
			return NAN;
		s += 1.0 / x[i];
	}
	return (double)n / s;
}

double st_min(const double *x, size_t n)
{
	double m = INFINITY;
	size_t i;

	for (i = 0; i < n; i++)
		if (x[i] < m)
			m = x[i];
	return n ? m : NAN;
}

double st_max(const double *x, size_t n)
{
	double m = -INFINITY;
	size_t i;

	for (i = 0; i < n; i++)
		if (x[i] > m)
			m = x[i];
	return n ? m : NAN;
}

double st_pct(double a, double b)
{
	return a != 0 ? 100.0 * (b - a) / a : NAN;
}

#define LENTZ_TINY 1e-300

/* One step of Lentz's method with coefficient aa: the factor it
 * multiplies the fraction by. */
static double lentz_step(double *c, double *d, double aa)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < LENTZ_TINY)
		*d = LENTZ_TINY;
	*c = 1 + aa / *c;
	if (fabs(*c) < LENTZ_TINY)
		*c = LENTZ_TINY;
	*d = 1 / *d;
	return *d * *c;
}

/* Continued fraction of the incomplete beta function (Lentz): each
 * round an even and an odd coefficient. */
static double betacf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < LENTZ_TINY)
		d = LENTZ_TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, del;

		h *= lentz_step(&c, &d, m * (b - m) * x / ((a + m2 - 1) * (a + m2)));
		del = lentz_step(&c, &d, -(a + m) * (a + b + m) * x /
					 ((a + m2) * (a + m2 + 1)));
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* Regularized incomplete beta I_x(a, b). */
static double ibeta(double a, double b, double x)
{
	double bt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		 b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

double st_t_p2(double t, double df)
{
	if (isnan(t) || df <= 0)
		return NAN;
	if (isinf(t))
		return 0;
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

void st_welch(const double *a, size_t na, const double *b, size_t nb,
	      double *t, double *df, double *p)
{
	double ma = st_mean(a, na), mb = st_mean(b, nb);
	double va = st_sd(a, na), vb = st_sd(b, nb), sa, sb, se;

	va *= va;
	vb *= vb;
	*t = *df = *p = NAN;
	if (na < 2 || nb < 2)
		return;
	sa = va / (double)na;
	sb = vb / (double)nb;
	se = sqrt(sa + sb);
	if (se == 0) {
		/* no spread at all: identical means are no change, any
		 * difference is certain */
		*t = ma == mb ? 0 : (mb > ma ? INFINITY : -INFINITY);
		*df = (double)(na + nb - 2);
		*p = ma == mb ? 1 : 0;
		return;
	}
	*t = (mb - ma) / se;
	*df = (sa + sb) * (sa + sb) /
	      (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
	*p = st_t_p2(*t, *df);
}

struct rk {
	double v;
	int grp;
};

static int rk_cmp(const void *x, const void *y)
{
	const struct rk *a = x, *b = y;

	return a->v < b->v ? -1 : a->v > b->v;
}

void st_mannwhitney(const double *a, size_t na, const double *b, size_t nb,
		    double *u, double *p)
{
	size_t n = na + nb, i, j;
	struct rk *r = malloc(sizeof(*r) * (n ? n : 1));
	double ra = 0, ties = 0, mu, sigma, z;

	*u = *p = NAN;
	if (!r || !na || !nb) {
		free(r);
		return;
	}
	for (i = 0; i < na; i++)
		r[i] = (struct rk){ a[i], 0 };
	for (i = 0; i < nb; i++)
		r[na + i] = (struct rk){ b[i], 1 };
	qsort(r, n, sizeof(*r), rk_cmp);
	for (i = 0; i < n; i = j) {
		double rank, t;

		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		rank = ((double)i + 1 + (double)j) / 2;	/* average of i+1..j */
		t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (r[k].grp == 0)
				ra += rank;
	}
	free(r);
	*u = ra - (double)na * ((double)na + 1) / 2;
	mu = (double)na * (double)nb / 2;
	sigma = sqrt((double)na * (double)nb / 12.0 *
		     (((double)n + 1) - ties / ((double)n * ((double)n - 1))));
	if (sigma == 0) {
		*p = 1;
		return;
	}
	z = (fabs(*u - mu) - 0.5) / sigma;
	if (z < 0)
		z = 0;
	*p = erfc(z / sqrt(2.0));
}

void st_sandwich(const double *parent, size_t np, const double *parent_d1,
		 const double *b, size_t nb, const double *b_d1,
		 struct st_sandwich *s)
{
	s->a_mean = np ? parent[0] : NAN;
	s->a2_mean = np ? parent[np - 1] : NAN;
	s->b_mean = st_mean(b, nb);
	s->mid = st_mean(parent, np);
	s->change = st_pct(s->mid, s->b_mean);
	s->drift = np > 1 ? st_pct(parent[0], parent[np - 1]) : NAN;
	s->change_drop1 = st_pct(st_mean(parent_d1, np), st_mean(b_d1, nb));
}
