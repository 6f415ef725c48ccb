// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: summary.tsv and summary.json, per point of every
 * series its statistics, change, noise, tests, validity and verdict, and
 * in the JSON every run with its identity.
 */
#include <math.h>
#include <stdbool.h>

#include "bench_cmp.h"

/*
 * JSON strings escaped per RFC 8259, bytes >= 0x80 kept. The same writer
 * as tools/common/json.c on purpose: aamed-bench stands alone (aamed.h
 * and bench/ only) and may not use tools/common.
 */
static void json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void json_key(FILE *f, bool *first, const char *key)
{
	if (!*first)
		fputc(',', f);
	*first = false;
	json_str(f, key);
	fputc(':', f);
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

void cmp_write_summary(const struct cmp *c, struct sstats *all)
{
	FILE *t = cmp_out_open(c, "summary.tsv"), *j = cmp_out_open(c, "summary.json");
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
