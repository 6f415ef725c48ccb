// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Python bindings' façade (aamed_py.h): a policy behind an engine,
 * decisions in reader sections, answers written by the CLI's own JSON
 * writers.
 *
 * Threads. The handle owns an aamed_engine. A reader is one thread's at
 * a time (include/aamed.h: "each reader thread registers once"), and
 * Python threads come and go without telling C, so the handle keeps a
 * pool of readers: a call takes a free one (or makes one), brackets its
 * decision with aamed_read_begin()/aamed_read_end(), and gives it back.
 * The pool's mutex is held only to pop and push, never across a
 * decision. A replacement loads outside every section and then calls
 * aamed_policy_replace(), which waits for (or defers freeing until) the
 * sections that still see the old policy; replacements are serialised
 * by a mutex of their own. aamed_py_close() frees the readers, then the
 * engine: the Python object calls it only when no call is running.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include "aamed_py.h"
#include "qclass.h"
#include "replay.h"

struct aamed_py {
	aamed_engine *engine;
	enum aamed_kernel kernel;
	unsigned fmt;			/* AAMED_FMT_* of the kernel */
	pthread_mutex_t pool_lock;	/* free[] and all[] */
	pthread_mutex_t replace_lock;	/* one replacement at a time */
	aamed_reader **all, **free;
	size_t nall, nfree, cap;
};

static void set_err(struct aamed_py_error *err, int kind, int code,
		    const char *origin, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void set_err(struct aamed_py_error *err, int kind, int code,
		    const char *origin, const char *fmt, ...)
{
	va_list ap;

	err->kind = kind;
	err->code = code;
	err->offset = -1;
	snprintf(err->origin, sizeof(err->origin), "%s", origin);
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

void aamed_py_free(void *p)
{
	free(p);
}

const char *aamed_py_version(void)
{
	return AAMED_VERSION_STRING;
}

/* ------------------------------------------------------------------ */
/* Loading. */

static aamed_policy *load(const char *const *paths, int n,
			  enum aamed_kernel k, struct aamed_py_error *err)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error e;
	int i, rc;

	if (!p) {
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
		return NULL;
	}
	aamed_policy_set_kernel(p, k);
	for (i = 0; i < n; i++) {
		rc = aamed_policy_load_path(p, paths[i], &e);
		if (!rc)
			continue;
		/* the library's error as it is: origin, offset, message */
		err->kind = AAMED_PY_E_POLICY;
		err->code = rc;
		err->offset = e.offset;
		memcpy(err->origin, e.origin, sizeof(err->origin));
		memcpy(err->msg, e.msg, sizeof(err->msg));
		aamed_policy_free(p);
		return NULL;
	}
	return p;
}

aamed_py *aamed_py_open(const char *const *paths, int n, int kernel,
			struct aamed_py_error *err)
{
	aamed_py *h;
	aamed_policy *p;

	if (kernel < AAMED_KERNEL_6_1 || kernel > AAMED_KERNEL_UPSTREAM) {
		set_err(err, AAMED_PY_E_USAGE, -EINVAL, "kernel",
			"kernel %d: 0 (6.1), 1 (6.12) or 2 (upstream)", kernel);
		return NULL;
	}
	p = load(paths, n, (enum aamed_kernel)kernel, err);
	if (!p)
		return NULL;
	h = calloc(1, sizeof(*h));
	if (h)
		h->engine = aamed_engine_new(p);
	if (!h || !h->engine) {
		free(h);
		aamed_policy_free(p);
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
		return NULL;
	}
	h->kernel = (enum aamed_kernel)kernel;
	/* as aamed query --kernel sets it: class="" from 6.12 on */
	h->fmt = kernel == AAMED_KERNEL_6_1 ? 0 : AAMED_FMT_CLASS;
	pthread_mutex_init(&h->pool_lock, NULL);
	pthread_mutex_init(&h->replace_lock, NULL);
	return h;
}

int aamed_py_replace(aamed_py *h, const char *const *paths, int n,
		     struct aamed_py_error *err)
{
	aamed_policy *p = load(paths, n, h->kernel, err);
	int rc;

	if (!p)
		return -1;
	pthread_mutex_lock(&h->replace_lock);
	rc = aamed_policy_replace(h->engine, p);
	pthread_mutex_unlock(&h->replace_lock);
	if (rc) {
		aamed_policy_free(p);
		set_err(err, AAMED_PY_E_POLICY, rc, "policy",
			"cannot install the policy: %s", strerror(-rc));
		return -1;
	}
	return 0;
}

void aamed_py_close(aamed_py *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->nall; i++)
		aamed_reader_free(h->all[i]);
	free(h->all);
	free(h->free);
	aamed_engine_free(h->engine);
	pthread_mutex_destroy(&h->pool_lock);
	pthread_mutex_destroy(&h->replace_lock);
	free(h);
}

/* ------------------------------------------------------------------ */
/* Readers: a free one of the pool, or a new one. */

static int pool_grow(aamed_py *h)
{
	size_t cap = h->cap ? h->cap * 2 : 8;
	aamed_reader **all = realloc(h->all, cap * sizeof(*all));
	aamed_reader **fr;

	if (!all)
		return -1;
	h->all = all;
	fr = realloc(h->free, cap * sizeof(*fr));
	if (!fr)
		return -1;
	h->free = fr;
	h->cap = cap;
	return 0;
}

static aamed_reader *reader_take(aamed_py *h, struct aamed_py_error *err)
{
	aamed_reader *r = NULL;

	pthread_mutex_lock(&h->pool_lock);
	if (h->nfree) {
		r = h->free[--h->nfree];
	} else if (h->nall < h->cap || !pool_grow(h)) {
		r = aamed_reader_new(h->engine);
		if (r)
			h->all[h->nall++] = r;
	}
	pthread_mutex_unlock(&h->pool_lock);
	if (!r)
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
	return r;
}

static void reader_give(aamed_py *h, aamed_reader *r)
{
	pthread_mutex_lock(&h->pool_lock);
	h->free[h->nfree++] = r;	/* room: nfree < nall <= cap */
	pthread_mutex_unlock(&h->pool_lock);
}

/* ------------------------------------------------------------------ */
/* Text through a memory stream: the CLI's writers take a FILE. */

struct mem {
	FILE *f;
	char *buf;
	size_t len;
};

static int mem_open(struct mem *m, struct aamed_py_error *err)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	if (!m->f) {
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "json", "out of memory");
		return -1;
	}
	/* one thread's stream: the JSON writers' fputc per character
	 * would otherwise take the stream's lock each time (most of a
	 * query's cost) */
	__fsetlocking(m->f, FSETLOCKING_BYCALLER);
	return 0;
}

/* The text, or NULL (freed) when the stream failed. */
static char *mem_close(struct mem *m, struct aamed_py_error *err)
{
	int bad = ferror(m->f);

	if (fclose(m->f) || bad) {
		free(m->buf);
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "json", "out of memory");
		return NULL;
	}
	return m->buf;
}

/* ------------------------------------------------------------------ */
/* Introspection. */

static const char *kernel_word(enum aamed_kernel k)
{
	switch (k) {
	case AAMED_KERNEL_6_1:
		return "6.1";
	case AAMED_KERNEL_6_12:
		return "6.12";
	case AAMED_KERNEL_UPSTREAM:
		return "upstream";
	}
	return NULL;
}

static void profile_json(FILE *f, const aamed_policy *p, size_t i)
{
	struct aamed_profile_info info = { .size = sizeof(info) };
	const aamed_profile *pr = aamed_policy_profile(p, i);
	bool first = true;

	fputc('{', f);
	json_key(f, &first, "name");
	json_str(f, aamed_policy_profile_name(p, i));
	json_key(f, &first, "ns");
	json_str(f, aamed_policy_profile_ns(p, i));
	if (pr && !aamed_profile_info(pr, &info)) {
		json_key(f, &first, "mode");
		json_str(f, aamed_profile_mode_name(info.mode));
		json_key(f, &first, "hat");
		fputs(info.hat ? "true" : "false", f);
		json_key(f, &first, "attach");
		json_str(f, info.attach);
	}
	fputc('}', f);
}

char *aamed_py_info(aamed_py *h, struct aamed_py_error *err)
{
	aamed_reader *r = reader_take(h, err);
	aamed_policy *p;
	bool first = true;
	struct mem m;
	size_t i, n;

	if (!r)
		return NULL;
	if (mem_open(&m, err)) {
		reader_give(h, r);
		return NULL;
	}
	p = aamed_read_begin(r);
	fputc('{', m.f);
	json_key(m.f, &first, "abi");
	fprintf(m.f, "%u", aamed_policy_abi(p));
	json_key(m.f, &first, "kernel");
	json_str(m.f, kernel_word(aamed_policy_kernel(p)));
	json_key(m.f, &first, "generation");
	fprintf(m.f, "%llu", (unsigned long long)aamed_policy_generation(p));
	json_key(m.f, &first, "profiles");
	fputc('[', m.f);
	n = aamed_policy_profile_count(p);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', m.f);
		profile_json(m.f, p, i);
	}
	fputs("]}", m.f);
	aamed_read_end(r);
	reader_give(h, r);
	return mem_close(&m, err);
}

/* ------------------------------------------------------------------ */
/* Queries. */

/* One query's working memory: the words and the answer (~70 KB). */
struct qwork {
	char *argv[MAX_WORDS + 2];
	char *words;
	struct query q;
	struct answer a;
};

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
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
		return -1;
	}
	w->argv[0] = "--label";
	w->argv[1] = (char *)label;
	n = split_words(words, w->words, len, w->argv + 2, MAX_WORDS, &werr);
	if (n < 0 || n == 0) {
		set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s",
			n ? werr : "no query words");
		return -1;
	}
	if (parse_query(n + 2, w->argv, &w->q, msg, sizeof(msg))) {
		set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return -1;
	}
	return 0;
}

static void qwork_free(struct qwork *w)
{
	if (w)
		free(w->words);
	free(w);
}

/* The label of the query in p; NULL with err set (as aamed query words it). */
static const aamed_label *query_label(aamed_policy *p, const char *text,
				      struct aamed_py_error *err)
{
	char hint[300] = "";
	int lerr = 0;
	const aamed_label *l = aamed_label_get(p, text, &lerr);

	if (l)
		return l;
	if (lerr == -ENOENT)
		label_hint(p, text, hint, sizeof(hint));
	set_err(err, lerr == -ENOMEM ? AAMED_PY_E_MEMORY : AAMED_PY_E_LABEL,
		lerr, "label", "label \"%s\": %s%s", text,
		lerr == -ENOENT ? "no such profile"
		: lerr == -ENOMEM ? "out of memory" : "malformed label", hint);
	return NULL;
}

static void str_field(FILE *f, bool *first, const char *key, const char *v)
{
	if (!v)
		return;
	json_key(f, first, key);
	json_str(f, v);
}

static void long_field(FILE *f, bool *first, const char *key, long long v)
{
	json_key(f, first, key);
	fprintf(f, "%lld", v);
}

static void mask_field(FILE *f, bool *first, const char *key,
		       enum aamed_class c, uint32_t mask)
{
	char buf[200];

	/* a class without permission words prints no mask (capable) */
	if (aamed_perms_str(c, mask, buf, sizeof(buf)) && buf[0])
		str_field(f, first, key, buf);
}

/* The fields of a record of class c that only that class prints. */
static void class_fields(FILE *f, bool *first, const struct aamed_audit *r)
{
	if (r->class == AAMED_CLASS_FILE) {
		long_field(f, first, "fsuid", r->fsuid);
		long_field(f, first, "ouid", r->ouid);
	}
	if (r->class == AAMED_CLASS_NET || r->class == AAMED_CLASS_NETV9) {
		str_field(f, first, "family", aamed_family_name(r->family));
		str_field(f, first, "sock_type", aamed_sock_type_name(r->sock_type));
		long_field(f, first, "protocol", r->protocol);
		str_field(f, first, "addr", r->addr);
		str_field(f, first, "peer_addr", r->peer_addr);
	}
	if (r->class == AAMED_CLASS_CAP) {
		long_field(f, first, "capability", r->cap);
		str_field(f, first, "capname", aamed_cap_name(r->cap));
	}
	if (r->class == AAMED_CLASS_SIGNAL) {
		str_field(f, first, "signal", aamed_signal_name(r->signal));
		long_field(f, first, "signal_number", r->unmapped_signal);
	}
	if (r->class == AAMED_CLASS_DBUS) {
		str_field(f, first, "bus", r->bus);
		str_field(f, first, "path", r->path);
		str_field(f, first, "interface", r->interface);
		str_field(f, first, "member", r->member);
	}
	if (r->class == AAMED_CLASS_MOUNT) {
		str_field(f, first, "fstype", r->fstype);
		str_field(f, first, "srcname", r->srcname);
		str_field(f, first, "options", r->options);
	}
}

/* One record: every field the kernel would print, by its audit name. */
static void record_json(FILE *f, const struct aamed_audit *r,
			const char *text)
{
	bool first = true;

	fputc('{', f);
	str_field(f, &first, "apparmor", aamed_audit_type_name(r->type));
	str_field(f, &first, "operation", r->op);
	long_field(f, &first, "class_id", r->class);
	str_field(f, &first, "namespace", r->ns);
	str_field(f, &first, "profile", r->profile);
	str_field(f, &first, "name", r->name);
	str_field(f, &first, "info", r->info);
	if (r->info && r->error)
		long_field(f, &first, "error", r->error);
	mask_field(f, &first, "requested_mask", r->class, r->request);
	if (r->denied)
		mask_field(f, &first, "denied_mask", r->class, r->denied);
	str_field(f, &first, "target", r->target);
	str_field(f, &first, "peer", r->peer);
	class_fields(f, &first, r);
	str_field(f, &first, "text", text);
	fputc('}', f);
}

static char *answer_text(const struct qwork *w, struct aamed_py_error *err)
{
	const struct answer *a = &w->a;
	bool first = true;
	struct mem m;
	int i;

	if (mem_open(&m, err))
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
		record_json(m.f, &a->recs.rec[i], a->recs.text[i]);
	}
	fputs("]}", m.f);
	return mem_close(&m, err);
}

/* A query's working memory, not cleared: parse_query() and
 * answer_init() set what is read (clearing 40 KB costs more than a
 * decision). */
static struct qwork *qwork_alloc(struct aamed_py_error *err)
{
	struct qwork *w = malloc(sizeof(*w));

	if (!w)
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
	else
		w->words = NULL;
	return w;
}

static struct qwork *qwork_new(const char *label, const char *words,
			       struct aamed_py_error *err)
{
	struct qwork *w = qwork_alloc(err);

	if (w && qwork_parse(w, label, words, err)) {
		qwork_free(w);
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
		set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query",
			nwords < 1 ? "no query words" : nwords > MAX_WORDS ?
			"too many words" : "words not NUL-terminated");
		return -1;
	}
	w->words = malloc(len);
	if (!w->words) {
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "query", "out of memory");
		return -1;
	}
	memcpy(w->words, words, len);
	w->argv[0] = "--label";
	w->argv[1] = (char *)label;
	for (i = 0; i < nwords; i++) {
		if (off >= len) {
			set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query",
				"fewer words than %d", nwords);
			return -1;
		}
		w->argv[2 + i] = w->words + off;
		off += strlen(w->words + off) + 1;
	}
	if (parse_query(nwords + 2, w->argv, &w->q, msg, sizeof(msg))) {
		set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return -1;
	}
	return 0;
}

static char *records_text(const struct answer *a, struct aamed_py_error *err)
{
	struct mem m;
	int i;

	if (mem_open(&m, err))
		return NULL;
	fputc('[', m.f);
	for (i = 0; i < a->recs.n; i++) {
		if (i)
			fputc(',', m.f);
		record_json(m.f, &a->recs.rec[i], a->recs.text[i]);
	}
	fputc(']', m.f);
	return mem_close(&m, err);
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
	aamed_reader *r = reader_take(h, err);
	const aamed_label *l;
	aamed_policy *p;
	char msg[512];
	int rc = 0;
	long i;

	if (!r)
		return -1;
	p = aamed_read_begin(r);
	l = query_label(p, w->q.label, err);
	for (i = 0; l && !rc && i < n; i++) {
		answer_init(&w->a, h->fmt, sk->out || sk->fast);
		if (answer_decide(p, l, &w->q, &w->a, msg, sizeof(msg))) {
			set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
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
	reader_give(h, r);
	return l ? rc : -1;
}

char *aamed_py_query(aamed_py *h, const char *label, const char *words,
		     struct aamed_py_error *err)
{
	struct qwork *w = qwork_new(label, words, err);
	char *out = NULL;
	struct sink sk = { .out = &out };

	if (w && decide(h, w, 1, &sk, err))
		out = NULL;
	qwork_free(w);
	return out;
}

int aamed_py_query_repeat(aamed_py *h, const char *label, const char *words,
			  long n, struct aamed_py_error *err)
{
	struct qwork *w = qwork_new(label, words, err);
	struct sink sk = { 0 };
	int rc = w ? decide(h, w, n, &sk, err) : -1;

	qwork_free(w);
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
	qwork_free(w);
	return rc;
}

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
	l = query_label(p, w->q.label, err);
	if (!l)
		return NULL;
	answer_init(&w->a, h->fmt, false);
	if (answer_decide(p, l, &w->q, &w->a, msg, sizeof(msg))) {
		set_err(err, AAMED_PY_E_QUERY, -EINVAL, "query", "%s", msg);
		return NULL;
	}
	if (mem_open(&m, err))
		return NULL;
	rc = tl_explain(p, &w->q, o, m.f);
	if (rc != EXIT_ALLOWED && rc != EXIT_DENIED) {
		fclose(m.f);
		free(m.buf);
		if (rc == EXIT_POLICY)
			set_err(err, AAMED_PY_E_POLICY, -EINVAL, o->source,
				"apparmor_parser could not read or compile it "
				"(its message is on standard error)");
		else
			set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "explain",
				"out of memory");
		return NULL;
	}
	return mem_close(&m, err);
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
		set_err(err, AAMED_PY_E_USAGE, -EINVAL, "includes",
			"%d include directories: at most 16", nincs);
		return NULL;
	}
	for (i = 0; i < nincs; i++)
		o.incs[i] = incs[i];
	o.ni = nincs;
	w = qwork_new(label, words, err);
	r = w ? reader_take(h, err) : NULL;
	if (r) {
		out = explain_in(h, aamed_read_begin(r), w, &o, err);
		aamed_read_end(r);
		reader_give(h, r);
	}
	qwork_free(w);
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
			set_err(err, AAMED_PY_E_LOG, -errno, logs[i], "%s",
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

	if (mem_open(&m, err))
		return NULL;
	replay_write_json(r, m.f);
	return mem_close(&m, err);
}

char *aamed_py_replay(aamed_py *h, const char *const *logs, int n, int jobs,
		      struct aamed_py_error *err)
{
	struct replay *rp;
	aamed_reader *r;
	char *out = NULL;

	if (jobs < 1 || jobs > 64) {
		set_err(err, AAMED_PY_E_USAGE, -EINVAL, "jobs",
			"jobs %d: a number from 1 to 64", jobs);
		return NULL;
	}
	if (logs_readable(logs, n, err))
		return NULL;
	r = reader_take(h, err);
	if (!r)
		return NULL;
	/* the whole run against one policy: a replacement meanwhile waits
	 * for it or leaves the old policy to be freed later */
	rp = replay_new(aamed_read_begin(r), true, jobs);
	if (!rp)
		set_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "replay", "out of memory");
	else if (replay_run(rp, logs, n))
		set_err(err, AAMED_PY_E_MEMORY, -errno, "replay",
			"cannot start: %s", strerror(errno));
	else
		out = replay_report(rp, err);
	replay_free(rp);
	aamed_read_end(r);
	reader_give(h, r);
	return out;
}
