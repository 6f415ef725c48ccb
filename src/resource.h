/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Resource limit mediation (the kernel's resource.h, resource.c).
 */
#ifndef AAMED_RESOURCE_H
#define AAMED_RESOURCE_H

#include <stdint.h>

#include "aamed.h"

struct aa_label;

/* rlim_names[]: the names records print, indexed by resource. */
extern const char *const aa_rlimit_names[AAMED_RLIMIT__COUNT];

/*
 * aa_task_setrlimit(): label sets the hard limit of resource to hard on
 * a task of label target (the same pointer as label for its own limits).
 * Each profile logs its own record.
 */
int aa_task_setrlimit(const struct aa_label *label,
		      const struct aa_label *target, int resource,
		      uint64_t hard, aamed_audit_fn fn, void *arg);

/*
 * __aa_transition_rlimits(): the limits lim of a task of from after it
 * exec'd into to (init: the soft limits of Linux's first task; to NULL:
 * a label whose profiles set no limits).
 */
void aa_transition_rlimits(const struct aa_label *from,
			   const struct aa_label *to,
			   const struct aamed_rlimit *init,
			   struct aamed_rlimit *lim);

#endif
