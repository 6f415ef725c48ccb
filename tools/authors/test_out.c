// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test's reports: TAP version 14 (what prove and the TAP consumers
 * of CI systems read), JUnit XML (the test reporters of Jenkins, GitLab
 * and GitHub) and JSON (docs/json-schema/test.v1.json). Strings inside
 * TAP's YAML blocks are written as JSON strings, which YAML reads as
 * double-quoted scalars.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dash.h"
#include "markup.h"
#include "opts.h"
#include "test.h"
#include "tl.h"


/* ------------------------------------------------------------ TAP */

/* A description: '#' would start a directive, a newline end the line. */
static void tap_desc(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '#' || *s == '\\')
			fputc('\\', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
}

static void tap_kv(FILE *f, const char *key, const char *val)
{
	fprintf(f, "  %s: ", key);
	json_str(f, val);
	fputc('\n', f);
}

/* --vm: what the kernel did, its records one a line */
static void tap_kernel(FILE *f, const struct tresult *r)
{
	const char *s = r->krecords, *e;

	tap_kv(f, "kernel", r->kverdict);
	if (r->klabel[0])
		tap_kv(f, "kernel_label_after", r->klabel);
	fputs(s ? "  kernel_record:\n" : "  kernel_record: []\n", f);
	for (; s && *s; s = *e ? e + 1 : e) {
		char one[2048];

		e = s + strcspn(s, "\n");
		snprintf(one, sizeof(one), "%.*s", (int)(e - s), s);
		fputs("    - ", f);
		json_str(f, one);
		fputc('\n', f);
	}
}

static void tap_diag(FILE *f, const struct manifest *m, const struct tcase *t,
		     const struct tresult *r)
{
	int i;

	fputs("  ---\n", f);
	tap_kv(f, "check", r->check);
	tap_kv(f, "expected", r->expected);
	tap_kv(f, "got", r->got);
	if (r->why[0])
		tap_kv(f, "why", r->why);
	if (t->at.line) {	/* a manifest's test, not a log's request */
		tap_kv(f, "file", m->file);
		fprintf(f, "  line: %lu\n", t->at.line);
	}
	tap_kv(f, "label", t->label);
	tap_kv(f, "request", t->request);
	fputs(r->nrecords ? "  record:\n" : "  record: []\n", f);
	for (i = 0; i < r->nrecords; i++) {
		fputs("    - ", f);
		json_str(f, r->records[i]);
		fputc('\n', f);
	}
	if (r->kverdict[0])
		tap_kernel(f, r);
	fputs("  ...\n", f);
}

/*
 * 14, or 13 when the harness running us says it reads no later version
 * (TAP::Harness before 3.48 sets TAP_VERSION=13 and rejects a "TAP
 * version 14" line): what we write is the same in both.
 */
static int tap_version(void)
{
	const char *v = getenv("TAP_VERSION");

	return v && !strcmp(v, "13") ? 13 : 14;
}

void out_tap(FILE *f, const struct trun *run)
{
	size_t i, j, n = 0;

	fprintf(f, "TAP version %d\n1..%zu\n", tap_version(), run->total);
	for (i = 0; i < run->nms; i++) {
		const struct manifest *m = &run->ms[i];

		fputs("# ", f);
		tap_desc(f, m->file);
		fputc('\n', f);
		for (j = 0; j < m->ntests; j++) {
			const struct tresult *r = &run->results[i][j];

			fprintf(f, "%sok %zu - ", r->pass ? "" : "not ", ++n);
			tap_desc(f, m->tests[j].name);
			if (r->pass && r->skip[0]) {
				fputs(" # SKIP ", f);
				tap_desc(f, r->skip);
			}
			fputc('\n', f);
			if (!r->pass)
				tap_diag(f, m, &m->tests[j], r);
		}
	}
	if (run->vm)
		fprintf(f, "# %zu passed, %zu failed, %zu skipped (the kernel's verdicts too)\n",
			run->total - run->failed - run->skipped, run->failed,
			run->skipped);
	else
		fprintf(f, "# %zu passed, %zu failed\n", run->total - run->failed,
			run->failed);
}

/* ------------------------------------------------------------ JSON */

/* --vm: "skipped" (why, or null) and "kernel" (null when not run) */
static void json_kernel(FILE *f, bool *first, const struct tresult *r)
{
	const char *s = r->krecords, *e;
	bool one = true;

	json_key(f, first, "skipped");
	json_str(f, r->skip[0] ? r->skip : NULL);
	json_key(f, first, "kernel");
	if (!r->kverdict[0]) {
		fputs("null", f);
		return;
	}
	fputc('{', f);
	json_key(f, &one, "verdict");
	json_str(f, r->kverdict);
	json_key(f, &one, "label_after");
	json_str(f, r->klabel[0] ? r->klabel : NULL);
	json_key(f, &one, "records");
	fputc('[', f);
	for (; s && *s; s = *e ? e + 1 : e) {
		char rec[2048];

		e = s + strcspn(s, "\n");
		snprintf(rec, sizeof(rec), "%.*s", (int)(e - s), s);
		if (s != r->krecords)
			fputc(',', f);
		json_str(f, rec);
	}
	fputs("]}", f);
}

static void json_result(FILE *f, const struct tcase *t, const struct tresult *r,
			bool vm)
{
	bool first = true;
	int i;

	fputc('{', f);
	json_key(f, &first, "name");
	json_str(f, t->name);
	json_key(f, &first, "line");
	fprintf(f, "%lu", t->at.line);
	json_key(f, &first, "label");
	json_str(f, t->label);
	json_key(f, &first, "request");
	json_str(f, t->request);
	json_key(f, &first, "pass");
	fputs(r->pass ? "true" : "false", f);
	json_key(f, &first, "verdict");
	json_str(f, r->verdict);
	json_key(f, &first, "label_after");
	json_str(f, r->label_after[0] ? r->label_after : NULL);
	json_key(f, &first, "check");
	json_str(f, r->pass ? NULL : r->check);
	json_key(f, &first, "expected");
	json_str(f, r->pass ? NULL : r->expected);
	json_key(f, &first, "got");
	json_str(f, r->pass ? NULL : r->got);
	json_key(f, &first, "why");
	json_str(f, r->why[0] ? r->why : NULL);
	json_key(f, &first, "records");
	fputc('[', f);
	for (i = 0; i < r->nrecords; i++) {
		if (i)
			fputc(',', f);
		json_str(f, r->records[i]);
	}
	fputc(']', f);
	if (vm)
		json_kernel(f, &first, r);
	fputc('}', f);
}

static size_t manifest_failed(const struct trun *run, size_t i)
{
	size_t j, n = 0;

	for (j = 0; j < run->ms[i].ntests; j++)
		n += !run->results[i][j].pass;
	return n;
}

static size_t manifest_skipped(const struct trun *run, size_t i)
{
	size_t j, n = 0;

	for (j = 0; j < run->ms[i].ntests; j++)
		n += run->results[i][j].pass && run->results[i][j].skip[0];
	return n;
}

void out_json(FILE *f, const struct trun *run)
{
	bool first = true;
	size_t i, j;

	fputc('{', f);
	json_key(f, &first, "version");
	fprintf(f, "%d", TL_JSON_VERSION);
	json_key(f, &first, "command");
	json_str(f, "test");
	json_key(f, &first, "tests");
	fprintf(f, "%zu", run->total);
	json_key(f, &first, "passed");	/* a skipped test is not one */
	fprintf(f, "%zu", run->total - run->failed - run->skipped);
	json_key(f, &first, "failed");
	fprintf(f, "%zu", run->failed);
	if (run->vm) {
		json_key(f, &first, "skipped");
		fprintf(f, "%zu", run->skipped);
	}
	json_key(f, &first, "manifests");
	fputc('[', f);
	for (i = 0; i < run->nms; i++) {
		const struct manifest *m = &run->ms[i];
		bool mf = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &mf, "file");
		json_str(f, m->file);
		json_key(f, &mf, "kernel");
		json_str(f, opt_kernel_name(m->kernel));
		json_key(f, &mf, "tests");
		fprintf(f, "%zu", m->ntests);
		json_key(f, &mf, "failed");
		fprintf(f, "%zu", manifest_failed(run, i));
		json_key(f, &mf, "results");
		fputc('[', f);
		for (j = 0; j < m->ntests; j++) {
			if (j)
				fputc(',', f);
			json_result(f, &m->tests[j], &run->results[i][j], run->vm);
		}
		fputs("]}", f);
	}
	fputs("]}\n", f);
}

/* ------------------------------------------------------------ JUnit */

/* Text or an attribute value: the five XML escapes; control characters
 * XML 1.0 cannot carry are written as \xNN. */
static void xml_str(FILE *f, const char *s)
{
	markup_text(f, s, "&apos;", true);
}

static void junit_case(FILE *f, const struct manifest *m, const struct tcase *t,
		       const struct tresult *r)
{
	int i;

	fputs("    <testcase classname=\"", f);
	xml_str(f, m->file);
	fputs("\" name=\"", f);
	xml_str(f, t->name);
	fprintf(f, "\" file=\"");
	xml_str(f, m->file);
	fprintf(f, "\" line=\"%lu\" time=\"0\"", t->at.line);
	if (r->pass && r->skip[0]) {
		fputs(">\n      <skipped message=\"", f);
		xml_str(f, r->skip);
		fputs("\"/>\n    </testcase>\n", f);
		return;
	}
	if (r->pass) {
		fputs("/>\n", f);
		return;
	}
	fputs(">\n      <failure type=\"", f);
	xml_str(f, r->check);
	fputs("\" message=\"expected ", f);
	xml_str(f, r->expected);
	fputs(", got ", f);
	xml_str(f, r->got);
	fputs("\">expected: ", f);
	xml_str(f, r->expected);
	fputs("\ngot: ", f);
	xml_str(f, r->got);
	if (r->why[0]) {
		fputs("\nwhy: ", f);
		xml_str(f, r->why);
	}
	fputs("\nlabel: ", f);
	xml_str(f, t->label);
	fputs("\nrequest: ", f);
	xml_str(f, t->request);
	for (i = 0; i < r->nrecords; i++) {
		fputs("\nrecord: ", f);
		xml_str(f, r->records[i]);
	}
	if (!r->nrecords)
		fputs("\nrecord: none", f);
	if (r->kverdict[0]) {
		fputs("\nkernel: ", f);
		xml_str(f, r->kverdict);
		fputs("\nkernel records: ", f);
		xml_str(f, r->krecords ? r->krecords : "none");
	}
	fputs("</failure>\n    </testcase>\n", f);
}

static void junit(FILE *f, const struct trun *run)
{
	size_t i, j;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites name=\"aamed test\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
		run->total, run->failed);
	for (i = 0; i < run->nms; i++) {
		const struct manifest *m = &run->ms[i];

		fputs("  <testsuite name=\"", f);
		xml_str(f, m->file);
		fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
			m->ntests, manifest_failed(run, i), manifest_skipped(run, i));
		for (j = 0; j < m->ntests; j++)
			junit_case(f, m, &m->tests[j], &run->results[i][j]);
		fputs("  </testsuite>\n", f);
	}
	fputs("</testsuites>\n", f);
}

int out_junit(const char *file, const struct trun *run)
{
	FILE *f = dash_open(file, "w");
	int bad;

	if (!f) {
		fprintf(stderr, "aamed test: %s: %s\n", file, strerror(errno));
		return -1;
	}
	junit(f, run);
	bad = ferror(f);
	if (dash_close(f) || bad) {
		fprintf(stderr, "aamed test: %s: write error\n", file);
		return -1;
	}
	return 0;
}
