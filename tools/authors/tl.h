/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared pieces of the profile-author tools: explain, replay,
 * diff, coverage (tools/authors/: explain.c, replay.c, diff.c, coverage.c).
 *
 * They look inside profiles (permission tables, capability masks, DFAs)
 * through the public introspection API of aamed.h to say *why* a
 * decision is what it is. Nothing here is public API.
 */
#ifndef AAMED_TL_H
#define AAMED_TL_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "qclass.h"

/* Version of every --json document these tools print (docs/json-schema). */
#define TL_JSON_VERSION 1

/* The library's names, or "unknown" for a value it does not know. */
const char *tl_mode_name(enum aamed_profile_mode m);
const char *tl_audit_mode_name(enum aamed_audit_mode m);

/*
 * The options explain, replay, diff and coverage share. A tool sets
 * allowed (TL_OPT_*), its usage and the defaults, then parses its command
 * line with tl_getopt().
 */
#define TL_OPT_POLICY 0x1u	/* --policy PATH, repeatable (64 kept) */
#define TL_OPT_SOURCE 0x2u	/* --source FILE */
#define TL_OPT_FEATURES 0x4u	/* --features F, -I DIR (16 kept) */
#define TL_OPT_KERNEL 0x8u	/* --kernel 6.1|6.12|upstream */
#define TL_OPT_JSON 0x10u	/* --json */
struct tl_opts {
	unsigned allowed;
	const char *policies[64];
	int np;
	const char *source;
	const char *features;
	const char *incs[16];
	int ni;
	enum aamed_kernel k;
	unsigned fmt;
	bool json;
	void (*usage)(FILE *f);		/* the tool's usage text */
};
/*
 * getopt_long (tools/common/opts.h) over the shared options o->allowed
 * permits, -h/--help and the command's own (own: NULL or ended by a
 * zeroed entry, each with a val above 0xff). fn gets, in command-line
 * order, each own option (opt = its val, arg = its value or NULL), each
 * operand (opt = 1) and each unknown option (opt = '?', arg = the word);
 * it returns 0 or -1 after printing a usage error. Returns -1 when the
 * command goes on, else its exit code: EXIT_ALLOWED after --help (the
 * usage printed on stdout), EXIT_USAGE after a usage error was printed.
 */
typedef int (*tl_arg_fn)(int opt, const char *arg, void *ctx);
int tl_getopt(struct tl_opts *o, const char *cmd, int argc, char **argv,
	      const struct option *own, tl_arg_fn fn, void *ctx);


/* Compile profile source text to a blob file with apparmor_parser. */
int tl_compile(const char *src, const char *out, const char *features,
	       const char *const *incdirs, int nincs, bool quiet);
/* A private temporary directory, removed by tl_rmtmp. */
/* s without its leading and trailing blanks (cut in place). */
char *tl_trim(char *s);
int tl_mktmp(char *dir, size_t len);
void tl_rmtmp(const char *dir);


/* ------------------------------------------------------------------ */
/* Source attribution through apparmor_parser (tl_source.c). */
struct tl_rule {
	char *text;		/* the rule, comments stripped, one line */
	char *ctext;		/* the text compiled in a profile of the
				 * tools' own: text with @{profile_name}
				 * bound to the rule's profile (tl_source.c) */
	char *file;		/* source file it came from */
	int line;		/* 1-based line in file */
	char *profile;		/* hname of the profile it is in */
	int klass;		/* AAMED_PCLASS_* it mediates, 0: other */
	bool deny;
	bool compiled;		/* compiled on its own */
	int uses;		/* coverage count */
	/* its one-rule profile when its source's policy is shared
	 * (tl_source_set.c), else NULL: found by name */
	const aamed_profile *one;
};
/* Where a profile's header line is (check's suppressions and findings). */
struct tl_profile_loc {
	char *profile;		/* hname */
	char *file;		/* NULL: not mapped back to a file */
	int line;
};
#define TL_NBACKGROUNDS 11	/* the allow-alls deny rules compile over */
struct tl_source {
	struct tl_rule *rules;
	size_t nrules;
	aamed_policy *policy;	/* the one-rule profiles, "__aamed_rN" */
	char *features;
	/* the variables, abi and alias lines every rule compiles with, so
	 * that other tools can compile rules of their own (check) */
	char *preamble;
	struct tl_profile_loc *profiles;
	size_t nprofiles;
	/* tl_source_load_set(): policy is shared by several sources, its
	 * profiles named by the set, so found through these pointers (the
	 * empty profile, the backgrounds by index, each rule's "one") */
	size_t preamble_len, preamble_cap;
	struct tl_batch *shared;
	const aamed_profile *empty;
	const aamed_profile *bg[TL_NBACKGROUNDS];
};

/*
 * Read FILE with apparmor_parser -p (includes resolved the parser's way),
 * split out the rules of every profile, compile each rule in a profile of
 * its own (deny rules over an allow-all of their class) in one
 * apparmor_parser run, and load the result. 0 or -1 (message printed).
 */
int tl_source_load(struct tl_source *s, const char *file,
		   const char *features, const char *const *incdirs,
		   int nincs, enum aamed_kernel k);
void tl_source_free(struct tl_source *s);
/* tl_source_load() in two steps: the rules of FILE (no compiling), then
 * the one-rule profiles of s alone into s->policy. 0 or -1. */
int tl_source_parse(struct tl_source *s, const char *file,
		    const char *const *incdirs, int nincs);
int tl_source_compile(struct tl_source *s, const char *features,
		      const char *const *incdirs, int nincs,
		      enum aamed_kernel k);
/*
 * tl_source_load() of n files into v[0..n-1], with every distinct rule
 * compiled once for them all (tl_source_set.c): a rule, its variables'
 * values and its abi lines make it the same profile wherever it is, so
 * an abstraction's rules are compiled once, not once per profile file.
 * The results are those of n tl_source_load() calls. 0, or -1 (v freed,
 * message printed).
 */
int tl_source_load_set(struct tl_source *v, size_t n,
		       const char *const *files, const char *features,
		       const char *const *incdirs, int nincs,
		       enum aamed_kernel k);
/* What tl_source_load() writes inside rule r's profile: the rule (a deny
 * rule over its background), one line each. */
void tl_rule_emit_body(FILE *f, const struct tl_rule *r);
/* The index of deny rule r's background, -1 for none (an allow rule);
 * the inside of background i's profile into f. */
int tl_rule_background(const struct tl_rule *r);
void tl_background_emit_body(FILE *f, int i);
/* The background deny rule r is compiled over ("file,", "network,"...),
 * compiled alone; NULL for an allow rule's class no deny rule uses. */
const aamed_profile *tl_source_background(const struct tl_source *s,
					  const struct tl_rule *r);
/*
 * Which rules of profile hname decide q: for each rule of that profile
 * of the query's class, the bits of req its one-rule profile grants
 * (allow rules) or denies (deny rules). Calls fn for each matching rule.
 */
typedef void (*tl_rule_fn)(struct tl_rule *r, uint32_t bits, void *arg);
void tl_source_match(struct tl_source *s, const char *hname,
		     const struct query *q, uint32_t request, tl_rule_fn fn,
		     void *arg);
/*
 * tl_rlimit.c: tl_source_match() for a setrlimit: the rlimit rules of
 * hname naming q's resource, each to fn
 */
void tl_rlimit_match(struct tl_source *s, const char *hname,
		     const struct query *q, uint32_t request, tl_rule_fn fn,
		     void *arg);

/* replay.c: every rebuilt request of the logs, for coverage */
long tl_replay_each(aamed_policy *policy, const char *const *logs, int n,
		    void (*hook)(void *, const struct query *, const aamed_label *),
		    void *arg, long *records, long *rebuilt);

/* ... and for aamed test --log, with the logged request in words (its
 * operation, name, target, mask, family, signal, peer); other_side: a
 * signal or ptrace record logged by the receiver or the tracee (l) */
typedef void tl_request_fn(void *arg, const struct query *q,
			   const aamed_label *l, bool other_side,
			   const char *what);
long tl_replay_requests(aamed_policy *policy, const char *const *logs, int n,
			tl_request_fn fn, void *arg, long *records,
			long *rebuilt);

/* explain.c: why each member of label denies q, as explain says it
 * ("PROFILE: no rule grants it; ..."), with src (or NULL) the deny rules
 * that match ("... (FILE:LINE: RULE)"), into buf (empty: none denies,
 * or no rule decides the class); -1 when out of memory. */
int tl_explain_why(aamed_policy *policy, const aamed_label *label,
		   const struct query *q, unsigned fmt, struct tl_source *src,
		   char *buf, size_t len);
/* explain.c: aamed explain of q with o's options (o->fmt, o->json,
 * o->source...): the JSON into json, the text on stdout; errors on
 * stderr (cli_error). The exit code. The Python bindings call it. */
int tl_explain(aamed_policy *policy, const struct query *q,
	       const struct tl_opts *o, FILE *json);

/* The subcommands (tools/cli/aamed.c dispatches to them). */
int cmd_explain(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_coverage(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_suggest(int argc, char **argv);
int cmd_help(int argc, char **argv);

#endif
