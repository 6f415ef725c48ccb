// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Peer-label matching for the two-sided classes and lazy records.
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
 * state: 6.1's label_compound_match() returns 0 (success) with
 * nullperms, so aa_label_match() stops there and the request is denied;
 * 6.12 sees the request not granted and tries the components. 6.1 also
 * computes each state's permissions at lookup (aa_compute_perms, with
 * the profile's modes applied before accumulating) where 6.12 reads the
 * precomputed table; for the bits signal and ptrace request the two are
 * the same, and applying the modes early changes nothing the caller's
 * aa_apply_modes_to_perms() does not set again.
 */
#include <errno.h>
#include <string.h>

#include "labelmatch.h"

#define ALL_PERMS_MASK 0xffffffffu

static const struct aa_perms allperms = {
	.allow = ALL_PERMS_MASK,
	.quiet = ALL_PERMS_MASK,
};
static const struct aa_perms nullperms;

/* aa_perms_accum(): accumulate, masking off what accum already decided */
static void perms_accum(struct aa_perms *accum, const struct aa_perms *a)
{
	accum->deny |= a->deny;
	accum->allow &= a->allow & ~accum->deny;
	accum->audit |= a->audit & accum->allow;
	accum->quiet &= a->quiet & ~accum->allow;
	accum->kill |= a->kill & ~accum->allow;
	accum->complain |= a->complain & ~accum->allow & ~accum->deny;
}

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
		perms_accum(perms, &tmp);
	}
}

void aa_ipc_label_match(const struct aa_profile *profile,
			const struct aa_label *peer, uint32_t state,
			uint32_t request, struct aa_perms *perms)
{
	bool k61 = profile->ns->policy->kernel == AAMED_KERNEL_6_1;
	uint32_t s = state;

	switch (compound_match(profile, peer, &s)) {
	case COMPOUND_NONE_VISIBLE:
		*perms = allperms;
		return;
	case COMPOUND_FAIL:
		*perms = nullperms;
		if (k61)	/* label_compound_match() returned 0 */
			return;
		break;
	case COMPOUND_DONE:
		*perms = *aa_lookup_perms(profile->policy, s);
		if ((perms->allow & request) == request)
			return;
		break;
	}
	components_match(profile, peer, state, k61, perms);
}

/* ------------------------------------------------------------------ */
/* Records. */

/*
 * peer= as aa_label_xaudit() prints it, viewed from the logging
 * profile's namespace: the visible components joined by "//&", or
 * "---" when none is visible.
 */
static const char *peer_text(const struct aa_profile *profile,
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

/* What ipc_fill() needs: the logging profile, the info, a peer buffer. */
struct ipc_fill {
	const struct aa_profile *profile;
	const struct aa_ipc_info *ii;
	char peer[1024];
};

static void ipc_fill(struct aamed_audit *rec, void *data)
{
	struct ipc_fill *f = data;
	const struct aa_ipc_info *ii = f->ii;

	rec->class = ii->class;
	rec->op = ii->op;
	rec->info = ii->info;
	rec->peer = ii->peer ? peer_text(f->profile, ii->peer, f->peer,
					 sizeof(f->peer))
			     : NULL;
	rec->cap = ii->cap;
	rec->signal = ii->signal;
	rec->unmapped_signal = ii->unmapped_signal;
}

int aa_ipc_check_perms(const struct aa_audit_ctx *ctx,
		       const struct aa_profile *profile,
		       const struct aa_perms *perms, uint32_t request,
		       const struct aa_ipc_info *ii)
{
	struct ipc_fill f;	/* no initializer: peer[] is written only on use */

	f.profile = profile;
	f.ii = ii;
	return aa_check_perms(ctx, profile, perms, request, ipc_fill, &f);
}

/* audit.c aa_audit() for a record with no masks (KILLED: the kernel also
 * sends SIGKILL) */
int aa_ipc_audit(const struct aa_audit_ctx *ctx, enum aamed_audit_type type,
		 const struct aa_profile *profile, int error,
		 const struct aa_ipc_info *ii)
{
	struct ipc_fill f;
	int t = aa_audit_type(type, profile, error);

	f.profile = profile;
	f.ii = ii;

	if (t >= 0 && ctx && ctx->fn)
		aa_emit(ctx, profile, ipc_fill, &f, (enum aamed_audit_type)t, 0,
			0, error);
	return t < 0 ? error : aa_audit_result(t, error);
}
