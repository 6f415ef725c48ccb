// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_profile: the permission walk (domain.c's copy of label_match()
 * on the file DFA) and aa_change_profile() itself, as 6.1 and 6.12 do
 * it.
 *
 * A change_profile rule lives in the file DFA: the target name from the
 * file start state (an immediate change), or the executable's path, a
 * NUL, then the target (the onexec pairing, onexec.c). A stack request
 * is the same walk with "&" before each component.
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

static const struct aa_perms allperms = {
	.allow = ALL_PERMS_MASK,
	.quiet = ALL_PERMS_MASK,
};
static const struct aa_perms nullperms;

/*
 * aa_ns_visible() with subns: the profile's own namespace and every
 * namespace below it. aamed names a namespace by its path from the
 * root ("" the root, "a", "a//b"), so a descendant's name extends the
 * viewer's by "//".
 */
static bool ns_visible(const struct aa_ns *view, const struct aa_ns *ns)
{
	size_t vl = strlen(view->name);

	if (view == ns || !vl)
		return true;
	return !strncmp(ns->name, view->name, vl) &&
	       !strncmp(ns->name + vl, "//", 2);
}

/* aa_ns_name(): the part of ns's name below view. */
static const char *ns_name_below(const struct aa_ns *view,
				 const struct aa_ns *ns)
{
	size_t vl = strlen(view->name);

	return vl ? ns->name + vl + 2 : ns->name;
}

/*
 * aa_label_snxprint() of a record's target= (FLAG_VIEW_SUBNS) as the
 * logging profile sees it: components of its namespace by hname, those
 * below it prefixed ":ns:" (aa_profile_snxprint() remembers the last
 * prefix printed, not the last namespace seen), the rest left out;
 * "---" when nothing is visible.
 */
static const char *view_name(const struct aa_ns *view,
			     const struct aa_label *l, char *buf, size_t len)
{
	const struct aa_ns *prev = NULL;
	size_t n = 0;
	uint32_t i;
	int w;

	buf[0] = '\0';
	for (i = 0; i < l->size; i++) {
		const struct aa_profile *tp = l->vec[i];
		const char *sep = n ? "//&" : "";

		if (!ns_visible(view, tp->ns))
			continue;
		if (tp->ns != view && tp->ns != prev) {
			prev = tp->ns;
			w = snprintf(buf + n, len - n, "%s:%s:%s", sep,
				     ns_name_below(view, tp->ns), tp->hname);
		} else {
			w = snprintf(buf + n, len - n, "%s%s", sep, tp->hname);
		}
		if (w < 0 || (size_t)w >= len - n)
			return l->name;	/* too long to view: the full name */
		n += (size_t)w;
	}
	return n ? buf : "---";
}

/*
 * match_component(): a component in the profile's namespace by its
 * hname, one in a namespace below it as ":ns:hname".
 */
static uint32_t component(const struct aa_dfa *dfa,
			  const struct aa_profile *profile,
			  const struct aa_profile *tp, bool stack,
			  uint32_t state)
{
	if (stack)
		state = aa_dfa_match(dfa, state, "&");
	if (tp->ns == profile->ns)
		return aa_dfa_match(dfa, state, tp->hname);
	state = aa_dfa_match_len(dfa, state, ":", 1);
	state = aa_dfa_match(dfa, state, ns_name_below(profile->ns, tp->ns));
	state = aa_dfa_match_len(dfa, state, ":", 1);
	return aa_dfa_match(dfa, state, tp->hname);
}

static struct aa_perms fperms_at(const struct aa_profile *profile,
				 uint32_t state)
{
	/* the path_cond is empty: uid 0, as the kernel passes it */
	struct aa_perms p = *aa_lookup_fperms(profile->file, state, true);

	aa_apply_modes_to_perms(profile, &p);
	return p;
}

/* label_compound_match(): "a//&b//&c" in one walk. */
static int compound_match(const struct aa_profile *profile,
			  const struct aa_label *target, bool stack,
			  uint32_t state, uint32_t request,
			  struct aa_perms *perms)
{
	const struct aa_dfa *dfa = profile->file->dfa;
	bool first = true;
	uint32_t i;

	for (i = 0; i < target->size; i++) {
		const struct aa_profile *tp = target->vec[i];

		if (!ns_visible(profile->ns, tp->ns))
			continue;
		if (!first)
			state = aa_dfa_match(dfa, state, "//&");
		state = component(dfa, profile, tp, first && stack, state);
		if (!state) {
			*perms = nullperms;
			return -EACCES;
		}
		first = false;
	}
	if (first) {
		*perms = allperms;
		return 0;
	}
	*perms = fperms_at(profile, state);
	return (perms->allow & request) == request ? 0 : -EACCES;
}

/* label_components_match(): each component from start, accumulated. */
static int components_match(const struct aa_profile *profile,
			    const struct aa_label *target, bool stack,
			    uint32_t start, uint32_t request,
			    struct aa_perms *perms)
{
	const struct aa_dfa *dfa = profile->file->dfa;
	bool any = false;
	uint32_t i;

	for (i = 0; i < target->size; i++) {
		const struct aa_profile *tp = target->vec[i];
		struct aa_perms tmp;
		uint32_t state;

		if (!ns_visible(profile->ns, tp->ns))
			continue;
		state = component(dfa, profile, tp, stack, start);
		if (!state) {
			*perms = nullperms;
			return -EACCES;
		}
		tmp = fperms_at(profile, state);
		aa_perms_accum(perms, &tmp);
		any = true;
	}
	if (!any)
		return 0;
	return (perms->allow & request) == request ? 0 : -EACCES;
}

int aa_change_profile_perms(const struct aa_profile *profile,
			    const struct aa_label *target, bool stack,
			    uint32_t request, uint32_t state,
			    struct aa_perms *perms)
{
	if (profile_unconfined(profile)) {
		*perms = nullperms;
		perms->allow = AAMED_MAY_CHANGE_PROFILE | AAMED_MAY_ONEXEC;
		return 0;
	}
	if (!profile->file) {
		/* the null DFA: nothing matches */
		*perms = nullperms;
		return -EACCES;
	}
	if (!compound_match(profile, target, stack, state, request, perms))
		return 0;
	*perms = allperms;
	return components_match(profile, target, stack, state, request,
				perms);
}

bool aa_label_unconfined_subset(const struct aa_label *set,
				const struct aa_label *sub)
{
	uint32_t i, j;

	if (set == sub)
		return true;
	for (i = 0; i < sub->size; i++) {
		if (profile_unconfined(sub->vec[i]))
			continue;
		for (j = 0; j < set->size && set->vec[j] != sub->vec[i]; j++)
			;
		if (j == set->size)
			return false;
	}
	return true;
}

struct aa_label *aa_label_merge(const struct aa_label *a,
				const struct aa_label *b)
{
	aamed_policy *policy = a->vec[0]->ns->policy;
	struct aa_profile *vec[64];

	if (a->size + b->size > ARRAY_SIZE(vec))
		return NULL;
	memcpy(vec, a->vec, a->size * sizeof(vec[0]));
	memcpy(vec + a->size, b->vec, b->size * sizeof(vec[0]));
	return aa_label_for_vec(policy, vec, a->size + b->size);
}

/* ------------------------------------------------------------------ */
/* aa_change_profile() */

struct change {
	const struct aa_label *label;	/* the task's */
	const struct aa_profile *last;	/* labels_profile(): its namespace */
	struct aa_label *target;
	struct aa_perms perms;	/* the last profile's, as the kernel keeps */
	uint32_t request;
	bool stack;
	const char *info;
	const struct aa_label *tracer;	/* ptrace_parent()'s, NULL */
};

static inline bool in_ns(const struct change *c, const struct aa_profile *p)
{
	return p->ns == c->last->ns;
}

/* change_profile_perms_wrapper() for each profile in the namespace. */
static int check_perms(struct change *c, struct aa_audit_data *ad)
{
	int error = 0;
	uint32_t i;

	for (i = 0; i < c->label->size; i++) {
		const struct aa_profile *p = c->label->vec[i];
		int e;

		if (!in_ns(c, p))
			continue;
		e = aa_change_profile_perms(p, c->target, c->stack, c->request,
					    p->file ? p->file->start[AA_CLASS_FILE]
						    : 0,
					    &c->perms);
		if (e) {
			char tbuf[1024];

			ad->info = NULL;
			ad->fs.target = view_name(p->ns, c->target, tbuf,
						  sizeof(tbuf));
			e = aa_audit_file(p, &c->perms, c->request, e, ad);
		}
		if (e)
			error = e;
	}
	return error;
}

/* The final audit: every profile in the namespace, with c->perms. */
static int audit_all(struct change *c, int error,
		     const struct aa_label *target, struct aa_audit_data *ad)
{
	char tbuf[1024];
	int ret = 0;
	uint32_t i;

	for (i = 0; i < c->label->size; i++) {
		const struct aa_profile *p = c->label->vec[i];
		int e;

		if (!in_ns(c, p))
			continue;
		ad->info = c->info;
		ad->fs.target = target ? view_name(p->ns, target, tbuf,
						   sizeof(tbuf))
				       : NULL;
		e = aa_audit_file(p, &c->perms, c->request, error, ad);
		if (e)
			ret = e;
	}
	return ret;
}

static const char *op_name(unsigned flags, bool stack)
{
	if (flags & AAMED_CHANGE_ONEXEC)
		return stack ? "stack_onexec" : "change_onexec";
	return stack ? "stack" : "change_profile";
}

static void set_result(struct aamed_change_result *res,
		       const struct aa_label *l, bool stack, const char *name,
		       const char *info)
{
	/* the library's full result: lsm.c copies out what the caller's covers */
	res->label = from_label(l);
	res->stack = stack;
	snprintf(res->name, sizeof(res->name), "%s", name);
	res->info = info;
}

/* A complain-mode task changing to a missing profile gets a null one. */
static int learn_target(struct change *c, const char *fqname,
			unsigned flags, struct aamed_change_result *res)
{
	char name[512];

	/* a null profile is never a stack on the task's label */
	if (!c->stack && (flags & AAMED_CHANGE_NNP) &&
	    !aa_label_unconfined(c->label))
		return -EPERM;

	/* the null profile is in the task's namespace, named from the root */
	if (c->last->ns->name[0])
		snprintf(name, sizeof(name), ":%s:%s//null-%s",
			 c->last->ns->name, c->last->hname, fqname);
	else
		snprintf(name, sizeof(name), "%s//null-%s", c->last->hname,
			 fqname);
	c->perms = nullperms;
	set_result(res, NULL, c->stack, name, c->info);
	return 0;
}

/*
 * fn_label_build_in_ns(): a change replaces the profiles of the task's
 * namespace by the target and keeps the others (a task in
 * "unconfined//&:ns:a" changing to b becomes "unconfined//&:ns:b").
 */
static struct aa_label *build_in_ns(const struct change *c)
{
	aamed_policy *policy = c->last->ns->policy;
	struct aa_profile *vec[64];
	struct aa_label *l;
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < c->label->size; i++)
		if (!in_ns(c, c->label->vec[i]) && n < ARRAY_SIZE(vec))
			vec[n++] = c->label->vec[i];
	if (!n)
		return c->target;
	if (n + c->target->size > ARRAY_SIZE(vec))
		return NULL;
	memcpy(vec + n, c->target->vec, c->target->size * sizeof(vec[0]));
	pthread_mutex_lock(&policy->lock);
	l = aa_label_for_vec(policy, vec, n + c->target->size);
	pthread_mutex_unlock(&policy->lock);
	return l;
}

/*
 * The "check:" step: may_change_ptraced_domain() on the target. A refusal
 * stands unless a profile of the namespace is in complain mode; its
 * record is the final audit's, with c->perms, which allowed the request:
 * so none but the ptrace records. The info stays for a later record.
 */
static int ptraced_change(struct change *c, struct aa_audit_data *ad)
{
	const char *info = NULL;
	int error;
	uint32_t i;

	error = aa_may_change_ptraced_domain(c->tracer, c->target, &info,
					     ad->fn, ad->arg);
	if (!error)
		return 0;
	c->info = info;
	for (i = 0; i < c->label->size; i++)
		if (in_ns(c, c->label->vec[i]) &&
		    c->label->vec[i]->mode == APPARMOR_COMPLAIN)
			return 0;
	return audit_all(c, error, c->target, ad);
}

static int do_change(struct change *c, unsigned flags,
		     struct aamed_change_result *res, struct aa_audit_data *ad)
{
	aamed_policy *policy = c->last->ns->policy;
	struct aa_label *new = NULL;
	int error;

	error = check_perms(c, ad);
	if (error)
		return error;
	if (c->tracer) {
		error = ptraced_change(c, ad);
		if (error)
			return error;
	}
	if (!c->stack) {
		new = build_in_ns(c);
		if (!new) {
			c->info = "failed to build target label";
			c->perms = nullperms;
			return audit_all(c, -ENOMEM, NULL, ad);
		}
		if ((flags & AAMED_CHANGE_NNP) && !aa_label_unconfined(c->label) &&
		    !aa_label_unconfined_subset(new, c->label))
			return -EPERM;	/* not an AppArmor denial: no record */
	}
	if (!(flags & AAMED_CHANGE_ONEXEC)) {
		if (c->stack) {
			pthread_mutex_lock(&policy->lock);
			new = aa_label_merge(c->label, c->target);
			pthread_mutex_unlock(&policy->lock);
		}
		if (!new) {
			c->info = "failed to build target label";
			c->perms = nullperms;
			return audit_all(c, -ENOMEM, c->target, ad);
		}
	} else {
		new = NULL;
	}
	error = audit_all(c, 0, new ? new : c->target, ad);
	if (!error)
		set_result(res, new ? new : c->target, c->stack,
			   new ? new->name : c->target->name, c->info);
	return error;
}

int aa_change_profile(const struct aa_label *label,
		      const struct aamed_change_req *req,
		      struct aamed_change_result *res, aamed_audit_fn fn,
		      void *arg)
{
	aamed_policy *policy = label->vec[0]->ns->policy;
	const char *fqname = req->target, *auditname = req->target;
	struct aa_audit_data ad;
	struct change c;
	int error;

	memset(&c, 0, sizeof(c));
	c.label = label;
	c.last = label->vec[label->size - 1];
	c.tracer = to_label(req->tracer);
	c.stack = req->flags & AAMED_CHANGE_STACK;
	c.request = (req->flags & AAMED_CHANGE_ONEXEC) ? AAMED_MAY_ONEXEC
						       : AAMED_MAY_CHANGE_PROFILE;
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_FILE,
			   op_name(req->flags, c.stack));
	ad.name = auditname;
	ad.fs.fsuid = ad.fs.ouid = 0;
	if (*fqname == '&') {
		c.stack = true;
		fqname++;
	}
	pthread_mutex_lock(&policy->lock);
	c.target = aa_label_parse(policy, c.last, fqname, &error);
	pthread_mutex_unlock(&policy->lock);
	if (!c.target) {
		c.info = "label not found";
		if (c.last->mode == APPARMOR_COMPLAIN)
			return learn_target(&c, fqname, req->flags, res);
		return audit_all(&c, error ? error : -ENOENT, NULL, &ad);
	}
	return do_change(&c, req->flags, res, &ad);
}
