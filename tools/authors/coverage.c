// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed coverage --policy P [--source FILE] LOG...: which rules the
 * requests of the logs exercise and which are never used.
 *
 * With --source, rules are source lines, attributed by apparmor_parser
 * (tools/authors/tl_source.c: each rule compiled on its own). Without it, the
 * "rules" are what the blob keeps of them: the file DFA's permission
 * states and the capabilities each profile grants.
 *
 * Links the static library and reads src/internal.h through tl.h.
 */
#include <stdlib.h>
#include <string.h>

#include "tl.h"

struct pcov {
	const struct aa_profile *p;
	uint8_t *state_hit;	/* file DFA states */
	uint64_t caps_hit;
	long requests;
};

struct cov {
	aamed_policy *policy;
	struct tl_source *src;
	struct pcov *pc;
	size_t npc;
};

static struct pcov *pcov_of(struct cov *c, const struct aa_profile *p)
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

static void hook(void *arg, const struct query *q, const aamed_label *label)
{
	struct cov *c = arg;
	const struct aa_label *l = to_label(label);
	uint32_t i;

	for (i = 0; i < l->size; i++) {
		const struct aa_profile *p = l->vec[i];
		struct pcov *pc = pcov_of(c, p);

		if (!pc || profile_unconfined(p))
			continue;
		pc->requests++;
		if (c->src) {
			uint32_t req = q->class == Q_FILE || q->class == Q_EXEC ?
					       q->file.request :
				       q->class == Q_CAP ? 1 :
				       q->class == Q_SIGNAL ? AAMED_MAY_WRITE :
				       q->class == Q_PTRACE ? q->ipc.request :
				       aamed_net_op_request((enum aamed_net_op)q->net.op);

			tl_source_match(c->src, p->hname, q, req, use_rule, NULL);
			continue;
		}
		if ((q->class == Q_FILE || q->class == Q_EXEC) && p->file) {
			struct aa_perms perms;
			uint32_t s = aa_str_perms(p->file, p->file->start[AA_CLASS_FILE],
						  q->file.path,
						  q->file.fsuid == q->file.ouid, &perms);

			if (s < p->file->dfa->nstates)
				pc->state_hit[s] = 1;
		} else if (q->class == Q_CAP) {
			pc->caps_hit |= 1ull << q->ipc.cap;
		}
	}
}

/* File DFA states that grant something beyond the implicit getattr. */
static bool granting(const struct aa_profile *p, uint32_t s)
{
	const struct aa_perms *o = aa_lookup_fperms(p->file, s, true);
	const struct aa_perms *x = aa_lookup_fperms(p->file, s, false);

	return ((o->allow | x->allow) & ~AAMED_MAY_GETATTR) != 0;
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

int cmd_coverage(int argc, char **argv)
{
	const char *logs[256];
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON };
	int nl = 0, i, rc = 0, t;
	bool first = true;
	struct cov c = { 0 };
	struct tl_source src;
	long records = 0, rebuilt = 0, errors;
	size_t j;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		t = tl_opt(&o, "coverage", argc, argv, &i);
		if (t < 0)
			return EXIT_USAGE;
		if (t > 0)
			continue;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return EXIT_ALLOWED;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "aamed coverage: unknown option %s\n", a);
			return EXIT_USAGE;
		} else if (nl < 256) {
			logs[nl++] = a;
		}
	}
	if (!o.np || !nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	c.policy = tl_load(o.policies, o.np, o.k, "aamed coverage");
	if (!c.policy)
		return EXIT_POLICY;
	if (o.source) {
		struct aamed_error err;

		if (tl_source_load(&src, o.source, o.features, o.incs, o.ni, o.k)) {
			aamed_policy_free(c.policy);
			return EXIT_USAGE;
		}
		for (i = 0; i < o.np; i++)
			aamed_policy_load_path(src.policy, o.policies[i], &err);
		c.src = &src;
	}
	c.npc = c.policy->nprofiles;
	c.pc = calloc(c.npc ? c.npc : 1, sizeof(*c.pc));
	for (j = 0; j < c.npc; j++) {
		const struct aa_profile *p = c.policy->profiles[j];

		c.pc[j].p = p;
		if (p->file)
			c.pc[j].state_hit = calloc(p->file->dfa->nstates, 1);
	}
	errors = tl_replay_each(c.policy, logs, nl, hook, &c, &records, &rebuilt);
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
		struct pcov *pc = &c.pc[j];
		const struct aa_profile *p = pc->p;
		long used = 0, total = 0;
		size_t r;
		uint32_t s;

		if (o.source) {
			bool rf = true;

			for (r = 0; r < src.nrules; r++)
				if (!strcmp(src.rules[r].profile, p->hname)) {
					total++;
					used += src.rules[r].uses > 0;
				}
			if (!total)
				continue;
			if (used < total)
				rc = 1;
			if (o.json) {
				if (!first)
					fputc(',', stdout);
				first = false;
				printf("{\"profile\":");
				json_str(stdout, p->hname);
				printf(",\"requests\":%ld,\"rules\":%ld,\"used\":%ld,\"rule_list\":[",
				       pc->requests, total, used);
			} else {
				printf("profile %s: %ld requests, %ld of %ld rules used\n",
				       p->hname, pc->requests, used, total);
			}
			for (r = 0; r < src.nrules; r++) {
				struct tl_rule *ru = &src.rules[r];

				if (strcmp(ru->profile, p->hname))
					continue;
				if (o.json) {
					bool f = true;

					if (!rf)
						fputc(',', stdout);
					rf = false;
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
					printf("  %6d  %s:%d: %s\n", ru->uses, ru->file,
					       ru->line, ru->text);
				}
			}
			if (o.json)
				fputs("]}", stdout);
			continue;
		}
		if (profile_unconfined(p))
			continue;
		if (p->file)
			for (s = 1; s < p->file->dfa->nstates; s++)
				if (granting(p, s)) {
					total++;
					used += pc->state_hit[s];
				}
		for (s = 0; s < 64; s++)
			if (p->caps_allow & (1ull << s)) {
				total++;
				used += (pc->caps_hit >> s) & 1;
			}
		if (used < total)
			rc = 1;
		if (o.json) {
			if (!first)
				fputc(',', stdout);
			first = false;
			printf("{\"profile\":");
			json_str(stdout, p->hname);
			printf(",\"requests\":%ld,\"rules\":%ld,\"used\":%ld,\"rule_list\":null}",
			       pc->requests, total, used);
		} else {
			printf("profile %s: %ld requests, %ld of %ld permission states and capabilities used\n",
			       p->hname, pc->requests, used, total);
			for (s = 0; s < 64; s++)
				if ((p->caps_allow & (1ull << s)) &&
				    !((pc->caps_hit >> s) & 1))
					printf("  unused capability %s\n",
					       s < AA_CAP_MAX ? aa_cap_names[s] : "?");
		}
	}
	if (o.json)
		fputs("]}\n", stdout);
	for (j = 0; j < c.npc; j++)
		free(c.pc[j].state_hit);
	free(c.pc);
	if (o.source)
		tl_source_free(&src);
	aamed_policy_free(c.policy);
	return errors ? EXIT_USAGE : rc;
}
