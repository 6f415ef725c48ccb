/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capability mediation (the kernel's capability.h, capability.c).
 */
#ifndef AAMED_CAPABILITY_H
#define AAMED_CAPABILITY_H

#include "aamed.h"

struct aa_label;

/*
 * The capabilities the library asks for on its own, with the kernel's
 * numbers (include/uapi/linux/capability.h, the order of aa_cap_names[]
 * in names.c: tests/unit/names.c checks both agree). The rest are only
 * numbers a caller passes, named by aamed_cap_parse().
 */
#define CAP_SYS_PTRACE 19	/* task.c: tracing another label */
#define CAP_SYS_ADMIN 21	/* lsm.c: may_mount() */
#define CAP_SYS_RESOURCE 24	/* lsm.c, resource.c: raising a hard
				 * limit, another task's limits */

/*
 * aa_capable(): each confined member of label decides cap (0..63); opts
 * AAMED_CAP_OPT_*. A record's audit data is built only when one is due.
 */
int aa_capable(const struct aa_label *label, int cap, unsigned opts,
	       aamed_audit_fn fn, void *arg);

#endif
