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

/* The rule for profile, merged with an equal one; its index. */
static long rule_add(struct suggest *s, const char *profile, const char *cls,
		     const struct qrule *r, const char *what, long idx)
{
	size_t i;
	struct sg_rule *x;

	for (i = 0; i < s->nrules; i++) {
		x = &s->rules[i];
		if (!strcmp(x->profile, profile) &&
		    !strcmp(x->r.text[0], r->text[0])) {
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
/* One denied request, for one member of its label. */
struct member_ctx {
	struct suggest *s;
	const aa_log_record *rec;
	const struct query *q;
	bool other_side;
	const char *what;
	long idx;
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
	if (e == 0)
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
	if (!row->rule)
		why = "no rule of the profile language decides this class";
	else
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

static void on_decision(void *arg, const aa_log_record *rec,
			const struct query *q, const aamed_label *l,
			bool other_side, int error)
{
	struct suggest *s = arg;
	char what[2048];
	struct member_ctx c = { s, rec, q, other_side, what, s->ndec };

	s->dec = grow(s->dec, (size_t)s->ndec, sizeof(*s->dec));
	s->asks = grow(s->asks, (size_t)s->ndec, sizeof(*s->asks));
	s->dec[s->ndec] = error != 0;
	s->asks[s->ndec] = -1;
	s->ndec++;
	if (!error)
		return;
	s->denials++;
	replay_describe(rec, what, sizeof(what));
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
	      "                     [--kernel 6.1|6.12|upstream] [--patch | --json] LOG...\n"
	      "The rules that allow the requests the logs show denied, per profile,\n"
	      "each proven: the amended sources (DIR) compiled with apparmor_parser\n"
	      "(the parser and features P was compiled with), the logs replayed\n"
	      "against them, old and new diffed.\n"
	      "Exit codes: 0 nothing denied, 1 rules suggested (or records that\n"
	      "cannot become rules), 2 usage or input error, 3 policy not loaded.\n",
	      f);
}

enum { OPT_PATCH = 0x200, OPT_PARSER };

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
	for (i = 0; i < o.ni && i < 16; i++)
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
	sg_prove(&s);
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
