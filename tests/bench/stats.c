// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench's statistics against values computed by hand (and, for the
 * p-values, with closed forms independent of the code under test: the
 * Student t CDF for even df, erfc of the hand-computed z).
 */
#include <math.h>
#include <stdio.h>

#include "bench_int.h"

static int pass, fail;

static void near(const char *what, double got, double want, double tol)
{
	if (fabs(got - want) <= tol) {
		pass++;
		printf("ok   %-34s %.10g\n", what, got);
	} else {
		fail++;
		printf("FAIL %-34s got %.10g, want %.10g (tol %g)\n", what, got,
		       want, tol);
	}
}

int main(void)
{
	const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	const double h[] = { 1, 2, 4 };
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	const double ua[] = { 1, 2, 3, 4 }, ub[] = { 2, 4, 6, 8, 10, 12 };
	const double m1[] = { 1, 2, 3 }, m2[] = { 4, 5, 6 };
	const double t1[] = { 1, 2, 2 }, t2[] = { 2, 3, 4 };
	const double same[] = { 7, 7, 7 };
	/* the seed-000 sandwich: parent A, A'; child; and without round 1 */
	const double par[] = { 343.382, 343.259 }, chi[] = { 395.831 };
	const double par1[] = { 343.300, 343.200 }, chi1[] = { 395.700 };
	const double p3[] = { 100, 104, 102 }, c3[] = { 110, 112 };
	double t, df, p, u;
	struct st_sandwich s;

	/* mean 40/8; squares about the mean sum to 32, sd = sqrt(32/7) */
	near("mean", st_mean(x, 8), 5.0, 1e-12);
	near("sample sd", st_sd(x, 8), 2.138089935299, 1e-9);
	near("CV", st_cv(x, 8), 0.427617987060, 1e-9);
	near("Hmean {2,4,4,4,5,5,7,9}", st_hmean(x, 8), 4.201750729471, 1e-9);
	near("Hmean {1,2,4} = 3/1.75", st_hmean(h, 3), 12.0 / 7.0, 1e-12);
	near("min", st_min(x, 8), 2, 0);
	near("max", st_max(x, 8), 9, 0);
	near("pct 200 -> 150", st_pct(200, 150), -25, 1e-12);
	near("sd of one value", st_sd(x, 1), 0, 0);

	/* equal variances 2.5: se = 1, t = 5, df = 8 */
	st_welch(a, 5, b, 5, &t, &df, &p);
	near("Welch t", t, 5, 1e-12);
	near("Welch df", df, 8, 1e-9);
	near("Welch p (t=5, df=8)", p, 0.001052825793, 1e-9);
	/* var 5/3 and 14: t = 4.5 / sqrt(5/12 + 7/3), df = 7.5625 / 1.14676 */
	st_welch(ua, 4, ub, 6, &t, &df, &p);
	near("Welch t, unequal variances", t, 4.5 / sqrt(2.75), 1e-9);
	near("Welch df, unequal variances", df,
	     2.75 * 2.75 / ((5.0 / 12) * (5.0 / 12) / 3 + (7.0 / 3) * (7.0 / 3) / 5),
	     1e-9);
	near("Student p, t=0", st_t_p2(0, 5), 1, 1e-12);
	/* df 2: p = 1 - t / sqrt(2 + t^2) */
	near("Student p, t=1 df=2", st_t_p2(1, 2), 1 - 1 / sqrt(3), 1e-9);
	st_welch(same, 3, same, 3, &t, &df, &p);
	near("Welch p, no spread, same", p, 1, 0);

	/* ranks 1 2 3 | 4 5 6: U = 0, z = (4.5 - 0.5) / sqrt(5.25) */
	st_mannwhitney(m1, 3, m2, 3, &u, &p);
	near("Mann-Whitney U", u, 0, 0);
	near("Mann-Whitney p", p, 0.0808555984, 1e-9);
	/* ties: a ranks 1, 3, 3 (three 2s share 2..4): U = 1;
	 * sigma^2 = 9/12 * (7 - 24/30) = 4.65 */
	st_mannwhitney(t1, 3, t2, 3, &u, &p);
	near("Mann-Whitney U, ties", u, 1, 0);
	near("Mann-Whitney p, ties", p, 0.1641597285, 1e-9);

	/* seed 000: midpoint 343.3205, +15.295%, drift -0.036% */
	st_sandwich(par, 2, par1, chi, 1, chi1, &s);
	near("sandwich midpoint", s.mid, 343.3205, 1e-9);
	near("sandwich change %", s.change, 100 * (395.831 / 343.3205 - 1), 1e-9);
	near("seed 000 change 15.295%", round(s.change * 1000) / 1000, 15.295, 1e-9);
	near("sandwich drift %", s.drift, 100 * (343.259 / 343.382 - 1), 1e-9);
	near("seed 000 drift -0.036%", round(s.drift * 1000) / 1000, -0.036, 1e-9);
	near("sandwich drop-first %", s.change_drop1, 100 * (395.7 / 343.25 - 1),
	     1e-9);
	/* two sandwiches: midpoint of 100 104 102 = 102; child 111 */
	st_sandwich(p3, 3, p3, c3, 2, c3, &s);
	near("2 sandwiches midpoint", s.mid, 102, 1e-12);
	near("2 sandwiches change %", s.change, 100 * (111.0 / 102 - 1), 1e-9);
	near("2 sandwiches drift (last/first)", s.drift, 2, 1e-9);

	printf("stats: %d passed, %d failed\n", pass, fail);
	return fail != 0;
}
