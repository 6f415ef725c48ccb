/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The façade's own pieces, shared by its files (python/aamed_py*.c):
 *   aamed_py.c          the handle: loading, replacement, the readers'
 *                       pool, memory streams, errors, introspection
 *   aamed_py_query.c    queries (query, ask, the timing loop)
 *   aamed_py_record.c   a record as a JSON object
 *   aamed_py_authors.c  explain and replay
 */
#ifndef AAMED_PY_INT_H
#define AAMED_PY_INT_H

#include <pthread.h>
#include <stdio.h>

#include "aamed_py.h"
#include "tl.h"

struct aamed_py {
	aamed_engine *engine;
	enum aamed_kernel kernel;
	unsigned fmt;			/* AAMED_FMT_* of the kernel */
	pthread_mutex_t pool_lock;	/* free[] and all[] */
	pthread_mutex_t replace_lock;	/* one replacement at a time */
	aamed_reader **all, **free;
	size_t nall, nfree, cap;
};

/* err set: kind AAMED_PY_E_*, code a negative errno, offset -1. */
void py_err(struct aamed_py_error *err, int kind, int code,
	    const char *origin, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* A reader of h's engine, one thread's until given back; NULL with err
 * set. */
aamed_reader *py_reader_take(aamed_py *h, struct aamed_py_error *err);
void py_reader_give(aamed_py *h, aamed_reader *r);

/* Text through a memory stream: the CLI's writers take a FILE. */
struct mem {
	FILE *f;
	char *buf;
	size_t len;
};

int py_mem_open(struct mem *m, struct aamed_py_error *err);
/* The text, or NULL (freed) when the stream failed. */
char *py_mem_close(struct mem *m, struct aamed_py_error *err);

/* One query's working memory: the words and the answer (~70 KB). */
struct qwork {
	char *argv[MAX_WORDS + 2];
	char *words;
	struct query q;
	struct answer a;
};

/* A query's words parsed (label, then the words split like a shell's);
 * NULL with err set. */
struct qwork *py_qwork_new(const char *label, const char *words,
			   struct aamed_py_error *err);
void py_qwork_free(struct qwork *w);
/* The label of the query in p; NULL with err set (as aamed query words
 * it). */
const aamed_label *py_query_label(aamed_policy *p, const char *text,
				  struct aamed_py_error *err);

/* One record: every field the kernel would print, by its audit name. */
void py_record_json(FILE *f, const struct aamed_audit *r, const char *text);

#endif
