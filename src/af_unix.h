/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fine-grained AF_UNIX mediation (upstream Linux's af_unix.h,
 * af_unix.c, >= 6.17). Used only under AAMED_KERNEL_UPSTREAM.
 */
#ifndef AAMED_AF_UNIX_H
#define AAMED_AF_UNIX_H

#include <stdint.h>

#include "aamed.h"

struct aa_audit_data;
struct aa_label;

/*
 * aa_unix_*_perm() of the socket hooks: op by each confined member of
 * label on its own socket sk. connect, sendmsg and recvmsg ask nothing
 * here: the peer hooks below mediate those.
 */
int aa_unix_sock_perm(const struct aa_label *label, enum aamed_net_op op,
		      const struct aamed_sock *sk, struct aa_audit_data *ad);

/*
 * aa_unix_peer_perm(): label's check of its socket sk against peer_sk
 * and the peer's label (NULL: a kernel socket). ad carries the peer's
 * address as peer_addr=; fsuid is the asking task's.
 */
int aa_unix_peer_perm(const struct aa_label *label, uint32_t request,
		      const struct aamed_sock *sk,
		      const struct aamed_sock *peer_sk,
		      const struct aa_label *peer_label, uint32_t fsuid,
		      struct aa_audit_data *ad);

#endif
