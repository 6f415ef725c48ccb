// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DFA: unpacking the flex-style tables apparmor_parser writes,
 * verifying them at least as strictly as the kernel's verify_dfa(), and
 * building the tables the walks in dfa_match.c use.
 *
 * Tables are big endian in the blob. DEF, NXT and CHK may be 16 or 32
 * bits wide there; they are kept 16 bits wide whenever every state
 * number fits, else widened to 32. BASE is split into the transition
 * base and the state flags. After verification every walk is in bounds
 * without further checks: base + 255 < ntrans, every NXT/CHK/DEF entry is
 * a valid state, and every diff-encode chain ends.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "apparmor.h"
#include "dfa.h"
#include "dfa_arena.h"
#include "stream.h"

/* GCC vectorises at -O2 only with this; clang does anyway */
#if defined(__GNUC__) && !defined(__clang__)
#define VECTORISE __attribute__((noinline, optimize("tree-vectorize")))
#else
#define VECTORISE __attribute__((noinline))
#endif

#define YYTH_MAGIC 0x1B5E783Du
#define YYTH_FLAGS (DFA_HDR_DIFF | DFA_HDR_OOB)

enum {
	YYTD_ID_ACCEPT = 0,
	YYTD_ID_BASE = 1,
	YYTD_ID_CHK = 2,
	YYTD_ID_DEF = 3,
	YYTD_ID_EC = 4,
	YYTD_ID_META = 5,
	YYTD_ID_ACCEPT2 = 6,
	YYTD_ID_NXT = 7,
	YYTD_ID_MAX = 7,
};

static const char *const table_names[] = {
	"ACCEPT", "BASE", "CHK", "DEF", "EC", "META", "ACCEPT2", "NXT",
};

#define YYTD_DATA8 1
#define YYTD_DATA16 2
#define YYTD_DATA32 4

/* BASE flag byte */
#define MATCH_FLAG_DIFF_ENCODE 0x80000000u
#define MARK_DIFF_ENCODE 0x40000000u
#define MATCH_FLAG_OOB_TRANSITION 0x20000000u
#define MARK_VERIFIED 0x10000000u
#define MATCH_FLAGS_MASK 0xff000000u
#define MATCH_FLAGS_VALID (MATCH_FLAG_DIFF_ENCODE | MATCH_FLAG_OOB_TRANSITION)
#define MATCH_FLAGS_INVALID (MATCH_FLAGS_MASK & ~MATCH_FLAGS_VALID)

struct table {
	const uint8_t *data;	/* first element, in the blob */
	const uint8_t *hdr;	/* table header, for error offsets */
	uint16_t width;
	uint32_t len;
};

/* Unaligned big-endian loads the compiler turns into vector shuffles. */
static uint16_t be16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return __builtin_bswap16(v);
}

static uint32_t be32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return __builtin_bswap32(v);
}

/*
 * n big-endian 32-bit entries into dst. Compilers do not vectorise a
 * 32-bit byte swap without SSSE3's byte shuffle; SSE2 (every x86-64)
 * does it in two steps: the bytes of each 16-bit half, then the halves.
 */
static void be32_copy(uint32_t *restrict dst, const uint8_t *restrict src,
		      uint32_t n)
{
	uint32_t i = 0;

#ifdef __SSE2__
	for (; i + 4 <= n; i += 4) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)
					    (src + 4 * (size_t)i));

		x = _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
		x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
		_mm_storeu_si128((__m128i *)(void *)(dst + i), x);
	}
#endif
	for (; i < n; i++)
		dst[i] = be32(src + 4 * (size_t)i);
}

static uint32_t table_get(const struct table *t, uint32_t i)
{
	switch (t->width) {
	case YYTD_DATA8:
		return t->data[i];
	case YYTD_DATA16:
		return be16(t->data + 2 * (size_t)i);
	default:
		return be32(t->data + 4 * (size_t)i);
	}
}

static size_t table_size(uint32_t len, uint16_t width)
{
	size_t s = 12 + (size_t)len * width;

	return (s + 7) & ~(size_t)7;
}

void aa_dfa_free(struct aa_dfa *dfa)
{
	if (!dfa)
		return;
	free(dfa->flat);
	if (dfa->chunk)
		aa_chunk_put(dfa->chunk);
	else
		free(dfa);
}

static bool dfa_fail(struct aa_ext *e, const uint8_t *at, const char *what)
{
	return aa_ext_fail(e, at, "DFA: %s", what);
}

/* Parse the table headers into t[], checking widths, sizes, duplicates. */
static bool unpack_tables(struct aa_ext *e, const uint8_t *data, size_t size,
			  struct table t[YYTD_ID_MAX + 1])
{
	while (size > 0) {
		uint16_t id, width;
		uint32_t len;
		size_t tsize;

		if (size < 12)
			return dfa_fail(e, data, "truncated table header");
		id = be16(data);
		width = be16(data + 2);
		len = be32(data + 8);
		if (id == 0 || id - 1 > YYTD_ID_MAX)
			return aa_ext_fail(e, data, "DFA: unknown table id %u",
					   id);
		id--;
		if (width != YYTD_DATA8 && width != YYTD_DATA16 &&
		    width != YYTD_DATA32)
			return aa_ext_fail(e, data,
					   "DFA: %s table has unsupported element width %u",
					   table_names[id], width);
		if (len == 0)
			return aa_ext_fail(e, data, "DFA: %s table is empty",
					   table_names[id]);
		tsize = table_size(len, width);
		if (size < tsize)
			return aa_ext_fail(e, data,
					   "DFA: %s table of %u entries runs past the end of the DFA",
					   table_names[id], len);
		switch (id) {
		case YYTD_ID_ACCEPT:
		case YYTD_ID_ACCEPT2:
		case YYTD_ID_BASE:
			if (width != YYTD_DATA32)
				return aa_ext_fail(e, data,
						   "DFA: %s table must be 32 bits wide",
						   table_names[id]);
			break;
		case YYTD_ID_DEF:
		case YYTD_ID_NXT:
		case YYTD_ID_CHK:
			if (width == YYTD_DATA8)
				return aa_ext_fail(e, data,
						   "DFA: %s table must be 16 or 32 bits wide",
						   table_names[id]);
			break;
		case YYTD_ID_EC:
			if (width != YYTD_DATA8)
				return dfa_fail(e, data,
						"EC table must be 8 bits wide");
			break;
		default:
			return aa_ext_fail(e, data, "DFA: %s table is not supported",
					   table_names[id]);
		}
		if (t[id].data)
			return aa_ext_fail(e, data, "DFA: duplicate %s table",
					   table_names[id]);
		t[id].hdr = data;
		t[id].data = data + 12;
		t[id].width = width;
		t[id].len = len;
		data += tsize;
		size -= tsize;
	}
	return true;
}

static bool verify_headers(struct aa_ext *e, const uint8_t *at,
			   struct table t[YYTD_ID_MAX + 1], bool accept2)
{
	static const int need[] = { YYTD_ID_ACCEPT, YYTD_ID_ACCEPT2,
				    YYTD_ID_BASE, YYTD_ID_DEF, YYTD_ID_NXT,
				    YYTD_ID_CHK };
	uint32_t states;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(need); i++)
		if (!t[need[i]].data && (accept2 || need[i] != YYTD_ID_ACCEPT2))
			return aa_ext_fail(e, at, "DFA: missing %s table",
					   table_names[need[i]]);
	states = t[YYTD_ID_BASE].len;
	if (t[YYTD_ID_ACCEPT].len != states ||
	    (t[YYTD_ID_ACCEPT2].data && t[YYTD_ID_ACCEPT2].len != states) ||
	    t[YYTD_ID_DEF].len != states)
		return aa_ext_fail(e, t[YYTD_ID_ACCEPT].hdr,
				   "DFA: ACCEPT, ACCEPT2, DEF and BASE sizes differ (%u, %u, %u, %u)",
				   t[YYTD_ID_ACCEPT].len, t[YYTD_ID_ACCEPT2].len,
				   t[YYTD_ID_DEF].len, states);
	if (t[YYTD_ID_NXT].len != t[YYTD_ID_CHK].len)
		return aa_ext_fail(e, t[YYTD_ID_CHK].hdr,
				   "DFA: NXT and CHK sizes differ (%u, %u)",
				   t[YYTD_ID_NXT].len, t[YYTD_ID_CHK].len);
	if (t[YYTD_ID_EC].data && t[YYTD_ID_EC].len != 256)
		return aa_ext_fail(e, t[YYTD_ID_EC].hdr,
				   "DFA: EC table has %u entries, expected 256",
				   t[YYTD_ID_EC].len);
	if (states < 2)
		return aa_ext_fail(e, t[YYTD_ID_BASE].hdr,
				   "DFA: %u states, expected at least 2", states);
	return true;
}

/*
 * BASE into base and sflags, in one vectorised pass that also makes
 * verify()'s per-state checks of it; false when one fails (the caller
 * then finds which, and says so, with verify_slow()).
 */
VECTORISE static bool split_bases(struct aa_dfa *dfa, const struct table *bt,
				  uint16_t hflags, uint32_t max_oob)
{
	/* flags this header does not allow */
	uint32_t refuse = MATCH_FLAGS_INVALID |
			  (hflags & DFA_HDR_DIFF ? 0 : MATCH_FLAG_DIFF_ENCODE) |
			  (hflags & DFA_HDR_OOB ? 0 : MATCH_FLAG_OOB_TRANSITION);
	uint32_t *restrict base = dfa->base;
	uint8_t *restrict sflags = dfa->sflags;
	uint32_t i, n = bt->len, bad = 0, oob_low = 0;
	int32_t maxb = 0;	/* b < 2^24: a signed maximum, which SSE2 has */

	be32_copy(base, bt->data, n);
	for (i = 0; i < n; i++) {
		uint32_t v = base[i];
		int32_t b = (int32_t)(v & ~MATCH_FLAGS_MASK);

		sflags[i] = (uint8_t)(v >> 24);
		bad |= v & refuse;
		maxb = b > maxb ? b : maxb;
		oob_low |= (uint32_t)((v & MATCH_FLAG_OOB_TRANSITION) != 0) &
			   (uint32_t)((uint32_t)b < max_oob);
		base[i] = (uint32_t)b;
	}
	return !bad && !oob_low && (uint64_t)maxb + 255 < dfa->ntrans;
}

/*
 * The kernel's verify_dfa() on the blob's tables, in its order, for the
 * message of the first fault; run only when the quick checks in
 * verify_quick() found one.
 */
static bool verify_slow(struct aa_ext *e, const uint8_t *at,
			const struct table t[YYTD_ID_MAX + 1], uint16_t hflags,
			uint32_t max_oob)
{
	uint32_t states = t[YYTD_ID_BASE].len, trans = t[YYTD_ID_NXT].len, i;

	for (i = 0; i < states; i++) {
		uint32_t v = table_get(&t[YYTD_ID_BASE], i);
		uint32_t f = v & MATCH_FLAGS_MASK, b = v & ~MATCH_FLAGS_MASK;
		uint32_t def = table_get(&t[YYTD_ID_DEF], i);

		if (f & MATCH_FLAGS_INVALID)
			return aa_ext_fail(e, at,
					   "DFA: state %u has invalid flags 0x%02x",
					   i, f >> 24);
		if (def >= states)
			return aa_ext_fail(e, at,
					   "DFA: state %u default %u out of range (%u states)",
					   i, def, states);
		if ((f & MATCH_FLAG_DIFF_ENCODE) && !(hflags & DFA_HDR_DIFF))
			return aa_ext_fail(e, at,
					   "DFA: state %u is diff-encoded but the header has no diff-encode flag",
					   i);
		if (f & MATCH_FLAG_OOB_TRANSITION) {
			if (!(hflags & DFA_HDR_OOB))
				return aa_ext_fail(e, at,
						   "DFA: state %u has an out-of-band transition but the header has no out-of-band flag",
						   i);
			if (b < max_oob)
				return aa_ext_fail(e, at,
						   "DFA: state %u out-of-band transition out of range",
						   i);
		}
		if ((uint64_t)b + 255 >= trans)
			return aa_ext_fail(e, at,
					   "DFA: state %u base %u + 255 beyond %u transitions",
					   i, b, trans);
	}
	for (i = 0; i < trans; i++) {
		uint32_t n = table_get(&t[YYTD_ID_NXT], i);
		uint32_t c = table_get(&t[YYTD_ID_CHK], i);

		if (n >= states)
			return aa_ext_fail(e, at,
					   "DFA: NXT[%u] = %u out of range (%u states)",
					   i, n, states);
		if (c >= states)
			return aa_ext_fail(e, at,
					   "DFA: CHK[%u] = %u out of range (%u states)",
					   i, c, states);
	}
	return true;
}

/*
 * verify_slow() found nothing where a quick whole-table pass did: the
 * two must agree, so refuse rather than guess.
 */
static bool verify_fault(struct aa_ext *e, const uint8_t *at,
			 const struct table t[YYTD_ID_MAX + 1], uint16_t hflags,
			 uint32_t max_oob)
{
	if (!verify_slow(e, at, t, hflags, max_oob))
		return false;
	return dfa_fail(e, at, "inconsistent tables");
}

/*
 * A state-number table into dst, whose width is dfa->wide's; returns its
 * largest entry as the blob has it, for the caller to check against the
 * state count (an entry cut to 16 bits here is then refused).
 */
VECTORISE static uint32_t copy_states(const struct aa_dfa *dfa,
				      union aa_dfa_tab dst,
				      const struct table *t)
{
	uint32_t i, m = 0;

	if (dfa->wide && t->width == YYTD_DATA32)
		for (i = 0; i < t->len; i++) {
			uint32_t v = be32(t->data + 4 * (size_t)i);

			dst.w[i] = v;
			m = v > m ? v : m;
		}
	else if (dfa->wide)
		for (i = 0; i < t->len; i++) {
			uint32_t v = be16(t->data + 2 * (size_t)i);

			dst.w[i] = v;
			m = v > m ? v : m;
		}
	else if (t->width == YYTD_DATA32)
		for (i = 0; i < t->len; i++) {
			uint32_t v = be32(t->data + 4 * (size_t)i);

			dst.n[i] = (uint16_t)v;
			m = v > m ? v : m;
		}
	else {
		/* a signed 16-bit maximum, which SSE2 has, of v - 32768 */
		int16_t ms = INT16_MIN;

		for (i = 0; i < t->len; i++) {
			uint16_t v = be16(t->data + 2 * (size_t)i);
			int16_t w = (int16_t)(v ^ 0x8000u);

			dst.n[i] = v;
			ms = w > ms ? w : ms;
		}
		m = (uint16_t)ms ^ 0x8000u;
	}
	return m;
}

static void copy_u32(uint32_t *restrict dst, const struct table *t)
{
	be32_copy(dst, t->data, t->len);
}

/* Copy the verified tables out of the blob into one allocation. */
static struct aa_dfa *build(struct aa_ext *e, uint16_t hflags,
			    const struct table t[YYTD_ID_MAX + 1],
			    uint32_t max_oob)
{
	uint32_t states = t[YYTD_ID_BASE].len, trans = t[YYTD_ID_NXT].len;
	bool wide = states > 65536;
	size_t w = wide ? 4 : 2;
	size_t bytes = sizeof(struct aa_dfa) + (size_t)states * (12 + w + 2) +
		       (size_t)trans * 2 * w + 256;
	struct aa_chunk *chunk = NULL;
	struct aa_dfa *dfa = e->arena ? aa_arena_alloc(e->arena, bytes, &chunk) :
					NULL;
	uint8_t *p;
	uint32_t i, m;

	if (!dfa)
		dfa = malloc(bytes);

	if (!dfa) {
		aa_ext_fail(e, NULL, "out of memory for a DFA of %u states",
			    states);
		return NULL;
	}
	memset(dfa, 0, sizeof(*dfa));
	dfa->chunk = chunk;
	dfa->nstates = states;
	dfa->ntrans = trans;
	dfa->hflags = hflags;
	dfa->wide = wide;
	dfa->base = (uint32_t *)(dfa + 1);
	dfa->accept = dfa->base + states;
	dfa->accept2 = dfa->accept + states;
	p = (uint8_t *)(dfa->accept2 + states);
	dfa->def.n = (uint16_t *)p;
	dfa->nxt.n = (uint16_t *)(p + (size_t)states * w);
	dfa->chk.n = (uint16_t *)(p + (size_t)(states + trans) * w);
	dfa->sflags = p + (size_t)(states + 2 * (size_t)trans) * w;
	dfa->exitc = dfa->sflags + states;
	if (!split_bases(dfa, &t[YYTD_ID_BASE], hflags, max_oob)) {
		aa_dfa_free(dfa);
		return NULL;	/* the caller says which entry */
	}
	copy_u32(dfa->accept, &t[YYTD_ID_ACCEPT]);
	if (t[YYTD_ID_ACCEPT2].data)
		copy_u32(dfa->accept2, &t[YYTD_ID_ACCEPT2]);
	else
		memset(dfa->accept2, 0, (size_t)states * 4);
	memset(dfa->exitc, 0, states);
	m = copy_states(dfa, dfa->def, &t[YYTD_ID_DEF]);
	i = copy_states(dfa, dfa->nxt, &t[YYTD_ID_NXT]);
	m = i > m ? i : m;
	i = copy_states(dfa, dfa->chk, &t[YYTD_ID_CHK]);
	m = i > m ? i : m;
	if (m >= states) {
		aa_dfa_free(dfa);
		return NULL;	/* the caller says which entry */
	}
	if (t[YYTD_ID_EC].data) {
		dfa->ec = dfa->exitc + states;
		memcpy(dfa->ec, t[YYTD_ID_EC].data, 256);
	}
	return dfa;
}

static uint32_t def_of(const struct aa_dfa *dfa, uint32_t s)
{
	return dfa->wide ? dfa->def.w[s] : dfa->def.n[s];
}

/*
 * What the kernel's verify_dfa() misses: a diff-encode chain must end at
 * a state that is not diff-encoded, without a cycle.
 */
static bool verify_chains(struct aa_ext *e, const uint8_t *at,
			  const struct aa_dfa *dfa)
{
	uint32_t i;
	uint8_t *mark;

	if (!(dfa->hflags & DFA_HDR_DIFF))
		return true;
	/* 0 unvisited, 1 on the current chain, 2 ends well */
	mark = calloc(dfa->nstates, 1);
	if (!mark)
		return aa_ext_fail(e, at, "out of memory");
	for (i = 0; i < dfa->nstates; i++) {
		uint32_t j = i;

		while ((dfa->sflags[j] & DFA_FLAG_DIFF) && mark[j] == 0) {
			mark[j] = 1;
			j = def_of(dfa, j);
		}
		if (mark[j] == 1 && (dfa->sflags[j] & DFA_FLAG_DIFF)) {
			free(mark);
			return aa_ext_fail(e, at,
					   "DFA: diff-encode chain from state %u loops at state %u",
					   i, j);
		}
		for (j = i; mark[j] == 1; j = def_of(dfa, j))
			mark[j] = 2;
	}
	free(mark);
	return true;
}

/*
 * How many bytes but NUL lead from s elsewhere than back to s, 2 for
 * two or more; the one exit goes to *exit. s defaults to itself, so only
 * its explicit transitions, in its row, can leave.
 */
/*
 * How many of row[1..255] are s's own transitions elsewhere (16-bit
 * tables), and the OR of their bytes: the exit itself when there is one.
 */
VECTORISE static unsigned count_exits16(const uint16_t *chk,
					const uint16_t *nxt, uint16_t s,
					uint8_t *exit)
{
	uint16_t c, n = 0, e = 0;

	/* 16-bit lanes throughout: eight entries a vector */
	for (c = 1; c < 256; c++) {
		uint16_t hit = (uint16_t)-((chk[c] == s) & (nxt[c] != s));

		n = (uint16_t)(n - hit);
		e |= hit & c;
	}
	*exit = (uint8_t)e;
	return n;
}

static unsigned row_exits(const struct aa_dfa *dfa, uint32_t s, uint8_t *exit)
{
	uint32_t c, b = dfa->base[s];
	unsigned n = 0;

	if (!dfa->wide) {
		const uint16_t *chk = dfa->chk.n + b, *nxt = dfa->nxt.n + b;

		n = count_exits16(chk, nxt, (uint16_t)s, exit);
		return n > 2 ? 2 : n;
	}
	for (c = 1; c < 256 && n < 2; c++) {
		uint32_t ck = dfa->wide ? dfa->chk.w[b + c] : dfa->chk.n[b + c];
		uint32_t nx = dfa->wide ? dfa->nxt.w[b + c] : dfa->nxt.n[b + c];

		if (ck == s && nx != s) {
			*exit = (uint8_t)c;
			n++;
		}
	}
	return n;
}

/*
 * Mark the states a walk may skip through: not diff-encoded, defaulting
 * to themselves, and with at most one explicit transition elsewhere on a
 * byte other than NUL (ABSORB: none; LOOP1: one, kept in exitc). Few
 * states default to themselves (2% of a large corpus's), so their rows
 * are scanned one by one. A transition on NUL does not matter to a
 * NUL-terminated walk, the only kind that skips. With equivalence
 * classes a class stands for several bytes: such DFAs are not marked.
 */
static void mark_loops(struct aa_dfa *dfa)
{
	uint32_t s;

	if (dfa->ec)
		return;
	for (s = 0; s < dfa->nstates; s++) {
		unsigned n;

		if (!dfa->wide) {
			/* the common case: skip states not defaulting to self */
			const uint16_t *def = dfa->def.n;
			uint32_t end = dfa->nstates;

			while (s < end && def[s] != s)
				s++;
			if (s == end)
				break;
		} else if (dfa->def.w[s] != s) {
			continue;
		}
		if (dfa->sflags[s] & DFA_FLAG_DIFF)
			continue;
		n = row_exits(dfa, s, &dfa->exitc[s]);
		if (n == 0)
			dfa->sflags[s] |= DFA_FLAG_ABSORB;
		else if (n == 1)
			dfa->sflags[s] |= DFA_FLAG_LOOP1;
	}
}

struct aa_dfa *aa_dfa_unpack(struct aa_ext *e, const uint8_t *blob,
			     size_t size, bool accept2)
{
	struct table t[YYTD_ID_MAX + 1];
	uint32_t hsize, max_oob;
	uint16_t hflags;
	struct aa_dfa *dfa;

	memset(t, 0, sizeof(t));
	if (size < 16)
		return dfa_fail(e, blob, "shorter than its header"), NULL;
	if (be32(blob) != YYTH_MAGIC)
		return aa_ext_fail(e, blob,
				   "DFA: bad magic 0x%08x, expected 0x%08x",
				   be32(blob), YYTH_MAGIC),
		       NULL;
	hsize = be32(blob + 4);
	if (hsize < 16 || hsize > size)
		return aa_ext_fail(e, blob + 4,
				   "DFA: header size %u out of range", hsize),
		       NULL;
	hflags = be16(blob + 12);
	if (hflags & ~YYTH_FLAGS)
		return aa_ext_fail(e, blob + 12,
				   "DFA: unknown header flags 0x%x", hflags),
		       NULL;
	/*
	 * The kernel fixes max_oob at 1 and never reads a count from the
	 * header: bytes 14.. hold the parser's version string ("notflex").
	 */
	max_oob = 1;
	if (!unpack_tables(e, blob + hsize, size - hsize, t))
		return NULL;
	if (!verify_headers(e, blob, t, accept2))
		return NULL;
	dfa = build(e, hflags, t, max_oob);
	if (!dfa) {
		if (!e->failed)
			verify_fault(e, blob, t, hflags, max_oob);
		return NULL;
	}
	dfa->max_oob = max_oob;
	if (!verify_chains(e, blob, dfa)) {
		aa_dfa_free(dfa);
		return NULL;
	}
	mark_loops(dfa);
	if (!aa_dfa_flatten(dfa)) {
		aa_ext_fail(e, blob, "out of memory for a DFA of %u states",
			    dfa->nstates);
		aa_dfa_free(dfa);
		return NULL;
	}
	dfa->plain16 = !dfa->wide && !dfa->ec && !(hflags & DFA_HDR_DIFF);
	return dfa;
}

