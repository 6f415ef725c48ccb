/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mount, umount, pivot_root and move_mount queries (req_mount.c). */
#ifndef AAMED_REQ_MOUNT_H
#define AAMED_REQ_MOUNT_H

#include "aamed.h"

enum mount_query_op {
	MQ_MOUNT = 0,
	MQ_UMOUNT,
	MQ_PIVOT_ROOT,
	MQ_MOVE_MOUNT,
};

struct mount_query {
	enum mount_query_op op;
	struct aamed_mount_req req;	/* target: umount's and move's too */
	const char *put_old;		/* pivot_root */
	const char *flags_text;		/* --flags as typed, NULL: none */
};

#endif
