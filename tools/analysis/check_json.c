// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed check --format json (docs/json-schema/check.v1.json): the
 * findings in order, each with its check id, level, profile, source
 * place, message and witness request.
 */
#include "check.h"

static void str_or_null(FILE *out, bool *first, const char *key,
			const char *v)
{
	json_key(out, first, key);
	if (v)
		json_str(out, v);
	else
		fputs("null", out);
}

static void one(FILE *out, const struct finding *f)
{
	bool first = true;

	fputc('{', out);
	str_or_null(out, &first, "check", f->check);
	str_or_null(out, &first, "level", check_level_name(f->level));
	str_or_null(out, &first, "profile", f->profile);
	str_or_null(out, &first, "file", f->file);
	json_key(out, &first, "line");
	if (f->file)
		fprintf(out, "%d", f->line);
	else
		fputs("null", out);
	str_or_null(out, &first, "rule", f->rule);
	str_or_null(out, &first, "message", f->message);
	str_or_null(out, &first, "witness", f->witness);
	str_or_null(out, &first, "label", f->witness ? f->label : NULL);
	fputc('}', out);
}

void check_write_json(FILE *out, const struct check_ctx *c,
		      const struct finding *f, size_t n)
{
	size_t i, count[CHECK_ERROR + 1] = { 0 };
	bool first = true;

	fprintf(out, "{\"version\":%d,\"command\":\"check\",\"source\":",
		TL_JSON_VERSION);
	fputs(c->nsrc ? "true" : "false", out);
	fputs(",\"findings\":[", out);
	for (i = 0; i < n; i++) {
		json_sep(out, &first);
		one(out, &f[i]);
		count[f[i].level]++;
	}
	fprintf(out, "],\"counts\":{\"error\":%zu,\"warning\":%zu,\"info\":%zu}}\n",
		count[CHECK_ERROR], count[CHECK_WARNING], count[CHECK_INFO]);
}
