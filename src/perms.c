// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generic permission check used by every class but file (the
 * kernel's lib.c: aa_apply_modes_to_perms() and aa_check_perms()).
 */
#include <errno.h>
#include <string.h>

#include "internal.h"

#define ALL_PERMS_MASK 0xffffffffu

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

/* Complete the record with what every class prints, and emit it. */
void aa_emit(const struct aa_audit_ctx *ctx, const struct aa_profile *profile,
	     aa_fill_fn fill, void *data, enum aamed_audit_type type,
	     uint32_t request, uint32_t denied, int error)
{
	struct aamed_audit rec;

	memset(&rec, 0, sizeof(rec));
	fill(&rec, data);
	rec.type = type;
	rec.request = request;
	rec.denied = denied;
	rec.error = error;
	rec.ns = profile->ns->name[0] ? profile->ns->name : NULL;
	rec.profile = profile->hname;
	ctx->fn(&rec, ctx->arg);
}

/*
 * Unlike file checks, a generic check emits a KILLED record but sends no
 * signal, and a fully quieted denial returns before the complain
 * conversion: it stays enforced in complain mode. The record is filled
 * (fill(rec, data)) only when one is emitted.
 */
int aa_check_perms(const struct aa_audit_ctx *ctx,
		   const struct aa_profile *profile,
		   const struct aa_perms *perms, uint32_t request,
		   aa_fill_fn fill, void *data)
{
	uint32_t denied = request & (~perms->allow | perms->deny);
	enum aamed_audit_type type;
	bool log = ctx && ctx->fn;

	if (likely(!denied)) {
		request &= perms->audit;
		if (likely(!request) || !log)
			return 0;
		aa_emit(ctx, profile, fill, data, AAMED_AUDIT_AUDIT, request, 0, 0);
		return 0;
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
	if (log)
		aa_emit(ctx, profile, fill, data, type, request, denied, -EACCES);
	return type == AAMED_AUDIT_ALLOWED ? 0 : -EACCES;
}
