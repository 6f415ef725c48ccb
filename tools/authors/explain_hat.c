// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed explain for change_hat: the decision, the new label, and for each
 * member of the label what each requested name is under the profile the
 * kernel looks in (the member itself, or the parent of a hat): a hat, a
 * profile that is not a hat, or missing (and then, in complain mode, the
 * learning hat the kernel makes).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "color.h"
#include "explain_hat.h"

/* What name is under root: "hat", "not-a-hat" or "missing". */
static const char *hat_status(const aamed_policy *policy,
			      const struct aamed_profile_info *root,
			      const char *name, char *hname, size_t len)
{
	const aamed_profile *p;
	struct aamed_profile_info info = { .size = sizeof(info) };

	snprintf(hname, len, "%s//%s", root->name, name);
	p = aamed_policy_profile_find(policy, root->ns, hname);
	if (!p || aamed_profile_info(p, &info))
		return "missing";
	return info.hat ? "hat" : "not-a-hat";
}

/* The profile whose children are looked in: the parent of a hat. */
static void hat_root(const aamed_policy *policy,
		     const struct aamed_profile_info *m,
		     struct aamed_profile_info *root)
{
	char parent[512];
	const char *cut = m->hat ? strrchr(m->name, '/') : NULL;
	const aamed_profile *p;

	*root = *m;
	if (!cut || cut - m->name < 2)
		return;
	snprintf(parent, sizeof(parent), "%.*s", (int)(cut - m->name - 1),
		 m->name);
	p = aamed_policy_profile_find(policy, m->ns, parent);
	if (p)
		aamed_profile_info(p, root);
}

/* The member's reason: the fate of the first name it has (or lacks). */
static const char *member_reason(const aamed_policy *policy,
				 const struct query *q,
				 const struct aamed_profile_info *m,
				 const struct aamed_profile_info *root)
{
	char hname[600];
	size_t i;

	if (m->mode == AAMED_PROFILE_UNCONFINED)
		return "unconfined";
	for (i = 0; i < q->hat.count; i++) {
		const char *st = hat_status(policy, root, q->hat.hats[i], hname,
					    sizeof(hname));

		if (strcmp(st, "missing"))
			return !strcmp(st, "hat") ? "hat-found" : "not-a-hat";
		if (m->mode == AAMED_PROFILE_COMPLAIN)
			return "learning-hat";
	}
	return q->hat.count ? "hat-missing" : "return";
}

/* The type of the member's record, "none" without one. */
static const char *member_record(const struct answer *a, const char *name)
{
	int i;

	for (i = 0; i < a->recs.n; i++)
		if (a->recs.rec[i].profile &&
		    !strcmp(a->recs.rec[i].profile, name))
			return cli_type_name(a->recs.rec[i].type);
	return "none";
}

static void member_json(FILE *f, const aamed_policy *policy,
			const struct query *q, const struct answer *a,
			const struct aamed_profile_info *m)
{
	struct aamed_profile_info root = { .size = sizeof(root) };
	char hname[600];
	bool first = true;
	size_t i;

	hat_root(policy, m, &root);
	fputc('{', f);
	json_key(f, &first, "profile");
	json_str(f, m->name);
	json_key(f, &first, "mode");
	json_str(f, tl_mode_name(m->mode));
	json_key(f, &first, "audit_mode");
	json_str(f, tl_audit_mode_name(m->audit));
	json_key(f, &first, "verdict");
	json_str(f, a->error ? "denied" : "allowed");
	json_key(f, &first, "reason");
	json_str(f, member_reason(policy, q, m, &root));
	json_key(f, &first, "record");
	json_str(f, member_record(a, m->name));
	json_key(f, &first, "requested");
	json_str(f, "change_hat");
	json_key(f, &first, "denied");
	json_str(f, a->error ? "change_hat" : "");
	json_key(f, &first, "matched");
	fputs("null", f);
	json_key(f, &first, "transition");
	fputs("null", f);
	json_key(f, &first, "rules");
	fputs("null", f);
	json_key(f, &first, "looks_in");
	json_str(f, root.name);
	json_key(f, &first, "hats");
	fputc('[', f);
	for (i = 0; i < q->hat.count; i++) {
		bool hf = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &hf, "name");
		json_str(f, q->hat.hats[i]);
		json_key(f, &hf, "status");
		json_str(f, hat_status(policy, &root, q->hat.hats[i], hname,
				       sizeof(hname)));
		fputc('}', f);
	}
	fputs("]}", f);
}

static void member_text(const aamed_policy *policy, const struct query *q,
			const struct aamed_profile_info *m)
{
	struct aamed_profile_info root = { .size = sizeof(root) };
	char hname[600];
	size_t i;

	hat_root(policy, m, &root);
	printf("member %s (%s, audit %s)\n", m->name, tl_mode_name(m->mode),
	       tl_audit_mode_name(m->audit));
	if (m->mode == AAMED_PROFILE_UNCONFINED) {
		puts("  unconfined: cannot change_hat");
		return;
	}
	printf("  looks in %s%s\n", root.name,
	       m->hat ? " (a hat: changes to a sibling)" : "");
	for (i = 0; i < q->hat.count; i++) {
		const char *st = hat_status(policy, &root, q->hat.hats[i],
					    hname, sizeof(hname));

		printf("  %s: %s%s\n", q->hat.hats[i], st,
		       !strcmp(st, "missing") &&
				       m->mode == AAMED_PROFILE_COMPLAIN
			       ? " (complain mode: a learning hat)"
			       : "");
	}
}

int explain_hat(aamed_policy *policy, const aamed_label *label,
		const struct query *q, const struct answer *a, FILE *json)
{
	size_t i, n = aamed_label_profile_count(label);
	const char *verdict = a->error ? "DENIED" : "ALLOWED";
	bool first = true;

	if (!json) {
		color_verdict(stdout, verdict);
		printf("\t%s change_hat\n", aamed_label_name(label));
		if (!a->error && a->hat.name[0])
			printf("transition\that:%s\n", a->hat.name);
		if (a->hat.info)
			printf("info\t%s%s\n", a->hat.info,
			       a->hat.killed ? " (the task is killed)" : "");
		if (q->hat.nnp && a->error == -EPERM && !a->hat.info)
			puts("info\tno_new_privs: not a subset (no record)");
	} else {
		fputc('{', json);
		json_key(json, &first, "version");
		fprintf(json, "%d", TL_JSON_VERSION);
		json_key(json, &first, "command");
		json_str(json, "explain");
		json_key(json, &first, "verdict");
		json_str(json, a->error ? "denied" : "allowed");
		json_key(json, &first, "label");
		json_str(json, aamed_label_name(label));
		json_key(json, &first, "class");
		json_str(json, "change_hat");
		json_key(json, &first, "transition");
		if (!a->error && a->hat.name[0]) {
			bool xf = true;

			fputc('{', json);
			json_key(json, &xf, "mode");
			json_str(json, "hat");
			json_key(json, &xf, "label");
			json_str(json, a->hat.name);
			json_key(json, &xf, "unsafe");
			fputs("false", json);
			fputc('}', json);
		} else {
			fputs("null", json);
		}
		json_key(json, &first, "info");
		json_str(json, a->hat.info);
		json_key(json, &first, "members");
		fputc('[', json);
	}
	for (i = 0; i < n; i++) {
		struct aamed_profile_info m = { .size = sizeof(m) };

		aamed_profile_info(aamed_label_profile(label, i), &m);
		if (json) {
			if (i)
				fputc(',', json);
			member_json(json, policy, q, a, &m);
		} else {
			member_text(policy, q, &m);
		}
	}
	if (json) {
		fputc(']', json);
		json_key(json, &first, "records");
		json_str_rows(json, a->recs.text[0], sizeof(a->recs.text[0]),
			      (size_t)a->recs.n);
		fputs("}\n", json);
	} else {
		for (i = 0; i < (size_t)a->recs.n; i++)
			printf("record\t%s\n", a->recs.text[i]);
	}
	return a->error ? EXIT_DENIED : EXIT_ALLOWED;
}
