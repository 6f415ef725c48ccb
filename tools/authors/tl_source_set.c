// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tl_source_load() of many files at once (aamed check --source DIR):
 * every file is read with apparmor_parser -p as before, then the
 * one-rule profiles of all of them go into one batch (tl_batch.c), so a
 * rule that a hundred files include through abstractions/base is
 * compiled once, not a hundred times. A file the batch cannot take
 * whole (a preamble it cannot rename, a rule that fails to compile
 * alone) is compiled on its own as tl_source_load() does, so its rules,
 * compiled or not, are what they were.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tl_batch.h"

/* Does the rule's DFA name its own profile? A cx rule's target is
 * "PROFILE//child" (check_xsource.c), so a shared profile would make
 * two such rules of one profile equal where, compiled apart, they are
 * not: such rules keep a profile of their own. Over-matching ("libcxx")
 * only shares less. */
static bool self_named(const char *text)
{
	static const char *const marks[] = { "cx", "cix", "cux" };
	size_t i, n = strlen(text), k;

	for (i = 0; i < n; i++)
		for (k = 0; k < sizeof(marks) / sizeof(marks[0]); k++)
			if (!strncasecmp(text + i, marks[k], strlen(marks[k])))
				return true;
	return false;
}

typedef void body_fn(FILE *f, const void *arg, int i);

static void rule_body(FILE *f, const void *arg, int i)
{
	(void)i;
	tl_rule_emit_body(f, arg);
}

static void bg_body(FILE *f, const void *arg, int i)
{
	(void)arg;
	tl_background_emit_body(f, i);
}

static size_t add_body(struct tl_batch *b, const struct tl_source *s,
		       body_fn *fn, const void *arg, int i, bool unique)
{
	char *text = NULL;
	size_t len = 0, id;
	FILE *f = open_memstream(&text, &len);

	if (!f) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	if (fn)
		fn(f, arg, i);
	if (fclose(f)) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	id = tl_batch_add(b, s, text, unique);
	free(text);
	return id;
}

/* A source's ids in the batch: the empty profile, the backgrounds,
 * each rule; false when one cannot be shared. */
struct sids {
	size_t empty;
	size_t bg[TL_NBACKGROUNDS];
	size_t *rule;
	bool shared;
};

static void add_source(struct tl_batch *b, const struct tl_source *s,
		       struct sids *d)
{
	size_t r;
	int i;

	d->rule = calloc(s->nrules ? s->nrules : 1, sizeof(*d->rule));
	if (!d->rule) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	d->shared = (d->empty = add_body(b, s, NULL, NULL, 0, false)) !=
		    (size_t)-1;
	for (i = 0; i < TL_NBACKGROUNDS; i++)
		d->bg[i] = (size_t)-1;
	for (r = 0; d->shared && r < s->nrules; r++) {
		const struct tl_rule *rl = &s->rules[r];

		i = tl_rule_background(rl);
		if (i >= 0 && d->bg[i] == (size_t)-1 &&
		    (d->bg[i] = add_body(b, s, bg_body, NULL, i, false)) ==
			    (size_t)-1)
			d->shared = false;
		d->rule[r] = add_body(b, s, rule_body, rl, 0,
				      self_named(rl->text));
		if (d->rule[r] == (size_t)-1)
			d->shared = false;
	}
}

/* s's profiles from the batch: true, or false when one is missing (a
 * rule that fails alone: the source is compiled on its own). */
static bool take(struct tl_batch *b, struct tl_source *s,
		 const struct sids *d, const char *features)
{
	size_t r;
	int i;

	if (!d->shared || !tl_batch_profile(b, d->empty))
		return false;
	for (r = 0; r < s->nrules; r++)
		if (!tl_batch_profile(b, d->rule[r]))
			return false;
	for (i = 0; i < TL_NBACKGROUNDS; i++)
		if (d->bg[i] != (size_t)-1 && !tl_batch_profile(b, d->bg[i]))
			return false;
	for (r = 0; r < s->nrules; r++) {
		s->rules[r].one = tl_batch_profile(b, d->rule[r]);
		s->rules[r].compiled = true;
	}
	for (i = 0; i < TL_NBACKGROUNDS; i++)
		s->bg[i] = d->bg[i] == (size_t)-1 ? NULL :
						     tl_batch_profile(b, d->bg[i]);
	s->empty = tl_batch_profile(b, d->empty);
	s->policy = tl_batch_policy(b);
	s->shared = b;
	tl_batch_ref(b);
	s->features = features ? strdup(features) : NULL;
	if (features && !s->features) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return true;
}

/* AAMED_SOURCE_STATS set: what sharing saved, on stderr (bench/). */
static void stats(const struct tl_source *v, size_t n,
		  const struct tl_batch *b, size_t apart)
{
	size_t i, rules = 0;

	for (i = 0; i < n; i++)
		rules += v[i].nrules;
	fprintf(stderr,
		"aamed: --source: %zu files, %zu rule instances, %zu distinct profiles compiled in %zu apparmor_parser runs, %zu files compiled apart\n",
		n, rules, tl_batch_count(b), tl_batch_runs(b), apart);
}

int tl_source_load_set(struct tl_source *v, size_t n,
		       const char *const *files, const char *features,
		       const char *const *incdirs, int nincs,
		       enum aamed_kernel k)
{
	struct tl_batch *b = tl_batch_new(k);
	struct sids *d = calloc(n ? n : 1, sizeof(*d));
	size_t i, done = 0, apart = 0;
	int rc = -1;

	if (!d) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	for (; done < n; done++)
		if (tl_source_parse(&v[done], files[done], incdirs, nincs))
			goto out;
	for (i = 0; i < n; i++)
		add_source(b, &v[i], &d[i]);
	if (tl_batch_compile(b, features, incdirs, nincs))
		goto out;
	for (i = 0; i < n; i++) {
		if (take(b, &v[i], &d[i], features))
			continue;
		if (getenv("AAMED_SOURCE_STATS"))
			fprintf(stderr, "aamed: --source: %s compiled apart (%s)\n",
				files[i], d[i].shared ? "a rule fails alone" :
				"its variables cannot be renamed");
		apart++;
		if (tl_source_compile(&v[i], features, incdirs, nincs, k))
			goto out;
	}
	rc = 0;
	if (getenv("AAMED_SOURCE_STATS"))
		stats(v, n, b, apart);
out:
	if (rc)
		for (i = 0; i < done; i++)
			tl_source_free(&v[i]);
	for (i = 0; i < n; i++)
		free(d[i].rule);
	free(d);
	tl_batch_unref(b);
	return rc;
}
