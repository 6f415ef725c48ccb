/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The public introspection types as views of the internal ones:
 * aamed_profile is struct aa_profile, aamed_rules struct aa_policydb,
 * both read only (introspect.c, rules.c, diff.c).
 */
#ifndef AAMED_INTROSPECT_H
#define AAMED_INTROSPECT_H

#include "internal.h"

struct aamed_profile;
struct aamed_rules;

static inline const struct aa_profile *to_profile(const aamed_profile *p)
{
	return (const struct aa_profile *)(const void *)p;
}

static inline const aamed_profile *from_profile(const struct aa_profile *p)
{
	return (const aamed_profile *)(const void *)p;
}

static inline const struct aa_policydb *to_rules(const aamed_rules *r)
{
	return (const struct aa_policydb *)(const void *)r;
}

static inline const aamed_rules *from_rules(const struct aa_policydb *r)
{
	return (const aamed_rules *)(const void *)r;
}

/*
 * The entry of state for rule sets of any kind: only file rules were
 * verified to hold owner pairs, so the other entry is read only where it
 * exists. NULL: no entry (state or index out of range).
 */
static inline const struct aa_perms *
aa_rules_entry(const struct aa_policydb *pdb, uint32_t state, bool owner)
{
	uint32_t idx;

	if (!pdb || !pdb->dfa || state >= pdb->dfa->nstates)
		return NULL;
	idx = pdb->dfa->accept[state];
	if ((pdb->dfa->accept2[state] & ACCEPT_FLAG_OWNER) && !owner &&
	    idx + 1 < pdb->nperms)
		idx++;
	return idx < pdb->nperms ? &pdb->perms[idx] : NULL;
}

/* The public copy of a permission entry. */
static inline void aa_perms_export(const struct aa_perms *in,
				   struct aamed_perms *out)
{
	out->allow = in->allow;
	out->deny = in->deny;
	out->audit = in->audit;
	out->quiet = in->quiet;
	out->kill = in->kill;
	out->complain = in->complain;
	out->xindex = in->xindex;
}

#endif
