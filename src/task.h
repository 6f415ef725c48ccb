/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ptrace mediation (the kernel's task.h, task.c).
 */
#ifndef AAMED_TASK_H
#define AAMED_TASK_H

#include <stdint.h>

#include "aamed.h"

struct aa_label;

/*
 * aa_may_ptrace(): the sides (AAMED_SIDE_*) of tracer asking request
 * (AAMED_PTRACE_READ or _TRACE) of tracee; each profile audits its own
 * part. The tracer is confined.
 */
int aa_may_ptrace(const struct aa_label *tracer, const struct aa_label *tracee,
		  uint32_t request, unsigned sides, aamed_audit_fn fn,
		  void *arg);

/*
 * may_change_ptraced_domain() (domain.c): a task traced by tracer (NULL:
 * not traced) may change to label to only when a confined tracer may
 * trace it (PTRACE_MODE_ATTACH, both sides, their records logged). 0 or
 * the error, with *info set to the kernel's words for the caller's own
 * record.
 */
int aa_may_change_ptraced_domain(const struct aa_label *tracer,
				 const struct aa_label *to, const char **info,
				 aamed_audit_fn fn, void *arg);

#endif
