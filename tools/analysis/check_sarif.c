// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed check --format sarif: SARIF 2.1.0 (OASIS), one run whose tool
 * lists every check id as a rule, one result per finding. A finding with
 * a source place has a physical location (the file as a URI reference,
 * the line as its region), every finding names its profile as a logical
 * location, so code scanning shows it on the profile's line.
 */
#include <string.h>

#include "check.h"

static const char *sarif_level(enum check_level l)
{
	switch (l) {
	case CHECK_INFO:
		return "note";
	case CHECK_WARNING:
		return "warning";
	case CHECK_ERROR:
		return "error";
	}
	return "none";
}

/* A path as a URI reference: absolute paths as file:// URIs, the bytes
 * outside RFC 3986's unreserved set and '/' percent-encoded. */
static void uri(FILE *out, const char *path)
{
	const unsigned char *p = (const unsigned char *)path;

	fputc('"', out);
	if (*p == '/')
		fputs("file://", out);
	for (; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			fputc(*p, out);
		else
			fprintf(out, "%%%02X", *p);
	}
	fputc('"', out);
}

static void rules(FILE *out)
{
	const struct check_row *r;
	size_t i;

	fputs("\"rules\":[", out);
	for (i = 0; (r = check_row(i)); i++) {
		fprintf(out, "%s{\"id\":", i ? "," : "");
		json_str(out, r->id);
		fputs(",\"shortDescription\":{\"text\":", out);
		json_str(out, r->description);
		fprintf(out, "},\"defaultConfiguration\":{\"level\":\"%s\"}}",
			sarif_level(r->level));
	}
	fputc(']', out);
}

static size_t rule_index(const char *id)
{
	const struct check_row *r;
	size_t i;

	for (i = 0; (r = check_row(i)); i++)
		if (!strcmp(r->id, id))
			return i;
	return 0;
}

static void result(FILE *out, const struct finding *f)
{
	char text[4096];

	fputs("{\"ruleId\":", out);
	json_str(out, f->check);
	fprintf(out, ",\"ruleIndex\":%zu,\"level\":\"%s\",\"message\":{\"text\":",
		rule_index(f->check), sarif_level(f->level));
	if (f->witness)
		snprintf(text, sizeof(text), "%s%s%s (witness: aamed query --label %s %s)",
			 f->profile ? f->profile : "", f->profile ? ": " : "",
			 f->message, f->label, f->witness);
	else
		snprintf(text, sizeof(text), "%s%s%s",
			 f->profile ? f->profile : "", f->profile ? ": " : "",
			 f->message);
	json_str(out, text);
	fputs("},\"locations\":[{", out);
	if (f->file) {
		fputs("\"physicalLocation\":{\"artifactLocation\":{\"uri\":", out);
		uri(out, f->file);
		fputs("}", out);
		if (f->line > 0)
			fprintf(out, ",\"region\":{\"startLine\":%d}", f->line);
		fputs("}", out);
		if (f->profile)
			fputc(',', out);
	}
	if (f->profile) {
		fputs("\"logicalLocations\":[{\"name\":", out);
		json_str(out, f->profile);
		fputs(",\"kind\":\"module\"}]", out);
	}
	fputs("}]", out);
	if (f->witness) {
		fputs(",\"properties\":{\"witness\":", out);
		json_str(out, f->witness);
		fputs(",\"label\":", out);
		json_str(out, f->label);
		fputs("}", out);
	}
	fputc('}', out);
}

void check_write_sarif(FILE *out, const struct check_ctx *c,
		       const struct finding *f, size_t n)
{
	size_t i;

	(void)c;
	fputs("{\"version\":\"2.1.0\","
	      "\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"runs\":[{\"tool\":{\"driver\":{"
	      "\"name\":\"aamed check\",\"version\":\"" AAMED_VERSION_STRING "\",", out);
	rules(out);
	fputs("}},\"results\":[", out);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		result(out, &f[i]);
	}
	fputs("]}]}\n", out);
}
