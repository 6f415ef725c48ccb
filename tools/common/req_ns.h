/* SPDX-License-Identifier: GPL-2.0-or-later */
/* User namespace and io_uring queries (tools/common/req_ns.c). */
#ifndef AAMED_REQ_NS_H
#define AAMED_REQ_NS_H

#include <stdint.h>

#include "aamed.h"

struct ns_query {
	enum aamed_uring_op op;	/* io_uring: sqpoll or override_creds */
	uint32_t request;	/* AAMED_USERNS_CREATE, AAMED_URING_* */
	const char *word;	/* create, sqpoll, override_creds */
};

#endif
