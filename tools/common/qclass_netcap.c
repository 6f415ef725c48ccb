// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A network rule is not always the last check of a socket's create.
 * The kernel's __sock_create() runs the LSM hook (AppArmor's network
 * rule) before the family's create function, and some of those ask
 * CAP_NET_RAW (through ns_capable()/capable(), so AppArmor's
 * capability rule) afterwards. While the network rule refuses, that
 * check is never reached and no record shows it: the rule suggest
 * proposes for the create is then not enough, and only the next log
 * would say so. The note names the check in advance.
 *
 * The families and types, from the kernels' sources (6.1 and 6.12
 * alike):
 * - inet, inet6: SOCK_RAW (inet_create, inet6_create);
 * - packet: every type (packet_create asks before looking at the type);
 * - appletalk, ax25, ieee802154, nfc: SOCK_RAW (the 2019 "enforce
 *   CAP_NET_RAW for raw sockets" fixes: atalk_create, ax25_create,
 *   ieee802154_create, NFC's raw and LLCP sockets);
 * - bluetooth and isdn: SOCK_RAW of some protocols only (L2CAP's
 *   l2cap_sock_create; mISDN's base sockets), hence "may".
 * A complain-mode profile lets the check pass with an ALLOWED record,
 * which enforced would be a denial: it does not grant it either.
 */
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "qclass_netcap.h"

#define ASKS(sock, fn)                                                        \
	"this socket's create only: the kernel then asks capability net_raw " \
	"(CAP_NET_RAW of " sock ", " fn "), which the profile does not "     \
	"grant; no record could show that check before this rule: add "     \
	"capability net_raw, or suggest again on the next log"
#define MAY_ASK(sock, fn)                                                     \
	"this socket's create only: the kernel may then ask capability "      \
	"net_raw (CAP_NET_RAW of " sock ", " fn "), which the profile does "  \
	"not grant; no record could show that check before this rule: add "  \
	"capability net_raw if so, or suggest again on the next log"

static const struct netcap {
	int family;
	int type;		/* -1: every type */
	const char *note;
} netcaps[] = {
	{ AF_INET, SOCK_RAW, ASKS("a raw inet socket", "inet_create") },
	{ AF_INET6, SOCK_RAW, ASKS("a raw inet6 socket", "inet6_create") },
	{ AF_PACKET, -1, ASKS("a packet socket of any type", "packet_create") },
	{ AF_APPLETALK, SOCK_RAW, ASKS("a raw appletalk socket", "atalk_create") },
	{ AF_AX25, SOCK_RAW, ASKS("a raw ax25 socket", "ax25_create") },
	{ AF_IEEE802154, SOCK_RAW,
	  ASKS("a raw ieee802154 socket", "ieee802154_create") },
	{ AF_NFC, SOCK_RAW, ASKS("a raw nfc socket", "its raw and LLCP protocols") },
	{ AF_BLUETOOTH, SOCK_RAW,
	  MAY_ASK("a raw bluetooth socket", "for L2CAP, l2cap_sock_create") },
	{ AF_ISDN, SOCK_RAW,
	  MAY_ASK("a raw isdn socket", "for mISDN's base protocol") },
};

/* Whether ALLOWED (complain mode) or a denial was logged. */
static void logged(const struct aamed_audit *rec, void *arg)
{
	if (rec->type == AAMED_AUDIT_ALLOWED || rec->type == AAMED_AUDIT_DENIED ||
	    rec->type == AAMED_AUDIT_KILLED)
		*(bool *)arg = true;
}

/* The rules of c's profile grant capability net_raw. */
static bool grants_net_raw(const struct qrule_ctx *c)
{
	int err = 0, cap = aamed_cap_parse("net_raw");
	const aamed_label *l = aamed_label_get(c->policy, c->profile, &err);
	bool complained = false;

	if (!l || cap < 0)
		return false;
	return aamed_capable(l, cap, 0, logged, &complained) == 0 &&
	       !complained;
}

const char *qrule_net_next(const struct aamed_sock *sk,
			   const struct qrule_ctx *c)
{
	size_t i;

	for (i = 0; i < sizeof(netcaps) / sizeof(netcaps[0]); i++) {
		const struct netcap *n = &netcaps[i];

		if (n->family != sk->family ||
		    (n->type >= 0 && n->type != sk->type))
			continue;
		return grants_net_raw(c) ? NULL : n->note;
	}
	return NULL;
}
