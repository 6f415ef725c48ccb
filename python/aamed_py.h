/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The plain-C façade the Python bindings (package aamed, python/) call
 * through cffi. It is the only C the bindings add: the query words go
 * through tools/common (the class table), exactly as `aamed query` reads
 * them, the logs through tools/authors' replay, and everything else
 * through include/aamed.h.
 *
 * cffi parses this header (python/build_ffi.py reads it between the two
 * CDEF marks), so the part between them holds only declarations cffi's
 * parser understands: no includes, no macros but integer constants.
 *
 * Answers that carry many fields (a query, a replay, the policy's
 * profiles) come back as JSON text the caller frees with aamed_py_free():
 * the same writers as the command's --json. The typed helpers answer in
 * struct aamed_py_fast instead (no text, no JSON), for speed.
 *
 * Threads: every function may be called from any thread at once on the
 * same handle, replacements included; see aamed_py.c.
 */
#ifndef AAMED_PY_H
#define AAMED_PY_H

#include <stddef.h>
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct aamed_py aamed_py;

/* What went wrong: struct aamed_error's fields and the errno. */
struct aamed_py_error {
	char origin[256];	/* the file, or "query", "label", a log */
	long long offset;	/* byte offset in origin, -1: not known */
	char msg[512];
	int code;		/* negative errno; -EINVAL for bad words */
	int kind;		/* AAMED_PY_E_* */
};
enum {
	AAMED_PY_E_POLICY = 1,	/* a policy could not be loaded */
	AAMED_PY_E_QUERY = 2,	/* words the query language refuses */
	AAMED_PY_E_LABEL = 3,	/* a label that is malformed or unknown */
	AAMED_PY_E_LOG = 4,	/* a log that cannot be read */
	AAMED_PY_E_MEMORY = 5,
	AAMED_PY_E_USAGE = 6,	/* an argument out of range */
};

/* The library's version, "0.1.0" (AAMED_VERSION_STRING). */
const char *aamed_py_version(void);

/* kernel: 0 6.1, 1 6.12, 2 upstream (enum aamed_kernel). NULL on error. */
aamed_py *aamed_py_open(const char *const *paths, int n, int kernel,
			struct aamed_py_error *err);
/* Load paths into a new policy (same kernel) and install it; the
 * decisions under way finish against the old one. 0 or -1. */
int aamed_py_replace(aamed_py *h, const char *const *paths, int n,
		     struct aamed_py_error *err);
/* No call may be running on h. */
void aamed_py_close(aamed_py *h);
void aamed_py_free(void *p);

/* {"abi":N,"kernel":"6.1","generation":N,"profiles":[{"name","ns",
 * "mode","hat","attach"}...]} */
char *aamed_py_info(aamed_py *h, struct aamed_py_error *err);

/*
 * One query: words as `aamed query --label LABEL WORDS` reads them (the
 * shell's quoting, no expansion). {"answer": the --json object of aamed
 * query, "records": [every field of each record], "label_after": NAME or
 * null, "complain": bool}. NULL with err set.
 */
char *aamed_py_query(aamed_py *h, const char *label, const char *words,
		     struct aamed_py_error *err);
/* The same decision n times (no JSON): for timings and the GIL test. */
int aamed_py_query_repeat(aamed_py *h, const char *label, const char *words,
			  long n, struct aamed_py_error *err);

/*
 * The fast answer of aamed_py_ask(): no JSON unless there are records.
 * records: a JSON array of the records as aamed_py_query() writes them,
 * or NULL (none); the caller frees it with aamed_py_free().
 */
struct aamed_py_fast {
	int error;		/* 0 or a negative errno */
	int not_mediated;	/* the kernel has no hook for it */
	int complain;		/* allowed only by a complain-mode profile */
	int nrecords;
	char *records;
	int have_label_after;
	char label_after[512];
};
/*
 * The same query as aamed_py_query() with its words already split:
 * nwords NUL-terminated words back to back in words[0..len) (a path
 * with spaces is one word, no quoting). 0 or -1 with err set.
 */
int aamed_py_ask(aamed_py *h, const char *label, const char *words,
		 size_t len, int nwords, struct aamed_py_fast *out,
		 struct aamed_py_error *err);

/*
 * aamed explain --json's object for the query (words as for
 * aamed_py_query()). source: NULL, or the profile source whose rules
 * explain attributes (--source, compiled by apparmor_parser with
 * features, NULL: the kernel's default, and the include directories
 * incs); apparmor_parser's own message goes to standard error.
 */
char *aamed_py_explain(aamed_py *h, const char *label, const char *words,
		       const char *source, const char *features,
		       const char *const *incs, int nincs,
		       struct aamed_py_error *err);

/*
 * aamed replay --json of logs against the handle's current policy: the
 * whole report object. jobs: worker processes (1: none).
 */
char *aamed_py_replay(aamed_py *h, const char *const *logs, int n, int jobs,
		      struct aamed_py_error *err);
/* CDEF-END */

#endif
