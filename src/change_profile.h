/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Self-directed domain changes (the kernel's aa_change_profile(), the
 * onexec half of apparmor_bprm_creds_for_exec(), and the no_new_privs
 * rules both apply).
 */
#ifndef AAMED_CHANGE_PROFILE_H
#define AAMED_CHANGE_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"

struct aa_audit_data;
struct aa_label;
struct aa_perms;
struct aa_profile;

/*
 * change_profile_perms(): what profile's file rules grant towards target
 * from state (domain.c's label_match() on the file DFA: the compound
 * "a//&b" name, then each component; stack prefixes "&"). 0 or -EACCES.
 */
int aa_change_profile_perms(const struct aa_profile *profile,
			    const struct aa_label *target, bool stack,
			    uint32_t request, uint32_t state,
			    struct aa_perms *perms);

/*
 * aa_label_is_unconfined_subset(set, sub): every confined profile of sub
 * is in set (the no_new_privs test: set is the new label, sub the one
 * the task had when no_new_privs was seen).
 */
bool aa_label_unconfined_subset(const struct aa_label *set,
				const struct aa_label *sub);

/*
 * The union of a and b (aa_label_merge), interned. Caller holds
 * policy->lock. NULL: out of memory or too many profiles.
 */
struct aa_label *aa_label_merge(const struct aa_label *a,
				const struct aa_label *b);

/* aa_change_profile() for label; see aamed_change_profile(). */
int aa_change_profile(const struct aa_label *label,
		      const struct aamed_change_req *req,
		      struct aamed_change_result *res, aamed_audit_fn fn,
		      void *arg);

/*
 * handle_onexec(): the exec of ad->name by label after a change_profile
 * onexec to onexec (stack: "stack" was written). Fills res as
 * aa_exec_transition_x() does. Takes policy->lock; may intern a stack.
 */
int aa_exec_onexec(const struct aa_label *label,
		   const struct aa_label *onexec, bool stack,
		   struct aamed_exec_result *res, struct aa_audit_data *ad);

/*
 * The no_new_privs test apparmor_bprm_creds_for_exec() makes after the
 * transition was built: a confined task may only move to a label that
 * keeps every profile it had. Rewrites res (and the error) the way the
 * kernel ends the exec.
 */
int aa_exec_nnp(const struct aa_label *label, int error,
		struct aamed_exec_result *res, struct aa_audit_data *ad);

/*
 * Its LSM_UNSAFE_PTRACE test, after no_new_privs: a task traced by a
 * confined tracer may only exec into a label the tracer may trace
 * (may_change_ptraced_domain()); refused as no_new_privs refuses, with
 * info "ptrace prevents transition".
 */
int aa_exec_ptraced(const struct aa_label *label,
		    const struct aa_label *tracer, int error,
		    struct aamed_exec_result *res, struct aa_audit_data *ad);

#endif
