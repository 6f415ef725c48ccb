/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed replay, private to its files (tools/authors/replay*.c):
 *   replay.c          the command (options, run, exit code) and
 *                     tl_replay_each() for aamed coverage
 *   replay_read.c     the inputs: audit.log, kernel logs, the journal's
 *                     json and export formats, each record normalised to
 *                     auditd's form
 *   replay_memo.c     one record: its outcome remembered by its text
 *   replay_decide.c   one record decided against the new policy
 *   replay_rebuild.c  a record (libapparmor's parse) -> the request
 *   replay_report.c   grouping of changes and reasons, text and --json
 *   replay_table.c    the string-keyed counting table behind the groups
 *
 * Only the public API: include/aamed.h, tools/common (the query words)
 * and libapparmor's parser.
 */
#ifndef AAMED_REPLAY_H
#define AAMED_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <aalogparse/aalogparse.h>

/* cli.h (the query words, exit codes) and the tools' shared helpers:
 * tl_getopt, load_policies, TL_JSON_VERSION, tl_replay_each */
#include "tl.h"

/* ------------------------------------------------------------------ */
/* replay_table.c: a string-keyed counting table (changes, reasons). */
#define REPLAY_EXAMPLES 3
/* a change's fields: profile, operation, class, name, target, requested,
 * extra (the detail column) */
#define REPLAY_FIELDS 7

/* One group; the table owns it and every string in it. */
struct replay_entry {
	char *key;
	long count;
	char *examples[REPLAY_EXAMPLES];	/* "FILE:LINE" of the first */
	int nex;
	int dir;			/* changes: 1 now denied, 2 now allowed */
	char *fields[REPLAY_FIELDS];	/* changes only; NULL: absent */
};

/* Open addressing in v (a power of two), insertion order in order. */
struct replay_table {
	struct replay_entry **v;
	size_t n, cap;
	struct replay_entry **order;
	size_t norder;
};

uint64_t replay_hash(const char *s);
/* The entry of key, created (and *isnew set) when absent. */
struct replay_entry *replay_table_get(struct replay_table *t, const char *key,
				      bool *isnew);
/* Count one more occurrence, keeping the first few places. */
void replay_table_add(struct replay_entry *e, const char *file, long line);
/* Sort order[]: by direction (changes), then most frequent first. */
void replay_table_sort(struct replay_table *t);
void replay_table_free(struct replay_table *t);

/* ------------------------------------------------------------------ */
/* The state of a run: replay_new() makes it, replay_free() ends it, and
 * it owns everything it points to but the policy and the labels. */
#define REPLAY_LABELS 64	/* label cache slots (a power of two) */
#define REPLAY_BUF (1 << 20)	/* one normalised record */

struct replay_memo;

struct replay {
	aamed_policy *policy;		/* the new policy: not owned */
	struct replay_table changes, reasons;
	long lines, records, rebuilt, changed, skipped_lines, input_errors;
	long now_denied, now_allowed;
	double decide_ns;
	bool stats;
	/* label text -> label of the new policy (labels owned by policy) */
	struct {
		char *text;
		const aamed_label *l;
		int err;
	} lc[REPLAY_LABELS];
	unsigned lc_next;
	struct replay_memo *memo;	/* NULL: every record parsed */
	long memo_hits;
	/* aamed coverage: called for every rebuilt request */
	void (*hook)(void *arg, const struct query *q, const aamed_label *l);
	void *hook_arg;
	char *buf;			/* REPLAY_BUF bytes */
};

/* replay.c */
struct replay *replay_new(aamed_policy *policy, bool memo);
void replay_free(struct replay *r);	/* not the policy */
double replay_now_ns(void);

/* ------------------------------------------------------------------ */
/* What one record came to (what the memo keeps). */
enum replay_kind { REPLAY_UNCHANGED, REPLAY_CHANGED, REPLAY_NOT_REBUILT };
struct replay_outcome {
	enum replay_kind kind;
	bool denied;			/* now, when rebuilt */
	struct replay_entry *entry;	/* its group; NULL when unchanged */
};

/* replay_read.c: every record of a log (a path, or "-"); -1: unreadable */
int replay_file(struct replay *r, const char *file);

/* replay_memo.c */
struct replay_memo *replay_memo_new(void);
void replay_memo_free(struct replay_memo *m);
/* One record in auditd's form (text is modified). */
void replay_record(struct replay *r, char *text, const char *file, long line);

/* replay_decide.c: parse, rebuild and decide one record (text modified) */
struct replay_outcome replay_decide(struct replay *r, char *text);

/* replay_rebuild.c */
struct replay_request {
	struct query q;			/* points into the record and below */
	const char *klass;		/* file, net, unix, capability, ... */
	bool other_side;		/* logged by the signal's receiver or
					 * the tracee */
	char *argv[MAX_WORDS];
	char label[4096];
	char num[2][24];
	char reason[600];
};
/* libapparmor's parse of a record (NULL: none); free with free_record() */
aa_log_record *replay_parse_record(char *text);
/* The request of a decision record: NULL, or why it cannot be rebuilt. */
const char *replay_rebuild(const aa_log_record *rec,
			   struct replay_request *req);

/* replay_report.c */
struct replay_entry *replay_group_reason(struct replay *r, const char *reason);
struct replay_entry *replay_group_change(struct replay *r,
					 const aa_log_record *rec,
					 const char *label, const char *klass,
					 bool now_denied);
/* Count a record's outcome (at FILE:LINE) in the totals and its group. */
void replay_count(struct replay *r, const struct replay_outcome *o,
		  const char *file, long line);
void replay_print_text(struct replay *r);
void replay_print_json(struct replay *r);

#endif
