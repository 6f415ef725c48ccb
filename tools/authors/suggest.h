/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed suggest, private to its files (tools/authors/suggest*.c):
 *   suggest.c        the command: options, the denials of the logs
 *                    (replay's reading and rebuilding), each turned into
 *                    a rule by its class row (qclass.h's rule hook)
 *   suggest_src.c    the profile's source file and block, the tunables
 *                    in its scope, the amended copy and the patch
 *   suggest_var.c    generalisation: paths spelled with those tunables
 *                    (chosen by the real parser's matching)
 *   suggest_ctx.c    the text of a profile's scope: how it writes a place
 *   suggest_merge.c  the rules that spell to one line joined (rix)
 *   suggest_prove.c  the proof: compile the amended sources, replay
 *                    the logs against them, diff old and new
 *   suggest_out.c    text and --json
 */
#ifndef AAMED_SUGGEST_H
#define AAMED_SUGGEST_H

#include "replay.h"

#define SG_MAX_LOGS 256

/* One rule for one profile (the records that asked for it merged). */
struct sg_rule {
	char *profile;		/* hname */
	const char *cls;	/* the class row's name */
	struct qrule r;		/* text[0] the suggestion */
	char exact[1024];	/* the rule before generalisation */
	char *what;		/* the first record's request, in words */
	long count;		/* records */
	long first;		/* index of its first record */
	bool rlimit;		/* replaces the profile's rule of resource */
	char resource[32];
	/* the proof: NULL proven, else why not */
	const char *fail;
	char failbuf[600];
	char gfail[1700];	/* the generalised rule that failed, why */
	/* joined into another's line (suggest_merge.c): its index + 1, 0
	 * for a line of its own; own: its rule before the joining */
	long head;
	bool nomerge;		/* its group failed: proven on its own */
	bool saved;
	struct qrule own;
};

/* A record that cannot become a rule, with why (merged by both). */
struct sg_none {
	char *profile;		/* NULL: not rebuilt, no profile known */
	char *what;
	char *reason;
	long count;
};

/* The profile's source: its file and block (suggest_src.c). */
struct sg_block {
	char *profile;
	char *file;		/* path under --source */
	char *rel;		/* path relative to --source, for the patch */
	int open, close;	/* 1-based lines of "{" and "}" */
	char indent[32];	/* of the rules inside */
	char *fail;		/* why no block was found (malloc'd) */
	/* its rules' one-rule profiles, alternative by alternative */
	aamed_policy *alts[QRULE_ALTS];
};

struct sg_var {
	char name[128];		/* @{NAME} */
	bool absolute;		/* its values start with '/' */
};

/* The -I directories kept: the parser gets them after --source. */
#define SG_MAX_INCS 16

struct suggest {
	aamed_policy *policy;
	const char *const *policies;
	int np;
	enum aamed_kernel k;
	const char *source;	/* the sources' directory (or one file) */
	const char *features, *parser;
	const char *incs[SG_MAX_INCS];	/* -I, in order */
	int ni;
	const char *logs[SG_MAX_LOGS];
	int nl;
	bool json, patch, abstractions;
	struct sg_rule *rules;
	size_t nrules;
	struct sg_none *none;
	size_t nnone;
	struct sg_block *blocks;	/* one per profile with rules */
	size_t nblocks;
	long records, rebuilt, denials;
	/* the decision of every rebuilt record under the policy, in order
	 * (sg_state()), and the rule each asked for (-1) */
	int *dec;
	long *asks;
	long ndec;
	char tmp[4096];			/* the private directory */
	char newblob[4200];		/* the amended sources compiled */
	aamed_policy *newpol;		/* NULL: not compiled */
	bool proof_ran;
	char proof_fail[600];		/* the whole proof's failure */
};

/* suggest.c */
char *sg_strdup(const char *s);
/*
 * Allowed only because a complain-mode member let it pass (its ALLOWED
 * record): the rules do not grant it. Of a two-sided class (signal,
 * ptrace) the side that logged is asked, other_side saying which. And
 * what a record's request comes to under p: 0 granted, 1 denied, 2 not
 * granted but let pass by complain mode.
 */
bool sg_complain_only(aamed_policy *p, const aamed_label *l,
		      const struct query *q, bool other_side);
int sg_state(aamed_policy *p, const aamed_label *l, const aa_log_record *rec,
	     const struct query *q, bool other_side, int error);
/* The rules whose generalised form failed back to exact; true if any. */
bool sg_ungeneralise(struct suggest *s);
void sg_none_add(struct suggest *s, const char *profile, const char *what,
		 const char *reason, long count);

/* suggest_src.c: the block of every profile with rules, its tunables;
 * the amended copy of the sources (only rules whose fail is NULL) and
 * the unified diff of it. */
void sg_find_blocks(struct suggest *s);
struct sg_block *sg_block_of(struct suggest *s, const char *profile);
/* Write every amended file under dir (same relative paths); 0 or -1. */
int sg_write_amended(struct suggest *s, const char *dir);
/* The deny rules of r's kind in its profile's block ("FILE:LINE: RULE",
 * "; " between), which no allow rule overrides: their number. */
int sg_deny_rules(struct suggest *s, const struct sg_rule *r, char *buf,
		  size_t len);
/* The unified diff of the amended files against the sources to f. */
int sg_print_patch(struct suggest *s, const char *dir, FILE *f);

/* suggest_var.c: the rules' paths spelled with the tunables in scope */
void sg_generalise(struct suggest *s);
/* The path of a file or exec rule's text ([owner] PATH ...): its start
 * and end; false for another rule, or a path with escapes. */
bool sg_rule_path(const char *t, size_t *b, size_t *e);
/* The includes and variable definitions of file's top level, to f. */
int sg_scope_text(struct suggest *s, const char *file, FILE *f);

/* suggest_merge.c: the rules of a profile that are one line joined (the
 * first their head); undone; whether rule i is head's line; the groups
 * that failed split for good (their rules proven alone): true if any. */
void sg_merge(struct suggest *s);
void sg_unmerge(struct suggest *s);
bool sg_group_of(const struct suggest *s, size_t i, size_t head);
bool sg_split_failed(struct suggest *s);

/* suggest_alt.c: aa-logprof's glob alternatives of the file rules, and
 * what each alternative allows beyond the suggestion (one-rule
 * profiles compiled and diffed) */
void sg_alternatives(struct suggest *s);
/* suggest_abs.c: --abstractions, the narrowest abstraction granting a
 * file rule's request as its alternative */
void sg_abstractions(struct suggest *s);
/* The difference suggestion => alternative a of rule i, as diff. */
void sg_print_alt_diff(struct suggest *s, size_t i, int a, bool json,
		       bool *first);

/* suggest_prove.c */
void sg_prove(struct suggest *s);
/* A probe's source (one-rule profiles over the scope's text) compiled
 * into blob with the sources' includes and loaded: NULL if either
 * fails, and the probe is then not used. */
aamed_policy *sg_probe(const struct suggest *s, const char *src,
		       const char *blob);
/* The difference old => new of profile as aamed diff prints it. */
void sg_print_diff(struct suggest *s, const char *profile, bool json,
		   bool *first);

/* suggest_out.c */
void sg_print_text(struct suggest *s);
void sg_print_json(struct suggest *s);

/* diff.c: one profile pair as aamed diff prints it, named shown (NULL:
 * its own name); true: they differ */
bool tl_diff_profile(const aamed_profile *a, const aamed_profile *b,
		     const char *shown, bool json, bool *firstp);

#endif
