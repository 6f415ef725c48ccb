// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test MANIFEST...: profile tests without a kernel. Each test of a
 * manifest is a query (the words of aamed query) with the verdict, the
 * record and the label after it that the author expects; the answer is
 * answer_decide()'s (test_run.c), so a test asks any class the query
 * language knows. Every manifest is read and checked, and every policy
 * loaded, before the first test runs: a bad manifest never runs half.
 * This file: the command line and the order of the run.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opts.h"
#include "color.h"
#include "dash.h"
#include "test.h"
#include "tl.h"

static void usage(FILE *f)
{
	fputs("usage: aamed test [--policy PATH... | --profile SRC...]\n"
	      "                  [--kernel 6.1|6.12|upstream] [--json]\n"
	      "                  [--junit FILE] [--cache DIR] [--parser P]\n"
	      "                  [--features F] [-I DIR...] [--vm IMAGE] MANIFEST...\n"
	      "       aamed test (--policy PATH... | --profile SRC...) [--enforce]\n"
	      "                  [--kernel K] [--json] [--junit FILE] --log LOG...\n"
	      "Runs the tests of YAML manifests, or tests that every request of\n"
	      "the logs is allowed; TAP version 14 on stdout. --vm: a kernel\n"
	      "under QEMU judges the manifests' tests too.\n"
	      "Exit codes: 0 every test passed, 1 a test failed, 2 a manifest\n"
	      "or usage error, 3 a policy could not be loaded (--vm: or the\n"
	      "kernel could not run the tests).\n"
	      "See aamed-test(1).\n",
	      f);
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
	const char *vm;			/* --vm IMAGE */
	bool kernel_set;
	enum aamed_kernel kernel;
	unsigned fmt;
};

enum { TO_PROFILE = 0x200, TO_JUNIT, TO_CACHE, TO_PARSER, TO_KERNEL, TO_LOG,
       TO_ENFORCE, TO_VM };
static const struct option own_opts[] = {
	{ "profile", required_argument, NULL, TO_PROFILE },
	{ "junit", required_argument, NULL, TO_JUNIT },
	{ "cache", required_argument, NULL, TO_CACHE },
	{ "parser", required_argument, NULL, TO_PARSER },
	{ "kernel", required_argument, NULL, TO_KERNEL },
	{ "log", required_argument, NULL, TO_LOG },
	{ "enforce", no_argument, NULL, TO_ENFORCE },
	{ "vm", required_argument, NULL, TO_VM },
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
	case TO_VM:
		a->vm = arg;
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
	bool tty = color_term(stderr);	/* a terminal that erases lines */
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
			test_run_one(m, &m->tests[j], &run->results[i][j],
				     run->keep_records);
			run->failed += !run->results[i][j].pass;
			progress(++done, run->total, tty);
		}
	}
	return 0;
}

static int report(const struct trun *run, const struct tl_opts *o,
		  const struct targs *a)
{
	/* --junit -: the JUnit document is stdout, alone */
	if (dash(a->junit))
		;
	else if (o->json)
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
	run.keep_records = o->json || a->vm;
	if (run_all(&run)) {
		fprintf(stderr, "aamed test: out of memory\n");
		goto out;
	}
	/* the kernel's judgement after aamed's: exit 3 when it cannot run */
	if (a->vm && test_vm(&run, a->vm, o->features, &po)) {
		rc = EXIT_POLICY;
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
		else if (a->vm && a->nlogs)
			fprintf(stderr, "aamed test: --vm goes with manifests, not --log\n");
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
