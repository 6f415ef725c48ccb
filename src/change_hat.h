/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * change_hat (change_hat.c): the kernel's aa_change_hat() for the
 * "changehat TOKEN^HAT..." writes; the public entry is in lsm.c.
 */
#ifndef AAMED_CHANGE_HAT_H
#define AAMED_CHANGE_HAT_H

#include "aamed.h"
#include "label.h"

/*
 * label (not NULL) changes hat as req asks; res was initialised by the
 * caller. Returns as aamed_change_hat().
 */
int aa_change_hat(const struct aa_label *label,
		  const struct aamed_hat_req *req, struct aamed_hat_result *res,
		  aamed_audit_fn audit, void *arg);

#endif
