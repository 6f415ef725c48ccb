// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: the output directory's files, the name of each
 * run in tables and plots, and rows.tsv, every measured row.
 */
#include <errno.h>
#include <string.h>

#include "bench_cmp.h"

FILE *cmp_out_open(const struct cmp *c, const char *name)
{
	char path[1200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", c->dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "aamed-bench: %s: %s\n", path, strerror(errno));
	return f;
}

const char *cmp_run_label(const struct cmp *c, const struct run *r,
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

void cmp_write_rows(const struct cmp *c)
{
	FILE *f = cmp_out_open(c, "rows.tsv");
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
