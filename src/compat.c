// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Old packed accept words -> permission tables.
 *
 * apparmor_parser 3.0.x writes no permission table: each DFA state's
 * ACCEPT and ACCEPT2 words pack the permissions. 6.12 converts them
 * once at load (policy_compat.c) into struct aa_perms entries and rewrites
 * ACCEPT into an index; 6.1 converts at each lookup (lib.c
 * aa_compute_perms(), file.c aa_compute_fperms()). We convert at load for
 * both, so lookups are one index either way.
 *
 * ACCEPT:  bits 0-6 owner allow (x w r a l k m), 7-13 owner exec modifiers,
 *          14-20 other allow, 21-27 other exec modifiers,
 *          30 change_onexec, 31 change_profile.
 * ACCEPT2: bits 0-6 owner audit, 7-13 owner quiet, 14-20 other audit,
 *          21-27 other quiet.
 */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "dfa.h"
#include "file.h"
#include "perms.h"
#include "policy.h"
#include "stream.h"

#define user_allow(a) (((a) & 0x7f) | ((a) & 0x80000000u))
#define user_xbits(a) (((a) >> 7) & 0x7f)
#define user_audit(a2) ((a2) & 0x7f)
#define user_quiet(a2) (((a2) >> 7) & 0x7f)
#define user_xindex(a) map_xindex((a) & 0x3fff)
#define other_allow(a) ((((a) >> 14) & 0x7f) | ((a) & 0x80000000u))
#define other_xbits(a) (((a) >> 21) & 0x7f)
#define other_audit(a2) (((a2) >> 14) & 0x7f)
#define other_quiet(a2) (((a2) >> 21) & 0x7f)
#define other_xindex(a) map_xindex(((a) >> 14) & 0x3fff)

/* The 14-bit old exec field: 0x80 ux, 0x100 unsafe, 0x200 ix, 10-13 type. */
static uint32_t map_xindex(uint32_t mask)
{
	uint32_t old = (mask >> 10) & 0xf;
	uint32_t index = 0;

	if (mask & 0x100)
		index |= AA_X_UNSAFE;
	if (mask & 0x200)
		index |= AA_X_INHERIT;
	if (mask & 0x80)
		index |= AA_X_UNCONFINED;
	if (old == 1)
		index |= AA_X_UNCONFINED;
	else if (old == 2)
		index |= AA_X_NAME;
	else if (old == 3)
		index |= AA_X_NAME | AA_X_CHILD;
	else if (old)
		index |= AA_X_TABLE | (old - 4);
	return index;
}

/* Old file bits (x w r a l k m) to the kernel's permission bits. */
static uint32_t map_old_perms(uint32_t old)
{
	uint32_t new = old & 0xf;	/* exec write read append */

	if (old & AAMED_MAY_READ)
		new |= AAMED_MAY_GETATTR | AAMED_MAY_OPEN;
	if (old & AAMED_MAY_WRITE)
		new |= AAMED_MAY_SETATTR | AAMED_MAY_CREATE |
		       AAMED_MAY_DELETE | AAMED_MAY_CHMOD |
		       AAMED_MAY_CHOWN | AAMED_MAY_OPEN;
	if (old & 0x10)
		new |= AAMED_MAY_LINK;
	/* the old lock bit doubles as the link-subset flag */
	if (old & 0x20)
		new |= AAMED_MAY_LOCK | AA_LINK_SUBSET;
	if (old & 0x40)
		new |= AAMED_EXEC_MMAP;
	return new;
}

static void fperms_allow(struct aa_perms *p, uint32_t accept)
{
	p->allow |= AAMED_MAY_GETATTR;
	/* change_profile and onexec were never owner-conditional */
	if (accept & 0x80000000u)
		p->allow |= AAMED_MAY_CHANGE_PROFILE;
	if (accept & 0x40000000u)
		p->allow |= AAMED_MAY_ONEXEC;
}

static struct aa_perms *alloc_perms(struct aa_ext *e, size_t n)
{
	struct aa_perms *p = calloc(n, sizeof(*p));

	if (!p)
		aa_ext_fail(e, NULL, "out of memory for %zu permission entries",
			    n);
	return p;
}

/*
 * Give pdb its table: ACCEPT becomes an index, factor entries per state
 * (2 for file rules: owner at 2s, other at 2s+1, flagged in ACCEPT2).
 */
static void install(struct aa_policydb *pdb, struct aa_perms *t,
		    uint32_t factor)
{
	struct aa_dfa *dfa = pdb->dfa;
	uint32_t s;

	for (s = 0; s < dfa->nstates; s++) {
		dfa->accept[s] = factor * s;
		dfa->accept2[s] = factor == 2 ? ACCEPT_FLAG_OWNER : 0;
	}
	pdb->perms = t;
	pdb->nperms = factor * dfa->nstates;
}

/*
 * File rules: two entries per state, owner at 2s, other at 2s+1. The
 * trap state 0 is mapped too, so getattr is granted even on paths no rule
 * matches (both 6.1, which maps at lookup, and 6.12, which maps at load).
 */
bool aa_compat_file(struct aa_ext *e, struct aa_policydb *pdb)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct aa_perms *t = alloc_perms(e, (size_t)dfa->nstates * 2);
	uint32_t s;

	if (!t)
		return false;
	for (s = 0; s < dfa->nstates; s++) {
		uint32_t a = dfa->accept[s], a2 = dfa->accept2[s];
		struct aa_perms *u = &t[2 * (size_t)s], *o = u + 1;

		u->allow = map_old_perms(user_allow(a));
		u->audit = map_old_perms(user_audit(a2));
		u->quiet = map_old_perms(user_quiet(a2));
		u->xindex = user_xindex(a);
		fperms_allow(u, a);
		o->allow = map_old_perms(other_allow(a));
		o->audit = map_old_perms(other_audit(a2));
		o->quiet = map_old_perms(other_quiet(a2));
		o->xindex = other_xindex(a);
		fperms_allow(o, a);
	}
	install(pdb, t, 2);
	return true;
}

static uint32_t map_other(uint32_t x)
{
	return ((x & 0x3) << 8) |	/* setattr/getattr */
	       ((x & 0x1c) << 18) |	/* accept/bind/listen */
	       ((x & 0x60) << 19);	/* setopt/getopt */
}

static uint32_t map_xbits(uint32_t x)
{
	return ((x & 0x1) << 7) | ((x & 0x7e) << 9);
}

/*
 * The policydb: one entry per state. 6.12 (policy_compat.c): up to
 * header ABI 8 the owner exec modifier bits are compiler noise and lock
 * is always granted; from ABI 9 those bits carry permissions. 6.1
 * (lib.c aa_compute_perms()) always maps the exec modifier bits and
 * never adds lock: a label query shows the difference.
 */
bool aa_compat_policy(struct aa_ext *e, struct aa_policydb *pdb, unsigned abi)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct aa_perms *t = alloc_perms(e, dfa->nstates);
	uint32_t s;

	if (!t)
		return false;
	for (s = 1; s < dfa->nstates; s++) {
		uint32_t a = dfa->accept[s], a2 = dfa->accept2[s];
		struct aa_perms *p = &t[s];

		bool xbits = abi > 8 || e->kernel == AAMED_KERNEL_6_1;

		p->allow = user_allow(a) | map_other(other_allow(a));
		if (xbits)
			p->allow |= map_xbits(user_xbits(a));
		else
			p->allow |= AAMED_MAY_LOCK;
		p->audit = user_audit(a2) | map_other(other_audit(a2));
		p->quiet = user_quiet(a2) | map_other(other_quiet(a2));
		if (xbits)
			p->quiet |= map_xbits(other_xbits(a));
	}
	install(pdb, t, 1);
	return true;
}

/*
 * Read a one-entry-per-state table as owner/other pairs, as 6.12's
 * aa_lookup_fperms() does with any file rules: the other entry is the one
 * after the owner's, here the next state's. After the last entry the
 * kernel reads past its table; we add one entry without permissions.
 */
static bool other_is_next(struct aa_ext *e, struct aa_policydb *pdb)
{
	struct aa_perms *t;
	uint32_t s;

	t = realloc(pdb->perms, ((size_t)pdb->nperms + 1) * sizeof(*t));
	if (!t)
		return aa_ext_fail(e, NULL, "out of memory for %u permission entries",
				   pdb->nperms + 1);
	memset(&t[pdb->nperms], 0, sizeof(*t));
	pdb->perms = t;
	pdb->nperms++;
	for (s = 0; s < pdb->dfa->nstates; s++)
		pdb->dfa->accept2[s] = ACCEPT_FLAG_OWNER;
	return true;
}

/*
 * File rules kept in the policydb, for a profile without a file DFA
 * (apparmor_parser 3.0.x writes none for a profile without file rules;
 * the policydb's class-file marker is then its only file entry). pdb is
 * a private second unpack of the policydb, class_start the state after
 * its class-file byte (0: none). The two kernels read it differently:
 * 6.1 (unpack_profile(), aa_compute_fperms()) walks from class_start
 * (without one it uses the null DFA: the caller gives no file rules) and
 * reads the packed words of each state with the file layout, so getattr
 * is granted everywhere; 6.12 (unpack_pdb(), aa_lookup_fperms()) walks
 * from class_start, or without one from the policydb's "dfa_start"
 * (default 1), through the policydb's own one-entry-per-state table.
 * An explicit table, which 6.1 would refuse, is read the 6.12 way.
 */
bool aa_compat_file_policydb(struct aa_ext *e, struct aa_policydb *pdb,
			     uint32_t class_start, unsigned abi)
{
	if (class_start)
		pdb->start[AA_CLASS_FILE] = class_start;
	if (e->kernel == AAMED_KERNEL_6_1 && !pdb->perms)
		return aa_compat_file(e, pdb);
	if (!pdb->perms && !aa_compat_policy(e, pdb, abi))
		return false;
	return other_is_next(e, pdb);
}

/* Attachment: a state accepts when its owner bits carry exec. */
bool aa_compat_xmatch(struct aa_ext *e, struct aa_policydb *pdb)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct aa_perms *t = alloc_perms(e, dfa->nstates);
	uint32_t s;

	if (!t)
		return false;
	for (s = 1; s < dfa->nstates; s++)
		t[s].allow = user_allow(dfa->accept[s]);
	install(pdb, t, 1);
	return true;
}
