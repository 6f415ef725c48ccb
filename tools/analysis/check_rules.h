/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Exact questions about compiled rules, asked by walking the product of
 * two DFAs (aamed_profile_diff(), as aamed diff does): never sampled
 * (check_rules.c).
 */
#ifndef AAMED_CHECK_RULES_H
#define AAMED_CHECK_RULES_H

#include "check.h"

#define CHECK_MAX_PAIRS 4000000u
/* The file permission bits rules name: r w a x m l k (c and d come
 * with w), and change_profile's */
#define CHECK_RULE_BITS                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_APPEND |              \
	 AAMED_MAY_EXEC | AAMED_EXEC_MMAP | AAMED_MAY_LINK | AAMED_MAY_LOCK | \
	 AAMED_MAY_CREATE | AAMED_MAY_DELETE | AAMED_MAY_CHANGE_PROFILE |     \
	 AAMED_MAY_ONEXEC)

/* The one-rule profile of rule i of src ("__aamed_rI"), NULL when the
 * rule did not compile alone. */
const aamed_profile *check_rule_profile(const struct tl_source *src,
					size_t i);
/* src's profile without rules (the implicit rules of the parser only). */
const aamed_profile *check_empty_profile(const struct tl_source *src);

/*
 * The first (shortest) request p grants and base does not, as query
 * words into out: true, or false when p grants nothing base lacks.
 * Capabilities are compared too.
 */
bool check_first_grant(const aamed_profile *p, const aamed_profile *base,
		       char *out, size_t len);

/* A request a profile grants: the bytes a walk read (file: the path;
 * policy: from the class byte) or capabilities, with its query words. */
struct check_input {
	bool found;
	enum aamed_rules_kind kind;	/* FILE or POLICY; caps: caps set */
	uint8_t w[1024];
	size_t len;
	int entry;			/* AAMED_ENTRY_* */
	uint32_t bits;			/* what is granted there */
	uint64_t caps;
	char words[1200];
};
/* check_first_grant() with the input kept: true, or false (none). */
bool check_first_input(const aamed_profile *p, const aamed_profile *base,
		       struct check_input *in);
/* Does rule grant all of in's bits for in's input? */
bool check_input_granted(const aamed_profile *rule,
			 const struct check_input *in);
/*
 * Does s grant everything r grants, the same way (nothing more allowed
 * or audited by r, exec transitions the same where r allows exec)? Exact:
 * the product of the two profiles' DFAs.
 */
bool check_covers(const aamed_profile *r, const aamed_profile *s);

/*
 * Does p grant, for some request, a permission that rule grants too and
 * base does not? (p = the rule with deny rules: is anything left of the
 * rule?) Exact: every pair of states of the p × base product where p
 * grants more than base is read back in rule's DFA.
 */
bool check_any_left(const aamed_profile *p, const aamed_profile *base,
		    const aamed_profile *rule);

/*
 * With --source: the first allow rule of profile whose own DFA grants
 * one of bits for the path w (its one-rule profile walked with it, the
 * entry AAMED_ENTRY_* given), or whose capabilities hold one of caps;
 * NULL when none (or no --source).
 */
const struct tl_rule *check_granting_file(const struct check_ctx *c,
					  const char *profile,
					  const uint8_t *w, size_t len,
					  int entry, uint32_t bits);
const struct tl_rule *check_granting_cap(const struct check_ctx *c,
					 const char *profile, uint64_t caps);

/* A rule of --source: rule index in src. */
struct check_prule {
	const struct tl_source *src;
	size_t rule;
};
/*
 * The rules of profile (every source's, abstractions included), in
 * source then rule order, *n of them (check_index.c); built on the first
 * call of a run, freed by check_index_free().
 */
const struct check_prule *check_profile_rules(const struct check_ctx *c,
					      const char *profile, size_t *n);
/* The first profile header (source, then header order) of that name
 * mapped back to a file, or NULL: check_profile_loc()'s answer. */
const struct tl_profile_loc *check_index_loc(const struct check_ctx *c,
					     const char *profile);
void check_index_free(void);

#endif
