/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Does a set of rules, together, grant everything one rule grants
 * (check_union.c)? The product of the rule's DFA with every other
 * rule's DFA at once, walked breadth first: exact, as the pairwise
 * check_covers() is, for what no single rule covers alone.
 */
#ifndef AAMED_CHECK_UNION_H
#define AAMED_CHECK_UNION_H

#include "check.h"

/* Tuples (a state of the rule and of each live cover) visited at most;
 * a walk cut short proves nothing (no cover). */
#define CHECK_UNION_MAX 200000u

/*
 * Is every permission r grants granted by the union of the n profiles
 * of covers, the same way: nothing allowed or audited by r that no
 * cover allows (audits) at that input, an exec only where a cover
 * executes with r's own transition and none with another? Capabilities
 * as masks. used (n entries, may be NULL) is set for each cover that
 * grants something r grants on the way, in the rules of r's class klass
 * (AAMED_PCLASS_*).
 */
bool check_union_covers(const aamed_profile *r,
			const aamed_profile *const *covers, size_t n,
			int klass, bool *used);

/*
 * Do the n deny rules, together, take away everything r grants? Each
 * deny rule's profile is its background (bg: "file,", "network,"...)
 * with the rule denied in it: it takes away what bg grants at an input
 * and it does not. What the empty profile grants anyway does not count.
 * klass: r's class (AAMED_PCLASS_CAP: the masks; FILE: the file rules;
 * else the policy rules). used (n entries, may be NULL) is set for each
 * deny rule that takes something of r's away.
 */
bool check_union_denied(const aamed_profile *r, const aamed_profile *empty,
			const aamed_profile *bg,
			const aamed_profile *const *denies, size_t n,
			int klass, bool *used);

#endif
