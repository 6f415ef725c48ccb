// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Exec transitions for aamed diff (see diff_exec.h). A transition is its
 * mode and its fallback both: pux and ux land differently as soon as a
 * profile attaches to the path, so neither may be printed as the other.
 */
#include <stdio.h>
#include <string.h>

#include "diff_exec.h"

static char mode_letter(enum aamed_xtrans_mode m)
{
	switch (m) {
	case AAMED_XT_INHERIT:
		return 'i';
	case AAMED_XT_PROFILE:
	case AAMED_XT_STACK:
		return 'p';
	case AAMED_XT_CHILD:
		return 'c';
	case AAMED_XT_UNCONFINED:
		return 'u';
	case AAMED_XT_NONE:
	default:
		return 0;
	}
}

void diff_xname(const struct aamed_xtrans *x, char *buf, size_t len)
{
	char m[8] = "", fb = mode_letter(x->fallback);
	char c = mode_letter(x->mode);
	size_t n = 0;

	if (!c) {
		snprintf(buf, len, "none");
		return;
	}
	/* upper case: the environment is scrubbed; ix keeps it anyway */
	m[n++] = (char)(!x->unsafe && c != 'i' ? c - 'a' + 'A' : c);
	if (fb && c != 'i' && c != 'u')
		m[n++] = fb;
	m[n++] = 'x';
	m[n] = 0;
	snprintf(buf, len, "%s%s%s%s", m, x->target ? " -> " : "",
		 x->target && x->mode == AAMED_XT_STACK ? "&" : "",
		 x->target ? x->target : "");
}

/* Where the rule sends the task, as the transition reads. */
static void rule_landing(const struct aamed_xtrans *x, const char *self,
			 const char *path, char *out, size_t len)
{
	const char *fb = x->fallback == AAMED_XT_INHERIT ? self
			 : x->fallback == AAMED_XT_UNCONFINED ? "unconfined"
							      : "denied";
	const char *env = x->unsafe || x->mode == AAMED_XT_INHERIT ? ""
			  : " (environment scrubbed)";

	switch (x->mode) {
	case AAMED_XT_INHERIT:
		snprintf(out, len, "%s", self);
		return;
	case AAMED_XT_UNCONFINED:
		snprintf(out, len, "unconfined%s", env);
		return;
	case AAMED_XT_STACK:
		/* the kernel stacks the target on what the attachment finds */
		snprintf(out, len, "%s stacked on the profile attached to %s%s, else %s",
			 x->target, path, env, fb);
		return;
	case AAMED_XT_PROFILE:
	case AAMED_XT_CHILD:
		if (x->target)
			snprintf(out, len, "%s%s, else %s", x->target, env, fb);
		else
			snprintf(out, len, "the %s attached to %s%s, else %s",
				 x->mode == AAMED_XT_CHILD ? "child" : "profile",
				 path, env, fb);
		return;
	case AAMED_XT_NONE:
	default:
		snprintf(out, len, "denied");
	}
}

/* Where aamed_exec() sends the task in this policy. */
static void policy_landing(const aamed_profile *p, int owner, const char *path,
			   char *out, size_t len)
{
	struct aamed_exec_result r;
	const aamed_label *l = p ? aamed_profile_label(p) : NULL;

	memset(&r, 0, sizeof(r));
	if (!l || aamed_exec(l, path, 0, owner ? 0 : 1, &r, NULL, NULL) < 0 ||
	    r.mode == AAMED_X_DENIED) {
		snprintf(out, len, "denied");
		return;
	}
	snprintf(out, len, "%.200s%s", r.label ? r.name : "(learning)",
		 r.unsafe || r.mode == AAMED_X_INHERIT ? ""
						       : " (environment scrubbed)");
}

static const char *self_name(const aamed_profile *p)
{
	const aamed_label *l = p ? aamed_profile_label(p) : NULL;
	const char *n = l ? aamed_label_name(l) : NULL;

	return n ? n : "(this profile)";
}

void diff_landing(const aamed_profile *a, const aamed_profile *b,
		  const struct aamed_xtrans *xa, const struct aamed_xtrans *xb,
		  int owner, const char *path, const char *shown, char *out,
		  size_t len)
{
	char la[240], lb[240];

	policy_landing(a, owner, path, la, sizeof(la));
	policy_landing(b, owner, path, lb, sizeof(lb));
	if (!strcmp(la, lb)) {
		rule_landing(xa, self_name(a), shown, la, sizeof(la));
		rule_landing(xb, self_name(b), shown, lb, sizeof(lb));
	}
	if (snprintf(out, len, "%s: becomes %s => %s", shown, la, lb) >= (int)len &&
	    len)
		out[len - 1] = 0;
}
