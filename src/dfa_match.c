// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Walking a verified DFA (the kernel's match.c): the walks of
 * dfa_walk.h for 16- and 32-bit tables, and the public entry points,
 * which pick the width once per call.
 */
#include <string.h>

#include "apparmor.h"
#include "dfa.h"
#include "kernel.h"

#define DW_T uint16_t
#define DW_TAB n
#define DW(name) name##_16
#include "dfa_walk.h"
#undef DW_T
#undef DW_TAB
#undef DW

#define DW_T uint32_t
#define DW_TAB w
#define DW(name) name##_32
#include "dfa_walk.h"
#undef DW_T
#undef DW_TAB
#undef DW

uint32_t aa_dfa_next_any(const struct aa_dfa *dfa, uint32_t state, uint8_t c)
{
	uint32_t x = dfa->ec ? dfa->ec[c] : c;

	return dfa->wide ? step_32(dfa, state, x) : step_16(dfa, state, x);
}

uint32_t aa_dfa_step_class(const struct aa_dfa *dfa, uint32_t state,
			   uint32_t cls)
{
	return dfa->wide ? step_32(dfa, state, cls) : step_16(dfa, state, cls);
}

static __attribute__((noinline)) uint32_t
match_other(const struct aa_dfa *dfa, uint32_t state, const uint8_t *s)
{
	if (dfa->flat)
		return aa_dfa_flat_walk(dfa, state, s, strlen((const char *)s));
	return dfa->wide ? match_32(dfa, state, s) : match_16(dfa, state, s);
}

/* The common case inline: 16-bit tables, no diff encoding, no classes. */
uint32_t aa_dfa_match(const struct aa_dfa *dfa, uint32_t state,
		      const char *str)
{
	const uint8_t *s = (const uint8_t *)str;

	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	if (unlikely(!dfa->plain16))
		return match_other(dfa, state, s);
	return match_plain_16(dfa, state, s);
}

uint32_t aa_dfa_match_len(const struct aa_dfa *dfa, uint32_t state,
			  const void *str, size_t len)
{
	const uint8_t *s = str;

	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	if (likely(dfa->plain16)) {
		const uint32_t *base = dfa->base;
		const uint16_t *nxt = dfa->nxt.n, *chk = dfa->chk.n;
		const uint16_t *def = dfa->def.n;

		while (len--) {
			uint32_t pos = base[state] + *s++;

			state = chk[pos] == state ? nxt[pos] : def[state];
		}
		return state;
	}
	if (dfa->flat)
		return aa_dfa_flat_walk(dfa, state, s, len);
	return dfa->wide ? match_len_32(dfa, state, str, len) :
			   match_len_16(dfa, state, str, len);
}

uint32_t aa_dfa_outofband(const struct aa_dfa *dfa, uint32_t state)
{
	if (!(dfa->sflags[state] & DFA_FLAG_OOB))
		return DFA_NOMATCH;
	return dfa->wide ? outofband_32(dfa, state) : outofband_16(dfa, state);
}

/*
 * The kernel's aa_dfa_leftmatch(): match str, counting the characters
 * consumed before the walk first revisits a recent state (enters a loop
 * of the pattern). That count ranks attachments: the longest literal
 * left part wins. A 32-entry history ring, as in the kernel.
 *
 * Reproduced step for step, quirks included, because the count decides
 * attachment conflicts:
 *  - the step ignores diff encoding (DEF directly), as leftmatch_fb does;
 *  - 6.1's is_loop() searches len + 1 entries and reports a loop even
 *    when the state is not found (adjust = len + 1, so count can wrap
 *    below 0), and its len wraps to 0 every 32 steps;
 *  - from 6.12 on, is_loop() searches len entries (never the newest
 *    entry on the first byte), a miss is no loop, and len stops at 32.
 */
#define MAX_HISTORY 32

uint32_t aa_dfa_leftmatch(const struct aa_dfa *dfa, uint32_t state,
			  const char *str, unsigned *count,
			  enum aamed_kernel kernel)
{
	uint32_t history[MAX_HISTORY];
	unsigned pos = 0, len = 0;
	const uint8_t *s = (const uint8_t *)str;
	/* 6.1: the ring wraps (see above) */
	bool wrap = !aa_kernel_has(kernel, AA_K_LEFTMATCH_LEN);

	*count = 0;
	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	while (*s) {
		unsigned p = pos, i, adjust = 0;
		bool loop = false;

		history[pos] = state;
		state = dfa->wide ? left_step_32(dfa, state, *s) :
				    left_step_16(dfa, state, *s);
		s++;
		/* is_loop(): look back through the ring for this state */
		if (history[p] >= state) {
			for (i = 0; wrap ? i <= len : i < len; i++) {
				if (history[p] == state) {
					loop = true;
					break;
				}
				p = (p - 1) & (MAX_HISTORY - 1);
			}
			adjust = i;
			if (wrap)
				loop = true;
		}
		if (loop) {
			state = aa_dfa_match(dfa, state, (const char *)s);
			*count -= adjust;
			goto out;
		}
		pos = (pos + 1) & (MAX_HISTORY - 1);
		if (wrap)
			len = (len + 1) & (MAX_HISTORY - 1);
		else if (len < MAX_HISTORY)
			len++;
		(*count)++;
	}
out:
	if (state == DFA_NOMATCH)
		*count = 0;
	return state;
}
