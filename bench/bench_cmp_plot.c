// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: the per-round values of every run, per series, as
 * gnuplot data and script, and the svg when gnuplot is installed.
 */
#include <stdlib.h>

#include "bench_cmp.h"

void cmp_write_plots(const struct cmp *c)
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
		d = cmp_out_open(c, name);
		if (!d)
			return;
		for (i = 0; i < c->nruns; i++) {
			const struct run *r = &c->runs[i];

			fprintf(d, "# run %d %s\n", r->seq + 1,
				cmp_run_label(c, r, lab, sizeof(lab)));
			for (k = 0; k < r->nrows; k++)
				if (r->rows[k].series == s && !r->rows[k].warmup)
					fprintf(d, "%d\t%.6f\n", x++, r->rows[k].value);
			fprintf(d, "\n\n");
		}
		fclose(d);
		snprintf(name, sizeof(name), "rounds-%s-%d.gp", c->ser[s].variant,
			 c->ser[s].size);
		g = cmp_out_open(c, name);
		if (!g)
			return;
		fprintf(g, "set terminal svg size 900,480 dynamic enhanced\n"
			   "set output '%s/rounds-%s-%d.svg'\n"
			   "set title \"aamed-bench %s (%s, size %d): per-round values\" noenhanced\n"
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
				cmp_run_label(c, &c->runs[i], lab, sizeof(lab)));
		fprintf(g, "\n");
		fclose(g);
		if (have) {
			snprintf(cmd, sizeof(cmd), "gnuplot '%s/%s'", c->dir, name);
			if (system(cmd))
				fprintf(stderr, "aamed-bench: gnuplot failed on %s\n", name);
		}
	}
	if (!have)
		fprintf(stderr, "aamed-bench: no gnuplot; wrote the .gp files only\n");
}
