// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest --policy P --source DIR LOG...: the rules that would
 * allow the requests the logs show denied, per profile, each proven
 * before it is proposed (suggest_prove.c): the amended sources compiled
 * with the real parser, the logs replayed against them (every suggested
 * denial now allowed, nothing else changed), old and new diffed.
 *
 * The records are read and rebuilt by replay (replay_decisions()); a
 * denied request becomes a rule through its class row (qclass.h's rule
 * hook), for each member of the label whose own check denies it. A
 * record that cannot become a rule is kept with the reason. The files
 * of suggest: see suggest.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "suggest.h"

char *sg_strdup(const char *s)
{
	char *d = strdup(s ? s : "");

	if (!d) {
		fputs("aamed suggest: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return d;
}

static void *grow(void *v, size_t n, size_t size)
{
	void *p = realloc(v, (n + 1) * size);

	if (!p) {
		fputs("aamed suggest: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return p;
}

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

void sg_none_add(struct suggest *s, const char *profile, const char *what,
		 const char *reason, long count)
{
	size_t i;
	struct sg_none *n;

	for (i = 0; i < s->nnone; i++) {
		n = &s->none[i];
		if (same(n->profile, profile) && !strcmp(n->what, what) &&
		    !strcmp(n->reason, reason)) {
			n->count += count;
			return;
		}
	}
	s->none = grow(s->none, s->nnone, sizeof(*s->none));
	n = &s->none[s->nnone++];
	n->profile = profile ? sg_strdup(profile) : NULL;
	n->what = sg_strdup(what);
	n->reason = sg_strdup(reason);
	n->count = count;
}

/*
 * A plain file rule "[owner] PATH LETTERS," split: the length of what
 * comes before the letters, 0 when it is not one (a link, an exec).
 */
static size_t file_split(const char *t)
{
	const char *sp = strrchr(t, ' ');
	size_t n = strlen(t);

	if (!sp || n < 2 || t[n - 1] != ',' || !strncmp(t, "link ", 6) ||
	    !strncmp(t, "owner link ", 11) || (t[0] != '/' && t[0] != '"' &&
					       strncmp(t, "owner ", 6)))
		return 0;
	if (strspn(sp + 1, "rwamkl") != (size_t)(t + n - 1 - (sp + 1)))
		return 0;
	return (size_t)(sp - t);
}

/*
 * Two file rules of the same path and owner become one (as a maintainer
 * writes it): the letters of both, in the profile language's order, w
 * covering a. true when merged into x.
 */
static bool file_merge(char *x, size_t xlen, const char *y)
{
	size_t a = file_split(x), b = file_split(y), i, o = 0;
	char set[16], out[16];
	const char *order = "rwamkl";

	if (!a || a != b || strncmp(x, y, a))
		return false;
	snprintf(set, sizeof(set), "%.*s%.*s", (int)(strlen(x) - a - 2),
		 x + a + 1, (int)(strlen(y) - b - 2), y + b + 1);
	for (i = 0; order[i]; i++)
		if (strchr(set, order[i]) &&
		    !(order[i] == 'a' && strchr(set, 'w')))
			out[o++] = order[i];
	out[o] = 0;
	snprintf(x + a, xlen - a, " %s,", out);
	return true;
}

/* An rlimit rule's value, infinity the largest. */
static unsigned long long rlimit_of(const char *t)
{
	const char *v = strstr(t, "<= ");

	if (!v || !strncmp(v + 3, "infinity", 8))
		return (unsigned long long)-1;
	return strtoull(v + 3, NULL, 10);
}

/*
 * The unix rule alternative "unix (OPS) REST," of records merged into
 * one network rule: the operations of all of them, in the order the
 * profile language lists them, when the rest (type, address, peer) is
 * the same; another alternative beside it when not (while there is
 * room). Without this the alternative would keep the first record's
 * operations only, and grant less than the rule it stands for.
 */
static void unix_merge(struct qrule *x, const struct qrule *y)
{
	static const char *const order[] = {
		"create", "bind", "listen", "accept", "connect", "send",
		"receive", "getattr", "setattr", "getopt", "setopt",
		"shutdown", NULL,
	};
	int a, b, k;

	for (b = 1; b < y->n; b++) {
		const char *yr = strchr(y->text[b], ')');

		if (strncmp(y->text[b], "unix (", 6) || !yr)
			continue;
		for (a = 1; a < x->n; a++) {
			const char *xr = strchr(x->text[a], ')');
			char ops[2100], out[160];
			size_t o = 0;

			if (strncmp(x->text[a], "unix (", 6) || !xr ||
			    strcmp(xr, yr))
				continue;
			snprintf(ops, sizeof(ops), "%.*s, %.*s",
				 (int)(xr - x->text[a] - 6), x->text[a] + 6,
				 (int)(yr - y->text[b] - 6), y->text[b] + 6);
			for (k = 0; order[k]; k++)
				if (strstr(ops, order[k]))
					o += (size_t)snprintf(out + o, sizeof(out) - o,
							      "%s%s", o ? ", " : "",
							      order[k]);
			if (6 + o + strlen(yr) < sizeof(x->text[a])) {
				memmove(x->text[a] + 6 + o, xr, strlen(xr) + 1);
				memcpy(x->text[a] + 6, out, o);
			}
			break;
		}
		if (a == x->n && x->n < QRULE_ALTS) {
			snprintf(x->text[x->n], sizeof(x->text[0]), "%s",
				 y->text[b]);
			x->means[x->n] = y->means[b];
			x->proven[x->n] = y->proven[b];
			x->n++;
		}
	}
}

/* The rule for profile, merged with an equal one; its index. */
static long rule_add(struct suggest *s, const char *profile, const char *cls,
		     const struct qrule *r, const char *what, long idx)
{
	size_t i;
	struct sg_rule *x;

	for (i = 0; i < s->nrules; i++) {
		x = &s->rules[i];
		/* one rlimit rule per resource: the highest limit asked
		 * (nice's N too: its limit is 20 + N) */
		if (x->rlimit && !strcmp(x->profile, profile) &&
		    !strncmp(r->text[0], "set rlimit ", 11) &&
		    !strncmp(r->text[0] + 11, x->resource, strlen(x->resource)) &&
		    r->text[0][11 + strlen(x->resource)] == ' ') {
			if (strcmp(x->resource, "nice") ?
				    rlimit_of(r->text[0]) > rlimit_of(x->r.text[0]) :
				    strtoll(strstr(r->text[0], "<= ") + 3, NULL, 10) >
					    strtoll(strstr(x->r.text[0], "<= ") + 3, NULL, 10))
				x->r = *r;
			snprintf(x->exact, sizeof(x->exact), "%s", x->r.text[0]);
			x->count++;
			return (long)i;
		}
		if (!strcmp(x->profile, profile) &&
		    !strcmp(x->r.text[0], r->text[0]) &&
		    !strncmp(r->text[0], "network unix ", 13))
			unix_merge(&x->r, r);
		if (!strcmp(x->profile, profile) &&
		    (!strcmp(x->r.text[0], r->text[0]) ||
		     file_merge(x->r.text[0], sizeof(x->r.text[0]),
				r->text[0]))) {
			snprintf(x->exact, sizeof(x->exact), "%s", x->r.text[0]);
			x->count++;
			return (long)i;
		}
	}
	s->rules = grow(s->rules, s->nrules, sizeof(*s->rules));
	x = &s->rules[s->nrules];
	memset(x, 0, sizeof(*x));
	x->profile = sg_strdup(profile);
	x->cls = cls;
	x->r = *r;
	snprintf(x->exact, sizeof(x->exact), "%s", r->text[0]);
	x->what = sg_strdup(what);
	x->count = 1;
	x->first = idx;
	/* one rlimit rule per resource: the new one replaces the old */
	if (!strncmp(r->text[0], "set rlimit ", 11)) {
		x->rlimit = true;
		sscanf(r->text[0] + 11, "%31s", x->resource);
	}
	return (long)s->nrules++;
}

/* ------------------------------------------------------------------ */
static void saw_allowed(const struct aamed_audit *rec, void *arg)
{
	if (rec->type == AAMED_AUDIT_ALLOWED)
		*(bool *)arg = true;
}

/*
 * One side of a signal or ptrace (the one that logged): its check, with
 * the records it would make; an ALLOWED one is complain mode letting
 * pass what its rules do not grant.
 */
static bool side_complain_only(aamed_policy *p, const aamed_label *l,
			       const struct query *q, bool other_side)
{
	const struct qclass *row = qclass_of(q);
	const aamed_label *peer;
	bool allowed = false;
	int err = 0;

	if (!row->side || !(peer = aamed_label_get(p, q->peer_label, &err)))
		return false;
	if (row->side(l, peer, q, other_side, saw_allowed, &allowed))
		return false;
	return allowed;
}

bool sg_complain_only(aamed_policy *p, const aamed_label *l,
		      const struct query *q, bool other_side)
{
	/* one at a time: the answer keeps 16 records' text (32 KB) */
	static struct answer a;
	char err[256];

	if (qclass_of(q)->flags & QF_TWO_SIDED)
		return side_complain_only(p, l, q, other_side);
	answer_init(&a, 0, false);
	if (answer_decide(p, l, q, &a, err, sizeof(err)))
		return false;
	return answer_complain_allowed(&a);
}

/* One denied request, for one member of its label. */
struct member_ctx {
	struct suggest *s;
	const aa_log_record *rec;
	const struct query *q;
	bool other_side;
	const char *what;
	long idx;
	bool complain;		/* an ALLOWED record of complain mode */
};

/* The peer of a two-sided request; NULL with why set. */
static const aamed_label *peer_of(struct suggest *s, const struct query *q,
				  const char **why)
{
	int err = 0;
	const aamed_label *p;

	if (!(qclass_of(q)->flags & QF_TWO_SIDED))
		return NULL;
	p = aamed_label_get(s->policy, q->peer_label, &err);
	if (!p)
		*why = "the peer's label is not in the policy";
	return p;
}

/* Whether the profile of label text m has unix rules compiled. */
static bool mediates_unix(struct suggest *s, const char *m)
{
	const aamed_profile *p = aamed_policy_profile_find(s->policy, "", m);
	struct aamed_profile_info i = { .size = sizeof(i) };

	return p && !aamed_profile_info(p, &i) &&
	       (i.mediates & (1ull << AAMED_PCLASS_NETV9));
}

/*
 * Why no allow rule can help, from the member's own rules as explain
 * reads them: a deny rule matches, or (an exec) an exec rule already
 * matches and the denial is its transition's. NULL: a rule may help.
 */
static const char *granted_why(struct suggest *s, const char *m,
			       const struct qclass *row, const struct query *q,
			       const aamed_label *peer)
{
	const aamed_profile *p = aamed_policy_profile_find(s->policy, "", m);
	struct aamed_perms perms;
	uint32_t owner = 0, req = qclass_request(q);

	memset(&perms, 0, sizeof(perms));
	if (!p || !row->perms || !req ||
	    !row->perms(s->policy, p, peer, q, req, &perms, &owner))
		return NULL;
	if (perms.deny & req)
		return "a deny rule of the profile matches it: no allow rule overrides a deny rule";
	if ((row->flags & QF_EXEC) &&
	    ((perms.allow | owner) & AAMED_MAY_EXEC))
		return "the profile has an exec rule for it already: the exec is denied by that rule's transition (its target profile, its mode)";
	return NULL;
}

/* 1: member m denies and got its rule (or its reason); 0: it allows. */
static int member(struct member_ctx *c, const char *m)
{
	struct suggest *s = c->s;
	const struct qclass *row = qclass_of(c->q);
	const aamed_label *ml, *peer = NULL;
	const char *why = NULL;
	char err[512];
	struct qrule r;
	struct qrule_ctx x = { .policy = s->policy, .profile = m,
			       .other_side = c->other_side };
	int lerr = 0, e;

	ml = aamed_label_get(s->policy, m, &lerr);
	if (!ml || aamed_label_is_unconfined(ml))
		return 0;
	if ((row->flags & QF_TWO_SIDED) && !(peer = peer_of(s, c->q, &why))) {
		sg_none_add(s, m, c->what, why, 1);
		return 1;
	}
	e = row->replay(s->policy, ml, peer, c->q, c->other_side, err,
			sizeof(err));
	if (e == 0 && !(c->complain && sg_complain_only(s->policy, ml, c->q,
							c->other_side)))
		return 0;
	if (e == 1) {
		sg_none_add(s, m, c->what, err, 1);
		return 1;
	}
	if (strstr(m, "//null-")) {
		sg_none_add(s, m, c->what,
			    "a learning profile (complain mode's null- profile) has no source",
			    1);
		return 1;
	}
	x.uids = c->rec->fsuid != (unsigned long)-1 &&
		 c->rec->ouid != (unsigned long)-1;
	x.addr = c->rec->net_local_addr;
	x.peer_addr = c->rec->net_foreign_addr;
	x.peer = c->rec->peer;
	x.sock_op = c->rec->requested_mask;
	x.unix_rules = mediates_unix(s, m);
	x.info = c->rec->info;
	if (!row->rule)
		why = "no rule of the profile language decides this class";
	else if (!(why = granted_why(s, m, row, c->q, peer)))
		why = row->rule(c->q, &x, &r);
	if (why) {
		sg_none_add(s, m, c->what, why, 1);
		return 1;
	}
	s->asks[c->idx] = rule_add(s, m, qclass_name(c->q), &r, c->what,
				   c->idx);
	return 1;
}

/* Each member of the label ("a//&b//&:ns:c") whose own check denies. */
static void members(struct member_ctx *c, const char *label)
{
	char buf[4096], *p, *next;
	int denying = 0;

	snprintf(buf, sizeof(buf), "%s", label);
	for (p = buf; p; p = next) {
		next = strstr(p, "//&");
		if (next) {
			*next = 0;
			next += 3;
		}
		denying += member(c, p);
	}
	if (!denying)
		sg_none_add(c->s, label, c->what,
			    "the stack denies it, no member alone does", 1);
}

int sg_state(aamed_policy *p, const aamed_label *l, const aa_log_record *rec,
	     const struct query *q, bool other_side, int error)
{
	if (error)
		return 1;
	return rec->event == AA_RECORD_ALLOWED &&
			       sg_complain_only(p, l, q, other_side) ? 2 : 0;
}

/* A request's words with its operation once: a socket's record names
 * the operation and the mask asked, the same word ("create create
 * netlink raw" is "create netlink raw"). */
static void once(char *what)
{
	size_t n = strcspn(what, " ");

	if (n && what[n] == ' ' && !strncmp(what + n + 1, what, n) &&
	    (what[2 * n + 1] == ' ' || !what[2 * n + 1]))
		memmove(what + n, what + 2 * n + 1, strlen(what + 2 * n + 1) + 1);
}

static void on_decision(void *arg, const aa_log_record *rec,
			const struct query *q, const aamed_label *l,
			bool other_side, int error)
{
	struct suggest *s = arg;
	char what[2048];
	struct member_ctx c = { s, rec, q, other_side, what, s->ndec, false };

	s->dec = grow(s->dec, (size_t)s->ndec, sizeof(*s->dec));
	s->asks = grow(s->asks, (size_t)s->ndec, sizeof(*s->asks));
	s->dec[s->ndec] = sg_state(s->policy, l, rec, q, other_side, error);
	s->asks[s->ndec] = -1;
	s->ndec++;
	if (!s->dec[s->ndec - 1])
		return;
	c.complain = !error;
	s->denials++;
	replay_describe(rec, what, sizeof(what));
	once(what);
	members(&c, aamed_label_name(l));
}

static void on_reason(void *arg, const char *reason, long count,
		      char *const *examples, int nex)
{
	char what[600];

	snprintf(what, sizeof(what), "%ld record%s%s%s", count,
		 count == 1 ? "" : "s", nex ? ", first at " : "",
		 nex ? examples[0] : "");
	sg_none_add(arg, NULL, what, reason, count);
}

/* ------------------------------------------------------------------ */
static void usage(FILE *f)
{
	fputs("usage: aamed suggest --policy P [--policy P...] --source DIR\n"
	      "                     [--features NAME|FILE] [-I DIR]... [--parser PATH]\n"
	      "                     [--kernel 6.1|6.12|upstream] [--abstractions]\n"
	      "                     [--patch | --json] LOG...\n"
	      "The rules that allow the requests the logs show denied, per profile,\n"
	      "each proven: the amended sources (DIR) compiled with apparmor_parser\n"
	      "(the parser and features P was compiled with), the logs replayed\n"
	      "against them, old and new diffed.\n"
	      "Exit codes: 0 nothing denied, 1 rules suggested (or records that\n"
	      "cannot become rules), 2 usage or input error, 3 policy not loaded.\n",
	      f);
}

enum { OPT_PATCH = 0x200, OPT_PARSER, OPT_ABSTRACTIONS };

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct suggest *s = ctx;

	switch (opt) {
	case 1:
		if (s->nl < SG_MAX_LOGS)
			s->logs[s->nl++] = arg;
		return 0;
	case OPT_PATCH:
		s->patch = true;
		return 0;
	case OPT_PARSER:
		s->parser = arg;
		return 0;
	case OPT_ABSTRACTIONS:
		s->abstractions = true;
		return 0;
	default:
		fprintf(stderr, "aamed suggest: unknown option %s\n", arg);
		usage(stderr);
		return -1;
	}
}

static int parse_cmdline(struct suggest *s, int argc, char **argv)
{
	static const struct option own[] = {
		{ "patch", no_argument, NULL, OPT_PATCH },
		{ "parser", required_argument, NULL, OPT_PARSER },
		{ "abstractions", no_argument, NULL, OPT_ABSTRACTIONS },
		{ 0 },
	};
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON,
			     .usage = usage };
	int rc = tl_getopt(&o, "suggest", argc, argv, own, on_arg, s), i;

	if (rc >= 0)
		return rc;
	if (!o.np || !s->nl || !o.source) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (s->patch && o.json) {
		fputs("aamed suggest: --patch and --json are two outputs: one at a time\n",
		      stderr);
		return EXIT_USAGE;
	}
	s->policies = NULL;
	s->np = o.np;
	s->k = o.k;
	s->source = o.source;
	s->features = o.features;
	s->json = o.json;
	for (i = 0; i < o.ni && i < SG_MAX_INCS; i++)
		s->incs[s->ni++] = o.incs[i];
	s->policy = load_policies(o.policies, o.np, o.k, "aamed suggest");
	if (!s->policy)
		return EXIT_POLICY;
	/* the proof loads the policy again, with the amended profiles */
	s->policies = malloc((size_t)o.np * sizeof(*s->policies));
	if (!s->policies)
		return EXIT_USAGE;
	memcpy((void *)s->policies, o.policies,
	       (size_t)o.np * sizeof(*s->policies));
	return -1;
}

static void suggest_free(struct suggest *s)
{
	size_t i;
	int a;

	for (i = 0; i < s->nrules; i++) {
		free(s->rules[i].profile);
		free(s->rules[i].what);
	}
	for (i = 0; i < s->nnone; i++) {
		free(s->none[i].profile);
		free(s->none[i].what);
		free(s->none[i].reason);
	}
	for (i = 0; i < s->nblocks; i++) {
		free(s->blocks[i].profile);
		free(s->blocks[i].file);
		free(s->blocks[i].rel);
		free(s->blocks[i].fail);
		for (a = 0; a < QRULE_ALTS; a++)
			if (s->blocks[i].alts[a])
				aamed_policy_free(s->blocks[i].alts[a]);
	}
	free(s->rules);
	free(s->none);
	free(s->blocks);
	free(s->dec);
	free(s->asks);
	free((void *)s->policies);
	if (s->newpol)
		aamed_policy_free(s->newpol);
	if (s->policy)
		aamed_policy_free(s->policy);
	if (s->tmp[0])
		tl_rmtmp(s->tmp);
}

bool sg_ungeneralise(struct suggest *s)
{
	size_t i;
	bool any = false;

	/* each rule's own text, its line's joining undone (merged again) */
	for (i = 0; i < s->nrules; i++) {
		const struct sg_rule *r = &s->rules[i];

		any |= r->fail && strcmp(r->saved ? r->own.text[0] : r->r.text[0],
					 r->exact);
	}
	if (!any)
		return false;
	any = false;
	sg_unmerge(s);
	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];

		if (!r->fail || !strcmp(r->r.text[0], r->exact))
			continue;
		snprintf(r->gfail, sizeof(r->gfail), "%s: %s", r->r.text[0],
			 r->fail);
		snprintf(r->r.text[0], sizeof(r->r.text[0]), "%s", r->exact);
		r->fail = NULL;
		any = true;
	}
	for (i = 0; any && i < s->nrules; i++)
		s->rules[i].fail = NULL;	/* every rule proven again */
	return any;
}

/* The rules joined again and the proof run again from scratch. */
static void prove_again(struct suggest *s)
{
	if (s->newpol)
		aamed_policy_free(s->newpol);
	s->newpol = NULL;
	sg_merge(s);
	sg_prove(s);
}

static bool any_proven(const struct suggest *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++)
		if (!s->rules[i].fail)
			return true;
	return false;
}

int cmd_suggest(int argc, char **argv)
{
	struct suggest s;
	long errors;
	int rc;

	memset(&s, 0, sizeof(s));
	rc = parse_cmdline(&s, argc, argv);
	if (rc >= 0) {
		suggest_free(&s);
		return rc;
	}
	errors = replay_decisions(s.policy, s.logs, s.nl, on_decision,
				  on_reason, &s, &s.records, &s.rebuilt);
	if (errors < 0) {
		fprintf(stderr, "aamed suggest: cannot read the logs: %s\n",
			strerror(errno ? errno : ENOMEM));
		suggest_free(&s);
		return EXIT_USAGE;
	}
	if (tl_mktmp(s.tmp, sizeof(s.tmp))) {
		s.tmp[0] = 0;
		suggest_free(&s);
		return EXIT_USAGE;
	}
	sg_find_blocks(&s);
	sg_generalise(&s);
	sg_merge(&s);
	sg_prove(&s);
	/* the rules of a joined line that failed, each on its own (one
	 * rule's failure is not the others'); then the exact rules where
	 * the generalised ones failed */
	if (sg_split_failed(&s))
		prove_again(&s);
	if (sg_ungeneralise(&s)) {
		prove_again(&s);
		if (sg_split_failed(&s))
			prove_again(&s);
	}
	if (!s.patch)
		sg_alternatives(&s);
	if (s.patch) {
		char dir[4200];

		snprintf(dir, sizeof(dir), "%s/amended", s.tmp);
		if (any_proven(&s) && sg_print_patch(&s, dir, stdout))
			errors++;
	} else if (s.json) {
		sg_print_json(&s);
	} else {
		sg_print_text(&s);
	}
	rc = errors ? EXIT_USAGE : s.nrules || s.nnone ? EXIT_DENIED
						       : EXIT_ALLOWED;
	suggest_free(&s);
	return rc;
}
