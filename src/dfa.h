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

/*
 * A verified DFA. Tables are widened to 32 bits at load, and BASE is
 * split into the transition base (base) and the state flags (sflags) so
 * the hot loop is one add, two loads and a compare per byte. Owned by
 * the policydb it belongs to.
 */
struct aa_dfa {
	uint32_t nstates;
	uint32_t ntrans;
	uint16_t hflags;	/* header flags: DFA_HDR_* */
	uint32_t *base;		/* [nstates] transition base index */
	uint8_t *sflags;	/* [nstates] DFA_FLAG_* */
	uint32_t *def;		/* [nstates] */
	uint32_t *nxt;		/* [ntrans] */
	uint32_t *chk;		/* [ntrans] */
	uint32_t *accept;	/* [nstates] */
	uint32_t *accept2;	/* [nstates] */
	uint8_t *ec;		/* NULL or [256] */
	uint32_t max_oob;
};

#define DFA_NOMATCH 0u
#define DFA_START 1u
#define DFA_FLAG_DIFF 0x80u
#define DFA_FLAG_OOB 0x20u
#define DFA_HDR_DIFF 0x1u
#define DFA_HDR_OOB 0x2u

struct aa_dfa *aa_dfa_unpack(struct aa_ext *e, const uint8_t *blob,
			     size_t size, bool accept2);
void aa_dfa_free(struct aa_dfa *dfa);
uint32_t aa_dfa_match(const struct aa_dfa *dfa, uint32_t state,
		      const char *str);
uint32_t aa_dfa_match_len(const struct aa_dfa *dfa, uint32_t state,
			  const void *str, size_t len);
uint32_t aa_dfa_next(const struct aa_dfa *dfa, uint32_t state, uint8_t c);
uint32_t aa_dfa_outofband(const struct aa_dfa *dfa, uint32_t state);
uint32_t aa_dfa_leftmatch(const struct aa_dfa *dfa, uint32_t state,
			  const char *str, unsigned *count,
			  enum aamed_kernel kernel);

static inline uint32_t aa_dfa_null_transition(const struct aa_dfa *dfa,
					      uint32_t state)
{
	return aa_dfa_next(dfa, state, 0);
}

#endif
