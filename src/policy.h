/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Profiles, namespaces, policydbs and policy sets (the kernel's
 * policy.h, policy_ns.h and the loading half of policy_unpack.h).
 *
 * Ownership: an aamed_policy owns its namespaces, its live and retired
 * profiles and every label interned in it; a profile owns its policydbs
 * and its single-profile label; a policydb owns its DFA and tables.
 */
#ifndef AAMED_POLICY_H
#define AAMED_POLICY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"
#include "apparmor.h"
#include "dfa.h"
#include "kernel.h"
#include "perms.h"

struct aa_ext;
struct aa_label;

/* Profile modes (flags struct "mode"). */
enum aa_mode {
	APPARMOR_ENFORCE = 0,
	APPARMOR_COMPLAIN = 1,
	APPARMOR_KILL = 2,
	APPARMOR_UNCONFINED = 3,
	APPARMOR_USER = 4,
};

/* Profile audit modes. */
enum aa_audit_mode {
	AUDIT_NORMAL = 0,
	AUDIT_QUIET_DENIED,
	AUDIT_QUIET,
	AUDIT_NOQUIET,
	AUDIT_ALL,
};

/* Profile path_flags, as apparmor_parser writes them. */
#define PATH_ATTACH_DISCONNECTED 0x4u
#define PATH_CHROOT_RELATIVE 0x8u

#define ACCEPT_FLAG_OWNER 0x1u

#define AA_AF_CACHE_FAMILIES 3
#define AA_AF_CACHE_TYPES 8

/*
 * A policy database: a DFA plus its permission table. accept[] of the
 * DFA is rewritten at load into an index into perms; accept2[] holds
 * ACCEPT_FLAG_OWNER for file entries (owner at index, other at index+1).
 */
struct aa_policydb {
	struct aa_dfa *dfa;
	struct aa_perms *perms;
	uint32_t nperms;
	char **xtable;		/* named transition targets */
	uint32_t xsize;
	bool table;		/* perms came from an explicit table (ABI 8/9) */
	bool unpaired;		/* a table without ACCEPT2 owner flags */
	uint32_t start[AA_CLASS_LAST + 1];
};

/* Permissions at a file state for a subject fsuid and object owner. */
static inline const struct aa_perms *
aa_lookup_fperms(const struct aa_policydb *pdb, uint32_t state, bool owner)
{
	uint32_t index = pdb->dfa->accept[state];

	if ((pdb->dfa->accept2[state] & ACCEPT_FLAG_OWNER) && !owner)
		index++;
	return &pdb->perms[index];
}

static inline const struct aa_perms *
aa_lookup_perms(const struct aa_policydb *pdb, uint32_t state)
{
	return &pdb->perms[pdb->dfa->accept[state]];
}

struct aa_ns;

struct aa_profile {
	char *hname;		/* "parent//child" */
	const char *bname;	/* last component, inside hname */
	struct aa_ns *ns;
	struct aa_profile *parent;	/* NULL for a top-level profile */
	char *rename;
	char *attach;

	uint32_t flags;		/* PFLAG_* */
	enum aa_mode mode;
	enum aa_audit_mode audit;
	uint32_t path_flags;
	uint32_t kill_signal;
	char *disconnected;

	struct aa_policydb *xmatch;	/* attachment, may be NULL */
	uint32_t xmatch_len;
	uint32_t xattr_count;
	char **xattrs;

	uint64_t caps_allow, caps_audit, caps_quiet, caps_kill;
	uint64_t capsx_allow;	/* extended capability mask (unused by 3.0.8) */

	uint32_t rlimit_mask;
	uint64_t rlimits[16];

	struct aa_policydb *policy;	/* NULL: the null DFA */
	struct aa_policydb *file;	/* NULL: the null DFA */

	uint64_t mediates;	/* bit c: class c has a start state */

	/*
	 * The coarse network rule walked ahead at load (net.c) for the
	 * families AF_UNIX, AF_INET, AF_INET6 and socket types below
	 * AA_AF_CACHE_TYPES: af_state is the state after the family from
	 * class 15 (else 14), as upstream walks; af_type_state[k] the state
	 * after family and type, k = 0 from class 14 (6.1, 6.12), k = 1 from
	 * af_state.
	 */
	uint32_t af_state[AA_AF_CACHE_FAMILIES];
	uint32_t af_type_state[2][AA_AF_CACHE_FAMILIES][AA_AF_CACHE_TYPES];
	unsigned abi;		/* header kernel ABI of its stream */

	struct aa_label *label;	/* the single-profile label */
	size_t order;		/* load order, later wins attachment ties */
	bool retired;		/* replaced: no longer in the live list */
};

#define PFLAG_HAT 0x1u

static inline bool profile_unconfined(const struct aa_profile *p)
{
	return p->mode == APPARMOR_UNCONFINED;
}

/* A namespace: a name and the profiles in it. */
struct aa_ns {
	char *name;		/* "" for root */
	aamed_policy *policy;	/* the set it belongs to */
	struct aa_label *unconfined;
	struct aa_profile *unconfined_profile;
};

struct aamed_policy {
	pthread_mutex_t lock;		/* loading and label interning */
	struct aa_ns **ns;
	size_t nns;
	struct aa_profile **profiles;	/* live profiles, ascending order */
	size_t nprofiles;
	/* the live profiles again, by (namespace, hname): open addressing */
	struct aa_profile **byname;
	size_t nslots;			/* a power of two, or 0 */
	size_t seq;			/* next load order */
	enum aamed_kernel kernel;	/* behaviour to reproduce */
	char *fstypes;			/* known types, NUL-separated, or NULL */
	uint64_t gen;			/* unique per policy in the process */
	unsigned abi;

	/* replaced profiles and their stacks, freed with the policy */
	struct aa_profile **retired;
	size_t nretired;
	struct aa_label **labels;	/* interned labels */
	size_t nlabels;
	struct aa_label **dead_labels;
	size_t ndead;
	/* learning profiles made on demand (learning.c), freed with it */
	struct aa_profile **learning;
	size_t nlearning;
};

/* The kernel whose behaviour p's policy reproduces (aa_kernel_has()). */
static inline enum aamed_kernel aa_profile_kernel(const struct aa_profile *p)
{
	return p->ns->policy->kernel;
}

/* policy.c */
struct aa_ns *aa_policy_ns(aamed_policy *policy, const char *name,
			   bool create);
struct aa_profile *aa_policy_find_n(const aamed_policy *policy,
				    const struct aa_ns *ns, const char *hname,
				    size_t n);

/* unpack.c */
struct aa_loadent {
	struct aa_profile *profile;
	char *ns_name;		/* namespace from the header or the name */
};

/*
 * Unpack a whole stream into a freshly allocated array of profiles.
 * Returns the number of entries (>= 1) or -1 with e->err set. Nothing is
 * linked into any policy yet.
 */
long aa_unpack_stream(struct aa_ext *e, struct aa_loadent **out);
void aa_profile_free(struct aa_profile *p);
void aa_policydb_free(struct aa_policydb *pdb);

#endif
