/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Attachment and exec transitions (the kernel's domain.h, domain.c).
 */
#ifndef AAMED_DOMAIN_H
#define AAMED_DOMAIN_H

#include "aamed.h"
#include "xattr.h"

struct aa_audit_data;
struct aa_label;
struct aa_ns;
struct aa_profile;

/*
 * find_attach(): the label of the profile of ns under parent that
 * attaches to name, or NULL (info: the kernel's reason on a conflict).
 * Reads only; the caller holds policy->lock or the policy is not
 * changing.
 */
struct aa_label *aa_find_attach(aamed_policy *policy, const struct aa_ns *ns,
				const struct aa_profile *parent,
				const char *name, const char **info);
/* The same for a file with the extended attributes xs (NULL: none). */
struct aa_label *aa_find_attach_x(aamed_policy *policy,
				  const struct aa_ns *ns,
				  const struct aa_profile *parent,
				  const char *name,
				  const struct aa_xattr_set *xs,
				  const char **info);

/*
 * The exec of ad->name by label (the kernel's apparmor_bprm_creds_for_exec
 * and profile_transition() per member): fills res, each member audits
 * its own part, for a file with the extended attributes xs (NULL:
 * none). Takes policy->lock; may intern the new stack.
 */
int aa_exec_transition_x(const struct aa_label *label,
			 struct aamed_exec_result *res,
			 struct aa_audit_data *ad,
			 const struct aa_xattr_set *xs);

#endif
