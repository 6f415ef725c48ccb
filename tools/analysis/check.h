/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed check: policy analysis on the compiled policy (tools/analysis/).
 *
 * The checks are one table (check_table.c): a row per check id, with its
 * default level, its description and the function that runs it. A new
 * check is one row and one file check_ID.c; nothing else names the ids.
 * A check reports findings through check_report(); the command filters
 * them (--ignore, #aa:lint ignore=ID, --level) and one writer per
 * format (check_text.c, check_json.c, check_sarif.c) prints them.
 */
#ifndef AAMED_CHECK_H
#define AAMED_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "tl.h"

/* Levels, lowest first: --level keeps a finding at or above it. */
enum check_level {
	CHECK_INFO,
	CHECK_WARNING,
	CHECK_ERROR,
};
const char *check_level_name(enum check_level l);
/* 0 and *l set, or -1 for a word that is no level. */
int check_level_parse(const char *word, enum check_level *l);

struct finding {
	const char *check;	/* the row's id */
	enum check_level level;
	char *profile;		/* hname; NULL: the policy as a whole */
	char *file;		/* the rule's (or profile's) source file:line,
				 * NULL without --source */
	int line;
	char *rule;		/* the rule's text, NULL: none */
	char *message;
	/* a request that shows the defect, in the words of `aamed query`
	 * after --label: "file /etc/shadow w"; NULL: none */
	char *witness;
	char *label;		/* the label the witness is asked of */
};

struct check_row;

/* What every check reads, and the findings they add. */
struct check_ctx {
	aamed_policy *policy;
	const char *const *policies;	/* the --policy paths */
	int np;
	/* --source: one per source file (a directory gives one per file);
	 * nsrc 0 without --source */
	struct tl_source *src;
	size_t nsrc;
	const char *features;		/* --features, for compiling rules */
	const char *const *incs;	/* -I */
	int ni;
	enum aamed_kernel k;
	const char *invariants;		/* --invariants FILE, or NULL */
	struct finding *f;
	size_t nf;
	const struct check_row *row;	/* the check running */
	size_t skipped;			/* checks that could not run */
};

/*
 * A check: 0, or EXIT_USAGE / EXIT_POLICY after saying why (a bad
 * --invariants file, a source the parser refuses).
 */
typedef int check_run_fn(struct check_ctx *c);
/* A check file defines its function as CHECK_RUN(check_ID) { ... }; the
 * table names it beside its row. */
#define CHECK_RUN(name) check_run_fn name; int name(struct check_ctx *c)

enum {
	/* needs --source: the rules are not in the blob (without it the
	 * check is skipped with a note on stderr) */
	CK_SOURCE = 1u << 0,
	/* needs --invariants FILE (without it, skipped silently) */
	CK_INVARIANTS = 1u << 1,
};

struct check_row {
	const char *id;
	enum check_level level;
	const char *description;
	check_run_fn *run;
	unsigned flags;		/* CK_* */
};

/* The row of index i, NULL past the last; the row of id, or NULL. */
const struct check_row *check_row(size_t i);
const struct check_row *check_find(const char *id);

/*
 * A finding of the running check, at its row's level. r: the rule it is
 * about (file:line, its text) or NULL; then the profile's header line is
 * its place when --source knows it. witness: query words or NULL.
 */
void check_report(struct check_ctx *c, const char *profile,
		  const struct tl_rule *r, const char *witness,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Where profile's header is in the sources: 0, or -1 (unknown). */
int check_profile_loc(const struct check_ctx *c, const char *profile,
		      const char **file, int *line);

/* check_suppress.c: does file:line carry "#aa:lint ignore=ID" for id? */
bool check_line_ignores(const char *file, int line, const char *id);
void check_suppress_free(void);

/* The writers, one per format (check_text.c, check_json.c,
 * check_sarif.c): the findings kept, in order. */
typedef void check_write_fn(FILE *out, const struct check_ctx *c,
			    const struct finding *f, size_t n);
check_write_fn check_write_text, check_write_json, check_write_sarif;
/* --format html DIR: the report's pages in DIR (check_html.c); 0, or -1
 * after saying which file failed */
int check_write_html(const char *dir, const struct check_ctx *c,
		     const struct finding *f, size_t n);

/* Helpers of the checks (check_util.c). */
/* The profile's mode etc.; -1 when it cannot be read. */
int check_info(const aamed_profile *p, struct aamed_profile_info *info);
/* A profile the policy set holds that checks look at: not the
 * namespace's unconfined profile, not one of the tools' own. */
bool check_wanted(const struct aamed_profile_info *info);
/* File permission bits as query letters ("rw", "x"...) into buf. */
void check_file_letters(uint32_t bits, char *buf, size_t len);

int cmd_check(int argc, char **argv);

#endif
