/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Verified DFAs and their walks (the kernel's match.h, match.c).
 */
#ifndef AAMED_DFA_H
#define AAMED_DFA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

struct aa_ext;
struct aa_chunk;

/*
 * A verified DFA. DEF, NXT and CHK hold state numbers: 16 bits wide when
 * every state number fits (the common case; half the memory of a
 * widened table), else 32. BASE is split into the transition base
 * (base) and the state flags (sflags), which also say which states loop
 * on themselves (DFA_FLAG_ABSORB, DFA_FLAG_LOOP1) so that a walk can
 * skip the bytes that keep it there. Owned by the policydb it belongs
 * to; one allocation.
 */
union aa_dfa_tab {
	uint16_t *n;		/* !wide */
	uint32_t *w;		/* wide */
};

struct aa_dfa {
	uint32_t nstates;
	uint32_t ntrans;
	uint16_t hflags;	/* header flags: DFA_HDR_* */
	bool wide;		/* 32-bit DEF, NXT, CHK */
	bool plain16;		/* !wide, no diff encoding, no classes */
	uint32_t *base;		/* [nstates] transition base index */
	uint8_t *sflags;	/* [nstates] DFA_FLAG_* */
	uint8_t *exitc;		/* [nstates] the one exit byte of a LOOP1 state */
	union aa_dfa_tab def;	/* [nstates] */
	union aa_dfa_tab nxt;	/* [ntrans] */
	union aa_dfa_tab chk;	/* [ntrans] */
	uint32_t *accept;	/* [nstates] */
	uint32_t *accept2;	/* [nstates] */
	uint8_t *ec;		/* NULL or [256] */
	uint32_t max_oob;
	/*
	 * NULL, or every transition resolved (defaults, diff-encode chains)
	 * into one row of nclass entries per state, for DFAs with
	 * equivalence classes small enough (dfa_flat.c): entry [s * nclass +
	 * class] is the next state times nclass, the offset of its row.
	 */
	uint16_t *flat;
	uint32_t nclass;
	struct aa_chunk *chunk;	/* NULL: malloc'd; else its arena chunk */
};

#define DFA_NOMATCH 0u
#define DFA_START 1u
#define DFA_FLAG_DIFF 0x80u
#define DFA_FLAG_OOB 0x20u
/* every byte but NUL leads back to the state */
#define DFA_FLAG_ABSORB 0x01u
/* every byte but NUL and exitc[state] leads back to the state */
#define DFA_FLAG_LOOP1 0x02u
#define DFA_FLAG_SKIP (DFA_FLAG_ABSORB | DFA_FLAG_LOOP1)
#define DFA_HDR_DIFF 0x1u
#define DFA_HDR_OOB 0x2u

struct aa_dfa *aa_dfa_unpack(struct aa_ext *e, const uint8_t *blob,
			     size_t size, bool accept2);
void aa_dfa_free(struct aa_dfa *dfa);
uint32_t aa_dfa_match(const struct aa_dfa *dfa, uint32_t state,
		      const char *str);
uint32_t aa_dfa_match_len(const struct aa_dfa *dfa, uint32_t state,
			  const void *str, size_t len);
uint32_t aa_dfa_next_any(const struct aa_dfa *dfa, uint32_t state, uint8_t c);
/* One transition on an input class (a byte when the DFA has no EC). */
uint32_t aa_dfa_step_class(const struct aa_dfa *dfa, uint32_t state,
			   uint32_t cls);
/* Build dfa->flat when it fits its budget (dfa_flat.c); false: no memory. */
bool aa_dfa_flatten(struct aa_dfa *dfa);
/* The walk of len bytes over dfa->flat (non-NULL). */
uint32_t aa_dfa_flat_walk(const struct aa_dfa *dfa, uint32_t state,
			  const uint8_t *s, size_t len);
uint32_t aa_dfa_outofband(const struct aa_dfa *dfa, uint32_t state);
uint32_t aa_dfa_leftmatch(const struct aa_dfa *dfa, uint32_t state,
			  const char *str, unsigned *count,
			  enum aamed_kernel kernel);

/* One byte; inline for the common 16-bit table without diff or classes. */
static inline uint32_t aa_dfa_next(const struct aa_dfa *dfa, uint32_t state,
				   uint8_t c)
{
	if (__builtin_expect(dfa->plain16, 1)) {
		uint32_t pos = dfa->base[state] + c;

		return dfa->chk.n[pos] == state ? dfa->nxt.n[pos] :
						  dfa->def.n[state];
	}
	return aa_dfa_next_any(dfa, state, c);
}

static inline uint32_t aa_dfa_null_transition(const struct aa_dfa *dfa,
					      uint32_t state)
{
	return aa_dfa_next(dfa, state, 0);
}

#endif
