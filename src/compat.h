/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Old packed accept words -> permission tables (6.12's
 * policy_compat.h; 6.1 maps at lookup in lib.c and file.c).
 */
#ifndef AAMED_COMPAT_H
#define AAMED_COMPAT_H

#include <stdbool.h>
#include <stdint.h>

struct aa_ext;
struct aa_policydb;

bool aa_compat_file(struct aa_ext *e, struct aa_policydb *pdb);
bool aa_compat_policy(struct aa_ext *e, struct aa_policydb *pdb,
		      unsigned abi);
bool aa_compat_xmatch(struct aa_ext *e, struct aa_policydb *pdb);
bool aa_compat_file_policydb(struct aa_ext *e, struct aa_policydb *pdb,
			     uint32_t class_start, unsigned abi);

#endif
