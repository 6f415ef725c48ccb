// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Peer-label matching for the two-sided classes, and the peer's text in
 * their records.
 *
 * The kernel matches a peer label against a profile's policydb in two
 * ways (label.c: aa_label_match()): the whole compound name
 * "a//&b//&c" in one walk, and when that does not grant the request,
 * each component from the same start state, the results accumulated
 * with aa_perms_accum() so every component must allow. Components in
 * other namespaces are skipped (subns is false for signal and ptrace);
 * a peer with no component in the profile's namespace gets allperms.
 *
 * 6.1 and 6.12 differ when the compound walk dies in the DFA's trap
 * state: 6.1's label_compound_match() sets nullperms and returns the
 * dead state, 0, which aa_label_match() takes for success, so the
 * request is denied; 6.12 sees the request not granted and tries the
 * components. When the walk completes without granting, both start the
 * components from allperms. 6.1 also
 * computes each state's permissions at lookup (aa_compute_perms, with
 * the profile's modes applied before accumulating) where 6.12 reads the
 * precomputed table; for the bits signal and ptrace request the two are
 * the same, and applying the modes early changes nothing the caller's
 * aa_apply_modes_to_perms() does not set again.
 */
#include <string.h>

#include "label.h"
#include "perms.h"
#include "policy.h"

static const struct aa_perms allperms = {
	.allow = ALL_PERMS_MASK,
	.quiet = ALL_PERMS_MASK,
};
static const struct aa_perms nullperms;

/*
 * match_component() for a component in the profile's own namespace: its
 * hname. (Other namespaces are never visible with subns false.)
 */
static inline uint32_t match_component(const struct aa_dfa *dfa,
				       const struct aa_profile *tp,
				       uint32_t state)
{
	return aa_dfa_match(dfa, state, tp->hname);
}

enum compound_result { COMPOUND_NONE_VISIBLE, COMPOUND_FAIL, COMPOUND_DONE };

static enum compound_result compound_match(const struct aa_profile *profile,
					   const struct aa_label *peer,
					   uint32_t *state)
{
	const struct aa_dfa *dfa = profile->policy->dfa;
	bool first = true;
	uint32_t i;

	for (i = 0; i < peer->size; i++) {
		const struct aa_profile *tp = peer->vec[i];

		if (tp->ns != profile->ns)
			continue;
		if (!first)
			*state = aa_dfa_match(dfa, *state, "//&");
		*state = match_component(dfa, tp, *state);
		if (!*state)
			return COMPOUND_FAIL;
		first = false;
	}
	return first ? COMPOUND_NONE_VISIBLE : COMPOUND_DONE;
}

static void components_match(const struct aa_profile *profile,
			     const struct aa_label *peer, uint32_t start,
			     bool early_modes, struct aa_perms *perms)
{
	const struct aa_policydb *pdb = profile->policy;
	uint32_t i;

	*perms = allperms;
	for (i = 0; i < peer->size; i++) {
		const struct aa_profile *tp = peer->vec[i];
		struct aa_perms tmp;
		uint32_t state;

		if (tp->ns != profile->ns)
			continue;
		state = match_component(pdb->dfa, tp, start);
		if (!state) {
			*perms = nullperms;
			return;
		}
		tmp = *aa_lookup_perms(pdb, state);
		if (early_modes)
			aa_apply_modes_to_perms(profile, &tmp);
		aa_perms_accum(perms, &tmp);
	}
}

void aa_label_match(const struct aa_profile *profile,
		    const struct aa_label *peer, uint32_t state,
		    uint32_t request, struct aa_perms *perms)
{
	enum aamed_kernel k = aa_profile_kernel(profile);
	uint32_t s = state;

	switch (compound_match(profile, peer, &s)) {
	case COMPOUND_NONE_VISIBLE:
		*perms = allperms;
		return;
	case COMPOUND_FAIL:
		*perms = nullperms;
		if (!aa_kernel_has(k, AA_K_COMPOUND_RETRY))
			return;	/* label_compound_match() returned 0 */
		break;
	case COMPOUND_DONE:
		*perms = *aa_lookup_perms(profile->policy, s);
		if ((perms->allow & request) == request)
			return;
		break;
	}
	components_match(profile, peer, state,
			 !aa_kernel_has(k, AA_K_PERMS_TABLE), perms);
}

/* ------------------------------------------------------------------ */
/* The peer in records. */

/*
 * peer= as aa_label_xaudit() prints it, viewed from the logging
 * profile's namespace: the visible components joined by "//&", or
 * "---" when none is visible.
 */
const char *aa_label_xaudit_name(const struct aa_profile *profile,
				 const struct aa_label *peer, char *buf,
				 size_t len)
{
	size_t n = 0, i;
	bool any = false;

	for (i = 0; i < peer->size; i++)
		if (peer->vec[i]->ns != profile->ns)
			break;
	/* the label's own text is right when it needs no namespace */
	if (i == peer->size && !profile->ns->name[0])
		return peer->name;
	buf[0] = '\0';
	for (i = 0; i < peer->size; i++) {
		const char *h = peer->vec[i]->hname;
		size_t hl = strlen(h);

		if (peer->vec[i]->ns != profile->ns)
			continue;
		if (any) {
			if (n + 3 >= len)
				break;
			memcpy(buf + n, "//&", 3);
			n += 3;
		}
		if (n + hl >= len)
			break;
		memcpy(buf + n, h, hl + 1);
		n += hl;
		any = true;
	}
	return any ? buf : "---";
}
