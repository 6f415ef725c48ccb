// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Introspection of rule sets: walking a profile's DFAs, reading their
 * permission entries and exec transitions, and the matched permissions
 * of one request per class (modes not applied). Read only; the walks
 * are the ones mediation does (file.c, net.c, ipc.c, task.c), peer
 * labels are matched by labelmatch.c.
 */
#include <errno.h>
#include <string.h>

#include "introspect.h"
#include "ipc.h"
#include "label.h"

/* The public numbers are the kernel's, as the internal ones are. */
_Static_assert((int)AAMED_PCLASS_FILE == (int)AA_CLASS_FILE &&
	       (int)AAMED_PCLASS_PTRACE == (int)AA_CLASS_PTRACE &&
	       (int)AAMED_PCLASS_SIGNAL == (int)AA_CLASS_SIGNAL &&
	       (int)AAMED_PCLASS_NET == (int)AA_CLASS_NET &&
	       (int)AAMED_PCLASS_LABEL == (int)AA_CLASS_LABEL &&
	       (int)AAMED_PCLASS_MAX == (int)AA_CLASS_LAST, "policy classes");
_Static_assert(AAMED_SIGRT_BASE == AA_SIGRT_BASE, "signal numbering");
_Static_assert((int)AAMED_PROFILE_USER == (int)APPARMOR_USER &&
	       (int)AAMED_AUDIT_MODE_ALL == (int)AUDIT_ALL, "modes");

const aamed_rules *aamed_profile_rules(const aamed_profile *profile,
				       enum aamed_rules_kind kind)
{
	const struct aa_profile *p = to_profile(profile);

	if (!p)
		return NULL;
	switch (kind) {
	case AAMED_RULES_POLICY:
		return from_rules(p->policy);
	case AAMED_RULES_FILE:
		return from_rules(p->file);
	case AAMED_RULES_ATTACH:
		return from_rules(p->xmatch);
	}
	return NULL;
}

uint32_t aamed_rules_start(const aamed_rules *rules, int pclass)
{
	const struct aa_policydb *pdb = to_rules(rules);

	if (!pdb || !pdb->dfa || pclass < 0 || pclass > AA_CLASS_LAST)
		return DFA_NOMATCH;
	return pdb->start[pclass];
}

uint32_t aamed_rules_state_count(const aamed_rules *rules)
{
	const struct aa_policydb *pdb = to_rules(rules);

	return pdb && pdb->dfa ? pdb->dfa->nstates : 0;
}

static bool valid_state(const struct aa_policydb *pdb, uint32_t state)
{
	return pdb && pdb->dfa && state < pdb->dfa->nstates;
}

uint32_t aamed_rules_next(const aamed_rules *rules, uint32_t state,
			  uint8_t byte)
{
	const struct aa_policydb *pdb = to_rules(rules);

	if (!valid_state(pdb, state) || state == DFA_NOMATCH)
		return DFA_NOMATCH;
	return aa_dfa_next(pdb->dfa, state, byte);
}

uint32_t aamed_rules_match(const aamed_rules *rules, uint32_t state,
			   const void *bytes, size_t len)
{
	const struct aa_policydb *pdb = to_rules(rules);

	if (!valid_state(pdb, state) || (!bytes && len))
		return DFA_NOMATCH;
	return aa_dfa_match_len(pdb->dfa, state, bytes, len);
}

int aamed_rules_perms(const aamed_rules *rules, uint32_t state, int owner,
		      struct aamed_perms *perms)
{
	const struct aa_policydb *pdb = to_rules(rules);
	const struct aa_perms *e;

	if (!perms)
		return -EINVAL;
	memset(perms, 0, sizeof(*perms));
	if (!pdb && state == DFA_NOMATCH)
		return 0;
	/* only file entries carry the owner flag; others ignore owner */
	e = aa_rules_entry(pdb, state, owner != 0);
	if (!e)
		return -EINVAL;
	aa_perms_export(e, perms);
	return 0;
}

static enum aamed_xtrans_mode fallback_of(uint32_t xindex)
{
	if (xindex & AA_X_INHERIT)
		return AAMED_XT_INHERIT;
	if (xindex & AA_X_UNCONFINED)
		return AAMED_XT_UNCONFINED;
	return AAMED_XT_NONE;
}

/* The kernel's x_to_label() and its fallbacks, without looking up. */
int aamed_rules_xtrans(const aamed_rules *rules, uint32_t xindex,
		       struct aamed_xtrans *x)
{
	const struct aa_policydb *pdb = to_rules(rules);
	uint32_t idx = xindex & AA_X_INDEX_MASK;

	if (!x)
		return -EINVAL;
	memset(x, 0, sizeof(*x));
	x->unsafe = (xindex & AA_X_UNSAFE) ? 1 : 0;
	x->fallback = fallback_of(xindex);
	switch (xindex & AA_X_TYPE_MASK) {
	case AA_X_NONE:
		/* no target to try: the fallback is the transition */
		x->mode = x->fallback;
		x->fallback = AAMED_XT_NONE;
		return 0;
	case AA_X_NAME:
		x->mode = (xindex & AA_X_CHILD) ? AAMED_XT_CHILD
						: AAMED_XT_PROFILE;
		return 0;
	case AA_X_TABLE:
		if (!pdb || idx >= pdb->xsize || !pdb->xtable[idx])
			return -EINVAL;
		x->target = pdb->xtable[idx];
		if (x->target[0] == '&') {
			x->target++;
			x->mode = AAMED_XT_STACK;
		} else {
			x->mode = (xindex & AA_X_CHILD) ? AAMED_XT_CHILD
							: AAMED_XT_PROFILE;
		}
		return 0;
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------------ */
/*
 * What every matched-permission function starts with: perms zeroed, and
 * the profile, or NULL when perms or the profile is missing or the
 * caller's own arguments are not (args_ok): the caller returns -EINVAL.
 */
static const struct aa_profile *begin(const aamed_profile *profile,
				      bool args_ok, struct aamed_perms *perms)
{
	if (!perms)
		return NULL;
	memset(perms, 0, sizeof(*perms));
	return args_ok ? to_profile(profile) : NULL;
}

/* Matched permissions of one request. */

int aamed_profile_file_perms(const aamed_profile *profile, const char *path,
			     uint32_t fsuid, uint32_t ouid,
			     struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, path != NULL, perms);
	struct aa_perms got;

	if (!p)
		return -EINVAL;
	if (p->file)
		aa_str_perms(p->file, p->file->start[AA_CLASS_FILE], path,
			     fsuid == ouid, &got);
	else
		got = *aa_null_fperms(p);
	aa_perms_export(&got, perms);
	return 0;
}

int aamed_profile_cap_perms(const aamed_profile *profile, int cap,
			    struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, cap >= 0 && cap <= 63, perms);
	uint64_t bit;

	if (!p)
		return -EINVAL;
	bit = 1ull << cap;
	perms->allow = (p->caps_allow & bit) ? 1 : 0;
	perms->audit = (p->caps_audit & bit) ? 1 : 0;
	perms->quiet = (p->caps_quiet & bit) ? 1 : 0;
	perms->kill = (p->caps_kill & bit) ? 1 : 0;
	return 0;
}

int aamed_profile_net_perms(const aamed_profile *profile, uint16_t family,
			    uint16_t type, struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, true, perms);
	const struct aa_policydb *pdb;
	uint32_t state;

	if (!p)
		return -EINVAL;
	pdb = p->policy;
	if (!pdb || !pdb->start[AA_CLASS_NET])
		return -ENOENT;
	state = aa_match_be16(pdb->dfa, pdb->start[AA_CLASS_NET], family);
	state = aa_match_be16(pdb->dfa, state, type);
	aa_perms_export(aa_lookup_perms(pdb, state), perms);
	return 0;
}

static int peer_match(const struct aa_profile *p, const aamed_label *peer,
		      uint32_t state, uint32_t request,
		      struct aamed_perms *perms)
{
	struct aa_perms got;

	aa_label_match(p, to_label(peer), state, request, &got);
	aa_perms_export(&got, perms);
	return 0;
}

int aamed_profile_signal_perms(const aamed_profile *profile,
			       const aamed_label *peer, int sig,
			       uint32_t request, struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, peer != NULL, perms);
	const struct aa_policydb *pdb;

	if (!p)
		return -EINVAL;
	pdb = p->policy;
	if (!pdb || !(p->mediates & (1ull << AA_CLASS_SIGNAL)))
		return -ENOENT;
	return peer_match(p, peer,
			  aa_dfa_next(pdb->dfa, pdb->start[AA_CLASS_SIGNAL],
				      (uint8_t)aa_map_signal(sig)),
			  request, perms);
}

/* Ptrace rules live under the label class: LABEL, then PTRACE. */
int aamed_profile_ptrace_perms(const aamed_profile *profile,
			       const aamed_label *peer, uint32_t request,
			       struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, peer != NULL, perms);
	const struct aa_policydb *pdb;

	if (!p)
		return -EINVAL;
	pdb = p->policy;
	if (!pdb || !pdb->start[AA_CLASS_LABEL])
		return -ENOENT;
	return peer_match(p, peer,
			  aa_dfa_next(pdb->dfa, pdb->start[AA_CLASS_LABEL],
				      AA_CLASS_PTRACE),
			  request, perms);
}

/* User namespaces: the entry of the class state (task.c). */
int aamed_profile_userns_perms(const aamed_profile *profile,
			       struct aamed_perms *perms)
{
	const struct aa_profile *p = begin(profile, true, perms);

	if (!p)
		return -EINVAL;
	if (!(p->mediates & (1ull << AA_CLASS_NS)))
		return -ENOENT;
	aa_perms_export(aa_lookup_perms(p->policy, p->policy->start[AA_CLASS_NS]),
			perms);
	return 0;
}

/* io_uring: the class state, or the target label matched from it. */
int aamed_profile_io_uring_perms(const aamed_profile *profile,
				 enum aamed_uring_op op,
				 const aamed_label *target,
				 struct aamed_perms *perms)
{
	const struct aa_profile *p = to_profile(profile);
	const struct aa_policydb *pdb;

	if (!perms)
		return -EINVAL;
	memset(perms, 0, sizeof(*perms));
	if (!p || (op != AAMED_URING_OP_SQPOLL &&
		   (op != AAMED_URING_OP_OVERRIDE_CREDS || !target)))
		return -EINVAL;
	if (!(p->mediates & (1ull << AA_CLASS_IO_URING)))
		return -ENOENT;
	pdb = p->policy;
	if (op == AAMED_URING_OP_OVERRIDE_CREDS)
		return peer_match(p, target, pdb->start[AA_CLASS_IO_URING],
				  AAMED_URING_OVERRIDE_CREDS, perms);
	aa_perms_export(aa_lookup_perms(pdb, pdb->start[AA_CLASS_IO_URING]),
			perms);
	return 0;
}
