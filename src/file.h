/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File mediation (the kernel's file.h, file.c).
 */
#ifndef AAMED_FILE_H
#define AAMED_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"

struct aa_audit_data;
struct aa_label;
struct aa_perms;
struct aa_policydb;
struct aa_profile;

/* Exec transition index. */
#define AA_X_INDEX_MASK 0x00ffffffu
#define AA_X_TYPE_MASK 0x0c000000u
#define AA_X_NONE 0x00000000u
#define AA_X_NAME 0x04000000u
#define AA_X_TABLE 0x08000000u
#define AA_X_UNSAFE 0x10000000u
#define AA_X_CHILD 0x20000000u
#define AA_X_INHERIT 0x40000000u
#define AA_X_UNCONFINED 0x80000000u

#define AA_LINK_SUBSET AAMED_MAY_LOCK	/* overlaid, as in the kernel */

/* Bits a file record prints (AA_AUDIT_FILE_MASK). */
#define AA_AUDIT_FILE_MASK                                                 \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_EXEC |               \
	 AAMED_MAY_APPEND | AAMED_MAY_CREATE | AAMED_MAY_DELETE |          \
	 AAMED_MAY_GETATTR | AAMED_MAY_SETATTR | AAMED_MAY_CHMOD |         \
	 AAMED_MAY_CHOWN | AAMED_MAY_LOCK | AAMED_EXEC_MMAP | AAMED_MAY_LINK)

/* operation="" of each public file op. */
extern const char *const aa_file_op_names[AAMED_OP__COUNT];

/*
 * Match name from start and return the state; perms for the owner case.
 * A NULL file is 6.1's null DFA (getattr only; see aa_null_fperms()).
 */
uint32_t aa_str_perms(const struct aa_policydb *file, uint32_t start,
		      const char *name, bool owner, struct aa_perms *perms);

/* The permissions of profile's null file rules (p->file NULL). */
const struct aa_perms *aa_null_fperms(const struct aa_profile *profile);

/*
 * The kernel's aa_audit_file(): the record of one profile's file check
 * of request with error; ad carries op, info, name and the fs part.
 */
int aa_audit_file(const struct aa_profile *profile,
		  const struct aa_perms *perms, uint32_t request, int error,
		  struct aa_audit_data *ad);

/*
 * aa_path_perm(): each confined member of label checks ad->name for
 * request; aa_path_link(): link ad->name to the existing ad->fs.target.
 */
int aa_path_perm(const struct aa_label *label, uint32_t request,
		 struct aa_audit_data *ad);
int aa_path_link(const struct aa_label *label, struct aa_audit_data *ad);

#endif
