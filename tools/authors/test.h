/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed test: profile tests from YAML manifests (test.c: the command
 * line and the run; test_manifest.c reads them with libyaml,
 * test_policy.c loads or compiles their policy, test_run.c decides and
 * judges a test, test_log.c makes tests of the requests of logs,
 * test_out.c writes TAP, JUnit and JSON).
 * Nothing here is public API.
 */
#ifndef AAMED_TEST_H
#define AAMED_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "qclass.h"

/* Where a manifest says something: libyaml's mark, 1-based. */
struct tpos {
	unsigned long line, col;
};

struct tfield {			/* record: {key: value} */
	char *key, *value;
};

struct tcase {
	char *name;
	char *label;
	char *request;			/* as written */
	char *words;			/* split_words() buffer */
	char **argv;			/* --label L, then the words; NULL
					 * after the last */
	int argc;
	bool expect_allow;
	int audit;			/* -1 unset, 0, 1 */
	struct tfield *fields;
	size_t nfields;
	bool has_record;
	char *label_after;		/* NULL: not checked */
	struct tpos at, label_at;
};

struct manifest {
	char *file;
	char *dir;			/* relative paths start here */
	char **policies;		/* resolved paths */
	size_t npolicies;
	char **profiles;		/* profile sources, resolved */
	size_t nprofiles;
	struct tpos policy_at;
	const char *kernel_word;	/* as given, or NULL */
	enum aamed_kernel kernel;
	unsigned fmt;
	struct tcase *tests;
	size_t ntests;
	aamed_policy *policy;		/* borrowed from the run's list */
	char *blob;			/* its profile sources' compiled blob
					 * (the cache's), for --vm */
};

/*
 * Read and check FILE into m: every error is printed as "FILE:LINE:COL:
 * message" on stderr. Returns the number of errors (0: m is complete).
 */
int manifest_read(const char *file, struct manifest *m);
void manifest_free(struct manifest *m);

/*
 * The outcome of one test. A run keeps every result until the reports
 * are written, so a passing test keeps only what they print of it: its
 * texts are tres_none ("") until set (tres_set(), owned then), and its
 * records are kept when a report prints them (a failure; every test with
 * --json or --vm, see test_run_one()). The sizes in comments are the
 * longest texts kept, as the fixed buffers of old cut them.
 */
struct tresult {
	bool pass;
	bool audited;
	int nrecords;
	const char *check;		/* the first failing check, or NULL */
	const char *verdict;		/* allow, deny, not-mediated */
	char *expected, *got;		/* 599 */
	char *label_after;		/* 511; "": no change of label */
	char **records;			/* their text, owned */
	char *why;			/* 511: a denial unexpected: explain's
					 * reason per profile; "": none */
	/* --vm (test_vm.c): what the kernel did */
	char *skip;			/* 199: not run by the kernel: why */
	char *kverdict;			/* 127 (599 for dbus: each side's masks):
					 * its verdict column; "": not run */
	char *klabel;			/* 511: its label after an exec, or "" */
	char *krecords;			/* its records, '\n'-separated, owned */
};

/* The empty text of a result's fields that were not set. */
extern char tres_none[1];
/* Every text "", no record. */
void tresult_init(struct tresult *r);
/* *dst = the text of fmt, cut to max - 1 bytes as snprintf() would;
 * -1 (*dst unchanged) when out of memory. */
int tres_set(char **dst, size_t max, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Decide t against m->policy into r; keep_records: keep the records of
 * a passing test too (reports that print them: --json, --vm). */
void test_run_one(const struct manifest *m, const struct tcase *t,
		  struct tresult *r, bool keep_records);
void tresult_free(struct tresult *r);
/* The verdict, records and label after of a into r; -1 when out of
 * memory. */
int tresult_answer(struct tresult *r, const struct answer *a);

/* test_log.c: aamed test --log: every distinct request of the logs must
 * be allowed (--enforce: even were its complain-mode profiles enforced).
 * Returns the exit code. */
struct tpolicy_opts;
struct tlog_opts {
	const char *const *logs;
	int nlogs;
	bool enforce, json;
	const char *junit;
	enum aamed_kernel kernel;
	unsigned fmt;
};
int test_logs(const struct tlog_opts *o, const struct tpolicy_opts *po);

/* test_policy.c: the options that say how a policy is found. */
struct tpolicy_opts {
	const char *const *policies;	/* --policy: overrides a manifest's */
	int npolicies;
	const char *const *profiles;	/* --profile */
	int nprofiles;
	const char *features, *parser, *cache;
	const char *const *incs;
	int nincs;
	bool kernel_set;		/* --kernel: overrides a manifest's */
	enum aamed_kernel kernel;
	unsigned fmt;
};
struct tpolicies;
/*
 * Load the policy of each manifest (compiling its profile sources into
 * the cache), sharing one policy between manifests that name the same
 * files and kernel. Returns the list, or NULL after a message (exit 3).
 */
struct tpolicies *tpolicies_load(struct manifest *ms, size_t n,
				 const struct tpolicy_opts *o);
void tpolicies_free(struct tpolicies *p);

/* test_out.c: the reports. */
struct trun {
	struct manifest *ms;
	size_t nms;
	struct tresult **results;	/* results[i][j]: ms[i].tests[j] */
	size_t total, failed;
	bool vm;			/* --vm: the kernel judged too */
	bool keep_records;		/* --json, --vm: every test's records */
	size_t skipped;			/* --vm: tests the kernel could not run */
};

/*
 * test_vm.c: aamed test --vm IMAGE. Each manifest's tests become a case
 * file of the kernel oracle (tests/kernel/README.md), which its run.sh
 * runs in IMAGE under QEMU; each test then also passes only when the
 * kernel's verdict (and label after an exec) agrees with the expectation
 * and with aamed. Tests no probe operation performs are skipped with the
 * reason. Returns 0, or -1 after a message (the guest did not run).
 */
int test_vm(struct trun *run, const char *image, const char *features,
	    const struct tpolicy_opts *po);
void out_tap(FILE *f, const struct trun *r);
void out_json(FILE *f, const struct trun *r);
/* 0, or -1 when FILE could not be written (message printed) */
int out_junit(const char *file, const struct trun *r);

/* The value of a record's key as its text prints it (quotes removed);
 * false when the record has no such key. */
bool record_value(const char *text, const char *key, char *out, size_t len);

#endif
