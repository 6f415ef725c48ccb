// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The walks of DFAs with equivalence classes and diff encoding (the
 * flat rows of dfa_flat.c, the comb walk of larger ones) against a
 * reference written from the format's definition, on the blob's own
 * big-endian tables:
 *
 *   next(s, byte): c = EC ? EC[byte] : byte; b = BASE[s] & 0xffffff;
 *                  CHK[b + c] == s ? NXT[b + c]
 *                  : BASE[s] has MATCH_FLAG_DIFF_ENCODE (0x80000000)
 *                    ? next(DEF[s], byte)   (the same class again)
 *                  : DEF[s]
 *
 * (the kernel's match.c, aa_dfa_next and match_char). Two sources: random
 * DFAs built by hand (always), and every DFA of the policy blobs given
 * to `unit --dfa-walk BLOB...`, which tests/unit/run.sh compiles with
 * apparmor_parser -O equiv / -O diff-encode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dfa_arena.h"
#include "harness.h"
#include "stream.h"
#include "tdfa.h"

/* A DFA's tables as the blob holds them (pointers into it). */
struct raw {
	const uint8_t *tab[ID_LAST];	/* by blob table id */
	uint16_t width[ID_LAST];
	uint32_t len[ID_LAST];
	uint32_t total;		/* the table set's size, header included */
};

static uint32_t be_at(const struct raw *r, int id, uint32_t i)
{
	const uint8_t *p = r->tab[id] + (size_t)i * r->width[id];
	uint32_t v = 0;
	uint16_t k;

	for (k = 0; k < r->width[id]; k++)
		v = v << 8 | p[k];
	return v;
}

static uint32_t ref_next(const struct raw *r, uint32_t s, uint8_t byte)
{
	uint32_t c = r->tab[ID_EC] ? r->tab[ID_EC][byte] : byte;

	for (;;) {
		uint32_t base = be_at(r, ID_BASE, s);
		uint32_t pos = (base & 0x00ffffffu) + c;

		if (be_at(r, ID_CHK, pos) == s)
			return be_at(r, ID_NXT, pos);
		if (!(base & 0x80000000u))
			return be_at(r, ID_DEF, s);
		s = be_at(r, ID_DEF, s);
	}
}

static uint32_t ref_walk(const struct raw *r, uint32_t s, const uint8_t *str,
			 size_t len)
{
	size_t i;

	if (s == 0)
		return 0;
	for (i = 0; i < len; i++)
		s = ref_next(r, s, str[i]);
	return s;
}

/* The table-set header and tables of the DFA blob at p; false: not one. */
static bool raw_parse(struct raw *r, const uint8_t *p, size_t size)
{
	uint32_t hsize, total, i;

	memset(r, 0, sizeof(*r));
	if (size < 24)
		return false;
	hsize = (uint32_t)p[4] << 24 | (uint32_t)p[5] << 16 |
		(uint32_t)p[6] << 8 | p[7];
	total = (uint32_t)p[8] << 24 | (uint32_t)p[9] << 16 |
		(uint32_t)p[10] << 8 | p[11];
	if (hsize < 16 || total > size || hsize > total)
		return false;
	for (i = hsize; i + 12 <= total;) {
		uint16_t id = (uint16_t)(p[i] << 8 | p[i + 1]);
		uint16_t w = (uint16_t)(p[i + 2] << 8 | p[i + 3]);
		uint32_t n = (uint32_t)p[i + 8] << 24 | (uint32_t)p[i + 9] << 16 |
			     (uint32_t)p[i + 10] << 8 | p[i + 11];

		if (id == 0 || id >= ID_LAST || (w != 1 && w != 2 && w != 4))
			return false;
		r->tab[id] = p + i + 12;
		r->width[id] = w;
		r->len[id] = n;
		i += (12 + n * w + 7) & ~7u;
	}
	r->total = total;
	return r->tab[ID_BASE] && r->tab[ID_NXT];
}

/* Bytes a path walk meets, and now and then any byte at all. */
static uint8_t rand_byte(unsigned *seed)
{
	static const char common[] = "/usr/share/etc/home/.config-_0123456789@*";

	if (rand_r(seed) % 4 == 0)
		return (uint8_t)rand_r(seed);
	return (uint8_t)common[(unsigned)rand_r(seed) % (sizeof(common) - 1)];
}

/*
 * n random strings from random states of dfa, each walked by
 * aa_dfa_match (NUL-terminated), aa_dfa_match_len (NULs included) and
 * aa_dfa_next, against the reference. Returns the number of mismatches.
 */
static unsigned compare_walks(const struct aa_dfa *dfa, const struct raw *r,
			      unsigned n, unsigned seed, const char *what)
{
	unsigned i, bad = 0;

	for (i = 0; i < n && !bad; i++) {
		uint8_t str[160];
		size_t len = (size_t)rand_r(&seed) % 150, k, z;
		uint32_t start = (uint32_t)rand_r(&seed) % dfa->nstates;

		for (k = 0; k < len; k++)
			str[k] = rand_byte(&seed);
		str[len] = '\0';
		z = strlen((const char *)str);
		bad += aa_dfa_match(dfa, start, (const char *)str) !=
		       ref_walk(r, start, str, z);
		bad += aa_dfa_match_len(dfa, start, str, len) !=
		       ref_walk(r, start, str, len);
		bad += aa_dfa_next(dfa, start, str[0]) !=
		       ref_next(r, start, str[0]);
		if (bad)
			printf("     (%s: start %u, string %u of %zu bytes)\n",
			       what, start, i, len);
	}
	return bad;
}

/* A random DFA with classes; some states diff-encoded against lower ones. */
static void random_ec_dfa(struct tdfa *t, unsigned seed)
{
	uint32_t n = 3 + (uint32_t)(rand_r(&seed) % 10), s, k;
	uint32_t nclass = 2 + (uint32_t)(rand_r(&seed) % 40);
	unsigned c;

	td_init(t, n);
	t->wide = rand_r(&seed) % 2 ? 4 : 2;
	t->has_ec = true;
	t->hflags = 1;
	for (c = 0; c < 256; c++)
		t->ec[c] = (uint8_t)(rand_r(&seed) % nclass);
	for (s = 0; s < n; s++) {
		unsigned edges = (unsigned)rand_r(&seed) % 6, e;
		bool diff = s > 1 && rand_r(&seed) % 3 == 0;

		/* a diff chain goes to lower states: it ends */
		t->def[s] = diff ? (uint32_t)rand_r(&seed) % s :
			    (uint32_t)rand_r(&seed) % n;
		if (diff)
			t->base[s] |= B_DIFF;
		for (e = 0; e < edges; e++) {
			k = (uint32_t)rand_r(&seed) % nclass;
			td_edge(t, s, k, (uint32_t)rand_r(&seed) % n);
		}
	}
}

void unit_dfa_flat_random(void)
{
	static struct tdfa t;
	unsigned d, bad = 0, flat = 0;

	for (d = 0; d < 300 && !bad; d++) {
		struct aamed_error err;
		struct aa_dfa *dfa;
		struct raw r;
		char what[32];

		random_ec_dfa(&t, d + 1);
		dfa = td_load(&t, true, &err);
		if (!CHECK(dfa != NULL))
			return;
		if (!CHECK(raw_parse(&r, td_buf.b, td_buf.n))) {
			aa_dfa_free(dfa);
			return;
		}
		flat += dfa->flat != NULL;
		snprintf(what, sizeof(what), "DFA %u", d);
		bad += compare_walks(dfa, &r, 200, d * 7919u + 3, what);
		aa_dfa_free(dfa);
	}
	CHECK_EQ(bad, 0);
	/* the small ones walk their flat rows */
	CHECK(flat > 250);
}

/*
 * The load arenas' chunks (dfa_arena.c) go with the last table in them:
 * every blob loaded into one policy, each loaded again (a replacement
 * frees the tables it replaces while the rest of their chunks live on),
 * the policy freed, and no chunk may be left mapped.
 */
static bool arena_refs(int argc, char **argv)
{
	aamed_policy *p = aamed_policy_new();
	unsigned long before = aa_arena_live();
	struct aamed_error err;
	int a, round;
	bool ok = p != NULL;

	for (round = 0; ok && round < 2; round++)
		for (a = 0; ok && a < argc; a++)
			ok = !aamed_policy_load_path(p, argv[a], &err);
	aamed_policy_free(p);
	if (!ok || aa_arena_live() != before) {
		printf("FAIL dfa-walk: %s: %lu load chunks mapped before, %lu after\n",
		       ok ? "chunks left" : "a blob does not load", before,
		       aa_arena_live());
		return false;
	}
	return true;
}

/*
 * unit --dfa-walk BLOB...: every DFA in each policy blob (found by its
 * magic, loaded by aa_dfa_unpack), 2,000 random strings each. Prints
 * "N passed, N failed" (one check per DFA) and what it walked.
 */
int unit_dfa_walk_blobs(int argc, char **argv)
{
	static const uint8_t magic[4] = { 0x1b, 0x5e, 0x78, 0x3d };
	unsigned pass = 0, fail = 0, nflat = 0, nec = 0, ndiff = 0;
	int a;

	for (a = 0; a < argc; a++) {
		FILE *f = fopen(argv[a], "rb");
		static uint8_t buf[1 << 24];
		size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0, i;

		if (f)
			fclose(f);
		if (!n) {
			printf("FAIL dfa-walk: cannot read %s\n", argv[a]);
			fail++;
			continue;
		}
		for (i = 0; i + 24 <= n; i++) {
			struct aamed_error err;
			struct aa_ext e;
			struct aa_dfa *dfa;
			struct raw r;
			char what[4200];

			if (memcmp(buf + i, magic, 4) ||
			    !raw_parse(&r, buf + i, n - i))
				continue;
			ext_init(&e, buf + i, r.total);
			e.err = &err;
			dfa = aa_dfa_unpack(&e, buf + i, r.total,
					    r.tab[ID_ACCEPT2] != NULL);
			if (!dfa)
				continue;
			nflat += dfa->flat != NULL;
			nec += dfa->ec != NULL;
			ndiff += (dfa->hflags & DFA_HDR_DIFF) != 0;
			snprintf(what, sizeof(what), "%s+%zu", argv[a], i);
			if (compare_walks(dfa, &r, 2000, (unsigned)i + 1, what)) {
				printf("FAIL dfa-walk: %s: walks differ\n", what);
				fail++;
			} else {
				pass++;
			}
			aa_dfa_free(dfa);
		}
	}
	printf("dfa-walk: %u DFAs, %u with classes, %u diff-encoded, %u flat\n",
	       pass + fail, nec, ndiff, nflat);
	if (arena_refs(argc, argv))
		pass++;
	else
		fail++;
	printf("%u passed, %u failed\n", pass, fail);
	return fail ? 1 : 0;
}
