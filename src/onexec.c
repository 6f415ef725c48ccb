// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The exec after a change_profile onexec (handle_onexec(),
 * profile_onexec()) and the no_new_privs end of
 * apparmor_bprm_creds_for_exec(), as 6.1 and 6.12 do them.
 *
 * An onexec label replaces the exec's own transition for the profiles
 * of the task's namespace; each must allow the pairing of the exec
 * (the executable's path, AA_MAY_ONEXEC) with a change_profile to the
 * label from the state after the path and a NUL.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "change_profile.h"
#include "file.h"
#include "label.h"
#include "perms.h"
#include "policy.h"
#include "task.h"

/* profile_onexec(): 0 or an error; *secure as the kernel's secure_exec. */
static int profile_onexec(const struct aa_profile *profile,
			  const struct aa_label *onexec, bool stack,
			  struct aa_audit_data *ad, bool *secure)
{
	struct aa_perms perms;
	uint32_t state;
	int error = -EACCES;

	if (profile_unconfined(profile))
		return 0;	/* granted when the change was made */
	memset(&perms, 0, sizeof(perms));
	ad->info = "change_profile onexec";
	state = aa_str_perms(profile->file, profile->file ?
				     profile->file->start[AA_CLASS_FILE] : 0,
			     ad->name, ad->fs.fsuid == ad->fs.ouid, &perms);
	if (!(perms.allow & AAMED_MAY_ONEXEC)) {
		/*
		 * 6.1 and 6.12 come here with the error the path lookup
		 * reset to 0: the info is logged (when audited) but the
		 * exec is not refused, and it is not a secure exec
		 */
		ad->info = "no change_onexec valid for executable";
		error = 0;
		goto audit;
	}
	state = profile->file ? aa_dfa_null_transition(profile->file->dfa,
							state)
			      : 0;
	error = aa_change_profile_perms(profile, onexec, stack,
					AAMED_MAY_ONEXEC, state, &perms);
	if (error) {
		perms.allow &= ~AAMED_MAY_ONEXEC;
		goto audit;
	}
	if (!(perms.xindex & AA_X_UNSAFE))
		*secure = true;
audit:
	ad->fs.target = onexec->name;
	return aa_audit_file(profile, &perms, AAMED_MAY_ONEXEC, error, ad);
}

static void result_label(struct aamed_exec_result *res,
			 const struct aa_label *l)
{
	res->label = from_label(l);
	snprintf(res->name, sizeof(res->name), "%s", l->name);
}

int aa_exec_onexec(const struct aa_label *label,
		   const struct aa_label *onexec, bool stack,
		   struct aamed_exec_result *res, struct aa_audit_data *ad)
{
	const struct aa_ns *ns = label->vec[label->size - 1]->ns;
	aamed_policy *policy = ns->policy;
	struct aa_label *new;
	bool secure = false;
	int error = 0;
	uint32_t i;

	for (i = 0; i < label->size; i++) {
		int e;

		if (label->vec[i]->ns != ns)
			continue;
		e = profile_onexec(label->vec[i], onexec, stack, ad, &secure);
		if (e)
			error = e;
	}
	res->info = ad->info;
	if (error) {
		res->mode = AAMED_X_DENIED;
		return error;
	}
	res->mode = stack ? AAMED_X_STACK : AAMED_X_PROFILE;
	res->unsafe = !secure;
	if (!stack) {
		result_label(res, onexec);
		return 0;
	}
	/* each profile stacks the onexec label on itself: the union */
	pthread_mutex_lock(&policy->lock);
	new = aa_label_merge(label, onexec);
	pthread_mutex_unlock(&policy->lock);
	if (!new) {
		res->mode = AAMED_X_DENIED;
		return -ENOMEM;
	}
	result_label(res, new);
	return 0;
}

/*
 * The "audit:" end of apparmor_bprm_creds_for_exec(): every profile logs
 * the refusal with info, then the exec fails, unless all of them are in
 * complain mode.
 */
static int exec_refuse(const struct aa_label *label, const char *info,
		       int error, struct aamed_exec_result *res,
		       struct aa_audit_data *ad)
{
	const struct aa_label *new = to_label(res->label);
	struct aa_perms none;
	int ret = 0;
	uint32_t i;

	memset(&none, 0, sizeof(none));
	ad->op = "exec";
	ad->info = info;
	ad->fs.target = new ? new->name : res->name;
	for (i = 0; i < label->size; i++) {
		int e = aa_audit_file(label->vec[i], &none, AAMED_MAY_EXEC,
				      error, ad);

		if (e)
			ret = e;
	}
	res->info = info;
	if (ret) {
		res->mode = AAMED_X_DENIED;
		res->label = NULL;
		res->name[0] = '\0';
		return ret;
	}
	/* complain mode: the exec goes on, the label stays */
	res->mode = AAMED_X_INHERIT;
	res->unsafe = 1;
	result_label(res, label);
	return 0;
}

int aa_exec_nnp(const struct aa_label *label, int error,
		struct aamed_exec_result *res, struct aa_audit_data *ad)
{
	const struct aa_label *new = to_label(res->label);

	if (error || aa_label_unconfined(label))
		return error;
	if (new && aa_label_unconfined_subset(new, label))
		return 0;
	return exec_refuse(label, "no new privs", -EPERM, res, ad);
}

int aa_exec_ptraced(const struct aa_label *label,
		    const struct aa_label *tracer, int error,
		    struct aamed_exec_result *res, struct aa_audit_data *ad)
{
	const struct aa_label *new = to_label(res->label);
	const char *info = NULL;

	/* a learning exec's new profile is not made by a decision */
	if (error || !tracer || !new)
		return error;
	error = aa_may_change_ptraced_domain(tracer, new, &info, ad->fn,
					     ad->arg);
	return error ? exec_refuse(label, info, error, res, ad) : 0;
}
