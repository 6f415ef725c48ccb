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

/*
 * The permission table under construction. A big DFA has millions of
 * states but few distinct accept words, so entries are shared: states
 * with the same (ACCEPT, ACCEPT2) pair get the same index, found through
 * a small open-addressing hash of the pairs seen so far. The table and
 * the hash belong to the builder until install() hands the table over.
 */
struct builder {
	struct aa_perms *t;
	size_t n, cap;		/* entries used, allocated */
	uint64_t *keys;		/* the pairs */
	uint32_t *idx;		/* index of the pair's first entry + 1, 0: empty */
	size_t slots, used;	/* slots: a power of two */
	uint32_t factor;	/* entries per distinct pair */
	uint64_t last_key;	/* neighbouring states often share a pair */
	uint32_t last_idx;	/* index + 1 of last_key, 0: none yet */
};

static void builder_free(struct builder *b)
{
	free(b->t);
	free(b->keys);
	free(b->idx);
}

static bool builder_oom(struct aa_ext *e, struct builder *b)
{
	builder_free(b);
	return aa_ext_fail(e, NULL, "out of memory for a permission table");
}

static size_t slot_of(uint64_t key, size_t slots)
{
	key *= 0x9e3779b97f4a7c15ull;
	return (size_t)(key >> 32) & (slots - 1);
}

static bool rehash(struct builder *b)
{
	size_t slots = b->slots ? b->slots * 2 : 256, i;
	uint64_t *keys = calloc(slots, sizeof(*keys));
	uint32_t *idx = calloc(slots, sizeof(*idx));

	if (!keys || !idx) {
		free(keys);
		free(idx);
		return false;
	}
	for (i = 0; i < b->slots; i++) {
		size_t h;

		if (!b->idx[i])
			continue;
		for (h = slot_of(b->keys[i], slots); idx[h];
		     h = (h + 1) & (slots - 1))
			;
		keys[h] = b->keys[i];
		idx[h] = b->idx[i];
	}
	free(b->keys);
	free(b->idx);
	b->keys = keys;
	b->idx = idx;
	b->slots = slots;
	return true;
}

/* Room for one more group of factor entries, zeroed. */
static struct aa_perms *append(struct builder *b)
{
	struct aa_perms *p;

	if (b->n + b->factor > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 64;

		p = realloc(b->t, cap * sizeof(*p));
		if (!p)
			return NULL;
		b->t = p;
		b->cap = cap;
	}
	p = &b->t[b->n];
	memset(p, 0, b->factor * sizeof(*p));
	b->n += b->factor;
	return p;
}

/*
 * The index of a pair's entries; *fresh points at them when they were
 * just appended, for the caller to fill. False when out of memory.
 */
static bool lookup_hash(struct builder *b, uint64_t key, uint32_t *index,
			struct aa_perms **fresh)
{
	size_t h;

	if ((b->used + 1) * 2 > b->slots && !rehash(b))
		return false;
	for (h = slot_of(key, b->slots); b->idx[h]; h = (h + 1) & (b->slots - 1))
		if (b->keys[h] == key) {
			*index = b->idx[h] - 1;
			b->last_key = key;
			b->last_idx = b->idx[h];
			return true;
		}
	*fresh = append(b);
	if (!*fresh)
		return false;
	*index = (uint32_t)(b->n - b->factor);
	b->keys[h] = key;
	b->idx[h] = *index + 1;
	b->used++;
	b->last_key = key;
	b->last_idx = *index + 1;
	return true;
}

/* The hash only when the pair differs from the previous state's. */
static inline bool lookup(struct builder *b, uint32_t a, uint32_t a2,
			  uint32_t *index, struct aa_perms **fresh)
{
	uint64_t key = (uint64_t)a2 << 32 | a;

	*fresh = NULL;
	if (b->last_idx && key == b->last_key) {
		*index = b->last_idx - 1;
		return true;
	}
	return lookup_hash(b, key, index, fresh);
}

/* Give pdb the builder's table, trimmed. */
static void install(struct aa_policydb *pdb, struct builder *b)
{
	struct aa_perms *t = realloc(b->t, (b->n ? b->n : 1) * sizeof(*t));

	pdb->perms = t ? t : b->t;
	pdb->nperms = (uint32_t)b->n;
	b->t = NULL;
	builder_free(b);
}

/*
 * File rules: two entries per distinct accept pair, owner at ACCEPT,
 * other at ACCEPT + 1, flagged in ACCEPT2. The trap state 0 is mapped
 * too, so getattr is granted even on paths no rule matches (both 6.1,
 * which maps at lookup, and 6.12, which maps at load).
 */
bool aa_compat_file(struct aa_ext *e, struct aa_policydb *pdb)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct builder b = { .factor = 2 };
	uint32_t s;

	for (s = 0; s < dfa->nstates; s++) {
		uint32_t a = dfa->accept[s], a2 = dfa->accept2[s];
		struct aa_perms *u, *o;

		if (!lookup(&b, a, a2, &dfa->accept[s], &u))
			return builder_oom(e, &b);
		dfa->accept2[s] = ACCEPT_FLAG_OWNER;
		if (!u)
			continue;
		o = u + 1;
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
	install(pdb, &b);
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
 * Single-entry tables (policydb, xmatch): the trap state 0 keeps the
 * all-zero entry 0, reserved before any pair is seen, so that a later
 * state with state 0's accept words still gets its own mapped entry.
 */
static bool builder_start1(struct aa_ext *e, struct builder *b,
			   struct aa_dfa *dfa)
{
	b->factor = 1;
	if (!append(b))
		return builder_oom(e, b);
	dfa->accept[0] = 0;
	dfa->accept2[0] = 0;
	return true;
}

/*
 * The policydb: one entry per distinct pair of accept words. 6.12
 * (policy_compat.c): up to header ABI 8 the owner exec modifier bits are
 * compiler noise and lock is always granted; from ABI 9 those bits carry
 * permissions. 6.1 (lib.c aa_compute_perms()) always maps the exec
 * modifier bits and never adds lock: a label query shows the difference.
 */
bool aa_compat_policy(struct aa_ext *e, struct aa_policydb *pdb, unsigned abi)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct builder b = { 0 };
	bool xbits = abi > 8 || !aa_kernel_has(e->kernel, AA_K_PERMS_TABLE);
	uint32_t s;

	if (!builder_start1(e, &b, dfa))
		return false;
	for (s = 1; s < dfa->nstates; s++) {
		uint32_t a = dfa->accept[s], a2 = dfa->accept2[s];
		struct aa_perms *p;

		if (!lookup(&b, a, a2, &dfa->accept[s], &p))
			return builder_oom(e, &b);
		dfa->accept2[s] = 0;
		if (!p)
			continue;
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
	install(pdb, &b);
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
	if (!aa_kernel_has(e->kernel, AA_K_FILE_POLICYDB) && !pdb->perms)
		return aa_compat_file(e, pdb);
	if (!pdb->perms && !aa_compat_policy(e, pdb, abi))
		return false;
	return other_is_next(e, pdb);
}

/* Attachment: a state accepts when its owner bits carry exec. */
bool aa_compat_xmatch(struct aa_ext *e, struct aa_policydb *pdb)
{
	struct aa_dfa *dfa = pdb->dfa;
	struct builder b = { 0 };
	uint32_t s;

	if (!builder_start1(e, &b, dfa))
		return false;
	for (s = 1; s < dfa->nstates; s++) {
		uint32_t a = dfa->accept[s];
		struct aa_perms *p;

		if (!lookup(&b, a, 0, &dfa->accept[s], &p))
			return builder_oom(e, &b);
		dfa->accept2[s] = 0;
		if (p)
			p->allow = user_allow(a);
	}
	install(pdb, &b);
	return true;
}
