// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generic permission check used by every class but file (the
 * kernel's lib.c: aa_apply_modes_to_perms() and aa_check_perms();
 * aa_perms_accum() is in lib.c in 6.1, an inline in include/perms.h in
 * 6.12).
 */
#include <errno.h>

#include "apparmor.h"
#include "audit.h"
#include "perms.h"
#include "policy.h"

void aa_apply_modes_to_perms(const struct aa_profile *profile,
			     struct aa_perms *perms)
{
	switch (profile->audit) {
	case AUDIT_ALL:
		perms->audit = ALL_PERMS_MASK;
		perms->quiet = 0;
		break;
	case AUDIT_NOQUIET:
		perms->quiet = 0;
		break;
	case AUDIT_QUIET:
		perms->audit = 0;
		perms->quiet = ALL_PERMS_MASK;
		break;
	case AUDIT_QUIET_DENIED:
		perms->quiet = ALL_PERMS_MASK;
		break;
	default:
		break;
	}
	if (profile->mode == APPARMOR_KILL)
		perms->kill = ALL_PERMS_MASK;
	else if (profile->mode == APPARMOR_COMPLAIN)
		perms->complain = ALL_PERMS_MASK;
}

/* Masks off what accum already decided. */
void aa_perms_accum(struct aa_perms *accum, const struct aa_perms *a)
{
	accum->deny |= a->deny;
	accum->allow &= a->allow & ~accum->deny;
	accum->audit |= a->audit & accum->allow;
	accum->quiet &= a->quiet & ~accum->allow;
	accum->kill |= a->kill & ~accum->allow;
	accum->complain |= a->complain & ~accum->allow & ~accum->deny;
}

/*
 * The record goes through aa_audit() with the type decided here; as the
 * profile's modes are already in perms, aa_audit()'s own mode tests
 * agree with it and only the complain conversion is left to do.
 */
int aa_check_perms(const struct aa_profile *profile,
		   const struct aa_perms *perms, uint32_t request,
		   struct aa_audit_data *ad)
{
	uint32_t denied = request & (~perms->allow | perms->deny);
	enum aamed_audit_type type;

	if (likely(!denied)) {
		request &= perms->audit;
		if (likely(!request) || !ad->fn)
			return 0;
		ad->request = request;
		ad->denied = 0;
		ad->error = 0;
		return aa_audit(AAMED_AUDIT_AUDIT, profile, ad);
	}
	if (denied & perms->kill)
		type = AAMED_AUDIT_KILLED;
	else if (denied == (denied & perms->complain))
		type = AAMED_AUDIT_ALLOWED;
	else
		type = AAMED_AUDIT_DENIED;
	denied &= ~perms->quiet;
	if (!denied)
		return -EACCES;
	ad->request = request;
	ad->denied = denied;
	ad->error = -EACCES;
	return aa_audit(type, profile, ad);
}
