// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed coverage --policy P [--source FILE] LOG...: which rules the
 * requests of the logs exercise and which are never used.
 *
 * With --source, rules are source lines, attributed by apparmor_parser
 * (tools/authors/tl_source.c: each rule compiled on its own). Without it, the
 * "rules" are what the blob keeps of them: the file DFA's permission
 * states (change_profile rules included: a target's state), the capabilities each profile grants, and whether it grants
 * user namespace creation, io_uring sqpoll and io_uring override_creds
 * (to some label: the class state holds every io_uring permission the
 * rules grant), and its rlimit rules (one per resource, used by a
 * setrlimit of that resource).
 */
#include <stdlib.h>
#include <string.h>

#include "tl.h"

struct pcov {
	const aamed_profile *p;
	struct aamed_profile_info info;
	const aamed_rules *file;	/* NULL: no file rules */
	uint32_t nstates;
	uint8_t *state_hit;	/* file DFA states */
	uint64_t caps_hit;
	unsigned ns_granted, ns_hit;	/* bits of ns_rules[] */
	uint32_t rl_hit;		/* bit r: a setrlimit of resource r */
	long requests;
};

/* The user namespace and io_uring grants, one pseudo-rule each. */
static const char *const ns_rules[] = { "userns create", "io_uring sqpoll",
					"io_uring override_creds" };

static unsigned ns_grants(const aamed_profile *p)
{
	struct aamed_perms u, q;
	unsigned g = 0;

	if (!aamed_profile_userns_perms(p, &u) &&
	    (u.allow & AAMED_USERNS_CREATE))
		g |= 1u << 0;
	if (!aamed_profile_io_uring_perms(p, AAMED_URING_OP_SQPOLL, NULL, &q)) {
		if (q.allow & AAMED_URING_SQPOLL)
			g |= 1u << 1;
		if (q.allow & AAMED_URING_OVERRIDE_CREDS)
			g |= 1u << 2;
	}
	return g;
}

struct cov {
	aamed_policy *policy;
	struct tl_source *src;
	struct pcov *pc;
	size_t npc;
};

static struct pcov *pcov_of(struct cov *c, const aamed_profile *p)
{
	size_t i;

	for (i = 0; i < c->npc; i++)
		if (c->pc[i].p == p)
			return &c->pc[i];
	return NULL;
}

static void use_rule(struct tl_rule *r, uint32_t bits, void *arg)
{
	(void)bits;
	(void)arg;
	r->uses++;
}

/* The file DFA state a path ends in: used. */
static void mark_state(struct pcov *pc, uint32_t s, const char *path,
		       size_t len)
{
	s = aamed_rules_match(pc->file, s, path, len);
	if (s < pc->nstates)
		pc->state_hit[s] = 1;
}

/* What the blob keeps of the rule the request uses (the row says which):
 * a file state, a capability, a namespace grant, an rlimit rule. */
static void mark_use(struct pcov *pc, const struct query *q)
{
	enum qcover cover = qclass_of(q)->cover;
	uint32_t s;
	const char *t;

	switch (cover) {
	case QCOV_PATH:
		if (query_is_path(q) && pc->file)
			mark_state(pc, aamed_rules_start(pc->file,
							 AAMED_PCLASS_FILE),
				   q->file.path, strlen(q->file.path));
		break;
	case QCOV_CHANGE:
		/* a change_profile rule is the target's state (see
		 * change_perms(): "&" first for a stack) */
		if (!pc->file)
			break;
		t = q->change.target;
		s = aamed_rules_start(pc->file, AAMED_PCLASS_FILE);
		if ((q->change.flags & AAMED_CHANGE_STACK) || *t == '&')
			s = aamed_rules_match(pc->file, s, "&", 1);
		if (*t == '&')
			t++;
		mark_state(pc, s, t, strlen(t));
		break;
	case QCOV_CAP:
		pc->caps_hit |= 1ull << q->ipc.cap;
		break;
	case QCOV_USERNS:
		pc->ns_hit |= 1u << 0;
		break;
	case QCOV_URING:
		pc->ns_hit |= q->ns.op == AAMED_URING_OP_SQPOLL ? 1u << 1
								 : 1u << 2;
		break;
	case QCOV_RLIMIT:
		pc->rl_hit |= 1u << q->rl.resource;
		break;
	case QCOV_NONE:
		break;
	}
}

static void hook(void *arg, const struct query *q, const aamed_label *label)
{
	struct cov *c = arg;
	size_t i, n = aamed_label_profile_count(label);

	for (i = 0; i < n; i++) {
		struct pcov *pc = pcov_of(c, aamed_label_profile(label, i));

		if (!pc || pc->info.mode == AAMED_PROFILE_UNCONFINED)
			continue;
		pc->requests++;
		/* a change_hat uses no rule: the hats it names are profiles,
		 * and what a task does in one is logged under the hat's name */
		if (qclass_of(q)->flags & QF_NO_RULES)
			continue;
		if (c->src)
			(qclass_of(q)->flags & QF_LIMIT ? tl_rlimit_match
							 : tl_source_match)(
				c->src, pc->info.name, q, qclass_request(q),
				use_rule, NULL);
		else
			mark_use(pc, q);
	}
}

/* File DFA states that grant something beyond the implicit getattr. */
static bool granting(const struct pcov *pc, uint32_t s)
{
	struct aamed_perms o, x;

	if (aamed_rules_perms(pc->file, s, 1, &o) ||
	    aamed_rules_perms(pc->file, s, 0, &x))
		return false;
	return ((o.allow | x.allow) & ~AAMED_MAY_GETATTR) != 0;
}

static void usage(FILE *f)
{
	fputs("usage: aamed coverage --policy P [--policy P...] [--json]\n"
	      "                      [--source FILE [--features F] [-I DIR]]\n"
	      "                      [--kernel 6.1|6.12|upstream] LOG...\n"
	      "Exit codes: 0 every rule used, 1 some rule unused, 2 usage or input\n"
	      "error, 3 policy could not be loaded.\n",
	      f);
}

/* With --source: the source rules of one profile and their uses. */
static bool report_rules(const struct pcov *pc, const struct tl_source *src,
			 bool json, bool *first)
{
	const char *name = pc->info.name;
	long used = 0, total = 0;
	bool rf = true;
	size_t r;

	for (r = 0; r < src->nrules; r++)
		if (!strcmp(src->rules[r].profile, name)) {
			total++;
			used += src->rules[r].uses > 0;
		}
	if (!total)
		return true;
	if (json) {
		json_sep(stdout, first);
		printf("{\"profile\":");
		json_str(stdout, name);
		printf(",\"requests\":%ld,\"rules\":%ld,\"used\":%ld,\"rule_list\":[",
		       pc->requests, total, used);
	} else {
		printf("profile %s: %ld requests, %ld of %ld rules used\n", name,
		       pc->requests, used, total);
	}
	for (r = 0; r < src->nrules; r++) {
		const struct tl_rule *ru = &src->rules[r];

		if (strcmp(ru->profile, name))
			continue;
		if (json) {
			bool f = true;

			json_sep(stdout, &rf);
			fputc('{', stdout);
			json_key(stdout, &f, "file");
			json_str(stdout, ru->file);
			json_key(stdout, &f, "line");
			printf("%d", ru->line);
			json_key(stdout, &f, "rule");
			json_str(stdout, ru->text);
			json_key(stdout, &f, "uses");
			printf("%d", ru->uses);
			fputc('}', stdout);
		} else {
			printf("  %6d  %s:%d: %s\n", ru->uses, ru->file, ru->line,
			       ru->text);
		}
	}
	if (json)
		fputs("]}", stdout);
	return used == total;
}

/* Without --source: permission states and capabilities of one profile. */
static bool report_states(const struct pcov *pc, bool json, bool *first)
{
	uint64_t caps = pc->info.caps_allow;
	long used = 0, total = 0;
	uint32_t s;

	if (pc->info.mode == AAMED_PROFILE_UNCONFINED)
		return true;
	for (s = 1; pc->file && s < pc->nstates; s++)
		if (granting(pc, s)) {
			total++;
			used += pc->state_hit[s];
		}
	for (s = 0; s < 64; s++)
		if (caps & (1ull << s)) {
			total++;
			used += (pc->caps_hit >> s) & 1;
		}
	for (s = 0; s < 3; s++)
		if (pc->ns_granted & (1u << s)) {
			total++;
			used += (pc->ns_hit >> s) & 1;
		}
	for (s = 0; s < AAMED_RLIMIT__COUNT; s++)
		if (pc->info.rlimit_mask & (1u << s)) {
			total++;
			used += (pc->rl_hit >> s) & 1;
		}
	if (json) {
		json_sep(stdout, first);
		printf("{\"profile\":");
		json_str(stdout, pc->info.name);
		printf(",\"requests\":%ld,\"rules\":%ld,\"used\":%ld,\"rule_list\":null}",
		       pc->requests, total, used);
		return used == total;
	}
	printf("profile %s: %ld requests, %ld of %ld permission states, capabilities and rlimit rules used\n",
	       pc->info.name, pc->requests, used, total);
	for (s = 0; s < 64; s++)
		if ((caps & (1ull << s)) && !((pc->caps_hit >> s) & 1)) {
			const char *n = aamed_cap_name((int)s);

			printf("  unused capability %s\n", n ? n : "?");
		}
	for (s = 0; s < 3; s++)
		if ((pc->ns_granted & (1u << s)) && !(pc->ns_hit & (1u << s)))
			printf("  unused %s\n", ns_rules[s]);
	for (s = 0; s < AAMED_RLIMIT__COUNT; s++)
		if ((pc->info.rlimit_mask & (1u << s)) && !((pc->rl_hit >> s) & 1))
			printf("  unused rlimit %s\n", aamed_rlimit_name((int)s));
	return used == total;
}

/* One entry per profile of the policy, with its file state marks. */
static int cov_init(struct cov *c)
{
	size_t j;

	c->npc = aamed_policy_profile_count(c->policy);
	c->pc = calloc(c->npc ? c->npc : 1, sizeof(*c->pc));
	if (!c->pc)
		return -1;
	for (j = 0; j < c->npc; j++) {
		struct pcov *pc = &c->pc[j];

		pc->p = aamed_policy_profile(c->policy, j);
		pc->info.size = sizeof(pc->info);
		if (aamed_profile_info(pc->p, &pc->info))
			return -1;
		pc->ns_granted = ns_grants(pc->p);
		pc->file = aamed_profile_rules(pc->p, AAMED_RULES_FILE);
		pc->nstates = aamed_rules_state_count(pc->file);
		if (pc->file && !(pc->state_hit = calloc(pc->nstates ? pc->nstates : 1, 1)))
			return -1;
	}
	return 0;
}

static void cov_free(struct cov *c)
{
	size_t j;

	for (j = 0; c->pc && j < c->npc; j++)
		free(c->pc[j].state_hit);
	free(c->pc);
}

struct cargs {
	const char *logs[256];
	int nl;
};

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct cargs *a = ctx;

	if (opt != 1) {
		fprintf(stderr, "aamed coverage: unknown option %s\n", arg);
		return -1;
	}
	if (a->nl < 256)
		a->logs[a->nl++] = arg;
	return 0;
}

int cmd_coverage(int argc, char **argv)
{
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON,
			   .usage = usage };
	struct cargs ca = { .nl = 0 };
	int rc = 0, i, t;
	bool first = true;
	struct cov c = { 0 };
	struct tl_source src;
	long records = 0, rebuilt = 0, errors;
	size_t j;

	t = tl_getopt(&o, "coverage", argc, argv, NULL, on_arg, &ca);
	if (t >= 0)
		return t;
	if (!o.np || !ca.nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	c.policy = load_policies(o.policies, o.np, o.k, "aamed coverage");
	if (!c.policy)
		return EXIT_POLICY;
	if (o.source) {
		struct aamed_error err;

		if (tl_source_load(&src, o.source, o.features, o.incs, o.ni, o.k)) {
			/* a source apparmor_parser refuses: as compile, diff */
			aamed_policy_free(c.policy);
			return EXIT_POLICY;
		}
		for (i = 0; i < o.np; i++)
			aamed_policy_load_path(src.policy, o.policies[i], &err);
		c.src = &src;
	}
	if (cov_init(&c)) {
		fputs("aamed coverage: out of memory\n", stderr);
		cov_free(&c);
		if (o.source)
			tl_source_free(&src);
		aamed_policy_free(c.policy);
		return EXIT_USAGE;
	}
	errors = tl_replay_each(c.policy, ca.logs, ca.nl, hook, &c, &records,
				&rebuilt);
	if (o.json) {
		printf("{\"version\":%d,\"command\":\"coverage\",\"records\":%ld,\"rebuilt\":%ld,\"input_errors\":%ld,\"source\":",
		       TL_JSON_VERSION, records, rebuilt, errors);
		json_str(stdout, o.source);
		fputs(",\"profiles\":[", stdout);
	} else {
		printf("%ld records, %ld rebuilt, %ld input errors\n", records,
		       rebuilt, errors);
	}
	for (j = 0; j < c.npc; j++) {
		bool all = o.source ? report_rules(&c.pc[j], &src, o.json, &first)
				    : report_states(&c.pc[j], o.json, &first);

		if (!all)
			rc = 1;
	}
	if (o.json)
		fputs("]}\n", stdout);
	cov_free(&c);
	if (o.source)
		tl_source_free(&src);
	aamed_policy_free(c.policy);
	return errors ? EXIT_USAGE : rc;
}
