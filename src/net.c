// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Network mediation (the kernel's net.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* net_mask_names: one name per permission bit */
static const char *const net_mask_names[32] = {
	"unknown", "send",    "receive", "unknown", "create",  "shutdown",
	"connect", "unknown", "setattr", "getattr", "setcred", "getcred",
	"chmod",   "chown",   "chgrp",   "lock",    "mmap",    "mprot",
	"unknown", "unknown", "accept",  "bind",    "listen",  "unknown",
	"setopt",  "getopt",  "unknown", "unknown", "unknown", "unknown",
	"unknown", "unknown",
};

#define NET_PERMS_MASK                                                     \
	(AAMED_MAY_SEND | AAMED_MAY_RECEIVE | AAMED_MAY_CREATE |           \
	 AAMED_MAY_SHUTDOWN | AAMED_MAY_BIND | AAMED_MAY_LISTEN |          \
	 AAMED_MAY_CONNECT | AAMED_MAY_ACCEPT | AAMED_MAY_SETATTR |        \
	 AAMED_MAY_GETATTR | AAMED_MAY_SETOPT | AAMED_MAY_GETOPT)

/* aa_audit_perm_names(): the set bits' names, blank separated */
size_t aa_net_perms_str(uint32_t mask, char *buf, size_t len)
{
	struct aa_abuf o = { buf, len, 0 };
	unsigned i;

	if (len)
		buf[0] = '\0';
	mask &= NET_PERMS_MASK;
	for (i = 0; i < 32; i++)
		if (mask & (1u << i))
			aa_put(&o, o.n ? " %s" : "%s", net_mask_names[i]);
	return o.n;
}

void aa_net_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[160];

	if (r->family < AA_AF_MAX)
		aa_put(o, " family=\"%s\"", aa_family_names[r->family]);
	else
		aa_put(o, " family=\"unknown(%d)\"", r->family);
	if (r->sock_type < AA_SOCK_MAX && aa_sock_type_names[r->sock_type])
		aa_put(o, " sock_type=\"%s\"", aa_sock_type_names[r->sock_type]);
	else
		aa_put(o, " sock_type=\"unknown(%d)\"", r->sock_type);
	aa_put(o, " protocol=%d", r->protocol);
	if (r->request & NET_PERMS_MASK) {
		aa_net_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & NET_PERMS_MASK) {
			aa_net_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	if (r->addr) {
		aa_put(o, " addr=");
		aa_put_untrusted(o, r->addr);
	}
	if (r->peer_addr) {
		aa_put(o, " peer_addr=");
		aa_put_untrusted(o, r->peer_addr);
	}
	if (r->peer) {
		aa_put(o, " peer=");
		aa_put_untrusted(o, r->peer);
	}
}
