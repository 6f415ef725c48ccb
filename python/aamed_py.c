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
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include "aamed_py_int.h"
#include "opts.h"

void py_err(struct aamed_py_error *err, int kind, int code,
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
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
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
		py_err(err, AAMED_PY_E_USAGE, -EINVAL, "kernel",
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
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
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
		py_err(err, AAMED_PY_E_POLICY, rc, "policy",
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

aamed_reader *py_reader_take(aamed_py *h, struct aamed_py_error *err)
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
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "policy", "out of memory");
	return r;
}

void py_reader_give(aamed_py *h, aamed_reader *r)
{
	pthread_mutex_lock(&h->pool_lock);
	h->free[h->nfree++] = r;	/* room: nfree < nall <= cap */
	pthread_mutex_unlock(&h->pool_lock);
}

/* ------------------------------------------------------------------ */
/* Text through a memory stream: the CLI's writers take a FILE. */

int py_mem_open(struct mem *m, struct aamed_py_error *err)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	if (!m->f) {
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "json", "out of memory");
		return -1;
	}
	/* one thread's stream: the JSON writers' fputc per character
	 * would otherwise take the stream's lock each time (most of a
	 * query's cost) */
	__fsetlocking(m->f, FSETLOCKING_BYCALLER);
	return 0;
}

/* The text, or NULL (freed) when the stream failed. */
char *py_mem_close(struct mem *m, struct aamed_py_error *err)
{
	int bad = ferror(m->f);

	if (fclose(m->f) || bad) {
		free(m->buf);
		py_err(err, AAMED_PY_E_MEMORY, -ENOMEM, "json", "out of memory");
		return NULL;
	}
	return m->buf;
}

/* ------------------------------------------------------------------ */
/* Introspection. */


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
	aamed_reader *r = py_reader_take(h, err);
	aamed_policy *p;
	bool first = true;
	struct mem m;
	size_t i, n;

	if (!r)
		return NULL;
	if (py_mem_open(&m, err)) {
		py_reader_give(h, r);
		return NULL;
	}
	p = aamed_read_begin(r);
	fputc('{', m.f);
	json_key(m.f, &first, "abi");
	fprintf(m.f, "%u", aamed_policy_abi(p));
	json_key(m.f, &first, "kernel");
	json_str(m.f, opt_kernel_name(aamed_policy_kernel(p)));
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
	py_reader_give(h, r);
	return py_mem_close(&m, err);
}
