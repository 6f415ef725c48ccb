// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Flat rows for DFAs with equivalence classes: every transition of every
 * state resolved at load (explicit entry, default, diff-encode chain)
 * into a dense row of one entry per class, so that a step is a class
 * lookup, an add and a load, with no check and no branch, whatever kind
 * of state it leaves. Entries are the next state's row offset (state
 * times the class count), so no multiply either.
 *
 * Dense rows cost states x classes x 2 bytes, 3-4 times the comb tables
 * of a typical DFA with classes, so only DFAs whose rows fit
 * FLAT_MAX_BYTES get them: a fixed, small cost per DFA (the policy's
 * memory stays within a few percent of its blobs'), and every offset
 * fits 16 bits. Larger DFAs walk the comb tables (dfa_walk.h).
 *
 * Without classes a row would have 256 entries: such DFAs (what
 * apparmor_parser writes by default) keep the comb walk and its
 * shortcuts.
 */
#include <stdlib.h>
#include <string.h>

#include "apparmor.h"
#include "dfa.h"

#define FLAT_MAX_BYTES 65536u

bool aa_dfa_flatten(struct aa_dfa *dfa)
{
	uint32_t k = 0, s, c;
	size_t entries;

	if (!dfa->ec)
		return true;
	for (c = 0; c < 256; c++)
		k = dfa->ec[c] >= k ? dfa->ec[c] + 1u : k;
	entries = (size_t)dfa->nstates * k;
	/* 2 * entries <= FLAT_MAX_BYTES also keeps every offset in 16 bits */
	if (entries * sizeof(uint16_t) > FLAT_MAX_BYTES)
		return true;
	dfa->flat = malloc(entries * sizeof(uint16_t));
	if (!dfa->flat)
		return false;
	for (s = 0; s < dfa->nstates; s++)
		for (c = 0; c < k; c++)
			dfa->flat[(size_t)s * k + c] =
				(uint16_t)(aa_dfa_step_class(dfa, s, c) * k);
	dfa->nclass = k;
	return true;
}

/*
 * The walk over len bytes: eight at a time, each a byte load, a class
 * load, an add and a row load, then the rest. The row is a size_t so
 * that no zero extension goes between the add and the load.
 */
uint32_t aa_dfa_flat_walk(const struct aa_dfa *dfa, uint32_t state,
			  const uint8_t *s, size_t len)
{
	const uint16_t *f = dfa->flat;
	const uint8_t *ec = dfa->ec, *end8 = s + (len & ~(size_t)7);
	size_t row = (size_t)state * dfa->nclass;

	for (; s < end8; s += 8) {
		row = f[row + ec[s[0]]];
		row = f[row + ec[s[1]]];
		row = f[row + ec[s[2]]];
		row = f[row + ec[s[3]]];
		row = f[row + ec[s[4]]];
		row = f[row + ec[s[5]]];
		row = f[row + ec[s[6]]];
		row = f[row + ec[s[7]]];
	}
	switch (len & 7) {
	case 7: row = f[row + ec[*s++]]; /* fall through */
	case 6: row = f[row + ec[*s++]]; /* fall through */
	case 5: row = f[row + ec[*s++]]; /* fall through */
	case 4: row = f[row + ec[*s++]]; /* fall through */
	case 3: row = f[row + ec[*s++]]; /* fall through */
	case 2: row = f[row + ec[*s++]]; /* fall through */
	case 1: row = f[row + ec[*s++]]; /* fall through */
	default: break;
	}
	return (uint32_t)(row / dfa->nclass);
}
