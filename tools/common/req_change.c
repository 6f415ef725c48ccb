// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Domain change queries (docs/query-language.md):
 *   change_profile TARGET [--onexec] [--stack] [--nnp] [--traced L]
 *   file PATH x [--onexec TARGET] [--nnp] [--traced L]  (exec: request.c)
 * TARGET is what the task writes after "changeprofile"/"exec"; a leading
 * '&' stacks, as it does for the kernel. --traced names the label of the
 * task that traces this one.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

int change_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen)
{
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--onexec")) {
			q->change.flags |= AAMED_CHANGE_ONEXEC;
		} else if (!strcmp(a, "--stack")) {
			q->change.flags |= AAMED_CHANGE_STACK;
		} else if (!strcmp(a, "--nnp")) {
			q->change.flags |= AAMED_CHANGE_NNP;
		} else if (!strcmp(a, "--traced")) {
			if (i + 1 >= argc) {
				snprintf(err, errlen, "--traced needs a label");
				return -1;
			}
			q->change.traced = argv[++i];
		} else if (a[0] == '-' && a[1] == '-') {
			snprintf(err, errlen, "unknown option %s", a);
			return -1;
		} else if (q->change.target) {
			snprintf(err, errlen, "unexpected word \"%s\"", a);
			return -1;
		} else {
			q->change.target = a;
		}
	}
	if (!q->change.target || !q->change.target[0] ||
	    !strcmp(q->change.target, "&")) {
		snprintf(err, errlen,
			 "usage: change_profile TARGET [--onexec] [--stack] [--nnp] [--traced L]");
		return -1;
	}
	return 0;
}

/* --traced: the tracer's label; 1 with err set when there is none */
static int tracer_label(aamed_policy *policy, const struct query *q,
			const aamed_label **out, char *err, size_t errlen)
{
	int lerr = 0;

	*out = NULL;
	if (!q->change.traced)
		return 0;
	*out = aamed_label_get(policy, q->change.traced, &lerr);
	if (*out)
		return 0;
	snprintf(err, errlen, "--traced \"%s\": %s", q->change.traced,
		 lerr == -ENOENT ? "no such profile" : "malformed label");
	return 1;
}

int change_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, struct aamed_change_result *res,
		  aamed_audit_fn fn, void *arg, char *err, size_t errlen)
{
	struct aamed_change_req req = {
		.size = sizeof(req),
		.target = q->change.target,
		.flags = q->change.flags,
	};

	memset(res, 0, sizeof(*res));
	res->size = sizeof(*res);
	if (tracer_label(policy, q, &req.tracer, err, errlen))
		return 1;
	return aamed_change_profile(label, &req, res, fn, arg);
}

/* the kernel's isspace() */
static bool blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/*
 * One component of an onexec name, as seen from the task's namespace ns
 * (nl bytes), rewritten to be read from the root: ":b:x" (or ":b")
 * becomes ":ns//b:x", a component naming no namespace (":", "::x") is
 * ns's own, and a bare name is ns's only when it comes first (a later
 * one stays in the namespace the component before it named, as the
 * kernel's aa_label_strn_parse() resolves it).
 */
static int onexec_component(char *buf, size_t len, const char *ns, size_t nl,
			    const char *c, size_t cl, bool first)
{
	const char *colon;

	while (cl && blank(*c)) {
		c++;
		cl--;
	}
	if (!cl || *c != ':')
		return first ? snprintf(buf, len, ":%.*s:%.*s", (int)nl, ns,
					(int)cl, c)
			     : snprintf(buf, len, "%.*s", (int)cl, c);
	colon = memchr(c + 1, ':', cl - 1);
	if (!colon) {
		size_t i;

		for (i = 1; i < cl && blank(c[i]); i++)
			;
		if (i == cl)	/* ":" alone: the task's namespace */
			return snprintf(buf, len, ":%.*s:", (int)nl, ns);
	} else {
		size_t i;

		for (i = 1; c + i < colon && blank(c[i]); i++)
			;
		if (c + i == colon)	/* "::x": x in the task's namespace */
			return snprintf(buf, len, ":%.*s:%.*s", (int)nl, ns,
					(int)(cl - (size_t)(colon + 1 - c)),
					colon + 1);
	}
	return snprintf(buf, len, ":%.*s//%.*s", (int)nl, ns, (int)(cl - 1),
			c + 1);
}

/*
 * The kernel resolves an attr/exec name from the task's namespace (that
 * of its label's last profile): a bare name is a profile there, ":b:"
 * a namespace below it. aamed_label_get() reads names from the root, so
 * each component is rewritten to name the task's namespace when it is
 * not the root's.
 */
static const aamed_label *onexec_label(aamed_policy *policy,
				       const aamed_label *label,
				       const char *on, int *lerr)
{
	const char *name = aamed_label_name(label), *ns = NULL, *p, *sep;
	char buf[1024];
	size_t nl = 0, used = 0;
	bool first = true;

	for (p = name; p; p = strstr(p, "//&")) {
		if (p != name)
			p += 3;
		if (*p == ':') {
			const char *end = strchr(p + 1, ':');

			if (end) {
				ns = p + 1;
				nl = (size_t)(end - ns);
			}
		}
	}
	if (!ns || !nl)
		return aamed_label_get(policy, on, lerr);
	for (p = on;; p = sep + 3, first = false) {
		int n;

		sep = strstr(p, "//&");
		if (!first) {
			if (used + 3 >= sizeof(buf))
				goto too_long;
			memcpy(buf + used, "//&", 4);
			used += 3;
		}
		n = onexec_component(buf + used, sizeof(buf) - used, ns, nl, p,
				     sep ? (size_t)(sep - p) : strlen(p), first);
		if (n < 0 || (size_t)n >= sizeof(buf) - used)
			goto too_long;
		used += (size_t)n;
		if (!sep)
			break;
	}
	return aamed_label_get(policy, buf, lerr);
too_long:
	*lerr = -ENOENT;
	return NULL;
}

int exec_decide(aamed_policy *policy, const aamed_label *label,
		const struct query *q, struct aamed_exec_result *res,
		aamed_audit_fn fn, void *arg, char *err, size_t errlen)
{
	struct aamed_exec_req req = {
		.size = sizeof(req),
		.path = q->file.path,
		.fsuid = q->file.fsuid,
		.ouid = q->file.ouid,
		.flags = q->change.flags & AAMED_CHANGE_NNP,
		.xattrs = q->xattrs.v,
		.nxattrs = q->xattrs.n,
	};
	const char *on = q->change.onexec;
	int lerr = 0;

	res->size = sizeof(*res);
	if (tracer_label(policy, q, &req.tracer, err, errlen))
		return 1;
	if (on) {
		if (on[0] == '&') {
			req.flags |= AAMED_EXEC_ONEXEC_STACK;
			on++;
		}
		req.onexec = onexec_label(policy, label, on, &lerr);
		if (!req.onexec) {
			snprintf(err, errlen, "onexec label \"%s\": %s", on,
				 lerr == -ENOENT ? "no such profile"
						 : "malformed label");
			return 1;
		}
	}
	return aamed_exec_request(label, &req, res, fn, arg);
}

void change_json(FILE *f, bool *first, const struct query *q,
		 const struct aamed_change_result *res, int error)
{
	json_key(f, first, "target");
	json_str(f, q->change.target);
	json_key(f, first, "onexec");
	fputs(q->change.flags & AAMED_CHANGE_ONEXEC ? "true" : "false", f);
	json_key(f, first, "stack");
	fputs(q->change.flags & AAMED_CHANGE_STACK ? "true" : "false", f);
	json_key(f, first, "nnp");
	fputs(q->change.flags & AAMED_CHANGE_NNP ? "true" : "false", f);
	if (q->change.traced) {
		json_key(f, first, "traced");
		json_str(f, q->change.traced);
	}
	json_key(f, first, "new_label");
	json_str(f, !error && res->name[0] ? res->name : NULL);
}

uint32_t change_request(const struct query *q)
{
	return (q->change.flags & AAMED_CHANGE_ONEXEC) ? AAMED_MAY_ONEXEC
						       : AAMED_MAY_CHANGE_PROFILE;
}

int change_perms(const aamed_profile *p, const struct query *q,
		 struct aamed_perms *perms)
{
	char name[512];
	const char *t = q->change.target;
	bool stack = (q->change.flags & AAMED_CHANGE_STACK) || *t == '&';

	if (*t == '&')
		t++;
	snprintf(name, sizeof(name), "%s%s", stack ? "&" : "", t);
	return aamed_profile_file_perms(p, name, 0, 0, perms);
}

uint32_t change_denied(aamed_policy *policy, const char *profile,
		       const struct query *q, uint32_t request)
{
	const aamed_profile *p = aamed_policy_profile_find(policy, NULL,
							   profile);
	struct aamed_perms perms;

	if (!p || change_perms(p, q, &perms))
		return request;
	return request & ~(perms.allow & ~perms.deny);
}
