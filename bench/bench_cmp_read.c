// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: a run file ("id", "row", "decisions", "end" lines,
 * as bench run writes them) read back into its run; each row's series
 * (variant and size) found or added.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_cmp.h"

const char *cmp_run_id(const struct run *r, const char *key)
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

int cmp_read_run(struct cmp *c, struct run *r)
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
size_t cmp_run_values(const struct run *r, int s, bool drop, double *out)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].series == s && !r->rows[i].warmup &&
		    !(drop && r->rows[i].round == 0) && n < 4096)
			out[n++] = r->rows[i].value;
	return n;
}
