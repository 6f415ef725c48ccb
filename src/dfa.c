// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DFA: unpacking the flex-style tables apparmor_parser writes,
 * verifying them at least as strictly as the kernel's verify_dfa(), and
 * walking them.
 *
 * Tables are big endian in the blob. DEF, NXT and CHK may be 16 or 32
 * bits wide and are widened at load; BASE is split into the transition
 * base and the state flags. After verification every walk is in bounds
 * without further checks: base + 255 < ntrans, every NXT/CHK/DEF entry is
 * a valid state, and every diff-encode chain ends.
 */
#include <stdlib.h>
#include <string.h>

#include "apparmor.h"
#include "dfa.h"
#include "stream.h"

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

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | (uint32_t)p[3];
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

/* Copy the tables out of the blob into one allocation. */
static struct aa_dfa *build(struct aa_ext *e, uint16_t hflags,
			    struct table t[YYTD_ID_MAX + 1])
{
	uint32_t states = t[YYTD_ID_BASE].len, trans = t[YYTD_ID_NXT].len;
	size_t words = (size_t)states * 4 + (size_t)trans * 2;
	size_t bytes = sizeof(struct aa_dfa) + words * 4 + states + 256;
	struct aa_dfa *dfa = calloc(1, bytes);
	uint32_t *w;
	uint32_t i;

	if (!dfa) {
		aa_ext_fail(e, NULL, "out of memory for a DFA of %u states",
			    states);
		return NULL;
	}
	w = (uint32_t *)(dfa + 1);
	dfa->nstates = states;
	dfa->ntrans = trans;
	dfa->hflags = hflags;
	dfa->base = w;
	dfa->def = w + states;
	dfa->accept = w + 2 * (size_t)states;
	dfa->accept2 = w + 3 * (size_t)states;
	dfa->nxt = w + 4 * (size_t)states;
	dfa->chk = dfa->nxt + trans;
	dfa->sflags = (uint8_t *)(dfa->chk + trans);
	for (i = 0; i < states; i++) {
		uint32_t b = table_get(&t[YYTD_ID_BASE], i);

		dfa->base[i] = b & ~MATCH_FLAGS_MASK;
		dfa->sflags[i] = (uint8_t)(b >> 24);
		dfa->def[i] = table_get(&t[YYTD_ID_DEF], i);
		dfa->accept[i] = table_get(&t[YYTD_ID_ACCEPT], i);
		if (t[YYTD_ID_ACCEPT2].data)
			dfa->accept2[i] = table_get(&t[YYTD_ID_ACCEPT2], i);
	}
	for (i = 0; i < trans; i++) {
		dfa->nxt[i] = table_get(&t[YYTD_ID_NXT], i);
		dfa->chk[i] = table_get(&t[YYTD_ID_CHK], i);
	}
	if (t[YYTD_ID_EC].data) {
		dfa->ec = dfa->sflags + states;
		memcpy(dfa->ec, t[YYTD_ID_EC].data, 256);
	}
	return dfa;
}

/*
 * The kernel's verify_dfa() plus what it misses: DEF of a diff-encoded
 * state must be a state too, and a diff-encode chain must end at a state
 * that is not diff-encoded, without a cycle.
 */
static bool verify(struct aa_ext *e, const uint8_t *at, struct aa_dfa *dfa)
{
	uint32_t i;
	uint8_t *mark;

	for (i = 0; i < dfa->nstates; i++) {
		uint32_t f = (uint32_t)dfa->sflags[i] << 24;

		if (f & MATCH_FLAGS_INVALID)
			return aa_ext_fail(e, at,
					   "DFA: state %u has invalid flags 0x%02x",
					   i, dfa->sflags[i]);
		if (dfa->def[i] >= dfa->nstates)
			return aa_ext_fail(e, at,
					   "DFA: state %u default %u out of range (%u states)",
					   i, dfa->def[i], dfa->nstates);
		if ((f & MATCH_FLAG_DIFF_ENCODE) && !(dfa->hflags & DFA_HDR_DIFF))
			return aa_ext_fail(e, at,
					   "DFA: state %u is diff-encoded but the header has no diff-encode flag",
					   i);
		if (f & MATCH_FLAG_OOB_TRANSITION) {
			if (!(dfa->hflags & DFA_HDR_OOB))
				return aa_ext_fail(e, at,
						   "DFA: state %u has an out-of-band transition but the header has no out-of-band flag",
						   i);
			if (dfa->base[i] < dfa->max_oob)
				return aa_ext_fail(e, at,
						   "DFA: state %u out-of-band transition out of range",
						   i);
		}
		if ((uint64_t)dfa->base[i] + 255 >= dfa->ntrans)
			return aa_ext_fail(e, at,
					   "DFA: state %u base %u + 255 beyond %u transitions",
					   i, dfa->base[i], dfa->ntrans);
	}
	for (i = 0; i < dfa->ntrans; i++) {
		if (dfa->nxt[i] >= dfa->nstates)
			return aa_ext_fail(e, at,
					   "DFA: NXT[%u] = %u out of range (%u states)",
					   i, dfa->nxt[i], dfa->nstates);
		if (dfa->chk[i] >= dfa->nstates)
			return aa_ext_fail(e, at,
					   "DFA: CHK[%u] = %u out of range (%u states)",
					   i, dfa->chk[i], dfa->nstates);
	}
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
			j = dfa->def[j];
		}
		if (mark[j] == 1 && (dfa->sflags[j] & DFA_FLAG_DIFF)) {
			free(mark);
			return aa_ext_fail(e, at,
					   "DFA: diff-encode chain from state %u loops at state %u",
					   i, j);
		}
		for (j = i; mark[j] == 1; j = dfa->def[j])
			mark[j] = 2;
	}
	free(mark);
	return true;
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
	dfa = build(e, hflags, t);
	if (!dfa)
		return NULL;
	dfa->max_oob = max_oob;
	if (!verify(e, blob, dfa)) {
		aa_dfa_free(dfa);
		return NULL;
	}
	return dfa;
}

/* ------------------------------------------------------------------ */
/* Walking. */

static inline uint32_t step(const struct aa_dfa *dfa, uint32_t state,
			    uint32_t c)
{
	for (;;) {
		uint32_t pos = dfa->base[state] + c;

		if (dfa->chk[pos] == state)
			return dfa->nxt[pos];
		if (!(dfa->sflags[state] & DFA_FLAG_DIFF))
			return dfa->def[state];
		state = dfa->def[state];
	}
}

uint32_t aa_dfa_next(const struct aa_dfa *dfa, uint32_t state, uint8_t c)
{
	return step(dfa, state, dfa->ec ? dfa->ec[c] : c);
}

/*
 * The hot loop. Without diff encoding or equivalence classes (what
 * apparmor_parser writes by default) a byte costs an add, three loads, a
 * compare and a select.
 */
uint32_t aa_dfa_match(const struct aa_dfa *dfa, uint32_t state,
		      const char *str)
{
	const uint8_t *s = (const uint8_t *)str;
	const uint32_t *base = dfa->base, *def = dfa->def;
	const uint32_t *nxt = dfa->nxt, *chk = dfa->chk;

	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	if (likely(!dfa->ec && !(dfa->hflags & DFA_HDR_DIFF))) {
		for (; *s; s++) {
			uint32_t pos = base[state] + *s;

			state = chk[pos] == state ? nxt[pos] : def[state];
		}
		return state;
	}
	for (; *s; s++)
		state = step(dfa, state, dfa->ec ? dfa->ec[*s] : *s);
	return state;
}

uint32_t aa_dfa_match_len(const struct aa_dfa *dfa, uint32_t state,
			  const void *str, size_t len)
{
	const uint8_t *s = str;

	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	while (len--) {
		state = step(dfa, state, dfa->ec ? dfa->ec[*s] : *s);
		s++;
	}
	return state;
}

uint32_t aa_dfa_outofband(const struct aa_dfa *dfa, uint32_t state)
{
	if (!(dfa->sflags[state] & DFA_FLAG_OOB))
		return DFA_NOMATCH;
	/* base >= max_oob >= 1 was verified; no EC mapping out of band */
	for (;;) {
		uint32_t pos = dfa->base[state] - 1;

		if (dfa->chk[pos] == state)
			return dfa->nxt[pos];
		if (!(dfa->sflags[state] & DFA_FLAG_DIFF))
			return dfa->def[state];
		state = dfa->def[state];
	}
}

/*
 * The kernel's aa_dfa_leftmatch(): match str, counting the characters
 * consumed before the walk first revisits a recent state (enters a loop
 * of the pattern). That count ranks attachments: the longest literal
 * left part wins. A 32-entry history ring, as in the kernel.
 *
 * Reproduced step for step, quirks included, because the count decides
 * attachment conflicts:
 *  - the step ignores diff encoding (DEF directly), as leftmatch_fb does;
 *  - 6.1's is_loop() searches len + 1 entries and reports a loop even
 *    when the state is not found (adjust = len + 1, so count can wrap
 *    below 0), and its len wraps to 0 every 32 steps;
 *  - from 6.12 on, is_loop() searches len entries (never the newest
 *    entry on the first byte), a miss is no loop, and len stops at 32.
 */
#define MAX_HISTORY 32

uint32_t aa_dfa_leftmatch(const struct aa_dfa *dfa, uint32_t state,
			  const char *str, unsigned *count,
			  enum aamed_kernel kernel)
{
	uint32_t history[MAX_HISTORY];
	unsigned pos = 0, len = 0;
	const uint8_t *s = (const uint8_t *)str;
	bool k61 = kernel == AAMED_KERNEL_6_1;

	*count = 0;
	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	while (*s) {
		unsigned p = pos, i, adjust = 0;
		uint32_t idx;
		bool loop = false;

		history[pos] = state;
		idx = dfa->base[state] + (dfa->ec ? dfa->ec[*s] : *s);
		state = dfa->chk[idx] == state ? dfa->nxt[idx] : dfa->def[state];
		s++;
		/* is_loop(): look back through the ring for this state */
		if (history[p] >= state) {
			for (i = 0; k61 ? i <= len : i < len; i++) {
				if (history[p] == state) {
					loop = true;
					break;
				}
				p = (p - 1) & (MAX_HISTORY - 1);
			}
			adjust = i;
			if (k61)
				loop = true;
		}
		if (loop) {
			state = aa_dfa_match(dfa, state, (const char *)s);
			*count -= adjust;
			goto out;
		}
		pos = (pos + 1) & (MAX_HISTORY - 1);
		if (k61)
			len = (len + 1) & (MAX_HISTORY - 1);
		else if (len < MAX_HISTORY)
			len++;
		(*count)++;
	}
out:
	if (state == DFA_NOMATCH)
		*count = 0;
	return state;
}
