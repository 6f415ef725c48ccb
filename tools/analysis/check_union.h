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
 * grants something r grants on the way.
 */
bool check_union_covers(const aamed_profile *r,
			const aamed_profile *const *covers, size_t n,
			bool *used);

#endif
