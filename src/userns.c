// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User namespace mediation (the kernel's task.c: aa_profile_ns_perm()
 * and audit_ns_cb(), called by lsm.c's apparmor_userns_create()).
 */
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "label.h"
#include "perms.h"
#include "policy.h"
#include "userns.h"

static size_t ns_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s = (mask & AAMED_USERNS_CREATE) ? "userns_create" : "";

	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

/* audit_ns_cb(): the request and the denial, each only when it has the bit */
static void ns_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	if (r->request & AAMED_USERNS_CREATE)
		aa_put(o, " requested=\"userns_create\"");
	if (r->denied & AAMED_USERNS_CREATE)
		aa_put(o, " denied=\"userns_create\"");
}

const struct aa_class_ops aa_ns_class = {
	.name = "namespace",
	.perms_str = ns_perms_str,
	.print = ns_audit_fields,
};

/* ------------------------------------------------------------------ */
/*
 * Mediation. aa_profile_ns_perm(): no start state for the class means
 * the profile does not mediate namespaces; otherwise the permissions are
 * those of the class state itself (nothing is matched after the class
 * byte) and the generic check decides.
 */
static int profile_ns_perm(const struct aa_profile *profile,
			   uint32_t request, struct aa_audit_data *ad)
{
	const struct aa_policydb *pdb = profile->policy;
	struct aa_perms perms;

	if (!(profile->mediates & (1ull << AA_CLASS_NS)))
		return 0;
	perms = *aa_lookup_perms(pdb, pdb->start[AA_CLASS_NS]);
	aa_apply_modes_to_perms(profile, &perms);
	return aa_check_perms(profile, &perms, request, ad);
}

int aa_userns_create(const struct aa_label *label, aamed_audit_fn fn,
		     void *arg)
{
	struct aa_audit_data ad;
	int error;

	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_NS, "userns_create");
	for_each_confined(label, p, error,
			  profile_ns_perm(p, AAMED_USERNS_CREATE, &ad));
	return error;
}
