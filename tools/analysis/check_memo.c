// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Memos of pure questions on compiled profiles (check_memo.h), keyed on
 * the profiles' addresses: a profile is the same DFA for the whole run.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_memo.h"
#include "check_rules.h"
#include "check_union.h"

struct mentry {
	uintptr_t *key;		/* NULL: free slot */
	size_t klen;
	char *wit;		/* first_grant: the words, NULL: none */
	bool yes;
};

struct memo {
	struct mentry *t;
	size_t cap, n;
};

static struct memo grants, denied;

static void oom(void)
{
	fputs("aamed check: out of memory\n", stderr);
	exit(EXIT_USAGE);
}

static uint64_t hash(const uintptr_t *k, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (uint64_t)k[i]) * 1099511628211ull;
	return h ^ (h >> 29);
}

static struct mentry *find(struct memo *m, const uintptr_t *k, size_t n)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = hash(k, n) & (m->cap - 1); m->t[i].key;
	     i = (i + 1) & (m->cap - 1))
		if (m->t[i].klen == n && !memcmp(m->t[i].key, k, n * sizeof(*k)))
			return &m->t[i];
	return NULL;
}

static struct mentry *insert(struct memo *m, const uintptr_t *k, size_t n)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap) {
		struct memo nm = { 0 };

		nm.cap = m->cap ? m->cap * 2 : 256;
		nm.t = calloc(nm.cap, sizeof(*nm.t));
		if (!nm.t)
			oom();
		for (i = 0; i < m->cap; i++)
			if (m->t[i].key) {
				size_t j = hash(m->t[i].key, m->t[i].klen) &
					   (nm.cap - 1);

				while (nm.t[j].key)
					j = (j + 1) & (nm.cap - 1);
				nm.t[j] = m->t[i];
			}
		nm.n = m->n;
		free(m->t);
		*m = nm;
	}
	for (i = hash(k, n) & (m->cap - 1); m->t[i].key;
	     i = (i + 1) & (m->cap - 1))
		;
	m->t[i].key = malloc(n * sizeof(*k));
	if (!m->t[i].key)
		oom();
	memcpy(m->t[i].key, k, n * sizeof(*k));
	m->t[i].klen = n;
	m->n++;
	return &m->t[i];
}

const char *shadow_first_grant(const aamed_profile *one,
			       const aamed_profile *empty)
{
	uintptr_t k[2] = { (uintptr_t)one, (uintptr_t)empty };
	struct mentry *e = find(&grants, k, 2);
	char wit[1024];

	if (e)
		return e->wit;
	e = insert(&grants, k, 2);
	if (check_first_grant(one, empty, wit, sizeof(wit)) &&
	    !(e->wit = strdup(wit)))
		oom();
	return e->wit;
}

/* rules' state after the path w from the file start; 0: none (dead) */
static uint32_t file_state(const aamed_rules *r, const uint8_t *w, size_t len)
{
	uint32_t st = r ? aamed_rules_start(r, AAMED_PCLASS_FILE) : 0;

	return st ? aamed_rules_match(r, st, w, len) : 0;
}

/*
 * Is something of a file rule left at its first input (check_first_input),
 * asked of every profile of the union walk (check_union.c's
 * entry_all_denied(), with its rules for a profile whose DFA died there)?
 * Then the walk, which visits that input's tuple, would answer false:
 * most rules beside an abstraction's deny rules are judged here without
 * it. false: not known, walk.
 */
static bool left_at_first(const aamed_profile *one, const aamed_profile *empty,
			  const aamed_profile *bg,
			  const aamed_profile *const *dp, size_t n)
{
	const aamed_rules *r = aamed_profile_rules(one, AAMED_RULES_FILE);
	const aamed_rules *er = empty ? aamed_profile_rules(empty, AAMED_RULES_FILE) : NULL;
	const aamed_rules *br = bg ? aamed_profile_rules(bg, AAMED_RULES_FILE) : NULL;
	struct check_input in;
	uint32_t rs, es, bs;
	size_t k;
	int o;

	if (!r || !check_first_input(one, empty, &in) || in.caps ||
	    in.kind != AAMED_RULES_FILE || in.len >= sizeof(in.w))
		return false;
	rs = file_state(r, in.w, in.len);
	es = file_state(er, in.w, in.len);
	bs = file_state(br, in.w, in.len);
	if (!rs)
		return false;
	for (o = AAMED_ENTRY_OWNER; o <= AAMED_ENTRY_OTHER; o++) {
		struct aamed_perms pr, p;
		uint32_t e = 0, b = 0, taken = 0;

		if (aamed_rules_perms(r, rs, o == AAMED_ENTRY_OWNER, &pr))
			continue;
		pr.allow &= CHECK_RULE_BITS;
		if (!pr.allow)
			continue;
		/* the empty profile dead: its trap state's permissions */
		if (er && !aamed_rules_perms(er, es, o == AAMED_ENTRY_OWNER, &p))
			e = p.allow;
		if (bs && !aamed_rules_perms(br, bs, o == AAMED_ENTRY_OWNER, &p))
			b = p.allow;
		for (k = 0; k < n; k++) {
			const aamed_rules *dr = aamed_profile_rules(dp[k], AAMED_RULES_FILE);
			uint32_t ds = file_state(dr, in.w, in.len);

			if (ds && !aamed_rules_perms(dr, ds, o == AAMED_ENTRY_OWNER, &p))
				taken |= b & ~p.allow;
		}
		if (pr.allow & ~taken & ~e)
			return true;
	}
	return false;
}

bool shadow_union_denied(const aamed_profile *one, const aamed_profile *empty,
			 const aamed_profile *bg, const aamed_profile *const *dp,
			 size_t n, int klass)
{
	uintptr_t *k = malloc((n + 4) * sizeof(*k));
	struct mentry *e;
	size_t i;

	if (!k)
		oom();
	k[0] = (uintptr_t)one;
	k[1] = (uintptr_t)empty;
	k[2] = (uintptr_t)bg;
	k[3] = (uintptr_t)klass;
	for (i = 0; i < n; i++)
		k[4 + i] = (uintptr_t)dp[i];
	e = find(&denied, k, n + 4);
	if (!e) {
		bool yes = !(klass == AAMED_PCLASS_FILE && bg &&
			     left_at_first(one, empty, bg, dp, n)) &&
			   check_union_denied(one, empty, bg, dp, n, klass, NULL);

		e = insert(&denied, k, n + 4);
		e->yes = yes;
	}
	free(k);
	return e->yes;
}

static void memo_free(struct memo *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++) {
		free(m->t[i].key);
		free(m->t[i].wit);
	}
	free(m->t);
	memset(m, 0, sizeof(*m));
}

void shadow_memo_free(void)
{
	memo_free(&grants);
	memo_free(&denied);
}
