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
 * FLAT_MAX_BYTES get them: a bounded cost per DFA, and every offset fits
 * 16 bits. Larger DFAs walk the comb tables (dfa_walk.h). On a sample
 * of the apparmor.d corpus compiled with -O equiv the rows add about 40%
 * of the blobs' bytes (docs/bench.md).
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

/* Row t of a state that is not diff-encoded: its entries over its default. */
static void fill_row(struct aa_dfa *dfa, uint32_t t, uint32_t k)
{
	const uint16_t *chk = dfa->chk.n + dfa->base[t];
	const uint16_t *nxt = dfa->nxt.n + dfa->base[t];
	uint16_t *row = dfa->flat + (size_t)t * k, d = (uint16_t)(dfa->def.n[t] * k);
	uint32_t c;

	for (c = 0; c < k; c++)
		row[c] = chk[c] == t ? (uint16_t)(nxt[c] * k) : d;
}

/* Row u of a diff-encoded state: its entries over its default's row. */
static void diff_row(struct aa_dfa *dfa, uint32_t u, uint32_t k)
{
	const uint16_t *chk = dfa->chk.n + dfa->base[u];
	const uint16_t *nxt = dfa->nxt.n + dfa->base[u];
	uint16_t *row = dfa->flat + (size_t)u * k;
	const uint16_t *from = dfa->flat + (size_t)dfa->def.n[u] * k;
	uint32_t c;

	for (c = 0; c < k; c++)
		row[c] = chk[c] == u ? (uint16_t)(nxt[c] * k) : from[c];
}

/*
 * Every row, a diff-encoded state's after its default's (the chains end:
 * verify_chains() in dfa.c), one pass over each state's K entries.
 */
static bool fill_rows(struct aa_dfa *dfa, uint32_t k)
{
	uint32_t n = dfa->nstates, s;
	uint32_t *stack = malloc((size_t)n * (sizeof(uint32_t) + 1));
	uint8_t *done = (uint8_t *)(stack + n);

	if (!stack)
		return false;
	memset(done, 0, n);
	for (s = 0; s < n; s++) {
		uint32_t t = s, depth = 0;

		while (!done[t] && (dfa->sflags[t] & DFA_FLAG_DIFF)) {
			stack[depth++] = t;
			t = dfa->def.n[t];
		}
		if (!done[t]) {
			fill_row(dfa, t, k);
			done[t] = 1;
		}
		while (depth) {
			t = stack[--depth];
			diff_row(dfa, t, k);
			done[t] = 1;
		}
	}
	free(stack);
	return true;
}

bool aa_dfa_flatten(struct aa_dfa *dfa)
{
	uint32_t k = 0, c;
	size_t entries;

	if (!dfa->ec || dfa->wide)
		return true;
	for (c = 0; c < 256; c++)
		k = dfa->ec[c] >= k ? dfa->ec[c] + 1u : k;
	entries = (size_t)dfa->nstates * k;
	/* 2 * entries <= FLAT_MAX_BYTES also keeps every offset in 16 bits */
	if (entries * sizeof(uint16_t) > FLAT_MAX_BYTES)
		return true;
	dfa->flat = malloc(entries * sizeof(uint16_t));
	if (!dfa->flat || !fill_rows(dfa, k)) {
		free(dfa->flat);
		dfa->flat = NULL;
		return false;
	}
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
