// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test MANIFEST...: profile tests without a kernel. Each test of a
 * manifest is a query (the words of aamed query) with the verdict, the
 * record and the label after it that the author expects; the answer is
 * answer_decide()'s, so a test asks any class the query language knows.
 * Every manifest is read and checked, and every policy loaded, before
 * the first test runs: a bad manifest never runs half.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opts.h"
#include "test.h"
#include "tl.h"

static void usage(FILE *f)
{
	fputs("usage: aamed test [--policy PATH... | --profile SRC...]\n"
	      "                  [--kernel 6.1|6.12|upstream] [--json]\n"
	      "                  [--junit FILE] [--cache DIR] [--parser P]\n"
	      "                  [--features F] [-I DIR...] MANIFEST...\n"
	      "       aamed test (--policy PATH... | --profile SRC...) [--enforce]\n"
	      "                  [--kernel K] [--json] [--junit FILE] --log LOG...\n"
	      "Runs the tests of YAML manifests, or tests that every request of\n"
	      "the logs is allowed; TAP version 14 on stdout.\n"
	      "Exit codes: 0 every test passed, 1 a test failed, 2 a manifest\n"
	      "or usage error, 3 a policy could not be loaded.\n"
	      "See aamed-test(1).\n",
	      f);
}

/* ------------------------------------------------------------ one test */

bool record_value(const char *text, const char *key, char *out, size_t len)
{
	size_t kl = strlen(key);
	const char *s = text;

	while ((s = strstr(s, key))) {
		const char *v = s + kl, *e;

		/* a whole key: at the start or after a blank, then '=' */
		if ((s != text && s[-1] != ' ') || *v != '=') {
			s++;
			continue;
		}
		v++;
		if (*v == '"') {
			e = strchr(++v, '"');
			if (!e)
				e = v + strlen(v);
		} else {
			e = v + strcspn(v, " ");
		}
		snprintf(out, len, "%.*s", (int)(e - v), v);
		return true;
	}
	return false;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The kernel writes a name with a blank, a quote or a control character
 * as hex (name=2F6120...): it matches the text it encodes. */
static bool hex_is(const char *hex, const char *text)
{
	size_t n = strlen(text), i;

	if (strlen(hex) != 2 * n || !n)
		return false;
	for (i = 0; i < n; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0 || (unsigned char)text[i] != (hi << 4 | lo))
			return false;
	}
	return true;
}

static bool field_is(const char *rec, const struct tfield *f)
{
	char v[2048];

	return record_value(rec, f->key, v, sizeof(v)) &&
	       (!strcmp(v, f->value) || hex_is(v, f->value));
}

/* The first record carrying every field of t, or -1. */
static int matching_record(const struct tcase *t, const struct tresult *r)
{
	int i;
	size_t j;

	for (i = 0; i < r->nrecords; i++) {
		for (j = 0; j < t->nfields; j++)
			if (!field_is(r->records[i], &t->fields[j]))
				break;
		if (j == t->nfields)
			return i;
	}
	return -1;
}

static void fail(struct tresult *r, const char *check, const char *want,
		 const char *got)
{
	if (!r->pass)
		return;		/* the first failing check is the one shown */
	r->pass = false;
	r->check = check;
	snprintf(r->expected, sizeof(r->expected), "%s", want);
	snprintf(r->got, sizeof(r->got), "%s", got);
}

static void fields_text(const struct tcase *t, char *buf, size_t len)
{
	size_t j, o = 0;

	buf[0] = '\0';
	for (j = 0; j < t->nfields && o < len; j++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s=%s", j ? " " : "",
				      t->fields[j].key, t->fields[j].value);
}

static void judge(const struct tcase *t, struct tresult *r)
{
	bool allowed = strcmp(r->verdict, "deny") != 0;
	char want[600];

	r->pass = true;
	if (allowed != t->expect_allow)
		fail(r, "verdict", t->expect_allow ? "allow" : "deny", r->verdict);
	if (t->audit >= 0 && t->audit != r->audited)
		fail(r, "audit", t->audit ? "a record" : "no record",
		     r->audited ? "a record" : "no record");
	if (t->has_record && matching_record(t, r) < 0) {
		fields_text(t, want, sizeof(want));
		fail(r, "record", want,
		     r->nrecords ? "no record with these fields" : "no record");
	}
	if (t->label_after && strcmp(t->label_after, r->label_after))
		fail(r, "label_after", t->label_after,
		     r->label_after[0] ? r->label_after : "no change of label");
}

int tresult_answer(struct tresult *r, const struct answer *a)
{
	const char *after = answer_label_after(a);
	int i;

	r->verdict = a->not_mediated ? "not-mediated" : a->error ? "deny" : "allow";
	r->audited = a->recs.n > 0;
	/* only the text: a run of many tests keeps every result */
	for (i = 0; i < a->recs.n; i++) {
		r->records[i] = strdup(a->recs.text[i]);
		if (!r->records[i]) {
			snprintf(r->error, sizeof(r->error), "out of memory");
			return -1;
		}
		r->nrecords++;
	}
	snprintf(r->label_after, sizeof(r->label_after), "%s", after ? after : "");
	return 0;
}

void test_run_one(const struct manifest *m, const struct tcase *t,
		  struct tresult *r)
{
	struct answer *a = malloc(sizeof(*a));
	const aamed_label *label;
	struct query q;
	int lerr = 0;

	memset(r, 0, sizeof(*r));
	r->verdict = "error";
	if (!a) {
		snprintf(r->error, sizeof(r->error), "out of memory");
		goto out;
	}
	memset(a, 0, sizeof(*a));
	a->recs.fmt = m->fmt;
	a->recs.want_text = true;
	label = aamed_label_get(m->policy, t->label, &lerr);
	/* the manifest was checked: these fail only when a query its
	 * words allowed cannot be asked of this policy */
	if (!label) {
		snprintf(r->error, sizeof(r->error), "label \"%s\": %s", t->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		goto out;
	}
	if (parse_query(t->argc, (char **)t->argv, &q, r->error,
			sizeof(r->error)) ||
	    answer_decide(m->policy, label, &q, a, r->error, sizeof(r->error))) {
		if (!r->error[0])
			snprintf(r->error, sizeof(r->error), "cannot be asked");
		goto out;
	}
	if (!tresult_answer(r, a))
		judge(t, r);
out:
	if (r->error[0]) {
		r->pass = false;
		r->check = "error";
		snprintf(r->expected, sizeof(r->expected), "%s",
			 t->expect_allow ? "allow" : "deny");
		snprintf(r->got, sizeof(r->got), "error: %s", r->error);
	}
	free(a);
}

void tresult_free(struct tresult *r)
{
	int i;

	for (i = 0; i < r->nrecords; i++)
		free(r->records[i]);
	r->nrecords = 0;
}

/* ------------------------------------------------------------ the run */

struct targs {
	const char *manifests[1024];
	int nm;
	const char *profiles[64];
	int nprof;
	const char *logs[256];
	int nlogs;
	bool enforce;
	const char *junit, *cache, *parser;
	bool kernel_set;
	enum aamed_kernel kernel;
	unsigned fmt;
};

enum { TO_PROFILE = 0x200, TO_JUNIT, TO_CACHE, TO_PARSER, TO_KERNEL, TO_LOG,
       TO_ENFORCE };
static const struct option own_opts[] = {
	{ "profile", required_argument, NULL, TO_PROFILE },
	{ "junit", required_argument, NULL, TO_JUNIT },
	{ "cache", required_argument, NULL, TO_CACHE },
	{ "parser", required_argument, NULL, TO_PARSER },
	{ "kernel", required_argument, NULL, TO_KERNEL },
	{ "log", required_argument, NULL, TO_LOG },
	{ "enforce", no_argument, NULL, TO_ENFORCE },
	{ NULL, 0, NULL, 0 },
};

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct targs *a = ctx;

	switch (opt) {
	case 1:
		if (a->nm == 1024) {
			fprintf(stderr, "aamed test: more than 1024 manifests\n");
			return -1;
		}
		a->manifests[a->nm++] = arg;
		return 0;
	case TO_PROFILE:
		if (a->nprof == 64) {
			fprintf(stderr, "aamed test: more than 64 --profile\n");
			return -1;
		}
		a->profiles[a->nprof++] = arg;
		return 0;
	case TO_JUNIT:
		a->junit = arg;
		return 0;
	case TO_CACHE:
		a->cache = arg;
		return 0;
	case TO_PARSER:
		a->parser = arg;
		return 0;
	case TO_KERNEL:
		a->kernel_set = true;
		return opt_kernel("test", arg, &a->kernel, &a->fmt);
	case TO_LOG:
		if (a->nlogs == 256) {
			fprintf(stderr, "aamed test: more than 256 --log\n");
			return -1;
		}
		a->logs[a->nlogs++] = arg;
		return 0;
	case TO_ENFORCE:
		a->enforce = true;
		return 0;
	default:
		fprintf(stderr, "aamed test: unknown option %s\n", arg);
		return -1;
	}
}

/* Every manifest read and checked; the number of bad ones. */
static int read_all(const struct targs *a, const struct tl_opts *o,
		    struct manifest *ms)
{
	int i, bad = 0;

	for (i = 0; i < a->nm; i++) {
		struct manifest *m = &ms[i];

		if (manifest_read(a->manifests[i], m)) {
			bad++;
			continue;
		}
		if (a->kernel_set) {
			m->kernel = a->kernel;
			m->fmt = a->fmt;
		}
		if (!o->np && !a->nprof && !m->npolicies && !m->nprofiles) {
			fprintf(stderr, "%s:1:1: no \"policy\" or \"profile\", and no --policy or --profile\n",
				m->file);
			bad++;
		}
	}
	return bad;
}

/* Every test's label is a label of its policy; the number that are not. */
static int check_labels(struct manifest *ms, int n)
{
	int i, bad = 0;
	size_t j;

	for (i = 0; i < n; i++)
		for (j = 0; j < ms[i].ntests; j++) {
			const struct tcase *t = &ms[i].tests[j];
			int lerr = 0;

			if (aamed_label_get(ms[i].policy, t->label, &lerr))
				continue;
			fprintf(stderr, "%s:%lu:%lu: label \"%s\": %s\n", ms[i].file,
				t->label_at.line, t->label_at.col, t->label,
				lerr == -ENOENT ? "no such profile in the policy" :
						  "malformed label");
			bad++;
		}
	return bad;
}

/* On a terminal, where a long run is. */
static void progress(size_t done, size_t total, bool tty)
{
	if (!tty)
		return;
	if (done == total)
		fputs("\r\033[K", stderr);
	else if (!(done % 64))
		fprintf(stderr, "\raamed test: %zu/%zu", done, total);
}

static int run_all(struct trun *run)
{
	bool tty = isatty(STDERR_FILENO);
	size_t i, j, done = 0;

	run->results = calloc(run->nms, sizeof(*run->results));
	if (!run->results)
		return -1;
	for (i = 0; i < run->nms; i++)
		run->total += run->ms[i].ntests;
	for (i = 0; i < run->nms; i++) {
		struct manifest *m = &run->ms[i];

		run->results[i] = calloc(m->ntests, sizeof(**run->results));
		if (!run->results[i])
			return -1;
		for (j = 0; j < m->ntests; j++) {
			test_run_one(m, &m->tests[j], &run->results[i][j]);
			run->failed += !run->results[i][j].pass;
			progress(++done, run->total, tty);
		}
	}
	return 0;
}

static int report(const struct trun *run, const struct tl_opts *o,
		  const struct targs *a)
{
	if (o->json)
		out_json(stdout, run);
	else
		out_tap(stdout, run);
	fflush(stdout);
	if (a->junit && out_junit(a->junit, run))
		return EXIT_USAGE;
	return run->failed ? EXIT_DENIED : EXIT_ALLOWED;
}

static void policy_opts(const struct targs *a, const struct tl_opts *o,
			struct tpolicy_opts *po)
{
	memset(po, 0, sizeof(*po));
	po->policies = o->policies;
	po->npolicies = o->np;
	po->profiles = a->profiles;
	po->nprofiles = a->nprof;
	po->features = o->features;
	po->parser = a->parser;
	po->cache = a->cache;
	po->incs = o->incs;
	po->nincs = o->ni;
}

/* --log: the logs' requests against --policy or --profile. */
static int test_log_run(const struct targs *a, const struct tl_opts *o)
{
	struct tlog_opts lo = { .logs = a->logs, .nlogs = a->nlogs,
				.enforce = a->enforce, .json = o->json,
				.junit = a->junit, .kernel = a->kernel,
				.fmt = a->fmt };
	struct tpolicy_opts po;

	if (a->nm) {
		fprintf(stderr, "aamed test: --log takes no manifest\n");
		return EXIT_USAGE;
	}
	if (!o->np && !a->nprof) {
		fprintf(stderr, "aamed test: --log needs --policy or --profile\n");
		return EXIT_USAGE;
	}
	policy_opts(a, o, &po);
	return test_logs(&lo, &po);
}

static int test_manifests(struct targs *a, struct tl_opts *o)
{
	struct manifest *ms = calloc((size_t)a->nm, sizeof(*ms));
	struct tpolicy_opts po;
	struct tpolicies *ps = NULL;
	struct trun run = { 0 };
	int rc = EXIT_USAGE, i;

	if (!ms) {
		fprintf(stderr, "aamed test: out of memory\n");
		return EXIT_USAGE;
	}
	if (read_all(a, o, ms))
		goto out;
	policy_opts(a, o, &po);
	ps = tpolicies_load(ms, (size_t)a->nm, &po);
	if (!ps) {
		rc = EXIT_POLICY;
		goto out;
	}
	if (check_labels(ms, a->nm))
		goto out;
	run.ms = ms;
	run.nms = (size_t)a->nm;
	if (run_all(&run)) {
		fprintf(stderr, "aamed test: out of memory\n");
		goto out;
	}
	rc = report(&run, o, a);
out:
	for (i = 0; run.results && i < a->nm; i++) {
		size_t j;

		for (j = 0; run.results[i] && j < ms[i].ntests; j++)
			tresult_free(&run.results[i][j]);
		free(run.results[i]);
	}
	free(run.results);
	tpolicies_free(ps);
	for (i = 0; i < a->nm; i++)
		manifest_free(&ms[i]);
	free(ms);
	return rc;
}

int cmd_test(int argc, char **argv)
{
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_FEATURES |
					TL_OPT_JSON,
			     .usage = usage };
	struct targs *a = calloc(1, sizeof(*a));
	int rc;

	if (!a) {
		fprintf(stderr, "aamed test: out of memory\n");
		return EXIT_USAGE;
	}
	rc = tl_getopt(&o, "test", argc, argv, own_opts, on_arg, a);
	if (rc < 0) {
		rc = EXIT_USAGE;
		if (o.np && a->nprof)
			fprintf(stderr, "aamed test: --policy and --profile: one or the other\n");
		else if (a->enforce && !a->nlogs)
			fprintf(stderr, "aamed test: --enforce goes with --log\n");
		else if (a->nlogs)
			rc = test_log_run(a, &o);
		else if (!a->nm)
			usage(stderr);
		else
			rc = test_manifests(a, &o);
	}
	free(a);
	return rc;
}
