// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test --log: is a policy ready for what the logs saw? Every
 * distinct request of the logs' AppArmor records (rebuilt by replay's
 * machinery) is one test that must be allowed. With --enforce a
 * complain-mode profile is judged as if enforced: a decision that logs
 * an ALLOWED record is one the kernel allows only because of complain
 * mode, so it fails. The tests are grouped by profile, one group (TAP
 * comment, JUnit testsuite, JSON manifest object) each, and reported
 * like a manifest's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "dash.h"
#include "test.h"
#include "tl.h"

struct lentry {
	const char *profile;	/* the group */
	long id;		/* first seen */
	struct tcase t;
	struct tresult r;
};

struct lrun {
	aamed_policy *policy;
	const struct tlog_opts *o;
	struct replay_table seen;	/* profile \x1f request: entry ids */
	struct lentry *v;
	size_t n, cap;
	struct answer *a;
	struct tl_source *src;	/* --profile SRC: the rules, or NULL */
	bool oom;
};

/*
 * A signal or ptrace record is one side's check, logged by that side's
 * profile (l, the record's profile=): the sender's or the receiver's, the
 * tracer's or the tracee's. Only that check is judged, as replay judges
 * it (qr_signal, qr_ptrace); the other side, when it refuses, logs a
 * record of its own, which is its own test. Every other class is decided
 * whole, as aamed query decides it.
 */
static int decide_logged(aamed_policy *policy, const aamed_label *l,
			 const struct query *q, bool other_side,
			 struct answer *a, char *err, size_t errlen)
{
	const struct qclass *row = qclass_of(q);
	const aamed_label *peer;
	int lerr = 0;

	if (q->masks || !(row->flags & QF_TWO_SIDED))
		return answer_decide(policy, l, q, a, err, errlen);
	peer = aamed_label_get(policy, q->peer_label, &lerr);
	if (!peer) {
		snprintf(err, errlen, "peer label \"%s\": %s", q->peer_label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		return -1;
	}
	a->recs.n = 0;
	a->error = row->side(l, peer, q, other_side, answer_collect, &a->recs);
	return 0;
}

static void on_request(void *arg, const struct query *q, const aamed_label *l,
		       bool other_side, const char *what)
{
	struct lrun *lr = arg;
	const char *profile = aamed_label_name(l);
	struct lentry *e;
	char key[4096], err[512];
	bool isnew;

	snprintf(key, sizeof(key), "%s\x1f%s", profile, what);
	replay_table_get(&lr->seen, key, &isnew);
	if (!isnew || lr->oom)
		return;
	if (lr->n == lr->cap) {
		size_t cap = lr->cap ? 2 * lr->cap : 64;
		struct lentry *v = realloc(lr->v, cap * sizeof(*v));

		if (!v) {
			lr->oom = true;
			return;
		}
		lr->v = v;
		lr->cap = cap;
	}
	e = &lr->v[lr->n];
	memset(e, 0, sizeof(*e));
	tresult_init(&e->r);
	e->id = (long)lr->n;
	e->t.name = strdup(what);
	e->t.label = strdup(profile);
	e->t.request = strdup(what);
	e->t.expect_allow = true;
	e->t.audit = -1;
	if (!e->t.name || !e->t.label || !e->t.request) {
		free(e->t.name);
		free(e->t.label);
		free(e->t.request);
		lr->oom = true;
		return;
	}
	e->profile = e->t.label;
	lr->n++;
	memset(lr->a, 0, sizeof(*lr->a));
	lr->a->recs.fmt = lr->o->fmt;
	lr->a->recs.want_text = true;
	if (tres_set(&e->r.expected, 600, "allow")) {
		lr->oom = true;
		return;
	}
	if (decide_logged(lr->policy, l, q, other_side, lr->a, err,
			  sizeof(err))) {
		e->r.verdict = "error";
		e->r.check = "error";
		if (tres_set(&e->r.got, 600, "error: %s", err))
			lr->oom = true;
		return;
	}
	if (tresult_answer(&e->r, lr->a)) {
		lr->oom = true;
		return;
	}
	e->r.pass = !lr->a->error;
	if (e->r.pass && lr->o->enforce && answer_complain_allowed(lr->a)) {
		e->r.pass = false;
		lr->oom |= tres_set(&e->r.got, 600, "deny when enforced") != 0;
	} else if (!e->r.pass) {
		lr->oom |= tres_set(&e->r.got, 600, "%s", e->r.verdict) != 0;
	}
	if (!e->r.pass) {
		char why[512] = "";

		e->r.check = "verdict";
		/* explain asks l's request of the peer: the receiver's or
		 * tracee's own check is not that question */
		if (!other_side &&
		    (tl_explain_why(lr->policy, l, q, lr->o->fmt, lr->src, why,
				    sizeof(why)) ||
		     (why[0] && tres_set(&e->r.why, sizeof(why), "%s", why))))
			lr->oom = true;
	}
}

/* By profile, then in the order the logs first showed them. */
static int by_profile(const void *x, const void *y)
{
	const struct lentry *a = x, *b = y;
	int c = strcmp(a->profile, b->profile);

	return c ? c : (a->id > b->id) - (a->id < b->id);
}

/* The size of the group starting at lr->v[i]. */
static size_t group_len(const struct lrun *lr, size_t i)
{
	size_t j = i + 1;

	while (j < lr->n && !strcmp(lr->v[j].profile, lr->v[i].profile))
		j++;
	return j - i;
}

/*
 * One manifest per profile: shallow copies of the entries' tests and
 * results (their strings stay lr->v's).
 */
static int group(struct lrun *lr, struct trun *run)
{
	size_t i, j, len, k = 0;

	qsort(lr->v, lr->n, sizeof(*lr->v), by_profile);
	for (i = 0; i < lr->n; i += group_len(lr, i))
		run->nms++;
	run->ms = calloc(run->nms ? run->nms : 1, sizeof(*run->ms));
	run->results = calloc(run->nms ? run->nms : 1, sizeof(*run->results));
	if (!run->ms || !run->results)
		return -1;
	for (i = 0; i < lr->n; i += len, k++) {
		struct manifest *m = &run->ms[k];

		len = group_len(lr, i);
		m->file = (char *)lr->v[i].profile;
		m->kernel = lr->o->kernel;
		m->fmt = lr->o->fmt;
		m->tests = calloc(len, sizeof(*m->tests));
		run->results[k] = calloc(len, sizeof(**run->results));
		if (!m->tests || !run->results[k])
			return -1;
		m->ntests = len;
		for (j = 0; j < len; j++) {
			m->tests[j] = lr->v[i + j].t;
			run->results[k][j] = lr->v[i + j].r;
			run->failed += !lr->v[i + j].r.pass;
		}
		run->total += len;
	}
	return 0;
}

static void lrun_free(struct lrun *lr, struct trun *run)
{
	size_t i;

	for (i = 0; run->ms && i < run->nms; i++) {
		free(run->ms[i].tests);
		free(run->results[i]);
	}
	free(run->ms);
	free(run->results);
	for (i = 0; i < lr->n; i++) {
		free(lr->v[i].t.name);
		free(lr->v[i].t.label);
		free(lr->v[i].t.request);
		tresult_free(&lr->v[i].r);
	}
	free(lr->v);
	replay_table_free(&lr->seen);
	free(lr->a);
}

static int report(const struct lrun *lr, const struct trun *run,
		  long records, long rebuilt, long errors)
{
	/* --junit -: the JUnit document is stdout, alone */
	if (dash(lr->o->junit))
		;
	else if (lr->o->json)
		out_json(stdout, run);
	else
		out_tap(stdout, run);
	/* what the tests do not cover: said, not dropped */
	fprintf(stderr, "aamed test: %ld records, %ld rebuilt into requests, %zu distinct, %ld input errors\n",
		records, rebuilt, lr->n, errors);
	fflush(stdout);
	if (lr->o->junit && out_junit(lr->o->junit, run))
		return EXIT_USAGE;
	return run->failed ? EXIT_DENIED : EXIT_ALLOWED;
}

/* A log that cannot be read is a usage error, not a line replay skips. */
static int logs_readable(const struct tlog_opts *o)
{
	int i;

	for (i = 0; i < o->nlogs; i++) {
		FILE *f;

		if (!strcmp(o->logs[i], "-"))
			continue;
		f = fopen(o->logs[i], "r");
		if (!f) {
			fprintf(stderr, "aamed test: cannot open %s: %s\n",
				o->logs[i], strerror(errno));
			return -1;
		}
		fclose(f);
	}
	return 0;
}

int test_logs(const struct tlog_opts *o, const struct tpolicy_opts *po)
{
	struct lrun lr = { .o = o };
	struct manifest pm = { .kernel = o->kernel, .file = "--policy" };
	struct tpolicies *ps;
	struct tl_source src = { 0 };
	struct trun run = { 0 };
	long records = 0, rebuilt = 0, errors;
	int rc = EXIT_USAGE;

	if (logs_readable(o))
		return EXIT_USAGE;
	ps = tpolicies_load(&pm, 1, po);
	if (!ps)
		return EXIT_POLICY;
	lr.policy = pm.policy;
	lr.a = malloc(sizeof(*lr.a));
	if (!lr.a)
		goto out;
	/* one source: a denial names the deny rule of it that matches */
	if (po->nprofiles == 1 && !tl_source_load(&src, po->profiles[0],
						   po->features, po->incs,
						   po->nincs, o->kernel))
		lr.src = &src;
	errors = tl_replay_requests(lr.policy, o->logs, o->nlogs, on_request,
				    &lr, &records, &rebuilt);
	if (errors < 0 || lr.oom || group(&lr, &run)) {
		fprintf(stderr, "aamed test: %s\n", lr.oom ? "out of memory" :
			errors < 0 ? "the logs could not be read" : "out of memory");
		goto out;
	}
	rc = report(&lr, &run, records, rebuilt, errors);
out:
	if (lr.src)
		tl_source_free(lr.src);
	lrun_free(&lr, &run);
	tpolicies_free(ps);
	return rc;
}
