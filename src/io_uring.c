// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring mediation (the kernel's lsm.c: audit_uring_mask(),
 * audit_uring_cb(), profile_uring(), apparmor_uring_sqpoll() and
 * apparmor_uring_override_creds()).
 */
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "io_uring.h"
#include "label.h"
#include "perms.h"
#include "policy.h"

#define AA_URING_PERM_MASK (AAMED_URING_SQPOLL | AAMED_URING_OVERRIDE_CREDS)

/* audit_uring_mask(): one word, sqpoll first */
static size_t uring_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s = (mask & AAMED_URING_SQPOLL)	       ? "sqpoll"
			: (mask & AAMED_URING_OVERRIDE_CREDS) ? "override_creds"
							       : "";

	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

static void uring_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & AA_URING_PERM_MASK) {
		uring_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested=\"%s\"", s);
		if (r->denied & AA_URING_PERM_MASK) {
			uring_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied=\"%s\"", s);
		}
	}
	if (r->peer) {
		aa_put(o, " tcontext=");
		aa_put_untrusted(o, r->peer);
	}
}

static void uring_fill(struct aamed_audit *rec,
		       const struct aa_audit_data *ad, char *buf, size_t len)
{
	if (ad->peer)
		rec->peer = aa_label_xaudit_name(ad->subj, ad->peer, buf, len);
}

const struct aa_class_ops aa_uring_class = {
	.name = "io_uring",
	.perms_str = uring_perms_str,
	.fill = uring_fill,
	.print = uring_audit_fields,
};

/* ------------------------------------------------------------------ */
/*
 * Mediation. profile_uring(): no start state for the class means no
 * mediation. sqpoll reads the class state itself; override_creds
 * matches the target label from the class state, as signal and ptrace
 * match their peer (the parser writes the class state with every
 * permission of the rule, and the label after it for override_creds).
 */
static int profile_uring(const struct aa_profile *profile, uint32_t request,
			 const struct aa_label *target,
			 struct aa_audit_data *ad)
{
	const struct aa_policydb *pdb = profile->policy;
	struct aa_perms perms;
	uint32_t state;

	if (!(profile->mediates & (1ull << AA_CLASS_IO_URING)))
		return 0;
	state = pdb->start[AA_CLASS_IO_URING];
	if (target)
		aa_label_match(profile, target, state, request, &perms);
	else
		perms = *aa_lookup_perms(pdb, state);
	aa_apply_modes_to_perms(profile, &perms);
	return aa_check_perms(profile, &perms, request, ad);
}

int aa_uring_perm(const struct aa_label *label, uint32_t request,
		  const struct aa_label *target, aamed_audit_fn fn, void *arg)
{
	struct aa_audit_data ad;
	int error;

	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_IO_URING,
			   request == AAMED_URING_SQPOLL ? "uring_sqpoll"
							: "uring_override");
	ad.peer = target;
	for_each_confined(label, p, error,
			  profile_uring(p, request, target, &ad));
	return error;
}
