// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ptrace mediation (the kernel's task.c).
 */
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "capability.h"
#include "label.h"
#include "perms.h"
#include "policy.h"
#include "task.h"

#define AA_PTRACE_PERM_MASK                                                \
	(AAMED_PTRACE_READ | AAMED_PTRACE_TRACE | AAMED_PTRACE_READBY |     \
	 AAMED_PTRACE_TRACEDBY)

static size_t ptrace_perms_str(uint32_t mask, char *buf, size_t len)
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

static void ptrace_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & AA_PTRACE_PERM_MASK) {
		ptrace_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & AA_PTRACE_PERM_MASK) {
			ptrace_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	aa_put(o, " peer=");
	aa_put_untrusted(o, r->peer ? r->peer : "");
}

static void ptrace_fill(struct aamed_audit *rec,
			const struct aa_audit_data *ad, char *buf, size_t len)
{
	rec->peer = aa_label_xaudit_name(ad->subj, ad->peer, buf, len);
}

const struct aa_class_ops aa_ptrace_class = {
	.name = "ptrace",
	.perms_str = ptrace_perms_str,
	.fill = ptrace_fill,
	.print = ptrace_audit_fields,
};

/* ------------------------------------------------------------------ */
/* Mediation (task.c aa_may_ptrace()). */

#define PTRACE_PERM_SHIFT 2	/* tracer request -> tracee's "…by" bit */

/* profile_ptrace_perm(): class LABEL, the ptrace type byte, the peer */
static int profile_ptrace_perm(const struct aa_profile *profile,
			       const struct aa_label *peer, uint32_t request,
			       struct aa_audit_data *ad)
{
	const struct aa_policydb *pdb = profile->policy;
	struct aa_perms perms;
	uint32_t state;

	state = aa_dfa_next(pdb->dfa, pdb->start[AA_CLASS_LABEL],
			    AA_CLASS_PTRACE);
	aa_label_match(profile, peer, state, request, &perms);
	aa_apply_modes_to_perms(profile, &perms);
	ad->peer = peer;
	return aa_check_perms(profile, &perms, request, ad);
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
static int profile_tracer_perm(const struct aa_profile *tracer,
			       const struct aa_label *tracee, uint32_t request,
			       struct aa_audit_data *ad)
{
	int error;

	if (profile_unconfined(tracer))
		return 0;
	if (mediates_ptrace(tracer))
		return profile_ptrace_perm(tracer, tracee, request, ad);
	if (tracer->label == tracee)
		return 0;
	error = aa_capable(tracer->label, CAP_SYS_PTRACE, 0, ad->fn, ad->arg);
	ad->peer = tracee;
	ad->request = 0;
	ad->denied = 0;
	ad->error = error;
	return aa_audit(AUDIT_AUTO, tracer, ad);
}

/* profile_tracee_perm(): no fallback; an unconfined tracer passes */
static int profile_tracee_perm(const struct aa_profile *tracee,
			       const struct aa_label *tracer, uint32_t request,
			       struct aa_audit_data *ad)
{
	if (profile_unconfined(tracee) || !mediates_ptrace(tracee))
		return 0;
	return profile_ptrace_perm(tracee, tracer, request, ad);
}

/*
 * The tracer's members ask request of the tracee label, then the
 * tracee's members the "…by" request of the tracer; the last error wins.
 */
int aa_may_ptrace(const struct aa_label *tracer, const struct aa_label *tracee,
		  uint32_t request, unsigned sides, aamed_audit_fn fn, void *arg)
{
	uint32_t xrequest = request << PTRACE_PERM_SHIFT;
	struct aa_audit_data ad;
	int error = 0, e;
	uint32_t i;

	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_PTRACE, "ptrace");
	if (sides & AAMED_SIDE_SUBJECT)
		for (i = 0; i < tracer->size; i++) {
			e = profile_tracer_perm(tracer->vec[i], tracee, request,
						&ad);
			if (e)
				error = e;
		}
	if ((sides & AAMED_SIDE_PEER) && !aa_label_unconfined(tracee))
		for (i = 0; i < tracee->size; i++) {
			e = profile_tracee_perm(tracee->vec[i], tracer,
						xrequest, &ad);
			if (e)
				error = e;
		}
	return error;
}

int aa_may_change_ptraced_domain(const struct aa_label *tracer,
				 const struct aa_label *to, const char **info,
				 aamed_audit_fn fn, void *arg)
{
	int error;

	/* an untraced task, or an unconfined tracer: nothing is asked */
	if (!tracer || aa_label_unconfined(tracer))
		return 0;
	/* the kernel passes PTRACE_MODE_ATTACH as the request: the same
	 * bit as AA_PTRACE_TRACE */
	error = aa_may_ptrace(tracer, to, AAMED_PTRACE_TRACE, AAMED_SIDE_BOTH,
			      fn, arg);
	if (error)
		*info = "ptrace prevents transition";
	return error;
}
