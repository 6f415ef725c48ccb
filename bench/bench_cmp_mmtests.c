// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: tcp-stream's table in the shape of mmtests'
 * compare-kernels for netperf-tcp (Min, Hmean, Stddev, CoeffVar, Max per
 * size, each with its change against the first point).
 */
#include "bench_cmp.h"

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
void cmp_write_mmtests(FILE *f, const struct cmp *c, struct sstats *all)
{
	int s, p, k;
	double v[MAX_POINTS];
	static const char *rows[] = { "Min", "Hmean", "Stddev", "CoeffVar", "Max" };

	fprintf(f, "netperf-tcp (aamed-bench tcp-stream, %s)\n", c->nser ?
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
