// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DFA walks against a reference: random DFAs (with states that
 * absorb, loop with one exit or default elsewhere), walked with
 * aa_dfa_match, aa_dfa_match_len and aa_dfa_next and compared with a
 * byte-by-byte walk of the same tables; and a DFA of more states than
 * 16 bits can number, whose tables stay 32 bits wide.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "stream.h"
#include "tdfa.h"

/* The walk by the book, on the test DFA's own tables. */
static uint32_t ref_next(const struct tdfa *t, uint32_t s, uint8_t c)
{
	uint32_t pos = t->base[s] + c;

	return t->chk[pos] == s ? t->nxt[pos] : t->def[s];
}

static uint32_t ref_match(const struct tdfa *t, uint32_t s, const char *str,
			  size_t len)
{
	size_t i;

	if (s == 0)
		return 0;
	for (i = 0; i < len; i++)
		s = ref_next(t, s, (uint8_t)str[i]);
	return s;
}

static const char alphabet[] = "ab/x.";

/* A random DFA over a few bytes: defaults to self, to the trap, or on. */
static void random_dfa(struct tdfa *t, unsigned seed)
{
	uint32_t n = 2 + (uint32_t)(rand_r(&seed) % 14), s;

	td_init(t, n);
	t->wide = rand_r(&seed) % 2 ? 4 : 2;
	for (s = 0; s < n; s++) {
		unsigned kind = (unsigned)rand_r(&seed) % 4, e, edges;

		t->def[s] = kind == 0 ? 0 : kind == 1 ? s :
			    (uint32_t)rand_r(&seed) % n;
		/* state 0 is the trap whatever its default says */
		if (s == 0)
			continue;
		edges = (unsigned)rand_r(&seed) % 4;
		for (e = 0; e < edges; e++) {
			uint8_t c = (uint8_t)alphabet[rand_r(&seed) % 5];
			uint32_t to = rand_r(&seed) % 3 ? (uint32_t)rand_r(&seed) % n : s;

			td_edge(t, s, c, to);
		}
		if (rand_r(&seed) % 8 == 0)
			td_edge(t, s, 0, (uint32_t)rand_r(&seed) % n);
	}
}

void unit_dfa_walk_random(void)
{
	static struct tdfa t;
	unsigned d, i, bad = 0, absorb = 0, loop1 = 0, s;

	for (d = 0; d < 300 && !bad; d++) {
		struct aamed_error err;
		struct aa_dfa *dfa;
		unsigned seed = d * 7919u + 1;

		random_dfa(&t, d + 1);
		dfa = td_load(&t, true, &err);
		if (!CHECK(dfa != NULL))
			return;
		for (s = 0; s < dfa->nstates; s++) {
			absorb += !!(dfa->sflags[s] & DFA_FLAG_ABSORB);
			loop1 += !!(dfa->sflags[s] & DFA_FLAG_LOOP1);
		}
		for (i = 0; i < 200; i++) {
			char str[64];
			size_t len = (size_t)rand_r(&seed) % 40, k;
			uint32_t start = (uint32_t)rand_r(&seed) % t.nstates;

			for (k = 0; k < len; k++)
				str[k] = alphabet[rand_r(&seed) % 5];
			str[len] = '\0';
			bad += aa_dfa_match(dfa, start, str) !=
			       ref_match(&t, start, str, len);
			bad += aa_dfa_match_len(dfa, start, str, len + 1) !=
			       ref_match(&t, start, str, len + 1);
			bad += aa_dfa_next(dfa, start, (uint8_t)str[0]) !=
			       ref_next(&t, start, (uint8_t)str[0]);
			if (bad) {
				printf("     (DFA %u, start %u, \"%s\")\n", d,
				       start, str);
				break;
			}
		}
		aa_dfa_free(dfa);
	}
	CHECK_EQ(bad, 0);
	/* the walks' shortcuts were taken */
	CHECK(absorb > 100);
	CHECK(loop1 > 100);
}

static void be_put(uint8_t **p, uint32_t v, int bytes)
{
	int i;

	for (i = bytes - 1; i >= 0; i--)
		*(*p)++ = (uint8_t)(v >> (8 * i));
}

static void table(uint8_t **p, uint16_t id, uint16_t width, uint32_t n,
		  uint32_t (*val)(uint32_t i, uint32_t n), uint32_t vn)
{
	uint32_t i;

	be_put(p, id, 2);
	be_put(p, width, 2);
	be_put(p, 0, 4);
	be_put(p, n, 4);
	for (i = 0; i < n; i++)
		be_put(p, val(i, vn), width);
	while ((uintptr_t)*p & 7)
		*(*p)++ = 0;
}

/*
 * The chain 1 -a-> 2 -a-> ... -a-> N-1, each state's row at its own
 * number (no two rows claim the same entry: only byte 'a' is explicit),
 * the last state absorbing, every other default the trap.
 */
#define WIDE_N 70000u
static uint32_t zero(uint32_t i, uint32_t n) { (void)i; (void)n; return 0; }
static uint32_t base_of(uint32_t i, uint32_t n) { (void)n; return i; }
static uint32_t def_of(uint32_t i, uint32_t n) { return i == n - 1 ? i : 0; }
static uint32_t nxt_of(uint32_t i, uint32_t n)
{
	return i >= 'a' && i - 'a' >= 1 && i - 'a' < n - 1 ? i - 'a' + 1 : 0;
}
static uint32_t chk_of(uint32_t i, uint32_t n)
{
	return i >= 'a' && i - 'a' >= 1 && i - 'a' < n - 1 ? i - 'a' : 0;
}

void unit_dfa_walk_wide(void)
{
	size_t cap = 24 + 8 * 16 + (size_t)WIDE_N * 20 + 2 * (WIDE_N + 256) * 4;
	uint8_t *blob = calloc(1, cap), *p = blob;
	char *str = malloc(WIDE_N + 10);
	struct aamed_error err;
	struct aa_ext e;
	struct aa_dfa *d;
	uint32_t ntrans = WIDE_N + 256;

	if (!CHECK(blob && str))
		goto out;
	be_put(&p, 0x1B5E783Du, 4);
	be_put(&p, 24, 4);
	be_put(&p, 0, 4);
	be_put(&p, 0, 2);
	memcpy(p, "notflex", 8);
	p = blob + 24;
	table(&p, ID_ACCEPT, 4, WIDE_N, zero, WIDE_N);
	table(&p, ID_ACCEPT2, 4, WIDE_N, zero, WIDE_N);
	table(&p, ID_BASE, 4, WIDE_N, base_of, WIDE_N);
	table(&p, ID_DEF, 4, WIDE_N, def_of, WIDE_N);
	table(&p, ID_NXT, 4, ntrans, nxt_of, WIDE_N);
	table(&p, ID_CHK, 4, ntrans, chk_of, WIDE_N);
	ext_init(&e, blob, (size_t)(p - blob));
	memset(&err, 0, sizeof(err));
	e.err = &err;
	d = aa_dfa_unpack(&e, blob, (size_t)(p - blob), true);
	if (!CHECK(d != NULL))
		goto out;
	CHECK(d->wide);
	memset(str, 'a', WIDE_N + 5);
	str[WIDE_N + 5] = '\0';
	str[WIDE_N - 2] = '\0';
	CHECK_EQ(aa_dfa_match(d, 1, str), WIDE_N - 1);
	str[WIDE_N - 2] = 'a';
	/* past the end of the chain: the last state absorbs */
	CHECK_EQ(aa_dfa_match(d, 1, str), WIDE_N - 1);
	CHECK_EQ(aa_dfa_match(d, 1, "ab"), 0);
	CHECK_EQ(aa_dfa_match_len(d, 1, str, 70000), WIDE_N - 1);
	CHECK_EQ(aa_dfa_match_len(d, 65530, str, 10), 65540);
	CHECK_EQ(aa_dfa_next(d, 65535, 'a'), 65536);
	CHECK_EQ(aa_dfa_next(d, 65536, 'b'), 0);
	aa_dfa_free(d);
out:
	free(blob);
	free(str);
}
