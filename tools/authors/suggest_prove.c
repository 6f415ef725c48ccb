// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: the proof of the rules. The sources amended with them
 * are compiled by apparmor_parser (the parser, features and include
 * directories given: those the policy was compiled with), loaded over
 * the policy (a profile loaded again replaces its old self, as
 * .replace does) and the logs replayed against the result: every
 * record a rule was suggested for must now be allowed, every other
 * record decide as before. All rules are tried together first; when
 * that fails each is tried alone, so one bad rule does not sink the
 * others, and the rules that pass alone are tried together again.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compile.h"
#include "suggest.h"

/* The first line of the file at path (the parser's message) into buf. */
static void first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = 0;
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

/* The sources' own include directories (local/, abstractions/) before
 * the -I ones, as "-I DIR" pairs into flags[INC_FLAGS]. */
#define INC_FLAGS (2 * (1 + SG_MAX_INCS))
static int include_flags(const struct suggest *s, const char **flags)
{
	int n = 0, i;

	flags[n++] = "-I";
	flags[n++] = s->source;
	for (i = 0; i < s->ni; i++) {
		flags[n++] = "-I";
		flags[n++] = s->incs[i];
	}
	return n;
}

aamed_policy *sg_probe(const struct suggest *s, const char *src,
		       const char *blob)
{
	const char *flags[INC_FLAGS], *sp = src;
	struct compile_opts o = { .out = blob, .sources = &sp, .nsources = 1,
				  .flags = flags, .features = s->features,
				  .parser = s->parser, .quiet = true };

	o.nflags = include_flags(s, flags);
	if (compile_policy(&o))
		return NULL;
	return load_policies(&blob, 1, s->k, "aamed suggest");
}

/*
 * Compile the amended files of dir into blob, the parser's stderr kept
 * in a file whose first line becomes why. 0 or -1.
 */
static int compile_amended(struct suggest *s, const char *dir,
			   const char *blob, char *why, size_t len)
{
	const char *src[64], *flags[INC_FLAGS];
	char paths[64][4200], errpath[4300];
	struct compile_opts o = { .out = blob, .sources = src,
				  .flags = flags, .features = s->features,
				  .parser = s->parser };
	size_t i;
	int saved, fd, rc;

	for (i = 0; i < s->nblocks && o.nsources < 64; i++) {
		struct sg_block *b = &s->blocks[i];
		size_t j;
		bool dup = false;

		if (!b->file || b->fail)
			continue;
		for (j = 0; j < i; j++)
			dup |= s->blocks[j].file && !s->blocks[j].fail &&
			       !strcmp(s->blocks[j].file, b->file);
		if (dup)
			continue;
		snprintf(paths[o.nsources], sizeof(paths[0]), "%s/%s", dir,
			 b->rel);
		src[o.nsources] = paths[o.nsources];
		o.nsources++;
	}
	if (!o.nsources) {
		snprintf(why, len, "no profile's block was found in the sources");
		return -1;
	}
	o.nflags = include_flags(s, flags);
	snprintf(errpath, sizeof(errpath), "%s.err", blob);
	fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		snprintf(why, len, "cannot write %.400s: %s", errpath, strerror(errno));
		return -1;
	}
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	close(fd);
	rc = compile_policy(&o);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (rc == 0)
		return 0;
	first_line(errpath, why, len);
	if (!why[0])
		snprintf(why, len, "apparmor_parser could not compile the amended sources");
	return -1;
}

/* The policy, then the amended profiles over it; NULL with why. */
static aamed_policy *load_over(struct suggest *s, const char *blob,
			       char *why, size_t len)
{
	const char *paths[65];
	aamed_policy *p;
	int i, n = 0;

	for (i = 0; i < s->np && n < 64; i++)
		paths[n++] = s->policies[i];
	paths[n++] = blob;
	p = load_policies(paths, n, s->k, "aamed suggest");
	if (!p)
		snprintf(why, len, "the amended policy could not be loaded");
	return p;
}

/* The replay of the logs against a new policy: its decisions. */
struct rerun {
	struct suggest *s;
	aamed_policy *p;	/* the amended policy */
	long only;
	int *dec;
	long n, cap;
	char changed[1024];	/* the first record changed but not asked */
};

/* Whether rule i is in the set tried (only: -1 all those not failed; a
 * line: the rules joined into it too). */
static bool in_set(const struct suggest *s, size_t i, long only)
{
	return only < 0 ? !s->rules[i].fail : sg_group_of(s, i, (size_t)only);
}

static void on_new(void *arg, const aa_log_record *rec, const struct query *q,
		   const aamed_label *l, bool other_side, int error)
{
	struct rerun *r = arg;

	if (r->n == r->cap) {
		int *d = realloc(r->dec, (size_t)(r->cap = r->cap * 2 + 256) *
						 sizeof(*d));
		if (!d)
			exit(EXIT_USAGE);
		r->dec = d;
	}
	r->dec[r->n] = sg_state(r->p, l, rec, q, other_side, error);
	if (!r->changed[0] && r->n < r->s->ndec &&
	    r->dec[r->n] != r->s->dec[r->n]) {
		long a = r->s->asks[r->n];

		if (a < 0)
			replay_describe(rec, r->changed, sizeof(r->changed));
	}
	r->n++;
}

static void on_new_reason(void *arg, const char *reason, long count,
			  char *const *examples, int nex)
{
	(void)arg;
	(void)reason;
	(void)count;
	(void)examples;
	(void)nex;
}

static void fail(struct sg_rule *r, const char *why)
{
	snprintf(r->failbuf, sizeof(r->failbuf), "%s", why);
	r->fail = r->failbuf;
}

/* Rule a and every rule of its line fail together: one line. */
static void fail_group(struct suggest *s, size_t a, const char *why)
{
	size_t h = s->rules[a].head ? (size_t)s->rules[a].head - 1 : a, j;

	for (j = 0; j < s->nrules; j++)
		if (sg_group_of(s, j, h))
			fail(&s->rules[j], why);
}

/*
 * Replay against p: 0 when every record asking for a rule of the set is
 * now allowed and no record that asks for none changed (a record asking
 * for another rule may: it is wanted allowed). A rule whose record is
 * still denied fails here (1: try again without it); -1 with why when
 * the failure is no one rule's.
 */
static int judge(struct suggest *s, aamed_policy *p, long only, char *why,
		 size_t len)
{
	struct rerun r = { .s = s, .p = p, .only = only };
	long records, rebuilt, i;
	int rc = 0;

	if (replay_decisions(p, s->logs, s->nl, on_new, on_new_reason, &r,
			     &records, &rebuilt) < 0 || r.n != s->ndec) {
		snprintf(why, len, "the logs replayed against the amended policy gave %ld requests, not %ld",
			 r.n, s->ndec);
		free(r.dec);
		return -1;
	}
	for (i = 0; i < s->ndec; i++) {
		long a = s->asks[i];
		bool asked = a >= 0 && in_set(s, (size_t)a, only);

		if (asked && r.dec[i]) {
			snprintf(why, len, "the request is still %s with the rule (request %ld of the logs)",
				 r.dec[i] == 2 ? "not granted (complain mode lets it pass)" : "denied",
				 i + 1);
			fail_group(s, (size_t)a, why);
			rc = 1;
		} else if (a < 0 && r.dec[i] != s->dec[i] && rc == 0) {
			snprintf(why, len, "another request of the logs would change: %.400s (%s)",
				 r.changed, r.dec[i] == 1 ? "now denied" :
				 r.dec[i] ? "now not granted" : "now allowed");
			rc = -1;
		}
	}
	free(r.dec);
	return rc;
}

/*
 * Build and judge the set; the loaded policy when it passes, else NULL
 * with *again set when rules failed on their own (try without them).
 */
static aamed_policy *attempt(struct suggest *s, long only, int n, char *why,
			     size_t len, bool *again)
{
	char dir[4200], blob[4300];
	aamed_policy *p;
	size_t i;
	const char *saved[256];
	int rc = -1;

	*again = false;
	/* the set alone: the others marked failed for the writing */
	for (i = 0; i < s->nrules && i < 256; i++) {
		saved[i] = s->rules[i].fail;
		if (!in_set(s, i, only) && !s->rules[i].fail)
			s->rules[i].fail = "(not in this attempt)";
	}
	snprintf(dir, sizeof(dir), "%s/try%d", s->tmp, n);
	snprintf(blob, sizeof(blob), "%s/try%d.bin", s->tmp, n);
	p = NULL;
	if (!sg_write_amended(s, dir) &&
	    !compile_amended(s, dir, blob, why, len) &&
	    (p = load_over(s, blob, why, len)) &&
	    (rc = judge(s, p, only, why, len))) {
		aamed_policy_free(p);
		p = NULL;
	}
	/* the failures judge() marked stay */
	for (i = 0; i < s->nrules && i < 256; i++)
		if (s->rules[i].fail != s->rules[i].failbuf)
			s->rules[i].fail = saved[i];
	*again = rc == 1;
	return p;
}

static bool none_left(const struct suggest *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++)
		if (!s->rules[i].fail)
			return false;
	return true;
}

/* Each remaining rule alone: those that fail are marked. */
static void isolate(struct suggest *s, int *n)
{
	char why[600];
	size_t i;
	bool again;

	for (i = 0; i < s->nrules; i++) {
		aamed_policy *p;

		if (s->rules[i].fail || s->rules[i].head)
			continue;
		p = attempt(s, (long)i, (*n)++, why, sizeof(why), &again);
		if (p)
			aamed_policy_free(p);
		else if (!s->rules[i].fail)
			fail_group(s, i, why);
	}
}

#define MAX_ROUNDS 8

void sg_prove(struct suggest *s)
{
	char why[600], dir[4200];
	size_t i;
	int n = 0, round;
	bool again = true, isolated = false;

	s->proof_ran = true;
	for (i = 0; i < s->nrules; i++) {
		struct sg_block *b = sg_block_of(s, s->rules[i].profile);

		if (i >= 256)
			fail(&s->rules[i], "too many rules in one run (256 are proven)");
		else if (b && b->fail)
			fail(&s->rules[i], b->fail);
	}
	/* together; without the rules that failed on their own; else each
	 * alone, then together again */
	for (round = 0; !none_left(s) && round < MAX_ROUNDS; round++) {
		s->newpol = attempt(s, -1, n++, why, sizeof(why), &again);
		if (s->newpol)
			break;
		if (again)
			continue;
		if (isolated)
			break;
		isolate(s, &n);
		isolated = true;
	}
	if (!s->newpol) {
		for (i = 0; i < s->nrules; i++)
			if (!s->rules[i].fail)
				fail(&s->rules[i], "proven alone, not together with the others");
		return;
	}
	/* the patch is of the last set that passed */
	snprintf(dir, sizeof(dir), "%s/amended", s->tmp);
	sg_write_amended(s, dir);
}

void sg_print_diff(struct suggest *s, const char *profile, bool json,
		   bool *first)
{
	const aamed_profile *a, *b;
	const char *name = profile;

	if (!s->newpol)
		return;
	if (name[0] == ':' && strchr(name + 1, ':'))
		name = strchr(name + 1, ':') + 1;
	a = aamed_policy_profile_find(s->policy, "", name);
	b = aamed_policy_profile_find(s->newpol, "", name);
	if (a && b && !tl_diff_profile(a, b, NULL, json, first) && !json)
		puts("  (no difference the diff can show)");
}
