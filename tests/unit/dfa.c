// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DFA (match.c): matching on hand-built blobs (plain, equivalence
 * classes, diff encoding, out-of-band), the two kernels' leftmatch, and
 * aa_dfa_unpack()'s verification of malformed tables.
 */
#include <string.h>

#include "harness.h"
#include "tdfa.h"

/*
 * The plain test DFA: "/" "a" "b"* ["c" [\0 "x"]]
 *   1 -'/'-> 2 -'a'-> 3 -'b'-> 3, 3 -'c'-> 4 -\0-> 5 -'x'-> 6
 * Everything else defaults to the trap state 0.
 */
static void td_plain(struct tdfa *t)
{
	td_init(t, 7);
	td_edge(t, 1, '/', 2);
	td_edge(t, 2, 'a', 3);
	td_edge(t, 3, 'b', 3);
	td_edge(t, 3, 'c', 4);
	td_edge(t, 4, 0, 5);
	td_edge(t, 5, 'x', 6);
	t->accept[3] = 0x4;
	t->accept[4] = 0x2;
	t->accept[6] = 0x10;
	t->accept2[4] = 0x2;
}

/* Leftmatch where 6.1 and 6.12 agree: both kernels, same answer. */
static uint32_t lm(const struct aa_dfa *d, uint32_t state, const char *str,
		   unsigned *count)
{
	unsigned c61 = 12345;
	uint32_t s61 = aa_dfa_leftmatch(d, state, str, &c61, AAMED_KERNEL_6_1);
	uint32_t s612 = aa_dfa_leftmatch(d, state, str, count,
					 AAMED_KERNEL_6_12);

	if (s61 != s612 || c61 != *count)
		printf("     (leftmatch \"%s\": 6.1 gives %u/%u, 6.12 %u/%u)\n",
		       str, s61, c61, s612, *count);
	return s61 == s612 && c61 == *count ? s612 : 0xdeadbeef;
}

static void check_plain(const struct aa_dfa *d)
{
	unsigned count = 99;

	CHECK_EQ(d->nstates, 7);
	CHECK_EQ(aa_dfa_match(d, 1, ""), 1);
	CHECK_EQ(aa_dfa_match(d, 1, "/"), 2);
	CHECK_EQ(aa_dfa_match(d, 1, "/a"), 3);
	CHECK_EQ(aa_dfa_match(d, 1, "/abbbb"), 3);
	CHECK_EQ(aa_dfa_match(d, 1, "/abbc"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "/ac"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "/x"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "/acc"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "a"), 0);
	/* the trap state is a dead end, whatever follows */
	CHECK_EQ(aa_dfa_match(d, 0, "/ab"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "z/ab"), 0);
	/* a match continues from any state */
	CHECK_EQ(aa_dfa_match(d, 2, "abc"), 4);
	/* the NUL ends aa_dfa_match(); the null transition crosses it */
	CHECK_EQ(aa_dfa_match(d, 1, "/ac\0x"), 4);
	CHECK_EQ(aa_dfa_null_transition(d, 4), 5);
	CHECK_EQ(aa_dfa_null_transition(d, 3), 0);
	CHECK_EQ(aa_dfa_match(d, aa_dfa_null_transition(d, 4), "x"), 6);
	/* aa_dfa_match_len() consumes exactly len bytes, NULs included */
	CHECK_EQ(aa_dfa_match_len(d, 1, "/ac\0x", 5), 6);
	CHECK_EQ(aa_dfa_match_len(d, 1, "/ac\0x", 4), 5);
	CHECK_EQ(aa_dfa_match_len(d, 1, "/ac\0x", 0), 1);
	CHECK_EQ(aa_dfa_match_len(d, 1, "/ac\0\0", 5), 0);
	CHECK_EQ(aa_dfa_match_len(d, 0, "/", 1), 0);
	/* one step */
	CHECK_EQ(aa_dfa_next(d, 1, '/'), 2);
	CHECK_EQ(aa_dfa_next(d, 1, 'a'), 0);
	CHECK_EQ(aa_dfa_next(d, 3, 'b'), 3);
	CHECK_EQ(aa_dfa_next(d, 3, 0xff), 0);
	/* accept words are kept per state */
	CHECK_EQ(d->accept[3], 0x4);
	CHECK_EQ(d->accept[4], 0x2);
	CHECK_EQ(d->accept[6], 0x10);
	CHECK_EQ(d->accept2[4], 0x2);
	CHECK_EQ(d->accept[0], 0);

	/*
	 * leftmatch: characters before the walk re-enters a state it has
	 * just been in. "/a" reaches 3, "b" loops on 3: count 2, and the
	 * rest is matched normally. A dead end forces count 0.
	 */
	CHECK_EQ(lm(d, 1, "/abbbc", &count), 4);
	CHECK_EQ(count, 2);
	CHECK_EQ(lm(d, 1, "/ac", &count), 4);
	CHECK_EQ(count, 3);
	CHECK_EQ(lm(d, 1, "/a", &count), 3);
	CHECK_EQ(count, 2);
	CHECK_EQ(lm(d, 1, "/abx", &count), 0);
	CHECK_EQ(count, 0);
	CHECK_EQ(lm(d, 1, "/x", &count), 0);
	CHECK_EQ(count, 0);
	count = 99;
	CHECK_EQ(lm(d, 0, "/a", &count), 0);
	CHECK_EQ(count, 0);
	CHECK_EQ(lm(d, 1, "", &count), 1);
	CHECK_EQ(count, 0);
}

/*
 * With an equivalence-class table: letters are class 1, digits class 2,
 * '/' class 3, everything else class 4 (NUL stays 0).
 *   1 -'/'-> 2 -[a-z]-> 3 -[a-z]-> 3, 3 -[0-9]-> 4 -[0-9]-> 4
 */
static void td_ec(struct tdfa *t)
{
	int c;

	td_init(t, 5);
	t->has_ec = true;
	for (c = 1; c < 256; c++)
		t->ec[c] = 4;
	for (c = 'a'; c <= 'z'; c++)
		t->ec[c] = 1;
	for (c = '0'; c <= '9'; c++)
		t->ec[c] = 2;
	t->ec['/'] = 3;
	td_edge(t, 1, 3, 2);
	td_edge(t, 2, 1, 3);
	td_edge(t, 3, 1, 3);
	td_edge(t, 3, 2, 4);
	td_edge(t, 4, 2, 4);
}

static void check_ec(const struct aa_dfa *d)
{
	unsigned count;

	CHECK(d->ec != NULL);
	CHECK_EQ(aa_dfa_match(d, 1, "/abc"), 3);
	CHECK_EQ(aa_dfa_match(d, 1, "/zz09"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "/q1"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "/1"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "/a1b"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "/A"), 0);
	CHECK_EQ(aa_dfa_match(d, 1, "//"), 0);
	/* the raw class numbers are not input bytes */
	CHECK_EQ(aa_dfa_match(d, 1, "\x03\x01"), 0);
	CHECK_EQ(aa_dfa_next(d, 1, '/'), 2);
	CHECK_EQ(aa_dfa_next(d, 2, 'm'), 3);
	CHECK_EQ(aa_dfa_next(d, 2, '5'), 0);
	CHECK_EQ(aa_dfa_match_len(d, 1, "/b7", 3), 4);
	CHECK_EQ(lm(d, 1, "/ab", &count), 3);
	CHECK_EQ(count, 2);
}

/*
 * Diff encoding: a diff-encoded state keeps only the transitions that
 * differ from its default state's; the rest are looked up there, down
 * the chain, until a state that is not diff-encoded gives its DEF.
 *   1: '/'->2  'a'->4  'x'->3        (plain, DEF 0)
 *   2: 'b'->5                        (diff, DEF 1)
 *   3: 'c'->3                        (diff, DEF 2: chain 3 -> 2 -> 1)
 *   4: (nothing)                     (plain, DEF 4: absorbs everything)
 *   5: 'a'->1                        (diff, DEF 4)
 */
static void td_diff(struct tdfa *t)
{
	td_init(t, 6);
	t->hflags = 1;
	td_edge(t, 1, '/', 2);
	td_edge(t, 1, 'a', 4);
	td_edge(t, 1, 'x', 3);
	td_edge(t, 2, 'b', 5);
	td_edge(t, 3, 'c', 3);
	td_edge(t, 5, 'a', 1);
	t->base[2] |= B_DIFF;
	t->def[2] = 1;
	t->base[3] |= B_DIFF;
	t->def[3] = 2;
	t->def[4] = 4;
	t->base[5] |= B_DIFF;
	t->def[5] = 4;
}

static void check_diff(const struct aa_dfa *d)
{
	CHECK_EQ(aa_dfa_next(d, 2, 'b'), 5);
	CHECK_EQ(aa_dfa_next(d, 2, '/'), 2);	/* from 1 */
	CHECK_EQ(aa_dfa_next(d, 2, 'a'), 4);	/* from 1 */
	CHECK_EQ(aa_dfa_next(d, 2, 'z'), 0);	/* DEF of 1 */
	CHECK_EQ(aa_dfa_next(d, 3, 'c'), 3);
	CHECK_EQ(aa_dfa_next(d, 3, 'b'), 5);	/* from 2 */
	CHECK_EQ(aa_dfa_next(d, 3, 'a'), 4);	/* from 1, two links down */
	CHECK_EQ(aa_dfa_next(d, 3, 'x'), 3);	/* from 1 */
	CHECK_EQ(aa_dfa_next(d, 3, 'q'), 0);
	CHECK_EQ(aa_dfa_next(d, 4, 'q'), 4);
	CHECK_EQ(aa_dfa_next(d, 5, 'a'), 1);
	CHECK_EQ(aa_dfa_next(d, 5, 'q'), 4);	/* plain DEF at the chain end */
	CHECK_EQ(aa_dfa_null_transition(d, 3), 0);
	CHECK_EQ(aa_dfa_null_transition(d, 5), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "xccb"), 5);
	CHECK_EQ(aa_dfa_match(d, 1, "xcb"), 5);
	CHECK_EQ(aa_dfa_match(d, 1, "xa"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "/ba/"), 2);
	CHECK_EQ(aa_dfa_match(d, 1, "/bq"), 4);
	CHECK_EQ(aa_dfa_match(d, 1, "x/"), 2);
	CHECK_EQ(aa_dfa_match_len(d, 1, "xcb\0", 4), 4);
}

/*
 * Where 6.1 and 6.12 leftmatch differ (match.c is_loop() and
 * inc_wb_pos()): 6.1 searches one more history entry, counts a miss as a
 * loop (adjust = len + 1, so the count can wrap), and its len wraps to 0
 * every 32 steps; 6.12 never finds a loop on the first byte, a miss is
 * no loop, and len stays at 32. Both step without diff encoding.
 */
void unit_dfa_leftmatch_versions(void)
{
	static struct tdfa t;
	struct aamed_error err;
	struct aa_dfa *d;
	unsigned count;
	uint32_t s;
	char lit[40];

	/* 1 -a-> 4 -b-> 2 -c-> 3: a step down to a state not yet seen */
	td_init(&t, 5);
	td_edge(&t, 1, 'a', 4);
	td_edge(&t, 4, 'b', 2);
	td_edge(&t, 2, 'c', 3);
	d = td_load(&t, true, &err);
	if (CHECK(d != NULL)) {
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "abc", &count, AAMED_KERNEL_6_12), 3);
		CHECK_EQ(count, 3);
		/* 6.1: "loop" with adjust 2 after one counted byte: 1 - 2 */
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "abc", &count, AAMED_KERNEL_6_1), 3);
		CHECK_EQ(count, 0xffffffffu);
		aa_dfa_free(d);
	}

	/* 1 -a-> 1, 1 -b-> 2: a loop on the start state */
	td_init(&t, 3);
	td_edge(&t, 1, 'a', 1);
	td_edge(&t, 1, 'b', 2);
	d = td_load(&t, true, &err);
	if (CHECK(d != NULL)) {
		/* 6.12 sees the loop only on the second 'a' */
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "aab", &count, AAMED_KERNEL_6_12), 2);
		CHECK_EQ(count, 1);
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "ab", &count, AAMED_KERNEL_6_12), 2);
		CHECK_EQ(count, 2);
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "aab", &count, AAMED_KERNEL_6_1), 2);
		CHECK_EQ(count, 0);
		aa_dfa_free(d);
	}

	/*
	 * Diff encoding is ignored by the leftmatch step: from state 2
	 * (diff-encoded, DEF 1) 'a' goes to DEF 1, not on to 1's 'a' -> 4.
	 */
	td_diff(&t);
	d = td_load(&t, true, &err);
	if (CHECK(d != NULL)) {
		CHECK_EQ(aa_dfa_match(d, 1, "/a"), 4);
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "/a", &count, AAMED_KERNEL_6_12), 1);
		CHECK_EQ(count, 2);
		/* 6.1 finds 1 two entries back: adjust 1 */
		CHECK_EQ(aa_dfa_leftmatch(d, 1, "/a", &count, AAMED_KERNEL_6_1), 1);
		CHECK_EQ(count, 0);
		aa_dfa_free(d);
	}

	/*
	 * A 34-character literal (states 1..35, compact rows), then a step
	 * back to state 2, last seen 33 steps earlier: outside 6.12's 32
	 * entries (no loop, count 35); 6.1's len has wrapped to 2, so it
	 * searches 3 entries, misses, and takes 34 - 3.
	 */
	td_init(&t, 36);
	t.ntrans = 36 + 256;
	for (s = 0; s < 36; s++)
		t.base[s] = s;
	for (s = 1; s < 35; s++)
		td_edge(&t, s, 'a', s + 1);
	td_edge(&t, 35, 'b', 2);
	d = td_load(&t, true, &err);
	if (CHECK(d != NULL)) {
		memset(lit, 'a', 34);
		lit[34] = 'b';
		lit[35] = '\0';
		CHECK_EQ(aa_dfa_match(d, 1, lit), 2);
		CHECK_EQ(aa_dfa_leftmatch(d, 1, lit, &count, AAMED_KERNEL_6_12), 2);
		CHECK_EQ(count, 35);
		CHECK_EQ(aa_dfa_leftmatch(d, 1, lit, &count, AAMED_KERNEL_6_1), 2);
		CHECK_EQ(count, 31);
		lit[34] = '\0';
		CHECK_EQ(lm(d, 1, lit, &count), 35);
		CHECK_EQ(count, 34);
		aa_dfa_free(d);
	}
}

void unit_dfa_match(void)
{
	static struct tdfa t;
	struct aamed_error err;
	struct aa_dfa *d;

	/* plain, 16-bit DEF/NXT/CHK as apparmor_parser writes them */
	td_plain(&t);
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		CHECK(d->ec == NULL);
		check_plain(d);
		aa_dfa_free(d);
	}
	/* the same DFA with 32-bit DEF/NXT/CHK */
	td_plain(&t);
	t.wide = 4;
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		check_plain(d);
		aa_dfa_free(d);
	}
	/* ACCEPT2 is optional when the caller does not need it */
	td_plain(&t);
	t.omit[ID_ACCEPT2] = true;
	d = td_load(&t, false, &err);
	CHECK(d != NULL);
	if (d) {
		CHECK_EQ(aa_dfa_match(d, 1, "/abc"), 4);
		CHECK_EQ(d->accept2[4], 0);
		aa_dfa_free(d);
	}

	/* equivalence classes */
	td_ec(&t);
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		check_ec(d);
		aa_dfa_free(d);
	}
	td_ec(&t);
	t.wide = 4;
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		check_ec(d);
		aa_dfa_free(d);
	}

	/* diff encoding, 16 and 32 bits */
	td_diff(&t);
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		check_diff(d);
		aa_dfa_free(d);
	}
	td_diff(&t);
	t.wide = 4;
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (d) {
		check_diff(d);
		aa_dfa_free(d);
	}

	/*
	 * Out-of-band transitions: header flag 2, state flag 0x20 and a
	 * transition at base - 1, with no EC mapping. The header's bytes
	 * after the flags are the version string, not a count.
	 */
	td_plain(&t);
	t.hflags = 2;
	t.has_ec = true;		/* must not apply out of band */
	{
		int c;

		for (c = 0; c < 256; c++)
			t.ec[c] = (uint8_t)c;
	}
	t.base[3] |= B_OOB;
	t.nxt[(t.base[3] & 0xffffff) - 1] = 6;
	t.chk[(t.base[3] & 0xffffff) - 1] = 3;
	d = td_load(&t, true, &err);
	CHECK(d != NULL);
	if (!d)
		printf("     error: %s\n", err.msg);
	if (d) {
		CHECK_EQ(aa_dfa_outofband(d, 3), 6);
		CHECK_EQ(aa_dfa_outofband(d, 2), 0);	/* no OOB flag */
		CHECK_EQ(aa_dfa_outofband(d, 4), 0);
		/* the OOB slot is not reachable by a byte from state 2 */
		CHECK_EQ(aa_dfa_next(d, 2, 0xff), 0);
		CHECK_EQ(aa_dfa_match(d, 1, "/abc"), 4);
		aa_dfa_free(d);
	}

}

/* Verification: every malformed variant is rejected. */
void unit_dfa_verify(void)
{
	static struct tdfa t, u;

	td_plain(&t);
	CHECK(td_accepts(&t, true));

	u = t;
	u.magic = 0x1B5E783Cu;
	CHECK(td_rejects(&u, true));
	u = t;
	u.hflags = 4;			/* only 1 (diff) and 2 (oob) exist */
	CHECK(td_rejects(&u, true));
	u = t;
	u.hflags = 0x8000;
	CHECK(td_rejects(&u, true));
	u = t;
	u.hsize = 0x100000;		/* header larger than the blob */
	CHECK(td_rejects(&u, true));
	u = t;
	u.cut = td_blob(&t, &td_buf) - 15;	/* shorter than a header */
	CHECK(td_rejects(&u, true));
	u = t;
	u.cut = 8;			/* the last table runs past the end */
	CHECK(td_rejects(&u, true));
	u = t;
	u.no_final_pad = true;	/* the last table must be padded to 8 too */
	CHECK(td_rejects(&u, true));

	/* missing tables */
	u = t;
	u.omit[ID_ACCEPT] = true;
	CHECK(td_rejects(&u, true));
	CHECK(td_rejects(&u, false));
	u = t;
	u.omit[ID_ACCEPT2] = true;
	CHECK(td_rejects(&u, true));
	CHECK(td_accepts(&u, false));
	u = t;
	u.omit[ID_BASE] = true;
	CHECK(td_rejects(&u, true));
	u = t;
	u.omit[ID_DEF] = true;
	CHECK(td_rejects(&u, true));
	u = t;
	u.omit[ID_NXT] = true;
	CHECK(td_rejects(&u, true));
	u = t;
	u.omit[ID_CHK] = true;
	CHECK(td_rejects(&u, true));

	/* size mismatches */
	u = t;
	u.count[ID_ACCEPT] = t.nstates - 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_ACCEPT2] = t.nstates + 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_DEF] = t.nstates - 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_NXT] = t.ntrans - 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_CHK] = t.ntrans - 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_DEF] = 0x7fffffff;	/* count far beyond the blob */
	CHECK(td_rejects(&u, true));
	u = t;
	u.empty[ID_CHK] = true;	/* a table must have entries */
	u.empty[ID_NXT] = true;
	CHECK(td_rejects(&u, true));

	/* widths and ids */
	u = t;
	u.width[ID_BASE] = 2;
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_ACCEPT] = 2;
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_ACCEPT2] = 2;
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_DEF] = 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_NXT] = 8;		/* defined, but rejected */
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_CHK] = 3;
	CHECK(td_rejects(&u, true));
	u = t;
	u.dup_base = true;
	CHECK(td_rejects(&u, true));
	u = t;
	u.extra = true;
	u.extra_id = ID_META;
	CHECK(td_rejects(&u, true));
	u.extra_id = 9;
	CHECK(td_rejects(&u, true));
	u.extra_id = 0;		/* id - 1 underflows in the kernel: rejected */
	CHECK(td_rejects(&u, true));
	u.extra_id = 0x100;
	CHECK(td_rejects(&u, true));

	/* EC must have exactly 256 8-bit entries */
	td_ec(&t);
	CHECK(td_accepts(&t, true));
	u = t;
	u.count[ID_EC] = 255;
	CHECK(td_rejects(&u, true));
	u = t;
	u.count[ID_EC] = 257;
	CHECK(td_rejects(&u, true));
	u = t;
	u.width[ID_EC] = 2;
	CHECK(td_rejects(&u, true));
	u = t;
	u.empty[ID_EC] = true;
	CHECK(td_rejects(&u, true));

	/* NXT, CHK and DEF entries must be states */
	td_plain(&t);
	u = t;
	u.nxt[300] = t.nstates;
	CHECK(td_rejects(&u, true));
	u = t;
	u.nxt[300] = t.nstates - 1;
	CHECK(td_accepts(&u, true));
	u = t;
	u.chk[t.ntrans - 1] = t.nstates;
	CHECK(td_rejects(&u, true));
	u = t;
	u.chk[0] = 0xffff;
	CHECK(td_rejects(&u, true));
	u = t;
	u.def[2] = t.nstates;
	CHECK(td_rejects(&u, true));
	u = t;
	u.def[6] = t.nstates - 1;
	CHECK(td_accepts(&u, true));

	/* base + 255 must stay inside the transition tables */
	u = t;
	u.base[t.nstates - 1] += 1;
	CHECK(td_rejects(&u, true));
	u = t;
	u.base[t.nstates - 1] -= 1;
	CHECK(td_accepts(&u, true));
	u = t;
	u.base[1] = 0x00ffffff;
	CHECK(td_rejects(&u, true));

	/* BASE flag byte: only 0x80 (diff) and 0x20 (oob) are valid */
	u = t;
	u.base[2] |= 0x40000000u;
	CHECK(td_rejects(&u, true));
	u = t;
	u.base[2] |= 0x10000000u;
	CHECK(td_rejects(&u, true));
	u = t;
	u.base[2] |= 0x01000000u;
	CHECK(td_rejects(&u, true));

	/* a diff-encoded state needs the header flag */
	td_diff(&t);
	CHECK(td_accepts(&t, true));
	u = t;
	u.hflags = 0;
	CHECK(td_rejects(&u, true));
	/* diff chains: no self loop, no cycle, defaults in range */
	u = t;
	u.def[3] = 3;
	CHECK(td_rejects(&u, true));
	u = t;
	u.def[2] = 3;			/* 3 -> 2 -> 3 */
	CHECK(td_rejects(&u, true));
	u = t;
	u.base[1] |= B_DIFF;		/* 3 -> 2 -> 1 -> 0 (plain): fine */
	CHECK(td_accepts(&u, true));
	u = t;
	u.base[4] |= B_DIFF;		/* 5 -> 4 -> 4: a self loop */
	CHECK(td_rejects(&u, true));
	u = t;
	u.def[1] = 5;			/* 5 -> 4 (plain) */
	u.base[1] |= B_DIFF;
	u.def[4] = 3;			/* 4 -> 3 -> 2 -> 1 -> 5 -> 4 */
	u.base[4] |= B_DIFF;
	CHECK(td_rejects(&u, true));
	u = t;
	u.def[3] = t.nstates;		/* a diff default out of range */
	CHECK(td_rejects(&u, true));

	/* OOB: state flag needs the header flag, and base >= 1 */
	td_plain(&t);
	u = t;
	u.base[3] |= B_OOB;
	CHECK(td_rejects(&u, true));
	u.hflags = 2;
	CHECK(td_accepts(&u, true));
	u = t;
	u.hflags = 2;
	u.base[0] |= B_OOB;		/* base 0: no slot before it */
	CHECK(td_rejects(&u, true));
	u = t;
	u.hflags = 3;			/* both header flags, no state uses them */
	CHECK(td_accepts(&u, true));
}
