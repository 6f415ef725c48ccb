// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --plot FILE charts of decide and load: the table goes to FILE.dat,
 * the gnuplot script to FILE.gp, and gnuplot draws FILE (svg, or png
 * when FILE ends in .png). Without gnuplot the data and script stay for
 * later.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_int.h"

FILE *bench_plot_data(const char *file)
{
	char name[4200];
	FILE *f;

	snprintf(name, sizeof(name), "%s.dat", file);
	f = fopen(name, "w");
	if (!f)
		fprintf(stderr, "aamed-bench: cannot write %s\n", name);
	return f;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && !strcmp(s + n - t, tail);
}

int bench_plot_draw(const char *file, const struct bench_chart *c)
{
	char gp[4200], cmd[8600];
	FILE *g;
	int i;

	snprintf(gp, sizeof(gp), "%s.gp", file);
	g = fopen(gp, "w");
	if (!g) {
		fprintf(stderr, "aamed-bench: cannot write %s\n", gp);
		return -1;
	}
	fprintf(g, "set terminal %s size 1000,%d\n",
		ends_with(file, ".png") ? "pngcairo" : "svg dynamic",
		c->nplots > 1 ? 420 * c->nplots : 480);
	fprintf(g, "set output '%s'\nset grid\nset key top left\n", file);
	if (c->nplots > 1)
		fprintf(g, "set multiplot layout %d,1\n", c->nplots);
	for (i = 0; i < c->nplots; i++) {
		const struct bench_subplot *p = &c->plots[i];

		fprintf(g, "set title \"%s\" noenhanced\nset xlabel \"%s\" noenhanced\n"
			   "set ylabel \"%s\" noenhanced\n",
			p->title, p->xlabel, p->ylabel);
		if (p->y2label)
			fprintf(g, "set y2tics\nset ytics nomirror\n"
				   "set y2label \"%s\" noenhanced\n", p->y2label);
		else
			fprintf(g, "unset y2tics\nset ytics mirror\nunset y2label\n");
		fprintf(g, "plot %s\n", p->plot);
	}
	if (c->nplots > 1)
		fprintf(g, "unset multiplot\n");
	fclose(g);
	if (system("command -v gnuplot >/dev/null 2>&1")) {
		fprintf(stderr, "aamed-bench: gnuplot is not installed; %s and its data are written\n",
			gp);
		return 0;
	}
	snprintf(cmd, sizeof(cmd), "gnuplot '%s'", gp);
	if (system(cmd)) {
		fprintf(stderr, "aamed-bench: gnuplot failed on %s\n", gp);
		return -1;
	}
	return 0;
}
