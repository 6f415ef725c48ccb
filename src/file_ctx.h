/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Open files and their cached label (the kernel's file.c: aa_file_perm(),
 * aa_inherit_files()).
 */
#ifndef AAMED_FILE_CTX_H
#define AAMED_FILE_CTX_H

#include <stdint.h>

#include "aamed.h"

struct aa_label;

/*
 * aa_file_perm() as common_file_perm() calls it: label uses f for
 * request, op names the records. The caller has taken the unconfined
 * short cut for label.
 */
int aa_file_ctx_perm(const struct aa_label *label, const char *op,
		     const struct aamed_open_file *f, uint32_t request,
		     aamed_audit_fn audit, void *arg);

/* aa_inherit_files() for one descriptor (label: the new, confined one). */
int aa_file_ctx_inherit(const struct aa_label *label,
			const struct aamed_open_file *f, unsigned *outcome,
			aamed_audit_fn audit, void *arg);

#endif
