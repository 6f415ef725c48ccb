// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ptrace mediation (the kernel's task.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "labelmatch.h"

#define AA_PTRACE_PERM_MASK                                                \
	(AAMED_PTRACE_READ | AAMED_PTRACE_TRACE | AAMED_PTRACE_READBY |     \
	 AAMED_PTRACE_TRACEDBY)

size_t aa_ptrace_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s;

	/* audit_ptrace_mask(): exactly one bit, or nothing */
	switch (mask) {
	case AAMED_PTRACE_READ:
		s = "read";
		break;
	case AAMED_PTRACE_TRACE:
		s = "trace";
		break;
	case AAMED_PTRACE_READBY:
		s = "readby";
		break;
	case AAMED_PTRACE_TRACEDBY:
		s = "tracedby";
		break;
	default:
		s = "";
	}
	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

void aa_ptrace_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & AA_PTRACE_PERM_MASK) {
		aa_ptrace_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & AA_PTRACE_PERM_MASK) {
			aa_ptrace_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	aa_put(o, " peer=");
	aa_put_untrusted(o, r->peer ? r->peer : "");
}

/* ------------------------------------------------------------------ */
/* Mediation (task.c aa_may_ptrace()). */

#define CAP_SYS_PTRACE 19
#define PTRACE_PERM_SHIFT 2	/* tracer request -> tracee's "…by" bit */

/* profile_ptrace_perm(): class LABEL, the ptrace type byte, the peer */
static int profile_ptrace_perm(const struct aa_audit_ctx *ctx,
			       const struct aa_profile *profile,
			       const struct aa_label *peer, uint32_t request)
{
	const struct aa_policydb *pdb = profile->policy;
	const struct aa_ipc_info ii = {
		.class = AAMED_CLASS_PTRACE, .op = "ptrace", .peer = peer,
	};
	struct aa_perms perms;
	uint32_t state;

	state = aa_dfa_next(pdb->dfa, pdb->start[AA_CLASS_LABEL],
			    AA_CLASS_PTRACE);
	aa_ipc_label_match(profile, peer, state, request, &perms);
	aa_apply_modes_to_perms(profile, &perms);
	return aa_ipc_check_perms(ctx, profile, &perms, request, &ii);
}

static inline bool mediates_ptrace(const struct aa_profile *p)
{
	return p->mediates & (1ull << AA_CLASS_PTRACE);
}

/*
 * profile_tracer_perm(). A profile without ptrace rules (compiled for a
 * kernel without ptrace mediation) falls back to the old test: tracing
 * its own label is fine, anything else needs CAP_SYS_PTRACE, checked by
 * aa_capable() on the profile's own label (a capability record of its
 * own), then a ptrace record with no mask for the result.
 */
static int profile_tracer_perm(const struct aa_audit_ctx *ctx,
			       const struct aa_profile *tracer,
			       const struct aa_label *tracee, uint32_t request)
{
	const struct aa_ipc_info ii = {
		.class = AAMED_CLASS_PTRACE, .op = "ptrace", .peer = tracee,
	};
	int error;

	if (profile_unconfined(tracer))
		return 0;
	if (mediates_ptrace(tracer))
		return profile_ptrace_perm(ctx, tracer, tracee, request);
	if (tracer->label == tracee)
		return 0;
	error = aamed_capable(from_label(tracer->label), CAP_SYS_PTRACE, 0,
			      ctx->fn, ctx->arg);
	return aa_ipc_audit(ctx, AUDIT_AUTO, tracer, error, &ii);
}

/* profile_tracee_perm(): no fallback; an unconfined tracer passes */
static int profile_tracee_perm(const struct aa_audit_ctx *ctx,
			       const struct aa_profile *tracee,
			       const struct aa_label *tracer, uint32_t request)
{
	if (profile_unconfined(tracee) || !mediates_ptrace(tracee))
		return 0;
	return profile_ptrace_perm(ctx, tracee, tracer, request);
}

int aamed_ptrace_side(const aamed_label *tracer, const aamed_label *tracee,
		      uint32_t request, unsigned sides, aamed_audit_fn audit,
		      void *arg)
{
	const struct aa_label *tr = to_label(tracer), *te = to_label(tracee);
	struct aa_audit_ctx ctx = { audit, arg };
	uint32_t xrequest = request << PTRACE_PERM_SHIFT;
	int error = 0, e;
	uint32_t i;

	/* an unconfined tracer passes both sides */
	if (likely(aa_label_unconfined(tr)))
		return 0;
	if (request != AAMED_PTRACE_READ && request != AAMED_PTRACE_TRACE)
		return -EINVAL;
	if (sides & AAMED_SIDE_SUBJECT)
		for (i = 0; i < tr->size; i++) {
			e = profile_tracer_perm(&ctx, tr->vec[i], te, request);
			if (e)
				error = e;
		}
	if ((sides & AAMED_SIDE_PEER) && !aa_label_unconfined(te))
		for (i = 0; i < te->size; i++) {
			e = profile_tracee_perm(&ctx, te->vec[i], tr, xrequest);
			if (e)
				error = e;
		}
	return error;
}

int aamed_ptrace(const aamed_label *tracer, const aamed_label *tracee,
		 uint32_t request, aamed_audit_fn audit, void *arg)
{
	return aamed_ptrace_side(tracer, tracee, request, AAMED_SIDE_BOTH,
				 audit, arg);
}
