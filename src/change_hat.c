// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_hat: the "changehat TOKEN^HAT" write to attr/current, as the
 * kernel's aa_change_hat(), change_hat() and build_change_hat() decide
 * it (identical in 6.1 and 6.12 but for the learning profile's
 * allocator, which does not show).
 *
 * The kernel creates a learning hat ("parent//null-NAME", complain mode)
 * when a complain-mode profile asks for a hat it does not have; aamed
 * does not add profiles to a loaded policy, so such an answer carries the
 * name only. A new stack of hats is interned like an exec's, under the
 * policy lock.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "aamed.h"
#include "apparmor.h"
#include "audit.h"
#include "change_hat.h"
#include "file.h"
#include "label.h"
#include "learning.h"
#include "policy.h"
#include "task.h"
#include "versioned.h"

static const struct aa_perms null_perms;

/* The state of one decision, shared by its steps. */
struct hat_ctx {
	aamed_policy *policy;
	const struct aa_label *label;
	const struct aa_ns *ns;		/* labels_ns(): the last member's */
	struct aamed_hat_req req;
	struct aamed_hat_result *res;
	aamed_audit_fn fn;
	void *arg;
};

/* The record of one member (aa_audit_file with the null permissions). */
static int hat_audit(const struct hat_ctx *c, const struct aa_profile *p,
		     const struct aa_perms *perms, const char *name,
		     const char *target, const char *info, int error)
{
	struct aa_audit_data ad;

	aa_audit_data_init(&ad, c->fn, c->arg, AAMED_CLASS_FILE,
			   "change_hat");
	ad.name = name;
	ad.fs.target = target;
	ad.fs.fsuid = 0;
	ad.fs.ouid = 0;
	ad.info = info;
	return aa_audit_file(p, perms, AAMED_MAY_CHANGEHAT, error, &ad);
}

/* aa_find_child(): a direct child of parent by its base name. */
static struct aa_profile *hat_child(const aamed_policy *policy,
				    const struct aa_profile *parent,
				    const char *name)
{
	size_t i;

	for (i = 0; i < policy->nprofiles; i++) {
		struct aa_profile *p = policy->profiles[i];

		if (p->parent == parent && !p->retired &&
		    !strcmp(p->bname, name))
			return p;
	}
	return NULL;
}

/* list_empty(&profile->base.profiles) negated: any child at all. */
static bool has_children(const aamed_policy *policy,
			 const struct aa_profile *parent)
{
	size_t i;

	for (i = 0; i < policy->nprofiles; i++)
		if (policy->profiles[i]->parent == parent &&
		    !policy->profiles[i]->retired)
			return true;
	return false;
}

static bool is_hat(const struct aa_profile *p)
{
	return p->flags & PFLAG_HAT;
}

/*
 * The root whose children are the candidate hats: the parent of a hat
 * (a sibling change), the profile itself otherwise. NULL: the member's
 * kind differs from the label's last member ("conflicting targets").
 */
static const struct aa_profile *hat_root(const struct aa_profile *p,
					 bool sibling)
{
	if (sibling && is_hat(p))
		return p->parent;
	if (!sibling && !is_hat(p))
		return p;
	return NULL;
}

/*
 * The first name every member of the namespace has a hat for (or is in
 * complain mode for). Returns its index, or a negative errno with *info
 * set (and *name when one name failed), as change_hat()'s search loop
 * and its "no hats" tail.
 */
static int find_hat_name(const struct hat_ctx *c, bool sibling,
			 const char **info, const char **name)
{
	size_t i, count = c->req.count;
	uint32_t j;

	for (i = 0; i < count; i++) {
		bool all = true;

		for (j = 0; j < c->label->size && all; j++) {
			const struct aa_profile *p = c->label->vec[j];
			const struct aa_profile *root = hat_root(p, sibling);
			const struct aa_profile *hat;

			if (p->ns != c->ns)
				continue;
			if (!root) {
				*info = "conflicting targets types";
				*name = c->req.hats[i];
				return -EPERM;
			}
			hat = hat_child(c->policy, root, c->req.hats[i]);
			if (!hat) {
				if (p->mode != APPARMOR_COMPLAIN)
					all = false;
			} else if (!is_hat(hat)) {
				*info = "target not hat";
				*name = c->req.hats[i];
				return -EPERM;
			}
		}
		if (all)
			return (int)i;
	}
	for (j = 0; j < c->label->size; j++) {
		const struct aa_profile *p = c->label->vec[j];

		if (p->ns == c->ns && has_children(c->policy, p)) {
			*info = "hat not found";
			return -ENOENT;
		}
	}
	*info = "no hats defined";
	return -ECHILD;
}

/* The failure records: probing for hats logs only when asked for more
 * than one name or in complain mode. */
static void audit_search_fail(const struct hat_ctx *c, const char *name,
			      const char *info, int error)
{
	uint32_t j;

	for (j = 0; j < c->label->size; j++) {
		const struct aa_profile *p = c->label->vec[j];

		if (p->ns == c->ns &&
		    (c->req.count > 1 || p->mode == APPARMOR_COMPLAIN))
			hat_audit(c, p, &null_perms, name, NULL, info, error);
	}
}

/* The learning hat "PARENT//null-NAME" of complain-mode member p. */
static struct aa_profile *learning_hat(struct hat_ctx *c,
				       const struct aa_profile *p,
				       const char *learnt)
{
	int err = 0;

	return aa_learning_profile(c->policy, p->ns, learnt, strlen(learnt),
				   &err);
}

/*
 * Append "//&MEMBER" (MEMBER alone first) to the label name in buf at
 * pos; the new pos. Once the name has outgrown buf, pos stays past its
 * end and nothing is written: buf + pos must not even be formed then.
 */
static size_t name_append(char *buf, size_t size, size_t pos,
			  const char *member)
{
	if (pos >= size)
		return pos;
	return pos + (size_t)snprintf(buf + pos, size - pos, "%s%s",
				      pos ? "//&" : "", member);
}

/*
 * build_change_hat() for each member of the namespace, the others kept:
 * the new stack into vec. A member in complain mode without the hat gets
 * a learning hat: *learn is set and its name is written into res->name
 * (and, for a traced task only, the learning hat itself into vec).
 */
static int build_hats(struct hat_ctx *c, const char *name, bool sibling,
		      struct aa_profile **vec, size_t *n, bool *learn)
{
	struct aamed_hat_result *res = c->res;
	char learnt[512];
	size_t pos = 0;
	uint32_t j;

	*n = 0;
	*learn = false;
	res->name[0] = '\0';
	for (j = 0; j < c->label->size; j++) {
		struct aa_profile *p = c->label->vec[j];
		const struct aa_profile *root = hat_root(p, sibling);
		struct aa_profile *hat;
		const char *member;

		if (p->ns != c->ns) {
			vec[(*n)++] = p;
			member = p->hname;
			goto name;
		}
		hat = root ? hat_child(c->policy, root, name) : NULL;
		if (hat) {
			hat_audit(c, p, &null_perms, name, hat->hname, NULL, 0);
			vec[(*n)++] = hat;
			member = hat->hname;
			goto name;
		}
		/* only a complain-mode member gets here without its hat */
		snprintf(learnt, sizeof(learnt), "%s//null-%s", p->hname, name);
		hat_audit(c, p, &null_perms, name, learnt, NULL, -ENOENT);
		*learn = true;
		member = learnt;
		/* a tracer is asked about the learning hat itself, which the
		 * kernel has made by then: the only case a decision makes one */
		if (c->req.tracer && !(vec[*n] = learning_hat(c, p, learnt)))
			return -ENOMEM;
		if (c->req.tracer)
			(*n)++;
name:
		pos = name_append(res->name, sizeof(res->name), pos, member);
	}
	return pos < sizeof(res->name) ? 0 : -ENAMETOOLONG;
}

/*
 * aa_label_is_unconfined_subset(new, nnp): every confined member of the
 * label no_new_privs was recorded under is still in the new one.
 */
static bool nnp_subset(const struct aa_label *new, const struct aa_label *nnp)
{
	uint32_t i, j;

	if (new == nnp)
		return true;
	for (i = 0; i < nnp->size; i++) {
		bool found = profile_unconfined(nnp->vec[i]);

		for (j = 0; j < new->size && !found; j++)
			found = new->vec[j] == nnp->vec[i];
		if (!found)
			return false;
	}
	return true;
}

/* Every member of the namespace logs the failure (the "fail:" label). */
static void audit_fail(const struct hat_ctx *c, const struct aa_perms *perms,
		       const char *target, const char *info, int error)
{
	uint32_t j;

	for (j = 0; j < c->label->size; j++)
		if (c->label->vec[j]->ns == c->ns)
			hat_audit(c, c->label->vec[j], perms, NULL, target,
				  info, error);
}

static int kill_token(struct hat_ctx *c, const char *target)
{
	struct aa_perms perms = { 0 };

	perms.kill = AAMED_MAY_CHANGEHAT;
	c->res->info = "failed token match";
	c->res->killed = 1;
	audit_fail(c, &perms, target, c->res->info, -EACCES);
	return -EACCES;
}

static int set_result(struct hat_ctx *c, const struct aa_label *l)
{
	c->res->label = from_label(l);
	snprintf(c->res->name, sizeof(c->res->name), "%s", l->name);
	return 0;
}

/*
 * aa_change_hat()'s may_change_ptraced_domain() on the new label, right
 * after change_hat() built it: the tracer's and the hat's ptrace records,
 * then every member's change_hat record without a target (the kernel
 * sets it only after this check). The error stands in complain mode too.
 */
static int ptraced_hat(struct hat_ctx *c, const struct aa_label *new)
{
	const char *info = NULL;
	int err;

	if (!new)
		return -ENOMEM;
	err = aa_may_change_ptraced_domain(to_label(c->req.tracer), new, &info,
					   c->fn, c->arg);
	if (!err)
		return 0;
	c->res->info = info;
	audit_fail(c, &null_perms, NULL, info, err);
	return err;
}

/* change_hat() and the part of aa_change_hat() that follows it. */
static int change_into_hat(struct hat_ctx *c)
{
	const struct aa_label *label = c->label;
	const struct aa_label *nnp = to_label(c->req.nnp);
	struct aa_profile *vec[64];
	const struct aa_label *new;
	const char *info = NULL, *name = NULL;
	bool sibling = is_hat(label->vec[label->size - 1]), learn;
	size_t n;
	int idx, err;

	if (label->size > ARRAY_SIZE(vec))
		return -E2BIG;
	idx = find_hat_name(c, sibling, &info, &name);
	if (idx < 0) {
		c->res->info = info;
		audit_search_fail(c, name, info, idx);
		return idx;
	}
	err = build_hats(c, c->req.hats[idx], sibling, vec, &n, &learn);
	if (err)
		return err;
	/* a learning hat is a new profile: res->name only */
	new = learn ? NULL : aa_label_for_vec(c->policy, vec, n);
	if (!learn && !new)
		return -ENOMEM;
	if (c->req.tracer) {
		err = ptraced_hat(c, new ? new
					 : aa_label_for_vec(c->policy, vec, n));
		if (err)
			return err;
	}
	/* never a subset of what no_new_privs saw when new; no record */
	if (nnp && (!new || !nnp_subset(new, nnp)))
		return -EPERM;
	if (c->req.previous && c->req.token != c->req.saved_token &&
	    !(c->req.flags & AAMED_HAT_TEST))
		return kill_token(c, new ? new->name : c->res->name);
	return new ? set_result(c, new) : 0;
}

/* The return to the saved label (aa_restore_previous_label()). */
static int change_back(struct hat_ctx *c)
{
	const struct aa_label *prev = to_label(c->req.previous);
	const struct aa_label *nnp = to_label(c->req.nnp);

	if (!prev || (c->req.flags & AAMED_HAT_TEST))
		return set_result(c, c->label);	/* nothing to restore */
	if (nnp && !nnp_subset(prev, nnp))
		return -EPERM;
	if (c->req.token != c->req.saved_token)
		return kill_token(c, prev->name);
	return set_result(c, prev);
}

static int hat_args(const struct aamed_hat_req *req, struct hat_ctx *c)
{
	size_t i;
	int err;

	err = aa_struct_copy_in(&c->req, sizeof(c->req),
				AA_V0_HAT_REQ, req);
	if (err)
		return err;
	if (c->req.count > AAMED_HAT_MAX)
		c->req.count = AAMED_HAT_MAX;	/* the kernel reads no more */
	if (c->req.count && !c->req.hats)
		return -EINVAL;
	for (i = 0; i < c->req.count; i++)
		if (!c->req.hats[i])
			return -EINVAL;
	/* "TOKEN^" with token 0 is refused before AppArmor decides */
	if (!c->req.count && !c->req.token)
		return -EINVAL;
	return 0;
}

int aa_change_hat(const struct aa_label *label,
		  const struct aamed_hat_req *req, struct aamed_hat_result *res,
		  aamed_audit_fn audit, void *arg)
{
	struct hat_ctx c;
	int err;

	err = hat_args(req, &c);
	if (err)
		return err;
	c.label = label;
	c.res = res;
	c.fn = audit;
	c.arg = arg;
	c.policy = label->vec[0]->ns->policy;
	c.ns = label->vec[label->size - 1]->ns;
	if (aa_label_unconfined(label)) {
		res->info = "unconfined can not change_hat";
		audit_fail(&c, &null_perms, NULL, res->info, -EPERM);
		return -EPERM;
	}
	pthread_mutex_lock(&c.policy->lock);
	err = c.req.count ? change_into_hat(&c) : change_back(&c);
	pthread_mutex_unlock(&c.policy->lock);
	if (err)
		res->label = NULL;
	return err;
}
