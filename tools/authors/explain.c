// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed explain: the decision of a query (same words as aamed query) and
 * why, for each member of the label: the class, the permissions at the
 * matched state, the reason of a denial (a deny rule, no rule grants it,
 * the owner condition), quiet or audited, the profile's mode, the exec
 * transition, and with --source FILE the source rules (file:line) that
 * grant or deny the request, attributed by apparmor_parser itself
 * (tools/authors/tl_source.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "explain_hat.h"
#include "tl.h"

struct member {
	const aamed_profile *p;
	struct aamed_profile_info info;
	uint32_t request;
	struct aamed_perms perms; /* at the matched state, modes not applied */
	bool have_perms;
	uint32_t owner_allow;	/* file: what the owner entry allows */
	struct answer ans;	/* the member decided alone */
	uint32_t denied;
	const char *reason;
	const char *record;
	char rule[96];		/* rlimit: the member's rule for the resource */
	/* --source */
	struct tl_rule *rules[64];
	uint32_t bits[64];
	bool owner_only[64];	/* grants only when fsuid is the owner */
	int nrules;
};

/* The permission entry the member's walk ends in, for the classes whose
 * walk is a plain match (the row's matcher; modes are not applied). */
static void member_perms(aamed_policy *policy, struct member *m,
			 const struct query *q)
{
	qclass_perms_fn *match = qclass_of(q)->perms;
	const aamed_label *peer = NULL;

	memset(&m->perms, 0, sizeof(m->perms));
	if (q->peer_label)
		peer = aamed_label_get(policy, q->peer_label, NULL);
	if (match)
		m->have_perms = match(policy, m->p, peer, q, m->request,
				      &m->perms, &m->owner_allow);
}

static void on_rule(struct tl_rule *r, uint32_t bits, void *arg)
{
	struct member *m = arg;

	if (m->nrules < 64) {
		m->rules[m->nrules] = r;
		m->owner_only[m->nrules] = false;
		m->bits[m->nrules++] = bits;
	}
}

/*
 * A setrlimit: the member's rlimit rule for the resource, and which of
 * the kernel's checks refused (the records say: the capability asked for
 * a raised hard limit, another label's task, or the rule itself).
 */
static void rlimit_member(struct member *m, const struct query *q)
{
	const char *name = aamed_rlimit_name(q->rl.resource);
	uint64_t v;
	int i;

	if (aamed_profile_rlimit(m->p, q->rl.resource, &v) != 1)
		snprintf(m->rule, sizeof(m->rule), "no rlimit rule for %s", name);
	else if (v == AAMED_RLIM_INFINITY)
		snprintf(m->rule, sizeof(m->rule), "set rlimit %s <= infinity,", name);
	else
		snprintf(m->rule, sizeof(m->rule), "set rlimit %s <= %llu,", name,
			 (unsigned long long)v);
	m->reason = "allowed";
	for (i = 0; i < m->ans.recs.n; i++) {
		const struct aamed_audit *r = &m->ans.recs.rec[i];

		if (r->type == AAMED_AUDIT_AUDIT)
			continue;
		m->reason = r->class == AAMED_CLASS_CAP	   ? "capability"
			    : r->info && !strcmp(r->info, "cap_sys_resource")
				    ? "cap-sys-resource"
				    : "rlimit-rule";
		break;
	}
	if (!strcmp(m->reason, "allowed") && m->ans.error)
		m->reason = m->ans.error == -EPERM ? "capability" : "rlimit-rule";
}

/* Decide the member alone and say why. */
static void explain_member(aamed_policy *policy, const struct query *q,
			   struct member *m, struct tl_source *src)
{
	const struct qclass *row = qclass_of(q);
	const char *name = m->info.name;
	char err[256];
	int i;
	bool any_record = false, deny_rule = false;

	m->request = qclass_request(q);
	m->ans.recs.want_text = true;
	answer_decide(policy, aamed_profile_label(m->p), q, &m->ans, err,
		      sizeof(err));
	if (m->info.mode == AAMED_PROFILE_UNCONFINED) {
		m->reason = "unconfined";
		m->record = "none";
		return;
	}
	if (m->ans.not_mediated) {
		m->reason = "not-mediated";
		m->record = "none";
		return;
	}
	member_perms(policy, m, q);
	m->denied = 0;
	if (row->flags & QF_LIMIT) {
		rlimit_member(m, q);
		m->denied = strcmp(m->reason, "allowed") ? 1 : 0;
		m->record = m->ans.recs.n ? cli_type_name(m->ans.recs.rec[0].type)
				: m->denied ? "quiet" : "none";
		return;
	}
	for (i = 0; i < m->ans.recs.n; i++) {
		const struct aamed_audit *r = &m->ans.recs.rec[i];

		if (r->profile && strcmp(r->profile, name))
			continue;	/* the peer's side */
		if ((row->flags & QF_OWN_OP) && r->op &&
		    strcmp(r->op, aamed_file_op_name(q->file.op)))
			continue;	/* the null device's open, not the use */
		any_record = true;
		if (r->type != AAMED_AUDIT_AUDIT)
			m->denied |= r->denied ? r->denied : m->request;
	}
	if (!m->denied && m->have_perms && (m->ans.error || m->info.mode == AAMED_PROFILE_COMPLAIN))
		m->denied = m->request & ~m->perms.allow;
	if (!m->denied && m->ans.error)
		m->denied = m->request;
	if (src && src->policy)
		tl_source_match(src, name, q, m->request, on_rule, m);
	for (i = 0; i < m->nrules; i++)
		if (m->rules[i]->deny)
			deny_rule = true;
	if (!m->denied && !m->ans.error)
		m->reason = "allowed";
	else if (row->cap_reason && m->ans.error == -EPERM)
		m->reason = "capability";	/* e.g. may_mount()'s CAP_SYS_ADMIN */
	else if (deny_rule || (m->have_perms && (m->denied & m->perms.deny)))
		m->reason = "deny-rule";
	else if (m->have_perms && query_is_path(q) &&
		 q->file.fsuid != q->file.ouid &&
		 (m->owner_allow & m->denied) == m->denied)
		m->reason = "owner";
	else if (!src && m->have_perms &&
		 (m->denied & (m->perms.quiet | m->perms.audit)))
		/* apparmor_parser 3.0 compiles a deny rule into quiet bits
		 * (audit bits for "audit deny") of a state that allows nothing */
		m->reason = "deny-rule";
	else
		m->reason = "no-rule";
	if (!strcmp(m->reason ? m->reason : "", "owner") && src && src->policy) {
		/* the owner rules that would grant it */
		struct query q2 = *q;
		int n0 = m->nrules, j;

		q2.file.fsuid = q2.file.ouid;
		tl_source_match(src, name, &q2, m->request, on_rule, m);
		for (j = n0; j < m->nrules; j++)
			m->owner_only[j] = true;
	}
	if (any_record) {
		for (i = 0; i < m->ans.recs.n; i++)
			if (m->ans.recs.rec[i].profile &&
			    !strcmp(m->ans.recs.rec[i].profile, name)) {
				m->record = cli_type_name(m->ans.recs.rec[i].type);
				break;
			}
	} else {
		m->record = m->denied ? "quiet" : "none";
	}
}

static void mask_str(enum aamed_class c, uint32_t m, char *buf, size_t len)
{
	if (c == AAMED_CLASS_FILE) {
		/* the real bits, not the records' meta-read-as-r mapping */
		static const struct { uint32_t b; const char *s; } t[] = {
			{ AAMED_MAY_READ, "r" }, { AAMED_MAY_WRITE, "w" },
			{ AAMED_MAY_APPEND, "a" }, { AAMED_MAY_EXEC, "x" },
			{ AAMED_EXEC_MMAP, "m" }, { AAMED_MAY_LINK, "l" },
			{ AAMED_MAY_LOCK, "k" }, { AAMED_MAY_CREATE, "c" },
			{ AAMED_MAY_DELETE, "d" }, { AAMED_MAY_RENAME, ",rename" },
			{ AAMED_MAY_SETATTR, ",setattr" }, { AAMED_MAY_CHMOD, ",chmod" },
			{ AAMED_MAY_CHOWN, ",chown" }, { AAMED_MAY_OPEN, ",open" },
			{ AAMED_MAY_CHANGE_PROFILE, ",change_profile" },
			{ AAMED_MAY_ONEXEC, ",onexec" },
		};
		size_t i, n = 0;

		buf[0] = 0;
		for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
			if ((m & t[i].b) && n + 10 < len)
				n += (size_t)snprintf(buf + n, len - n, "%s",
						      t[i].s + (n == 0 && t[i].s[0] == ','));
		return;
	}
	if (c == AAMED_CLASS_CAP) {
		snprintf(buf, len, "%s", m ? "capability" : "");
		return;
	}
	if (c == AAMED_CLASS_RLIMITS) {
		snprintf(buf, len, "%s", m ? "setrlimit" : "");
		return;
	}
	aamed_perms_str(c, m, buf, len);
}

/*
 * The text's masks: a capability query asks one bit, which its name says
 * better than the class word ("sys_admin", not "capability").
 */
static void text_mask(const struct query *q, enum aamed_class c, uint32_t m,
		      char *buf, size_t len)
{
	const char *name = c == AAMED_CLASS_CAP ? aamed_cap_name(q->ipc.cap)
						: NULL;

	if (name)
		snprintf(buf, len, "%s", m ? name : "");
	else
		mask_str(c, m, buf, len);
}

/*
 * A capability has no matched state: the profile's capability sets say
 * it. apparmor_parser writes "deny capability X" as no allow bit and a
 * quiet bit ("audit deny": no quiet bit), so the sets show no deny.
 */
static void print_cap_sets(const struct member *m)
{
	printf("  capability sets: allow %s  audit %s  quiet %s  kill %s\n",
	       m->perms.allow ? "yes" : "no", m->perms.audit ? "yes" : "no",
	       m->perms.quiet ? "yes" : "no", m->perms.kill ? "yes" : "no");
	if (!strcmp(m->reason, "deny-rule") && !m->perms.deny)
		puts("  (a deny rule is kept as no allow bit, and a quiet bit"
		     " unless it is \"audit deny\")");
}

/* The kernel without the hook (6.1 for userns, io_uring) decides nothing. */
static const char *verdict_word(const struct answer *a)
{
	return a->not_mediated ? "NOT-MEDIATED" : a->error ? "DENIED" : "ALLOWED";
}

static const char *reason_text(const struct query *q,
			       const struct member *m)
{
	if (!strcmp(m->reason, "deny-rule"))
		return "a deny rule matches";
	if (!strcmp(m->reason, "owner"))
		return "only an owner rule grants it and fsuid != ouid";
	if (!strcmp(m->reason, "no-rule"))
		return "no rule grants it";
	if (!strcmp(m->reason, "unconfined"))
		return "unconfined: not mediated";
	if (!strcmp(m->reason, "not-mediated"))
		return "this kernel has no hook for it";
	if (!strcmp(m->reason, "rlimit-rule"))
		return "the hard limit is above the rlimit rule";
	if (!strcmp(m->reason, "capability") && qclass_of(q)->cap_reason)
		return qclass_of(q)->cap_reason;
	if (!strcmp(m->reason, "capability"))
		return "the rules allow it, capability sys_admin is denied";
	if (!strcmp(m->reason, "cap-sys-resource"))
		return "another label's task needs capability sys_resource";
	return "granted";
}

static void print_text(const struct query *q, struct member *ms, int n,
		       const struct answer *all, const char *label)
{
	enum aamed_class c = qclass_aclass(q);
	char b1[128], b2[128];
	int i, j;

	color_verdict(stdout, verdict_word(all));
	printf("\t%s %s\n", label, qclass_name(q));
	if (all->have_x && !all->error && cli_xmode_name(all->x.mode))
		printf("transition\t%s:%s%s secure-exec=%d\n",
		       cli_xmode_name(all->x.mode), all->x.name,
		       all->x.unsafe ? " (unsafe)" : "", !all->x.unsafe);
	if (all->have_x && !all->error && all->rl.shown) {
		fputs("limits", stdout);
		rlimit_exec_text(stdout, &all->rl, '\t');
		putchar('\n');
	}
	if (all->have_inherit)
		printf("inherit\t%s\n",
		       (all->inherit & AAMED_INHERIT_REPLACED) ? "replaced" :
		       (all->inherit & AAMED_INHERIT_CLOSED)   ? "closed" :
								 "kept");
	for (i = 0; i < n; i++) {
		struct member *m = &ms[i];

		printf("member %s (%s, audit %s)\n", m->info.name,
		       tl_mode_name(m->info.mode),
		       tl_audit_mode_name(m->info.audit));
		if (m->info.mode == AAMED_PROFILE_UNCONFINED) {
			puts("  unconfined: not mediated");
			continue;
		}
		if (m->ans.not_mediated) {
			puts("  not mediated: this kernel has no hook for it");
			continue;
		}
		text_mask(q, c, m->request, b1, sizeof(b1));
		text_mask(q, c, m->denied, b2, sizeof(b2));
		printf("  class %s  requested \"%s\"  denied \"%s\"\n",
		       qclass_name(q), b1, b2);
		if (m->have_perms && c == AAMED_CLASS_CAP) {
			print_cap_sets(m);
		} else if (m->have_perms) {
			char a[128], d[128], au[128], qu[128];

			mask_str(c, m->perms.allow, a, sizeof(a));
			mask_str(c, m->perms.deny, d, sizeof(d));
			mask_str(c, m->perms.audit, au, sizeof(au));
			mask_str(c, m->perms.quiet, qu, sizeof(qu));
			printf("  matched state: allow \"%s\" deny \"%s\" audit \"%s\" quiet \"%s\"\n",
			       a, d, au, qu);
		}
		printf("  %s: %s\n", m->ans.error ? "denied" :
		       m->denied ? "allowed (complain mode)" : "allowed",
		       reason_text(q, m));
		if (m->rule[0])
			printf("  rule: %s\n", m->rule);
		printf("  record: %s\n", m->record);
		if (m->ans.have_x && cli_xmode_name(m->ans.x.mode))
			printf("  transition %s:%s\n", cli_xmode_name(m->ans.x.mode),
			       m->ans.x.name);
		for (j = 0; j < m->nrules; j++) {
			text_mask(q, c, m->bits[j], b1, sizeof(b1));
			printf("  %s:%d: %s\t(%s \"%s\"%s)\n", m->rules[j]->file,
			       m->rules[j]->line, m->rules[j]->text,
			       m->rules[j]->deny ? "denies" : "grants", b1,
			       m->owner_only[j] ? " to the owner only" : "");
		}
	}
	for (i = 0; i < all->recs.n; i++)
		printf("record\t%s\n", all->recs.text[i]);
}

/* "key":"the bits of mask in class c" */
static void json_mask(FILE *f, bool *first, const char *key,
		      enum aamed_class c, uint32_t mask)
{
	char b[128];

	mask_str(c, mask, b, sizeof(b));
	json_key(f, first, key);
	json_str(f, b);
}

static void print_json(FILE *f, const struct query *q, struct member *ms,
		       int n, const struct answer *all, const char *label,
		       bool have_src)
{
	enum aamed_class c = qclass_aclass(q);
	bool first = true;
	int i, j;

	fputc('{', f);
	json_key(f, &first, "version");
	fprintf(f, "%d", TL_JSON_VERSION);
	json_key(f, &first, "command");
	json_str(f, "explain");
	json_key(f, &first, "verdict");
	json_str(f, all->not_mediated ? "not-mediated"
		    : all->error      ? "denied"
				      : "allowed");
	json_key(f, &first, "label");
	json_str(f, label);
	json_key(f, &first, "class");
	json_str(f, qclass_name(q));
	json_key(f, &first, "transition");
	if (all->have_x && !all->error && cli_xmode_name(all->x.mode)) {
		bool xf = true;

		fputc('{', f);
		json_key(f, &xf, "mode");
		json_str(f, cli_xmode_name(all->x.mode));
		json_key(f, &xf, "label");
		json_str(f, all->x.name);
		json_key(f, &xf, "unsafe");
		fputs(all->x.unsafe ? "true" : "false", f);
		json_key(f, &xf, "secure_exec");
		fputs(all->x.unsafe ? "false" : "true", f);
		fputc('}', f);
	} else {
		fputs("null", f);
	}
	json_key(f, &first, "members");
	fputc('[', f);
	for (i = 0; i < n; i++) {
		struct member *m = &ms[i];
		bool mf = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &mf, "profile");
		json_str(f, m->info.name);
		json_key(f, &mf, "mode");
		json_str(f, tl_mode_name(m->info.mode));
		json_key(f, &mf, "audit_mode");
		json_str(f, tl_audit_mode_name(m->info.audit));
		json_key(f, &mf, "verdict");
		json_str(f, m->ans.not_mediated ? "not-mediated"
			    : m->ans.error	  ? "denied"
						  : "allowed");
		json_key(f, &mf, "reason");
		json_str(f, m->reason);
		json_key(f, &mf, "record");
		json_str(f, m->record);
		if (m->rule[0]) {
			json_key(f, &mf, "rlimit_rule");
			json_str(f, m->rule);
		}
		json_mask(f, &mf, "requested", c, m->request);
		json_mask(f, &mf, "denied", c, m->denied);
		json_key(f, &mf, "matched");
		if (m->have_perms) {
			bool pf = true;

			fputc('{', f);
			json_mask(f, &pf, "allow", c, m->perms.allow);
			json_mask(f, &pf, "deny", c, m->perms.deny);
			json_mask(f, &pf, "audit", c, m->perms.audit);
			json_mask(f, &pf, "quiet", c, m->perms.quiet);
			fputc('}', f);
		} else {
			fputs("null", f);
		}
		json_key(f, &mf, "transition");
		if (m->ans.have_x && cli_xmode_name(m->ans.x.mode)) {
			bool xf = true;

			fputc('{', f);
			json_key(f, &xf, "mode");
			json_str(f, cli_xmode_name(m->ans.x.mode));
			json_key(f, &xf, "label");
			json_str(f, m->ans.x.name);
			json_key(f, &xf, "unsafe");
			fputs(m->ans.x.unsafe ? "true" : "false", f);
			fputc('}', f);
		} else {
			fputs("null", f);
		}
		json_key(f, &mf, "rules");
		if (!have_src) {
			fputs("null", f);
		} else {
			fputc('[', f);
			for (j = 0; j < m->nrules; j++) {
				bool rf = true;

				if (j)
					fputc(',', f);
				fputc('{', f);
				json_key(f, &rf, "file");
				json_str(f, m->rules[j]->file);
				json_key(f, &rf, "line");
				fprintf(f, "%d", m->rules[j]->line);
				json_key(f, &rf, "rule");
				json_str(f, m->rules[j]->text);
				json_key(f, &rf, "effect");
				json_str(f, m->rules[j]->deny ? "deny"
					    : m->owner_only[j] ? "owner-allow" : "allow");
				json_mask(f, &rf, "perms", c, m->bits[j]);
				fputc('}', f);
			}
			fputc(']', f);
		}
		fputc('}', f);
	}
	fputc(']', f);
	json_key(f, &first, "records");
	json_str_rows(f, all->recs.text[0], sizeof(all->recs.text[0]),
		      (size_t)all->recs.n);
	fputs("}\n", f);
}

static void usage(FILE *f)
{
	fputs("usage: aamed explain --policy PATH [--policy PATH...] [--json]\n"
	      "                     [--kernel 6.1|6.12|upstream] [--source FILE]\n"
	      "                     [--features NAME|FILE] [-I DIR] [--label L] QUERY\n"
	      "QUERY as for aamed query (docs/query-language.md).\n"
	      "Exit codes: 0 allowed, 1 denied, 2 usage error, 3 policy not loaded.\n",
	      f);
}

/* The query words: operands and the options explain does not know. */
struct eargs {
	char *qargv[MAX_WORDS + 2];
	int qn;
};

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct eargs *a = ctx;

	(void)opt;
	if (a->qn < MAX_WORDS)
		a->qargv[a->qn++] = (char *)arg;
	return 0;
}

/* Each member of label decided alone; NULL when out of memory. */
static struct member *explain_members(aamed_policy *policy,
				      const aamed_label *label,
				      const struct query *q,
				      const struct tl_opts *o,
				      struct tl_source *src, int *n)
{
	struct member *ms;
	int i;

	*n = (int)aamed_label_profile_count(label);
	ms = calloc((size_t)(*n ? *n : 1), sizeof(*ms));
	if (!ms)
		return NULL;
	for (i = 0; i < *n; i++) {
		ms[i].p = aamed_label_profile(label, (size_t)i);
		ms[i].info.size = sizeof(ms[i].info);
		aamed_profile_info(ms[i].p, &ms[i].info);
		ms[i].ans.recs.fmt = o->fmt;
		explain_member(policy, q, &ms[i], o->source ? src : NULL);
	}
	return ms;
}

/* The deny rules of the source that match, "FILE:LINE: RULE", after
 * off in buf; the new offset. */
static size_t why_rules(const struct member *m, char *buf, size_t len,
			size_t off)
{
	int i;

	for (i = 0; i < m->nrules && off + 1 < len; i++)
		if (m->rules[i]->deny && (m->bits[i] & m->denied))
			off += (size_t)snprintf(buf + off, len - off, " (%s:%d: %s)",
						m->rules[i]->file, m->rules[i]->line,
						m->rules[i]->text);
	return off;
}

int tl_explain_why(aamed_policy *policy, const aamed_label *label,
		   const struct query *q, unsigned fmt, struct tl_source *src,
		   char *buf, size_t len)
{
	/* explain_members() reads the source when o.source is set */
	struct tl_opts o = { .fmt = fmt, .source = src ? "" : NULL };
	struct member *ms;
	size_t off = 0;
	int i, n;

	buf[0] = '\0';
	if (qclass_of(q)->flags & QF_NO_RULES)
		return 0;	/* the hats decide, not rules */
	ms = explain_members(policy, label, q, &o, src, &n);
	if (!ms)
		return -1;
	for (i = 0; i < n && off + 1 < len; i++) {
		const char *r = ms[i].reason;

		if (!r || !strcmp(r, "allowed") || !strcmp(r, "unconfined") ||
		    !strcmp(r, "not-mediated"))
			continue;
		off += (size_t)snprintf(buf + off, len - off, "%s%s: %s",
					off ? "; " : "", ms[i].info.name,
					reason_text(q, &ms[i]));
		if (off + 1 < len)
			off = why_rules(&ms[i], buf, len, off);
	}
	free(ms);
	return 0;
}

/* Decide, explain and print q for its label; the exit code. */
int tl_explain(aamed_policy *policy, const struct query *q,
	       const struct tl_opts *o, FILE *json)
{
	const aamed_label *label;
	struct tl_source src = { 0 };
	struct member *ms = NULL;
	struct answer *all;
	char err[512];
	int lerr = 0, i, n = 0, rc = EXIT_USAGE;

	label = aamed_label_get(policy, q->label, &lerr);
	if (!label) {
		char hint[300] = "";

		if (lerr == -ENOENT)
			label_hint(policy, q->label, hint, sizeof(hint));
		cli_error("aamed explain", "label \"%s\": %s%s", q->label,
			  lerr == -ENOENT ? "no such profile" : "malformed label",
			  hint);
		return EXIT_USAGE;
	}
	all = calloc(1, sizeof(*all));
	if (!all)
		return EXIT_USAGE;
	all->recs.fmt = o->fmt;
	all->recs.want_text = true;
	if (answer_decide(policy, label, q, all, err, sizeof(err))) {
		cli_error("aamed explain", "%s", err);
		goto out;
	}
	if (qclass_of(q)->flags & QF_NO_RULES) {
		/* no rules decide it: the hats the profiles have do */
		rc = explain_hat(policy, label, q, all, o->json ? json : NULL);
		goto out;
	}
	if (o->source) {
		/* a source apparmor_parser refuses: as compile and diff */
		rc = EXIT_POLICY;
		if (tl_source_load(&src, o->source, o->features, o->incs, o->ni,
				   o->k))
			goto out;
		rc = EXIT_USAGE;
		/* peers of two-sided requests are decided in the same set */
		for (i = 0; i < o->np; i++)
			aamed_policy_load_path(src.policy, o->policies[i], NULL);
	}
	ms = explain_members(policy, label, q, o, &src, &n);
	if (!ms)
		goto out;
	if (o->json)
		print_json(json, q, ms, n, all, aamed_label_name(label),
			   o->source != NULL);
	else
		print_text(q, ms, n, all, aamed_label_name(label));
	rc = all->error ? EXIT_DENIED : EXIT_ALLOWED;
out:
	free(ms);
	free(all);
	if (o->source)
		tl_source_free(&src);
	return rc;
}

int cmd_explain(int argc, char **argv)
{
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON,
			   .usage = usage };
	struct eargs ea = { .qn = 0 };
	struct query q;
	char err[512];
	aamed_policy *policy;
	int rc;

	rc = tl_getopt(&o, "explain", argc, argv, NULL, on_arg, &ea);
	if (rc >= 0)
		return rc;
	if (!o.np || !ea.qn) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (parse_query(ea.qn, ea.qargv, &q, err, sizeof(err))) {
		cli_error("aamed explain", "%s", err);
		return EXIT_USAGE;
	}
	policy = load_policies(o.policies, o.np, o.k, "aamed explain");
	if (!policy)
		return EXIT_POLICY;
	rc = tl_explain(policy, &q, &o, stdout);
	aamed_policy_free(policy);
	return rc;
}
