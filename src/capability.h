/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capability mediation (the kernel's capability.h, capability.c).
 */
#ifndef AAMED_CAPABILITY_H
#define AAMED_CAPABILITY_H

#include "aamed.h"

struct aa_label;

/*
 * aa_capable(): each confined member of label decides cap (0..63); opts
 * AAMED_CAP_OPT_*. A record's audit data is built only when one is due.
 */
int aa_capable(const struct aa_label *label, int cap, unsigned opts,
	       aamed_audit_fn fn, void *arg);

#endif
