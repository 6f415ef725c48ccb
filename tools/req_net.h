/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Network and unix-socket queries (tools/req_net.c). */
#ifndef AAMED_REQ_NET_H
#define AAMED_REQ_NET_H

#include "aamed.h"

struct net_query {
	int op;			/* enum aamed_net_op */
	struct aamed_sock sk;	/* the subject's socket */
	struct aamed_sock peer;	/* unix send/connect: the peer's socket */
	bool has_peer;
};

#endif
