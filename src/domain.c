// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Exec: attachment (find_attach) and domain transitions
 * (profile_transition, x_to_label), as the kernel's domain.c.
 *
 * Exec is not a hot path: a transition to a stack the policy has not
 * interned yet allocates it (owned by the policy), so the transition
 * runs under the policy lock.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "domain.h"
#include "file.h"
#include "label.h"
#include "policy.h"

/*
 * find_attach(): the profiles of ns under parent, newest first as the
 * kernel's list has them (policy->profiles is in ascending load order).
 * The longest match wins; an equal match with no better xattr count is a
 * conflict.
 */
struct aa_label *aa_find_attach_x(aamed_policy *policy,
				  const struct aa_ns *ns,
				  const struct aa_profile *parent,
				  const char *name,
				  const struct aa_xattr_set *xs,
				  const char **info)
{
	struct aa_profile *cand = NULL;
	unsigned cand_len = 0;
	int cand_x = 0;
	bool conflict = false;
	size_t i;

	for (i = policy->nprofiles; i-- > 0;) {
		struct aa_profile *p = policy->profiles[i];

		if (p->ns != ns || p->parent != parent)
			continue;
		if (p->xmatch) {
			unsigned count;
			uint32_t state = aa_dfa_leftmatch(p->xmatch->dfa,
							  DFA_START, name,
							  &count,
							  policy->kernel);
			int ret = 0;

			if (!(aa_lookup_perms(p->xmatch, state)->allow &
			      AAMED_MAY_EXEC))
				continue;
			if (count < cand_len)
				continue;
			if (p->xattr_count) {
				ret = aa_xattrs_match(p, state, xs);
				if (ret < 0)
					continue;
			}
			if (count == cand_len && ret <= cand_x) {
				if (ret == cand_x)
					conflict = true;
				continue;
			}
			cand = p;
			cand_len = count > p->xmatch_len ? count : p->xmatch_len;
			cand_x = ret;
			conflict = false;
		} else if (!strcmp(p->bname, name)) {
			/* an exact plain-name match ends the search */
			cand = p;
			conflict = false;
			break;
		}
	}
	if (!cand || conflict) {
		if (conflict && info)
			*info = "conflicting profile attachments";
		return NULL;
	}
	return cand->label;
}

struct aa_label *aa_find_attach(aamed_policy *policy, const struct aa_ns *ns,
				const struct aa_profile *parent,
				const char *name, const char **info)
{
	return aa_find_attach_x(policy, ns, parent, name, NULL, info);
}

const aamed_label *aamed_attach_xattrs(aamed_policy *policy, const char *ns,
				       const char *path,
				       const struct aamed_xattr *xattrs,
				       size_t n, const char **info)
{
	const struct aa_ns *sp;
	struct aa_xattr_set xs;
	struct aa_label *l;

	if (info)
		*info = NULL;
	if (!policy || !path || aa_xattr_set_init(&xs, xattrs, n))
		return NULL;
	sp = aa_policy_ns(policy, ns ? ns : "", false);
	if (!sp)
		return from_label(policy->ns[0]->unconfined);
	l = aa_find_attach_x(policy, sp, NULL, path, &xs, info);
	return from_label(l ? l : sp->unconfined);
}

/* A file without xattrs. */
const aamed_label *aamed_attach(aamed_policy *policy, const char *ns,
				const char *path, const char **info)
{
	return aamed_attach_xattrs(policy, ns, path, NULL, 0, info);
}

/* A direct child of parent by its last name component (aa_find_child). */
static struct aa_profile *find_child(const aamed_policy *policy,
				     const struct aa_profile *parent,
				     const char *name)
{
	size_t i;

	for (i = 0; i < policy->nprofiles; i++) {
		struct aa_profile *p = policy->profiles[i];

		if (p->parent == parent && !strcmp(p->bname, name))
			return p;
	}
	return NULL;
}

struct xlate {
	struct aa_label *label;
	const char *lookupname;
	const char *info;
	enum aamed_xmode mode;
	bool secure;		/* environment scrubbed (no unsafe bit) */
};

static enum aamed_xmode xmode_of(uint32_t xindex)
{
	if ((xindex & AA_X_TYPE_MASK) == AA_X_NONE)
		return (xindex & AA_X_INHERIT) ? AAMED_X_INHERIT
		       : (xindex & AA_X_UNCONFINED) ? AAMED_X_UNCONFINED
						   : AAMED_X_DENIED;
	return (xindex & AA_X_CHILD) ? AAMED_X_CHILD : AAMED_X_PROFILE;
}

/* Stack the label text stack (without its '&') on top of base. */
static struct aa_label *stack_on(aamed_policy *policy, struct aa_label *base,
				 const struct aa_profile *profile,
				 const char *stack)
{
	struct aa_label *add;
	struct aa_profile *vec[64];
	int err;

	add = aa_label_parse(policy, profile, stack, &err);
	if (!add || base->size + add->size > ARRAY_SIZE(vec))
		return NULL;
	memcpy(vec, base->vec, base->size * sizeof(vec[0]));
	memcpy(vec + base->size, add->vec, add->size * sizeof(vec[0]));
	return aa_label_for_vec(policy, vec, base->size + add->size);
}

static void x_to_label(aamed_policy *policy, const struct aa_profile *profile,
		       const char *name, uint32_t xindex,
		       const struct aa_xattr_set *xs, struct xlate *x)
{
	uint32_t type = xindex & AA_X_TYPE_MASK;
	const char *stack = NULL;
	const struct aa_profile *parent = NULL;
	int err;

	x->label = NULL;
	x->lookupname = NULL;
	x->mode = xmode_of(xindex);
	switch (type) {
	case AA_X_TABLE: {
		const char *entry = profile->file->xtable[xindex & AA_X_INDEX_MASK];

		if (*entry != '&') {
			x->lookupname = entry;
			if (xindex & AA_X_CHILD) {
				struct aa_profile *c =
					find_child(policy, profile, entry);

				x->label = c ? c->label : NULL;
			} else {
				x->label = aa_label_parse(policy, profile, entry,
							  &err);
			}
			/* 6.1 walks past the name when the lookup fails */
			if (!x->label &&
			    !aa_kernel_has(policy->kernel, AA_K_XNAME_KEPT))
				x->lookupname = NULL;
			break;
		}
		stack = entry + 1;
		x->mode = AAMED_X_STACK;
	}
		__attribute__((fallthrough));	/* a stack attaches by path first */
	case AA_X_NAME:
		parent = (xindex & AA_X_CHILD) ? profile : NULL;
		x->label = aa_find_attach_x(policy, profile->ns, parent, name,
					    xs, &x->info);
		x->lookupname = name;
		break;
	default:
		break;
	}
	if (!x->label) {
		if (xindex & AA_X_INHERIT) {
			x->info = "ix fallback";
			x->label = profile->label;
			x->mode = AAMED_X_INHERIT;
		} else if (xindex & AA_X_UNCONFINED) {
			x->label = profile->ns->unconfined;
			x->info = "ux fallback";
			x->mode = AAMED_X_UNCONFINED;
		}
	}
	if (x->label && stack)
		x->label = stack_on(policy, x->label, profile, stack);
	/* 3.0.8 writes "cx -> kid" as a plain table name: report it as cx */
	if (x->mode == AAMED_X_PROFILE && x->label && x->label->size == 1 &&
	    x->label->vec[0]->parent == profile)
		x->mode = AAMED_X_CHILD;
}

/*
 * profile_transition(): the new label for one member of the subject's
 * label on exec of name, and the kernel's audit of it.
 */
static int profile_transition(aamed_policy *policy,
			      const struct aa_profile *profile,
			      struct aa_audit_data *ad,
			      const struct aa_xattr_set *xs, struct xlate *x,
			      char *learn, size_t learnlen)
{
	const char *name = ad->name;
	struct aa_perms perms;
	int error = 0;

	memset(x, 0, sizeof(*x));
	if (profile_unconfined(profile)) {
		x->label = aa_find_attach_x(policy, profile->ns, NULL, name, xs,
					    &x->info);
		x->mode = AAMED_X_ATTACH;
		if (!x->label)
			x->label = profile->label;
		return 0;
	}
	aa_str_perms(profile->file, profile->file ?
			     profile->file->start[AA_CLASS_FILE] : 0,
		     name, ad->fs.fsuid == ad->fs.ouid, &perms);
	if (perms.allow & AAMED_MAY_EXEC) {
		x_to_label(policy, profile, name, perms.xindex, xs, x);
		if (x->label && x->label == profile->label && x->info)
			goto audit;	/* the ix fallback */
		if (!x->label) {
			error = -EACCES;
			x->info = "profile transition not found";
			perms.allow &= ~AAMED_MAY_EXEC;
		}
	} else if (profile->mode == APPARMOR_COMPLAIN) {
		/* learning mode: a null- profile under this one */
		snprintf(learn, learnlen, "%s//null-%s", profile->hname, name);
		x->mode = AAMED_X_LEARN;
		error = -EACCES;
		perms.xindex |= AA_X_UNSAFE;
	} else {
		error = -EACCES;
	}
	/* the kernel's secure_exec: not for the ix fallback (jumped over) */
	if (x->label && !(perms.xindex & AA_X_UNSAFE))
		x->secure = true;
audit:
	if (x->mode != AAMED_X_LEARN && error == 0 && !x->label)
		x->mode = AAMED_X_DENIED;
	ad->fs.target = x->label ? x->label->name
			: x->mode == AAMED_X_LEARN ? learn : x->lookupname;
	ad->info = x->info;
	return aa_audit_file(profile, &perms, AAMED_MAY_EXEC, error, ad);
}

int aa_exec_transition_x(const struct aa_label *label,
			 struct aamed_exec_result *res,
			 struct aa_audit_data *ad,
			 const struct aa_xattr_set *xs)
{
	aamed_policy *policy = label->vec[0]->ns->policy;
	struct aa_profile *vec[64];
	char learn[600] = "";
	size_t n = 0;
	uint32_t i;
	int error = 0;
	bool secure = false, learning = false;

	pthread_mutex_lock(&policy->lock);
	for (i = 0; i < label->size; i++) {
		struct xlate x;
		enum aamed_xmode mode;

		error = profile_transition(policy, label->vec[i], ad, xs, &x,
					   learn, sizeof(learn));
		mode = x.mode;
		if (x.secure)
			secure = true;
		if (!res->info)
			res->info = x.info;
		/* the first member that fails aborts the exec */
		if (error) {
			res->mode = AAMED_X_DENIED;
			goto out;
		}
		if (res->mode == AAMED_X_DENIED || res->mode == AAMED_X_ATTACH)
			res->mode = mode;
		if (mode == AAMED_X_LEARN) {
			learning = true;
			continue;
		}
		if (!x.label) {
			error = -EACCES;
			res->mode = AAMED_X_DENIED;
			goto out;
		}
		if (n + x.label->size > ARRAY_SIZE(vec)) {
			error = -E2BIG;
			goto out;
		}
		memcpy(vec + n, x.label->vec, x.label->size * sizeof(vec[0]));
		n += x.label->size;
	}
	res->unsafe = !secure;
	if (learning) {
		/* truncated to res->name; a copy gcc -O1 does not warn about */
		size_t nl = strnlen(learn, sizeof(res->name) - 1);

		res->mode = AAMED_X_LEARN;
		memcpy(res->name, learn, nl);
		res->name[nl] = '\0';
		goto out;
	}
	res->label = from_label(aa_label_for_vec(policy, vec, n));
	if (!res->label) {
		error = -ENOMEM;
		goto out;
	}
	snprintf(res->name, sizeof(res->name), "%s", to_label(res->label)->name);
out:
	pthread_mutex_unlock(&policy->lock);
	return error;
}
