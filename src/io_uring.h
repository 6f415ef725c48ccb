/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * io_uring mediation (the io_uring part of the kernel's lsm.c).
 */
#ifndef AAMED_IO_URING_H
#define AAMED_IO_URING_H

#include <stdint.h>

#include "aamed.h"

struct aa_label;

/*
 * profile_uring() on each confined member of label: request is
 * AAMED_URING_SQPOLL (target NULL) or AAMED_URING_OVERRIDE_CREDS
 * (target: the label of the credentials taken over).
 */
int aa_uring_perm(const struct aa_label *label, uint32_t request,
		  const struct aa_label *target, aamed_audit_fn fn, void *arg);

#endif
