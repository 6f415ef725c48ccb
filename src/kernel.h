/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the kernels aamed reproduces behave differently, in the style of
 * the kernel's own feature tests: each difference is a named behaviour,
 * the table below says from which kernel on it holds, and code asks
 * aa_kernel_has(k, AA_K_...) instead of comparing kernel versions, so
 * the reader sees why a check exists and where its kernel's code is.
 *
 * The kernels are ordered (enum aamed_kernel: 6.1 < 6.12 < upstream),
 * and every behaviour, once a kernel has it, stays in the later ones.
 */
#ifndef AAMED_KERNEL_H
#define AAMED_KERNEL_H

#include <stdbool.h>

#include "aamed.h"

enum aa_kbehaviour {
	/* Loading (policy_unpack.c, policy_compat.c) */
	AA_K_ABI9,		/* header ABI 9 accepted (6.1's
				 * verify_header(): 5 to 8) */
	AA_K_PERMS_TABLE,	/* permissions built into a table at load
				 * (policy_compat.c): up to ABI 8 the exec
				 * modifier bits are noise, lock granted;
				 * 6.1 computes them at each lookup
				 * (aa_compute_perms(), the modifiers always
				 * mapped, the profile's modes applied
				 * before accumulating) */
	AA_K_FILE_POLICYDB,	/* file rules kept in the policydb (no file
				 * DFA) read the policydb's way, from the
				 * class start or else dfa_start (6.1: the
				 * file layout from the class start, without
				 * one the null DFA) */
	AA_K_NULLPDB,		/* no file rules at all: nullpdb, an all-zero
				 * table (6.1's null DFA through
				 * aa_compute_fperms() grants getattr) */
	/* Matching (match.c, label.c, domain.c) */
	AA_K_LEFTMATCH_LEN,	/* aa_dfa_leftmatch()'s is_loop() searches
				 * len entries, a miss is no loop, len stops
				 * at 32 (6.1: len + 1 entries, always a
				 * loop, len wraps every 32 steps) */
	AA_K_COMPOUND_RETRY,	/* a compound peer walk dying in the trap
				 * state falls back to the components (6.1's
				 * label_compound_match() returns 0: taken
				 * for success, nullperms) */
	AA_K_XNAME_KEPT,	/* an x-table name whose lookup fails stays
				 * the record's name (6.1 walks past it) */
	/* Files and exec (file.c, domain.c, lsm.c) */
	AA_K_INHERIT_EXEC_FSUID,	/* file_inherit records the new
					 * image's fsuid */
	AA_K_EXEC_NULL_OPEN,	/* the null device replacing a refused
				 * descriptor is opened through
				 * apparmor_file_open() (6.1 skips opens
				 * during an exec) */
	/* Hooks 6.1 does not have */
	AA_K_USERNS_HOOK,	/* apparmor_userns_create() */
	AA_K_URING_HOOKS,	/* apparmor_uring_sqpoll(), _override_creds() */
	AA_K_MOVE_MOUNT_HOOK,	/* apparmor_move_mount() */
	/* Records */
	AA_K_MOUNT_TEXT_DATA,	/* match_mnt_path_str() records the mount
				 * data only when it is text (6.1: binary
				 * too) */
	/* Upstream (>= 6.17) */
	AA_K_AF_UNIX,		/* af_unix.c: fine-grained AF_UNIX mediation
				 * (class 15, NETV9), aa_match_to_prot()'s
				 * info= strings, addr= and peer_addr= */
	AA_K__COUNT
};

/* Whether kernel k has behaviour b. A constant b folds to one compare
 * (the decisions' instruction counts are those of a plain comparison). */
static inline bool aa_kernel_has(enum aamed_kernel k, enum aa_kbehaviour b)
{
	/* the first kernel with each behaviour */
	static const enum aamed_kernel since[AA_K__COUNT] = {
		[AA_K_ABI9] = AAMED_KERNEL_6_12,
		[AA_K_PERMS_TABLE] = AAMED_KERNEL_6_12,
		[AA_K_FILE_POLICYDB] = AAMED_KERNEL_6_12,
		[AA_K_NULLPDB] = AAMED_KERNEL_6_12,
		[AA_K_LEFTMATCH_LEN] = AAMED_KERNEL_6_12,
		[AA_K_COMPOUND_RETRY] = AAMED_KERNEL_6_12,
		[AA_K_XNAME_KEPT] = AAMED_KERNEL_6_12,
		[AA_K_INHERIT_EXEC_FSUID] = AAMED_KERNEL_6_12,
		[AA_K_EXEC_NULL_OPEN] = AAMED_KERNEL_6_12,
		[AA_K_USERNS_HOOK] = AAMED_KERNEL_6_12,
		[AA_K_URING_HOOKS] = AAMED_KERNEL_6_12,
		[AA_K_MOVE_MOUNT_HOOK] = AAMED_KERNEL_6_12,
		[AA_K_MOUNT_TEXT_DATA] = AAMED_KERNEL_6_12,
		[AA_K_AF_UNIX] = AAMED_KERNEL_UPSTREAM,
	};

	/*
	 * A behaviour of the newest kernel is its own: k must be that one.
	 * An out-of-range k (aamed_policy_set_kernel() takes any value)
	 * thus has 6.12's behaviours and none of upstream's.
	 */
	if (since[b] == AAMED_KERNEL_UPSTREAM)
		return k == AAMED_KERNEL_UPSTREAM;
	return k >= since[b];
}

#endif
