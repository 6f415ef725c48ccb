/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Peer-label matching and record emission shared by the two-sided
 * classes (signal, ptrace) and capability (the kernel's label.c
 * aa_label_match(), lib.c aa_profile_match_label(), aa_check_perms()).
 */
#ifndef AAMED_LABELMATCH_H
#define AAMED_LABELMATCH_H

#include "internal.h"

/*
 * aa_label_match(): the permissions profile's policydb grants towards
 * peer from state, matching the compound name "a//&b" first and, when
 * that does not grant request, each component on its own (accumulated).
 * Only components in profile's namespace are matched (subns = false).
 * Follows profile->ns->policy->kernel where 6.1 and 6.12 differ.
 */
void aa_ipc_label_match(const struct aa_profile *profile,
			const struct aa_label *peer, uint32_t state,
			uint32_t request, struct aa_perms *perms);

/* What a record of the ipc classes carries besides the common fields. */
struct aa_ipc_info {
	enum aamed_class class;
	const char *op;
	const char *info;
	const struct aa_label *peer;	/* NULL: no peer= field */
	int cap;
	int signal, unmapped_signal;
};

/*
 * aa_check_perms() with the record built only when it is emitted.
 * perms must already have the profile's modes applied.
 */
int aa_ipc_check_perms(const struct aa_audit_ctx *ctx,
		       const struct aa_profile *profile,
		       const struct aa_perms *perms, uint32_t request,
		       const struct aa_ipc_info *ii);

/*
 * aa_audit(type, profile, …) for a record with no masks (capability,
 * the ptrace capability fallback): error is the check's result; returns
 * what the kernel returns. type may be AUDIT_AUTO.
 */
int aa_ipc_audit(const struct aa_audit_ctx *ctx, enum aamed_audit_type type,
		 const struct aa_profile *profile, int error,
		 const struct aa_ipc_info *ii);

#endif
