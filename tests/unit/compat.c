// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The compat mapping of old packed ACCEPT/ACCEPT2 words (policy_compat.c):
 * file permissions, exec transitions, policy and xmatch permissions.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tdfa.h"

/*
 * Compat mapping of the old packed ACCEPT/ACCEPT2 words (notes §1.2-1.4).
 * One DFA state per test word: state s carries (A, A2) = words[s].
 */
static struct aa_policydb *compat_pdb(const uint32_t (*words)[2], uint32_t n)
{
	static struct tdfa t;
	struct aamed_error err;
	struct aa_policydb *pdb;
	uint32_t s;

	td_init(&t, n);
	for (s = 0; s < n; s++) {
		t.accept[s] = words[s][0];
		t.accept2[s] = words[s][1];
	}
	pdb = calloc(1, sizeof(*pdb));
	if (!pdb)
		return NULL;
	pdb->dfa = td_load(&t, true, &err);
	if (!pdb->dfa) {
		free(pdb);
		return NULL;
	}
	return pdb;
}

#define R AAMED_MAY_READ
#define W AAMED_MAY_WRITE
#define X AAMED_MAY_EXEC
#define A AAMED_MAY_APPEND
#define GETATTR AAMED_MAY_GETATTR
#define OPEN AAMED_MAY_OPEN
/* what old "w" grants: no chgrp */
#define W_ALL (W | AAMED_MAY_SETATTR | AAMED_MAY_CREATE | AAMED_MAY_DELETE | \
	       AAMED_MAY_CHMOD | AAMED_MAY_CHOWN | OPEN)
#define R_ALL (R | GETATTR | OPEN)

void unit_compat_file(void)
{
	static const uint32_t w[][2] = {
		/* 0 */ { 0, 0 },
		/* 1 */ { 0x00010004, 0 },		/* r for owner and other */
		/* 2 */ { 0x0000000e, 0 },		/* owner w r a */
		/* 3 */ { 0x00000001 | 0x10 | 0x20 | 0x40, 0 },	/* x l k m */
		/* 4 */ { 0x80000000, 0 },		/* change_profile */
		/* 5 */ { 0x40000000, 0 },		/* onexec */
		/* 6 */ { 0, 0x4 | (0x2 << 7) | (0x1 << 14) | (0x4 << 21) },
		/* 7 */ { (0x2u << 14), 0 },		/* other w only */
	};
	struct aa_policydb *pdb;
	const struct aa_perms *p;
	struct aa_ext e;
	uint8_t dummy = 0;

	pdb = compat_pdb(w, ARRAY_SIZE(w));
	CHECK(pdb != NULL);
	if (!pdb)
		return;
	ext_init(&e, &dummy, 1);
	CHECK(aa_compat_file(&e, pdb));

	/* state 0 (no match) still grants getattr, to owner and other */
	p = aa_lookup_fperms(pdb, 0, true);
	CHECK_EQ(p->allow, GETATTR);
	p = aa_lookup_fperms(pdb, 0, false);
	CHECK_EQ(p->allow, GETATTR);

	/* 0x00010004: owner r + getattr + open, other the same */
	p = aa_lookup_fperms(pdb, 1, true);
	CHECK_EQ(p->allow, R_ALL);
	CHECK_EQ(p->audit, 0);
	CHECK_EQ(p->quiet, 0);
	CHECK_EQ(p->xindex, 0);
	CHECK_EQ(p->deny, 0);
	CHECK_EQ(p->kill, 0);
	CHECK_EQ(p->complain, 0);
	p = aa_lookup_fperms(pdb, 1, false);
	CHECK_EQ(p->allow, R_ALL);
	CHECK_EQ(p->xindex, 0);

	/* 0x0000000e: owner w r a, other nothing but getattr */
	p = aa_lookup_fperms(pdb, 2, true);
	CHECK_EQ(p->allow, W_ALL | R_ALL | A);
	CHECK(!(p->allow & AAMED_MAY_CHGRP));
	CHECK(!(p->allow & X));
	p = aa_lookup_fperms(pdb, 2, false);
	CHECK_EQ(p->allow, GETATTR);

	/* x, l (link), k (lock, also the link-subset flag), m (mmap) */
	p = aa_lookup_fperms(pdb, 3, true);
	CHECK_EQ(p->allow, X | AAMED_MAY_LINK | AAMED_MAY_LOCK |
				   AAMED_EXEC_MMAP | GETATTR);
	CHECK(p->allow & AA_LINK_SUBSET);
	p = aa_lookup_fperms(pdb, 3, false);
	CHECK_EQ(p->allow, GETATTR);

	/* bit 31 and bit 30 apply to both halves */
	p = aa_lookup_fperms(pdb, 4, true);
	CHECK_EQ(p->allow, AAMED_MAY_CHANGE_PROFILE | GETATTR);
	p = aa_lookup_fperms(pdb, 4, false);
	CHECK_EQ(p->allow, AAMED_MAY_CHANGE_PROFILE | GETATTR);
	p = aa_lookup_fperms(pdb, 5, true);
	CHECK_EQ(p->allow, AAMED_MAY_ONEXEC | GETATTR);
	p = aa_lookup_fperms(pdb, 5, false);
	CHECK_EQ(p->allow, AAMED_MAY_ONEXEC | GETATTR);

	/* ACCEPT2: owner audit r, owner quiet w, other audit x, other quiet r */
	p = aa_lookup_fperms(pdb, 6, true);
	CHECK_EQ(p->allow, GETATTR);
	CHECK_EQ(p->audit, R_ALL);
	CHECK_EQ(p->quiet, W_ALL);
	p = aa_lookup_fperms(pdb, 6, false);
	CHECK_EQ(p->audit, X);
	CHECK_EQ(p->quiet, R_ALL);

	/* other-only write */
	p = aa_lookup_fperms(pdb, 7, true);
	CHECK_EQ(p->allow, GETATTR);
	p = aa_lookup_fperms(pdb, 7, false);
	CHECK_EQ(p->allow, W_ALL | GETATTR);
	aa_policydb_free(pdb);
}

/* Exec transition fields: owner from bits 0-13, other from 14-27. */
void unit_compat_xindex(void)
{
	static const struct {
		uint32_t field;		/* the 14-bit exec field */
		uint32_t xindex;
	} xi[] = {
		{ 0x0000, 0 },
		{ 0x0080, AA_X_UNCONFINED },
		{ 0x0100, AA_X_UNSAFE },
		{ 0x0200, AA_X_INHERIT },
		{ 0x0400, AA_X_UNCONFINED },			/* type 1 */
		{ 0x0800, AA_X_NAME },				/* type 2 */
		{ 0x0c00, AA_X_NAME | AA_X_CHILD },		/* type 3 */
		{ 0x1000, AA_X_TABLE | 0 },			/* type 4 */
		{ 0x1400, AA_X_TABLE | 1 },			/* type 5 */
		{ 0x3c00, AA_X_TABLE | 11 },			/* type 15 */
		{ 0x0180, AA_X_UNCONFINED | AA_X_UNSAFE },	/* ux */
		{ 0x0900, AA_X_NAME | AA_X_UNSAFE },		/* px */
		{ 0x0a00, AA_X_NAME | AA_X_INHERIT },		/* pix */
		{ 0x0880, AA_X_NAME | AA_X_UNCONFINED },	/* pux */
		{ 0x0204, AA_X_INHERIT },	/* allow bits do not leak in */
	};
	struct aa_policydb *pdb;
	struct aa_ext e;
	uint8_t dummy = 0;
	size_t i;

	ext_init(&e, &dummy, 1);
	for (i = 0; i < ARRAY_SIZE(xi); i++) {
		uint32_t words[3][2] = {
			{ 0, 0 },
			{ xi[i].field, 0 },
			{ xi[i].field << 14, 0 },
		};

		pdb = compat_pdb((const uint32_t (*)[2])words, 3);
		CHECK(pdb != NULL);
		if (!pdb)
			continue;
		CHECK(aa_compat_file(&e, pdb));
		CHECK_EQ(aa_lookup_fperms(pdb, 1, true)->xindex, xi[i].xindex);
		CHECK_EQ(aa_lookup_fperms(pdb, 1, false)->xindex, 0);
		CHECK_EQ(aa_lookup_fperms(pdb, 2, true)->xindex, 0);
		CHECK_EQ(aa_lookup_fperms(pdb, 2, false)->xindex, xi[i].xindex);
		aa_policydb_free(pdb);
	}
}

/*
 * Accept words the policydb and xmatch cases map: one state per bit group
 * the mapping moves (state 0 is the trap state).
 */
static const uint32_t policy_words[10][2] = {
	{ 0, 0 },
	{ 0x4, 0 },				/* user read */
	{ 0x7fu << 14, 0 },			/* every other bit */
	{ 0x3u << 7, 0 },			/* user xbits 0, 1 */
	{ 0x80000000u, 0 },			/* bit 31 */
	{ 0, 0x2 | (0x1u << 7) | (0x2u << 14) | (0x4u << 21) },
	{ 0x2u << 21, 0 },			/* other xbits */
	{ 0x40u << 14, 0 },			/* getopt */
	{ 0x10u << 14, 0 },			/* listen */
	{ 0x1u << 14, 0 },			/* setattr */
};

void unit_compat_policy(void)
{
	/* other bits: setattr getattr accept bind listen setopt getopt */
	static const uint32_t other_map[7] = {
		0x100, 0x200, 0x100000, 0x200000, 0x400000, 0x1000000, 0x2000000,
	};
	struct aa_policydb *pdb;
	struct aa_ext e;
	uint8_t dummy = 0;
	uint32_t all_other = 0;
	unsigned abi;
	int i;

	for (i = 0; i < 7; i++)
		all_other |= other_map[i];
	ext_init(&e, &dummy, 1);
	/* 6.12's reading; 6.1's is checked below */
	e.kernel = AAMED_KERNEL_6_12;
	for (abi = 7; abi <= 9; abi += 2) {
		uint32_t lock = abi <= 8 ? AAMED_MAY_LOCK : 0;

		pdb = compat_pdb(policy_words, 10);
		CHECK(pdb != NULL);
		if (!pdb)
			return;
		CHECK(aa_compat_policy(&e, pdb, abi));
		/* state 0 stays all zero */
		CHECK_EQ(aa_lookup_perms(pdb, 0)->allow, 0);
		CHECK_EQ(aa_lookup_perms(pdb, 0)->audit, 0);
		CHECK_EQ(aa_lookup_perms(pdb, 1)->allow, R | lock);
		CHECK_EQ(aa_lookup_perms(pdb, 2)->allow, all_other | lock);
		/* xbits: mapped only from ABI 9 (0x1 -> 0x80, 0x2 -> 0x400) */
		CHECK_EQ(aa_lookup_perms(pdb, 3)->allow,
			 abi <= 8 ? lock : 0x80u | 0x400u);
		CHECK_EQ(aa_lookup_perms(pdb, 4)->allow, 0x80000000u | lock);
		CHECK_EQ(aa_lookup_perms(pdb, 5)->allow, lock);
		CHECK_EQ(aa_lookup_perms(pdb, 5)->audit, 0x2u | 0x200u);
		CHECK_EQ(aa_lookup_perms(pdb, 5)->quiet, 0x1u | 0x100000u);
		CHECK_EQ(aa_lookup_perms(pdb, 6)->quiet, abi <= 8 ? 0 : 0x400u);
		CHECK_EQ(aa_lookup_perms(pdb, 7)->allow, 0x2000000u | lock);
		CHECK_EQ(aa_lookup_perms(pdb, 8)->allow, 0x400000u | lock);
		CHECK_EQ(aa_lookup_perms(pdb, 9)->allow, 0x100u | lock);
		CHECK_EQ(aa_lookup_perms(pdb, 1)->xindex, 0);
		aa_policydb_free(pdb);
	}
	/* 6.1 maps the exec modifier bits at every ABI and adds no lock */
	e.kernel = AAMED_KERNEL_6_1;
	pdb = compat_pdb(policy_words, 10);
	CHECK(pdb != NULL);
	if (!pdb)
		return;
	CHECK(aa_compat_policy(&e, pdb, 7));
	CHECK_EQ(aa_lookup_perms(pdb, 1)->allow, R);
	CHECK_EQ(aa_lookup_perms(pdb, 2)->allow, all_other);
	CHECK_EQ(aa_lookup_perms(pdb, 3)->allow, 0x80u | 0x400u);
	CHECK_EQ(aa_lookup_perms(pdb, 5)->allow, 0);
	CHECK_EQ(aa_lookup_perms(pdb, 6)->quiet, 0x400u);
	aa_policydb_free(pdb);
}

/* xmatch: the owner allow bits (with bit 31), state 0 zero. */
void unit_compat_xmatch(void)
{
	uint32_t words[10][2];
	struct aa_policydb *pdb;
	struct aa_ext e;
	uint8_t dummy = 0;

	ext_init(&e, &dummy, 1);
	memcpy(words, policy_words, sizeof(words));
	words[1][0] = 0x1;
	words[2][0] = 0x0001c000;	/* other bits only: no exec */
	words[4][0] = 0x80000041;
	pdb = compat_pdb((const uint32_t (*)[2])words, 10);
	CHECK(pdb != NULL);
	if (!pdb)
		return;
	CHECK(aa_compat_xmatch(&e, pdb));
	CHECK_EQ(aa_lookup_perms(pdb, 0)->allow, 0);
	CHECK_EQ(aa_lookup_perms(pdb, 1)->allow, AAMED_MAY_EXEC);
	CHECK_EQ(aa_lookup_perms(pdb, 2)->allow, 0);
	CHECK_EQ(aa_lookup_perms(pdb, 4)->allow, 0x80000041u);
	aa_policydb_free(pdb);
}

#undef R
#undef W
#undef X
#undef A
#undef GETATTR
#undef OPEN
#undef W_ALL
#undef R_ALL
