/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Network and unix-socket queries (tools/common/req_net.c). */
#ifndef AAMED_REQ_NET_H
#define AAMED_REQ_NET_H

#include <stdbool.h>

#include "aamed.h"

enum net_query_kind {
	NQ_SOCK = 0,		/* one socket hook: aamed_net_perm() */
	NQ_SEND,		/* unix send: aamed_unix_send() */
	NQ_RECEIVE,		/* unix receive: the peer's send to us */
	NQ_CONNECT,		/* unix connect: aamed_unix_connect() */
};

struct net_query {
	int op;			/* enum aamed_net_op */
	enum net_query_kind kind;
	struct aamed_sock sk;	/* the subject's socket */
	struct aamed_sock peer;	/* unix send/connect: the peer's socket */
	bool has_peer;
	const char *sock_label;	/* --sock-label: the socket's stored label */
	const char *word;	/* the operation word as typed */
};

#endif
