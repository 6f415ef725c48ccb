/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Permission sets and the generic check (the kernel's perms.h and the
 * permission half of lib.c).
 */
#ifndef AAMED_PERMS_H
#define AAMED_PERMS_H

#include <stdint.h>

#define ALL_PERMS_MASK 0xffffffffu

/* Permissions after the compat mapping (kernel struct aa_perms). */
struct aa_perms {
	uint32_t allow;
	uint32_t deny;
	uint32_t audit;
	uint32_t quiet;
	uint32_t kill;
	uint32_t complain;
	uint32_t xindex;
};

struct aa_profile;
struct aa_audit_data;

/* The profile's audit and enforcement modes folded into perms. */
void aa_apply_modes_to_perms(const struct aa_profile *profile,
			     struct aa_perms *perms);

/* aa_perms_accum(): accumulate a into accum; every part must allow. */
void aa_perms_accum(struct aa_perms *accum, const struct aa_perms *a);

/*
 * The kernel's aa_check_perms(): denied = request & (~allow | deny); the
 * record type from kill/complain/audit/quiet. perms must have the
 * profile's modes applied. Unlike file checks, a generic check emits a
 * KILLED record but sends no signal, and a fully quieted denial returns
 * before the complain conversion: it stays enforced in complain mode.
 */
int aa_check_perms(const struct aa_profile *profile,
		   const struct aa_perms *perms, uint32_t request,
		   struct aa_audit_data *ad);

/*
 * Upstream net.c's aa_do_perms() (6.1 and 6.12 have none: their callers
 * do the same two steps) from looked-up permissions: the profile's
 * modes applied to a copy, then the generic check. Inline so the allow
 * path of a hot check stays in its own file.
 */
static inline int aa_do_perms(const struct aa_profile *profile,
			      const struct aa_perms *perms, uint32_t request,
			      struct aa_audit_data *ad)
{
	struct aa_perms p = *perms;

	aa_apply_modes_to_perms(profile, &p);
	if (__builtin_expect(!(request & (~p.allow | p.deny)), 1) &&
	    __builtin_expect(!(request & p.audit), 1))
		return 0;
	return aa_check_perms(profile, &p, request, ad);
}

#endif
