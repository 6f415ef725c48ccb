/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Signal mediation (the kernel's ipc.h, ipc.c).
 */
#ifndef AAMED_IPC_H
#define AAMED_IPC_H

#include "aamed.h"

struct aa_label;

/*
 * aa_may_signal(): the sides (AAMED_SIDE_*) of sender signalling target
 * with the kernel's signal number sig; each profile audits its own part.
 */
/* map_signal_num(): a kernel signal number as AppArmor's rules name it */
int aa_map_signal(int sig);

int aa_may_signal(const struct aa_label *sender, const struct aa_label *target,
		  int sig, unsigned sides, aamed_audit_fn fn, void *arg);

#endif
