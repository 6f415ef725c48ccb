// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The façade's authoring tools: aamed explain (tl_explain) and aamed
 * replay (replay_run), their JSON written into memory streams by the
 * commands' own writers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aamed_py_int.h"
#include "replay.h"

/* ------------------------------------------------------------------ */
/* Explain: aamed explain's own code, its JSON into a memory stream. */

static char *explain_in(aamed_py *h, aamed_policy *p, struct qwork *w,
			struct tl_opts *o, struct aamed_py_error *err)
{
	const aamed_label *l;
	char msg[512];
	struct mem m;
	int rc;

	/* the errors explain would print on stderr, raised instead */
	l = py_query_label(p, w->q.label, err);
	if (!l)
		return NULL;
	answer_init(&w->a, h->fmt, false);
	if (answer_decide(p, l, &w->q, &w->a, msg, sizeof(msg))) {
		py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return NULL;
	}
	if (py_mem_open(&m, err))
		return NULL;
	rc = tl_explain(p, &w->q, o, m.f);
	if (rc != EXIT_ALLOWED && rc != EXIT_DENIED) {
		fclose(m.f);
		free(m.buf);
		if (rc == EXIT_POLICY)
			py_err(err, AAMED_PY_E_POLICY, -EINVAL, o->source,
				"apparmor_parser could not read or compile it "
				"(its message is on standard error)");
		else
			py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "explain",
				"out of memory");
		return NULL;
	}
	return py_mem_close(&m, err);
}

char *aamed_py_explain(aamed_py *h, const char *label, const char *words,
		       const char *source, const char *features,
		       const char *const *incs, int nincs,
		       struct aamed_py_error *err)
{
	struct tl_opts o = { .k = h->kernel, .fmt = h->fmt, .json = true,
			     .source = source, .features = features };
	struct qwork *w;
	aamed_reader *r;
	char *out = NULL;
	int i;

	if (nincs < 0 || nincs > 16) {
		py_err(err, AAMED_PY_E_USAGE, -EINVAL, "includes",
			"%d include directories: at most 16", nincs);
		return NULL;
	}
	for (i = 0; i < nincs; i++)
		o.incs[i] = incs[i];
	o.ni = nincs;
	w = py_qwork_new(label, words, err);
	r = w ? py_reader_take(h, err) : NULL;
	if (r) {
		out = explain_in(h, aamed_read_begin(r), w, &o, err);
		aamed_read_end(r);
		py_reader_give(h, r);
	}
	py_qwork_free(w);
	return out;
}

/* ------------------------------------------------------------------ */
/* Replay. */

/* Every log readable, or err names the first that is not (replay itself
 * only counts an unreadable log among the input errors). */
static int logs_readable(const char *const *logs, int n,
			 struct aamed_py_error *err)
{
	FILE *f;
	int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(logs[i], "-"))
			continue;
		f = fopen(logs[i], "r");
		if (!f) {
			py_err(err, AAMED_PY_E_LOG, -errno, logs[i], "%s",
				strerror(errno));
			return -1;
		}
		fclose(f);
	}
	return 0;
}

static char *replay_report(struct replay *r, struct aamed_py_error *err)
{
	struct mem m;

	if (py_mem_open(&m, err))
		return NULL;
	replay_write_json(r, m.f);
	return py_mem_close(&m, err);
}

char *aamed_py_replay(aamed_py *h, const char *const *logs, int n, int jobs,
		      struct aamed_py_error *err)
{
	struct replay *rp;
	aamed_reader *r;
	char *out = NULL;

	if (jobs < 1 || jobs > 64) {
		py_err(err, AAMED_PY_E_USAGE, -EINVAL, "jobs",
			"jobs %d: a number from 1 to 64", jobs);
		return NULL;
	}
	if (logs_readable(logs, n, err))
		return NULL;
	r = py_reader_take(h, err);
	if (!r)
		return NULL;
	/* the whole run against one policy: a replacement meanwhile waits
	 * for it or leaves the old policy to be freed later */
	rp = replay_new(aamed_read_begin(r), true, jobs);
	if (!rp)
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "replay", "out of memory");
	else if (replay_run(rp, logs, n))
		py_err(err, AAMED_PY_E_MEMORY, -errno, "replay",
			"cannot start: %s", strerror(errno));
	else
		out = replay_report(rp, err);
	replay_free(rp);
	aamed_read_end(r);
	py_reader_give(h, r);
	return out;
}
