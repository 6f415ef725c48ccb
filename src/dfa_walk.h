/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The DFA walks for one table width, included by dfa_match.c once per
 * width with DW_T (the entry type), DW_TAB (the union member: n or w)
 * and DW(name) (the name with the width's suffix) defined. The public
 * walks there pick the width once per call.
 *
 * After verification every walk is in bounds without further checks:
 * base + 255 < ntrans, every NXT/CHK/DEF entry is a state, and every
 * diff-encode chain ends.
 */

/* One transition, following diff-encoded defaults to their end. */
static inline uint32_t DW(step)(const struct aa_dfa *dfa, uint32_t state,
				uint32_t c)
{
	const DW_T *def = dfa->def.DW_TAB, *nxt = dfa->nxt.DW_TAB;
	const DW_T *chk = dfa->chk.DW_TAB;

	for (;;) {
		uint32_t pos = dfa->base[state] + c;

		if (chk[pos] == state)
			return nxt[pos];
		if (!(dfa->sflags[state] & DFA_FLAG_DIFF))
			return def[state];
		state = def[state];
	}
}

/*
 * The hot loop, for DFAs without diff encoding or equivalence classes
 * (what apparmor_parser writes by default). An explicit transition costs
 * an add, three loads and a compare; a default one a load and a compare
 * more, because a default back to the state it left is the one place a
 * walk may stop or jump: in an ABSORB state no byte before the NUL can
 * leave, in a LOOP1 state only exitc can, so the walk goes straight to
 * it. The scan is inline (no call) to keep this a leaf function.
 */
static inline uint32_t DW(match_plain)(const struct aa_dfa *dfa,
				       uint32_t state, const uint8_t *s)
{
	const uint32_t *base = dfa->base;
	const DW_T *nxt = dfa->nxt.DW_TAB, *chk = dfa->chk.DW_TAB;
	const DW_T *def = dfa->def.DW_TAB;
	size_t st = state;
	uint32_t c = *s;

	while (c) {
		uint32_t pos = base[st] + c;

		if (likely(chk[pos] == st)) {
			st = nxt[pos];
		} else {
			size_t d = def[st];

			if (unlikely(d == st) &&
			    (dfa->sflags[st] & DFA_FLAG_SKIP)) {
				uint8_t x = dfa->exitc[st];

				if (dfa->sflags[st] & DFA_FLAG_ABSORB)
					break;
				while (s[1] && s[1] != x)
					s++;
			}
			st = d;
		}
		c = *++s;
	}
	return (uint32_t)st;
}

static uint32_t DW(match)(const struct aa_dfa *dfa, uint32_t state,
			  const uint8_t *s)
{
	if (!dfa->ec && !(dfa->hflags & DFA_HDR_DIFF))
		return DW(match_plain)(dfa, state, s);
	for (; *s; s++)
		state = DW(step)(dfa, state, dfa->ec ? dfa->ec[*s] : *s);
	return state;
}

static uint32_t DW(match_len)(const struct aa_dfa *dfa, uint32_t state,
			      const uint8_t *s, size_t len)
{
	while (len--) {
		state = DW(step)(dfa, state, dfa->ec ? dfa->ec[*s] : *s);
		s++;
	}
	return state;
}

static uint32_t DW(outofband)(const struct aa_dfa *dfa, uint32_t state)
{
	const DW_T *def = dfa->def.DW_TAB, *nxt = dfa->nxt.DW_TAB;
	const DW_T *chk = dfa->chk.DW_TAB;

	/* base >= max_oob >= 1 was verified; no EC mapping out of band */
	for (;;) {
		uint32_t pos = dfa->base[state] - 1;

		if (chk[pos] == state)
			return nxt[pos];
		if (!(dfa->sflags[state] & DFA_FLAG_DIFF))
			return def[state];
		state = def[state];
	}
}

/* One leftmatch step: DEF directly, as the kernel's leftmatch_fb does. */
static inline uint32_t DW(left_step)(const struct aa_dfa *dfa, uint32_t state,
				     uint8_t c)
{
	uint32_t idx = dfa->base[state] + (dfa->ec ? dfa->ec[c] : c);

	return dfa->chk.DW_TAB[idx] == state ? dfa->nxt.DW_TAB[idx] :
					       dfa->def.DW_TAB[state];
}
