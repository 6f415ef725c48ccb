/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed suggest: the capability check a socket's create meets after
 * AppArmor's network rule (qclass_netcap.c).
 */
#ifndef AAMED_QCLASS_NETCAP_H
#define AAMED_QCLASS_NETCAP_H

#include "qclass.h"

/*
 * What the network rule for sk's create leaves to a later check: the
 * protocol's CAP_NET_RAW (raw inet and inet6 sockets, packet sockets
 * of every type, ...), when c's profile does not grant capability
 * net_raw by its rules. NULL: no such check, or the profile grants it.
 */
const char *qrule_net_next(const struct aamed_sock *sk,
			   const struct qrule_ctx *c);

#endif
