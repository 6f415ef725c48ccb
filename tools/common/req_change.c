// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Domain change queries (docs/query-language.md):
 *   change_profile TARGET [--onexec] [--stack] [--nnp]
 *   file PATH x [--onexec TARGET] [--nnp]     (the exec: see request.c)
 * TARGET is what the task writes after "changeprofile"/"exec"; a leading
 * '&' stacks, as it does for the kernel.
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
			 "usage: change_profile TARGET [--onexec] [--stack] [--nnp]");
		return -1;
	}
	return 0;
}

int change_decide(const aamed_label *label, const struct query *q,
		  struct aamed_change_result *res, aamed_audit_fn fn,
		  void *arg)
{
	struct aamed_change_req req = {
		.size = sizeof(req),
		.target = q->change.target,
		.flags = q->change.flags,
	};

	memset(res, 0, sizeof(*res));
	res->size = sizeof(*res);
	return aamed_change_profile(label, &req, res, fn, arg);
}

/*
 * The kernel resolves an attr/exec name from the task's namespace (that
 * of its label's last profile): a bare name is a profile there, ":b:"
 * a namespace below it. aamed_label_get() reads names from the root, so
 * prefix the task's namespace when it is not the root's.
 */
static const aamed_label *onexec_label(aamed_policy *policy,
				       const aamed_label *label,
				       const char *on, int *lerr)
{
	const char *name = aamed_label_name(label), *ns = NULL, *p;
	char buf[1024];
	size_t nl = 0;
	int n;

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
	if (on[0] == ':')
		n = snprintf(buf, sizeof(buf), ":%.*s//%s", (int)nl, ns, on + 1);
	else
		n = snprintf(buf, sizeof(buf), ":%.*s:%s", (int)nl, ns, on);
	if (n < 0 || (size_t)n >= sizeof(buf)) {
		*lerr = -ENOENT;
		return NULL;
	}
	return aamed_label_get(policy, buf, lerr);
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
