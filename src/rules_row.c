// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed_rules_row(): every step from one state in one call. A product
 * walk (aamed who-can on a glob) tries every byte of every state it
 * reaches, and one public call a byte was most of its cost; reading the
 * state's slice of the tables in one loop is a few instructions a byte.
 */
#include <errno.h>
#include <string.h>

#include "dfa.h"
#include "introspect.h"

int aamed_rules_row(const aamed_rules *rules, uint32_t state,
		    uint32_t next[256])
{
	const struct aa_policydb *pdb = to_rules(rules);
	const struct aa_dfa *dfa;
	unsigned c;

	if (!next)
		return -EINVAL;
	if (!pdb || !pdb->dfa || state == DFA_NOMATCH ||
	    state >= pdb->dfa->nstates) {
		memset(next, 0, 256 * sizeof(*next));
		return 0;
	}
	dfa = pdb->dfa;
	if (dfa->plain16) {
		/* aa_dfa_next()'s lookup; verification keeps base + 255
		 * inside the tables */
		const uint16_t *chk = dfa->chk.n + dfa->base[state];
		const uint16_t *nxt = dfa->nxt.n + dfa->base[state];
		uint32_t def = dfa->def.n[state];

		/* a mask, not a branch: gcc -O2 makes it vector code */
		for (c = 0; c < 256; c++) {
			uint32_t own = -(uint32_t)(chk[c] == state);

			next[c] = (nxt[c] & own) | (def & ~own);
		}
		return 0;
	}
	for (c = 0; c < 256; c++)
		next[c] = aa_dfa_next_any(dfa, state, (uint8_t)c);
	return 0;
}
