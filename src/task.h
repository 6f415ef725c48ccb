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

#endif
