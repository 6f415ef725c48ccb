// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The façade's queries (aamed_py.h): the words through tools/common's
 * parse_query() and answer_decide(), as aamed query reads and decides
 * them, in a reader section; the answer as aamed query --json's object
 * (query_json) or as the fast struct aamed_py_fast.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aamed_py_int.h"

/* q parsed from label and words; -1 with err set. */
static int qwork_parse(struct qwork *w, const char *label, const char *words,
		       struct aamed_py_error *err)
{
	size_t len = strlen(words) + 2;
	const char *werr = NULL;
	char msg[512];
	int n;

	w->words = malloc(len);
	if (!w->words) {
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
		return -1;
	}
	w->argv[0] = "--label";
	w->argv[1] = (char *)label;
	n = split_words(words, w->words, len, w->argv + 2, MAX_WORDS, &werr);
	if (n < 0 || n == 0) {
		py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s",
			n ? werr : "no query words");
		return -1;
	}
	if (parse_query(n + 2, w->argv, &w->q, msg, sizeof(msg))) {
		py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return -1;
	}
	return 0;
}

void py_qwork_free(struct qwork *w)
{
	if (w)
		free(w->words);
	free(w);
}

/* The label of the query in p; NULL with err set (as aamed query words it). */
const aamed_label *py_query_label(aamed_policy *p, const char *text,
				      struct aamed_py_error *err)
{
	char hint[300] = "";
	int lerr = 0;
	const aamed_label *l = aamed_label_get(p, text, &lerr);

	if (l)
		return l;
	if (lerr == -ENOENT)
		label_hint(p, text, hint, sizeof(hint));
	py_err(err, lerr == -ENOMEM ? AAMED_PY_E_MEMORY : AAMED_PY_E_LABEL,
		lerr, "label", "label \"%s\": %s%s", text,
		lerr == -ENOENT ? "no such profile"
		: lerr == -ENOMEM ? "out of memory" : "malformed label", hint);
	return NULL;
}

static char *answer_text(const struct qwork *w, struct aamed_py_error *err)
{
	const struct answer *a = &w->a;
	bool first = true;
	struct mem m;
	int i;

	if (py_mem_open(&m, err))
		return NULL;
	fputc('{', m.f);
	json_key(m.f, &first, "answer");
	query_json(m.f, &w->q, a);
	json_key(m.f, &first, "label_after");
	json_str(m.f, answer_label_after(a));
	json_key(m.f, &first, "complain");
	fputs(answer_complain_allowed(a) ? "true" : "false", m.f);
	json_key(m.f, &first, "records");
	fputc('[', m.f);
	for (i = 0; i < a->recs.n; i++) {
		if (i)
			fputc(',', m.f);
		py_record_json(m.f, &a->recs.rec[i], a->recs.text[i]);
	}
	fputs("]}", m.f);
	return py_mem_close(&m, err);
}

/* A query's working memory, not cleared: parse_query() and
 * answer_init() set what is read (clearing 40 KB costs more than a
 * decision). */
static struct qwork *qwork_alloc(struct aamed_py_error *err)
{
	struct qwork *w = malloc(sizeof(*w));

	if (!w)
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
	else
		w->words = NULL;
	return w;
}

struct qwork *py_qwork_new(const char *label, const char *words,
			       struct aamed_py_error *err)
{
	struct qwork *w = qwork_alloc(err);

	if (w && qwork_parse(w, label, words, err)) {
		py_qwork_free(w);
		return NULL;
	}
	return w;
}

/* The words of aamed_py_ask(): a copy of the buffer, argv into it. */
static int qwork_words(struct qwork *w, const char *label, const char *words,
		       size_t len, int nwords, struct aamed_py_error *err)
{
	char msg[512];
	size_t off = 0;
	int i;

	if (nwords < 1 || nwords > MAX_WORDS || !len || words[len - 1]) {
		py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query",
			nwords < 1 ? "no query words" : nwords > MAX_WORDS ?
			"too many words" : "words not NUL-terminated");
		return -1;
	}
	w->words = malloc(len);
	if (!w->words) {
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
		return -1;
	}
	memcpy(w->words, words, len);
	w->argv[0] = "--label";
	w->argv[1] = (char *)label;
	for (i = 0; i < nwords; i++) {
		if (off >= len) {
			py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query",
				"fewer words than %d", nwords);
			return -1;
		}
		w->argv[2 + i] = w->words + off;
		off += strlen(w->words + off) + 1;
	}
	if (parse_query(nwords + 2, w->argv, &w->q, msg, sizeof(msg))) {
		py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return -1;
	}
	return 0;
}

static char *records_text(const struct answer *a, struct aamed_py_error *err)
{
	struct mem m;
	int i;

	if (py_mem_open(&m, err))
		return NULL;
	fputc('[', m.f);
	for (i = 0; i < a->recs.n; i++) {
		if (i)
			fputc(',', m.f);
		py_record_json(m.f, &a->recs.rec[i], a->recs.text[i]);
	}
	fputc(']', m.f);
	return py_mem_close(&m, err);
}

/* The fast answer of w, in the section (the records point into it). */
static int fast_answer(const struct qwork *w, struct aamed_py_fast *out,
		       struct aamed_py_error *err)
{
	const struct answer *a = &w->a;
	const char *after = answer_label_after(a);

	out->error = a->error;
	out->not_mediated = a->not_mediated;
	out->complain = answer_complain_allowed(a);
	out->nrecords = a->recs.n;
	out->records = NULL;
	out->have_label_after = after != NULL;
	snprintf(out->label_after, sizeof(out->label_after), "%s",
		 after ? after : "");
	if (!a->recs.n)
		return 0;
	out->records = records_text(a, err);
	return out->records ? 0 : -1;
}

/* What a decision hands back: the JSON (out), the fast answer (fast),
 * or nothing (both NULL: timings). */
struct sink {
	char **out;
	struct aamed_py_fast *fast;
};

/* Decide w's query against the current policy, n times; the last answer
 * into the sink. 0 or -1. */
static int decide(aamed_py *h, struct qwork *w, long n, struct sink *sk,
		  struct aamed_py_error *err)
{
	aamed_reader *r = py_reader_take(h, err);
	const aamed_label *l;
	aamed_policy *p;
	char msg[512];
	int rc = 0;
	long i;

	if (!r)
		return -1;
	p = aamed_read_begin(r);
	l = py_query_label(p, w->q.label, err);
	for (i = 0; l && !rc && i < n; i++) {
		answer_init(&w->a, h->fmt, sk->out || sk->fast);
		if (answer_decide(p, l, &w->q, &w->a, msg, sizeof(msg))) {
			py_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
			rc = -1;
		}
	}
	/* the records point into the policy: written inside the section */
	if (l && !rc && sk->out) {
		*sk->out = answer_text(w, err);
		rc = *sk->out ? 0 : -1;
	}
	if (l && !rc && sk->fast)
		rc = fast_answer(w, sk->fast, err);
	aamed_read_end(r);
	py_reader_give(h, r);
	return l ? rc : -1;
}

char *aamed_py_query(aamed_py *h, const char *label, const char *words,
		     struct aamed_py_error *err)
{
	struct qwork *w = py_qwork_new(label, words, err);
	char *out = NULL;
	struct sink sk = { .out = &out };

	if (w && decide(h, w, 1, &sk, err))
		out = NULL;
	py_qwork_free(w);
	return out;
}

int aamed_py_query_repeat(aamed_py *h, const char *label, const char *words,
			  long n, struct aamed_py_error *err)
{
	struct qwork *w = py_qwork_new(label, words, err);
	struct sink sk = { 0 };
	int rc = w ? decide(h, w, n, &sk, err) : -1;

	py_qwork_free(w);
	return rc;
}

int aamed_py_ask(aamed_py *h, const char *label, const char *words,
		 size_t len, int nwords, struct aamed_py_fast *out,
		 struct aamed_py_error *err)
{
	struct qwork *w = qwork_alloc(err);
	struct sink sk = { .fast = out };
	int rc = -1;

	if (w && !qwork_words(w, label, words, len, nwords, err))
		rc = decide(h, w, 1, &sk, err);
	py_qwork_free(w);
	return rc;
}
