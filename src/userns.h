/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User namespace mediation (the kernel's task.h, task.c).
 */
#ifndef AAMED_USERNS_H
#define AAMED_USERNS_H

#include "aamed.h"

struct aa_label;

/*
 * aa_profile_ns_perm() for AA_USERNS_CREATE on each confined member of
 * label; each logs its own record.
 */
int aa_userns_create(const struct aa_label *label, aamed_audit_fn fn,
		     void *arg);

#endif
