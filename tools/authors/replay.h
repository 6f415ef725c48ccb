/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed replay, private to its files (tools/authors/replay*.c):
 *   replay.c          the command (options, passes, exit code) and
 *                     tl_replay_each() for aamed coverage
 *   replay_read.c     the inputs: audit.log, kernel logs, the journal's
 *                     json and export formats, each record normalised to
 *                     auditd's form into a chunk of records
 *   replay_jobs.c     chunks of records: decided inline (one job) or
 *                     by the workers, counted in input order
 *   replay_pool.c     --jobs N: the worker processes and their messages
 *   replay_worker.c   a worker's state and the deciding of a chunk
 *                     (used by jobs and pool, calls neither)
 *   replay_memo.c     one record: its outcome remembered by its text
 *   replay_decide.c   one record decided against the new policy
 *   replay_rebuild.c  a record (libapparmor's parse) -> the request: the
 *                     table of classes, the query-words path
 *   replay_rlimit.c   setrlimit records, made readable for libapparmor
 *   replay_direct.c   the request filled straight from the record's
 *                     fields, for the classes that have a direct row
 *   replay_names.c    word -> number tables for the direct path
 *   replay_labels.c   the label cache of a worker
 *   replay_progress.c the progress line on a terminal, --stats
 *   replay_report.c   grouping of changes and reasons, text and --json
 *   replay_table.c    the string-keyed counting table behind the groups
 *   replay_clock.c    the monotonic clock of the timings (a leaf)
 *   replay_scan.c     where a record's "apparmor=" starts (a leaf)
 *
 * Calls run one way, down this list: replay.c, replay_read.c,
 * replay_jobs.c, replay_pool.c, replay_worker.c, replay_memo.c,
 * replay_decide.c and the files it uses; the clock and the scan are
 * leaves. Nothing calls back up (the pool does not call the ring, the
 * timings do not call the command).
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
	long id;			/* its place in the table's order */
	/* a worker's group: the run's group of the same key, set when a
	 * record of it is first counted (replay_group_global) */
	struct replay_entry *global;
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
/* dup of a string, NULL for NULL; out of memory ends the command */
char *replay_strdup(const char *s);

/* ------------------------------------------------------------------ */
/* replay_labels.c: label text -> label of the new policy, a fixed
 * two-way cache (memory does not grow with the log). The texts are
 * owned here, the labels by the policy. */
#define REPLAY_LABEL_SLOTS 1024	/* a power of two */
#define REPLAY_LABEL_MAX 512	/* longer texts are looked up each time */
struct replay_label_slot {
	uint64_t h;
	char *text;		/* NULL: free */
	const aamed_label *l;
	int err;
};
struct replay_labels {
	struct replay_label_slot s[REPLAY_LABEL_SLOTS];
};
/* The label of text (NULL with *err set as aamed_label_get() sets it). */
const aamed_label *replay_label(struct replay_labels *c, aamed_policy *p,
				const char *text, int *err);
void replay_labels_free(struct replay_labels *c);

/* ------------------------------------------------------------------ */
/* What one record came to (what the memo keeps). */
enum replay_kind { REPLAY_UNCHANGED, REPLAY_CHANGED, REPLAY_NOT_REBUILT };
struct replay_outcome {
	enum replay_kind kind;
	bool denied;			/* now, when rebuilt */
	struct replay_entry *entry;	/* its group; NULL when unchanged */
};

/*
 * A chunk: records of one file, normalised, in input order, with their
 * outcomes once decided. The reading process fills it, a worker (or the
 * reader itself with one job) decides it, the reader counts it. Chunks
 * live in a mapping shared with the workers (struct replay_chunks),
 * made before they are forked: text and rec point into it at the same
 * addresses in every process. text has room for REPLAY_CHUNK_TEXT bytes
 * and one more record of up to REPLAY_BUF bytes.
 */
#define REPLAY_CHUNK_RECORDS 1024
#define REPLAY_CHUNK_TEXT (256 * 1024)
#define REPLAY_BUF (1 << 20)	/* one normalised record, at most */
struct replay_slot {
	size_t off;			/* the record: text + off */
	size_t len;
	long line;
	struct replay_outcome o;	/* o.entry: the decider's group */
	long gid;			/* from a worker: o.entry->id, -1 */
};
struct replay_chunk {
	const char *file;		/* the reader's */
	char *text;
	size_t used, cap;
	struct replay_slot *rec;	/* REPLAY_CHUNK_RECORDS */
	int n;
	int worker;			/* who decided it (--jobs) */
	bool done;			/* decided (the reader's view) */
};

/* ------------------------------------------------------------------ */
/*
 * A worker: what deciding records needs besides the (read-only) run:
 * the label cache, the memo, and where groups go (the run's tables with
 * one job, its own in a worker process). replay_worker_init() sets it
 * up, replay_worker_fini() frees what it owns.
 */
struct replay_memo;
struct replay;

struct replay_worker {
	struct replay *r;		/* the run: read only here */
	struct replay_labels *labels;
	struct replay_memo *memo;	/* NULL: every record parsed */
	struct replay_table own_changes, own_reasons;
	struct replay_table *changes, *reasons;	/* where groups go */
	long memo_hits, decided, timed;	/* --stats: decisions, those timed */
	double decide_ns;		/* the timed decisions' */
};
/* replay_worker.c */
int replay_worker_init(struct replay_worker *w, struct replay *r,
		       bool shared_groups);
void replay_worker_fini(struct replay_worker *w);
/* Decide every record of a chunk (a worker's, or the reader's). */
void replay_decide_chunk(struct replay_worker *w, struct replay_chunk *c);

/* The ring of chunks; owned by the run. */
struct replay_pool;
struct replay_chunks {
	struct replay_chunk *ring;
	int k;				/* chunks in the ring */
	void *map;			/* the shared mapping holding them */
	size_t maplen;
	/* sequence numbers: [tail, head) handed to the workers;
	 * ring[head % k] is being filled when filling */
	long head, tail;
	bool filling;
	struct replay_worker w;		/* one job: the reader decides */
	struct replay_pool *pool;	/* --jobs N: the workers */
};

/* ------------------------------------------------------------------ */
/* The state of a run: replay_new() makes it, replay_free() ends it, and
 * it owns everything it points to but the policy and the labels. Only
 * the reading and counting process writes it. */
enum replay_pass { REPLAY_DECIDE, REPLAY_PARSE_ONLY };

struct replay_progress;

struct replay {
	aamed_policy *policy;		/* the new policy: not owned */
	enum replay_pass pass;
	int jobs;			/* worker processes; 1: none */
	bool memo, stats, quiet;	/* quiet: input errors not printed */
	struct replay_table changes, reasons;
	long lines, records, rebuilt, changed, skipped_lines, input_errors;
	long now_denied, now_allowed;
	/* --stats, summed from the workers at the end */
	long memo_hits, decided, timed;
	double decide_ns;
	/* seconds the run took (--stats): wall clock, CPU of all processes,
	 * CPU of the reading one (the part --jobs cannot share out) */
	double wall, cpu, cpu_reader;
	/* aamed coverage: called for every rebuilt request (one job) */
	void (*hook)(void *arg, const struct query *q, const aamed_label *l);
	/* aamed test --log: the same, with the logged request in words
	 * (replay_describe) */
	void (*rec_hook)(void *arg, const struct query *q, const aamed_label *l,
			 bool other_side, const char *what);
	void *hook_arg;
	struct replay_chunks *chunks;	/* the chunks and workers */
	struct replay_progress *progress;	/* NULL: none */
};

/* replay_report.c: a record's request in words: operation, name, the
 * target, the requested mask, then family and type, signal, peer */
void replay_describe(const aa_log_record *rec, char *buf, size_t len);

/* replay.c */
struct replay *replay_new(aamed_policy *policy, bool memo, int jobs);
void replay_free(struct replay *r);	/* not the policy */
/* Every log read, decided and counted (the workers started and ended);
 * -1 when they could not start (errno). */
int replay_run(struct replay *r, const char *const *logs, int n);

/* replay_clock.c: CLOCK_MONOTONIC in nanoseconds */
double replay_now_ns(void);

/* replay_read.c: every record of a log (a path, or "-"); -1: unreadable */
int replay_file(struct replay *r, const char *file);
/* replay_scan.c: the offset of the first "apparmor=" in s, or -1. */
long replay_find_apparmor(const char *s);

/* replay_jobs.c */
int replay_jobs_start(struct replay *r);	/* -1: failed (errno) */
/* The chunk being filled for file, with need bytes and a record slot
 * free (the one before is submitted when file changes or it is full). */
struct replay_chunk *replay_chunk_room(struct replay *r, const char *file,
				       size_t need);
/* The chunk is full or its file ended: decide it (or hand it over). */
void replay_chunk_submit(struct replay *r);
/* Every chunk decided and counted, the workers ended, their totals
 * added to the run. */
void replay_jobs_finish(struct replay *r);
void replay_jobs_free(struct replay *r);

/* replay_pool.c: --jobs N, N worker processes (libapparmor's parser
 * keeps global state: threads cannot share it). Forked once the policy
 * is loaded, they share it copy-on-write and only read it. */
int replay_pool_start(struct replay *r);	/* -1: failed (errno) */
/* The chunk of sequence number seq is filled: to the workers. */
void replay_pool_hand(struct replay *r, long seq);
/* Read what the workers said (chunks decided, their groups); wait:
 * until the chunk ring[seq % k] is decided. */
void replay_pool_poll(struct replay *r, long seq, bool wait);
/* The run's group for group id of worker w's table of kind. */
struct replay_entry *replay_pool_group(struct replay *r, int w,
				       enum replay_kind kind, long id);
/* No more chunks: the workers' totals added, the workers ended. */
void replay_pool_finish(struct replay *r);
void replay_pool_free(struct replay *r);

/* replay_memo.c */
struct replay_memo *replay_memo_new(void);
void replay_memo_free(struct replay_memo *m);
/* One record in auditd's form (text is modified). */
struct replay_outcome replay_record(struct replay_worker *w, char *text,
				    size_t len);

/* replay_decide.c: parse, rebuild and decide one record (text modified) */
struct replay_outcome replay_decide(struct replay_worker *w, char *text,
				    size_t len);

/* replay_rebuild.c */
struct replay_request {
	struct query q;			/* points into the record and below */
	const char *klass;		/* file, net, unix, capability, ... */
	bool other_side;		/* logged by the signal's receiver or
					 * the tracee */
	char *argv[MAX_WORDS];
	char label[4096];
	char num[2][24];
	char sock[64];			/* socket:FAMILY:TYPE:PROTOCOL */
	char start[80];			/* setrlimit: --rlimit's value */
	char reason[600];
	char mnt_flags[256];		/* a mount record's flags, as --flags */
};
/* libapparmor's parse of a record of len bytes (NULL: none); free with
 * free_record() */
aa_log_record *replay_parse_record(char *text, size_t len);
/* replay_rlimit.c: a setrlimit record, its rlimit= and value= (which
 * libapparmor 3.0 does not know) read as name= and target= */
aa_log_record *replay_parse_rlimit(const char *text);
/* The request of a decision record: NULL, or why it cannot be rebuilt. */
const char *replay_rebuild(const aa_log_record *rec,
			   struct replay_request *req);

/* replay_direct.c: the request straight from the record (req->q.label
 * already set). false: not filled, the query words decide what it is. */
bool replay_direct_capability(const aa_log_record *rec,
			      struct replay_request *req);
bool replay_direct_signal(const aa_log_record *rec, struct replay_request *req);
bool replay_direct_ptrace(const aa_log_record *rec, struct replay_request *req);
bool replay_direct_net(const aa_log_record *rec, struct replay_request *req);
bool replay_direct_file(const aa_log_record *rec, struct replay_request *req);

/* replay_names.c: the numbers of the words records carry, built once
 * (replay_names_init, before any worker) and then read only. -1: not a
 * word of that kind. */
enum replay_name_kind {
	RN_FILE_OP,	/* aamed_file_op_parse() */
	RN_FAMILY,	/* aamed_family_name() */
	RN_SOCK_TYPE,	/* aamed_sock_type_name() */
	RN_NET_OP,	/* the query language's socket operation words */
	RN_PROTOCOL,	/* libapparmor's protocol names */
	RN__COUNT
};
void replay_names_init(void);
int replay_name(enum replay_name_kind kind, const char *word);

/* replay_report.c */
struct replay_entry *replay_group_reason(struct replay_worker *w,
					 const char *reason);
struct replay_entry *replay_group_change(struct replay_worker *w,
					 const aa_log_record *rec,
					 const char *label, const char *klass,
					 bool now_denied);
/* A worker's group as the run's group of the same key. */
struct replay_entry *replay_group_global(struct replay *r,
					 struct replay_entry *e,
					 enum replay_kind kind);
/* Count a record's outcome (at FILE:LINE) in the totals and its group. */
void replay_count(struct replay *r, const struct replay_outcome *o,
		  const char *file, long line);
void replay_print_text(struct replay *r);
void replay_print_json(struct replay *r);
/* the same object into f (the Python bindings' replay) */
void replay_write_json(struct replay *r, FILE *f);

/* replay_progress.c: a line on stderr when it is a terminal */
struct replay_progress *replay_progress_new(const char *const *files, int n);
void replay_progress_bytes(struct replay_progress *p, size_t n);
void replay_progress_update(struct replay *r);	/* after each chunk */
void replay_progress_end(struct replay *r);
void replay_progress_free(struct replay_progress *p);
/* --stats: the replay pass; parse: the parse-only pass (NULL: none) */
void replay_print_stats(const struct replay *r, const struct replay *parse);

#endif
