// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Network mediation (the kernel's net.c).
 */
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "label.h"
#include "names.h"
#include "net.h"
#include "perms.h"
#include "policy.h"

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
static size_t net_perms_str(uint32_t mask, char *buf, size_t len)
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

/*
 * audit_unix_addr() (upstream net.c): none unquoted, a path as an
 * untrusted string, an abstract name inside "@…" (hex when it has
 * control characters).
 */
static void put_unix_addr(struct aa_abuf *o, const char *key, const char *a)
{
	const unsigned char *p;

	if (!strcmp(a, "none") || !a[0]) {
		aa_put(o, " %s=none", key);
		return;
	}
	if (a[0] != '@') {
		aa_put(o, " %s=", key);
		aa_put_untrusted(o, a);
		return;
	}
	aa_put(o, " %s=\"@", key);
	for (p = (const unsigned char *)a + 1; *p; p++)
		if (*p == '"' || *p < 0x21 || *p > 0x7e)
			break;
	if (!*p)
		aa_put(o, "%s", a + 1);
	else
		for (p = (const unsigned char *)a + 1; *p; p++)
			aa_put(o, "%02X", *p);
	aa_put(o, "\"");
}

static void net_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
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
		net_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & NET_PERMS_MASK) {
			net_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	if (r->addr)
		put_unix_addr(o, "addr", r->addr);
	if (r->peer_addr && (r->request & AA_NET_PEER_MASK))
		put_unix_addr(o, "peer_addr", r->peer_addr);
	if (r->peer) {
		aa_put(o, " peer=");
		aa_put_untrusted(o, r->peer);
	}
}

/* ------------------------------------------------------------------ */
/* Mediation (the kernel's net.c); lsm.c says which op asks what. */

const char *const aa_net_op_names[AAMED_NET__COUNT] = {
	[AAMED_NET_CREATE] = "create",
	[AAMED_NET_BIND] = "bind",
	[AAMED_NET_CONNECT] = "connect",
	[AAMED_NET_LISTEN] = "listen",
	[AAMED_NET_ACCEPT] = "accept",
	[AAMED_NET_SENDMSG] = "sendmsg",
	[AAMED_NET_RECVMSG] = "recvmsg",
	[AAMED_NET_GETSOCKNAME] = "getsockname",
	[AAMED_NET_GETPEERNAME] = "getpeername",
	[AAMED_NET_GETSOCKOPT] = "getsockopt",
	[AAMED_NET_SETSOCKOPT] = "setsockopt",
	[AAMED_NET_SHUTDOWN] = "socket_shutdown",
};

const uint32_t aa_net_op_request[AAMED_NET__COUNT] = {
	[AAMED_NET_CREATE] = AAMED_MAY_CREATE,
	[AAMED_NET_BIND] = AAMED_MAY_BIND,
	[AAMED_NET_CONNECT] = AAMED_MAY_CONNECT,
	[AAMED_NET_LISTEN] = AAMED_MAY_LISTEN,
	[AAMED_NET_ACCEPT] = AAMED_MAY_ACCEPT,
	[AAMED_NET_SENDMSG] = AAMED_MAY_SEND,
	[AAMED_NET_RECVMSG] = AAMED_MAY_RECEIVE,
	[AAMED_NET_GETSOCKNAME] = AAMED_MAY_GETATTR,
	[AAMED_NET_GETPEERNAME] = AAMED_MAY_GETATTR,
	[AAMED_NET_GETSOCKOPT] = AAMED_MAY_GETOPT,
	[AAMED_NET_SETSOCKOPT] = AAMED_MAY_SETOPT,
	[AAMED_NET_SHUTDOWN] = AAMED_MAY_SHUTDOWN,
};

const char *aamed_net_op_name(enum aamed_net_op op)
{
	return (unsigned)op < AAMED_NET__COUNT ? aa_net_op_names[op] : NULL;
}

int aamed_net_op_parse(const char *name)
{
	int i;

	for (i = 0; i < AAMED_NET__COUNT; i++)
		if (!strcmp(aa_net_op_names[i], name))
			return i;
	return -1;
}

uint32_t aamed_net_op_request(enum aamed_net_op op)
{
	return (unsigned)op < AAMED_NET__COUNT ? aa_net_op_request[op] : 0;
}

/*
 * The record's net fields: only called when one is due. Under the
 * upstream kernel an AF_UNIX record carries addr= (the bind address, or
 * the socket's, or none) and the printer adds peer_addr= when the
 * request has a peer bit (audit_net_cb()).
 */
static void net_fill(struct aamed_audit *rec, const struct aa_audit_data *ad,
		     char *buf, size_t len)
{
	const struct aa_profile *peer = ad->net.peer;

	(void)buf;
	(void)len;
	rec->family = ad->net.family;
	rec->sock_type = ad->net.type;
	rec->protocol = ad->net.protocol;
	if (peer)
		rec->peer = peer->label ? peer->label->name : peer->hname;
	if (ad->net.upstream && ad->net.family == AA_AF_UNIX) {
		if (ad->net.has_addr || !ad->net.sk)
			rec->addr = ad->net.addr ? ad->net.addr : "none";
		else
			rec->addr = ad->net.sk->addr ? ad->net.sk->addr : "none";
		rec->peer_addr = ad->net.peer_addr ? ad->net.peer_addr : "none";
	}
}

const struct aa_class_ops aa_net_class = {
	.name = "net",
	.perms_str = net_perms_str,
	.fill = net_fill,
	.print = net_audit_fields,
};

/*
 * aa_do_perms() after a quick look: the profile's modes change only
 * audit, quiet, kill and complain, and audit grows only under AUDIT_ALL,
 * so a request the table allows, does not deny and does not audit is
 * granted silently whatever the modes, without copying the entry.
 */
static inline int net_do_perms(const struct aa_profile *profile,
			       const struct aa_perms *p, uint32_t request,
			       struct aa_audit_data *ad)
{
	if (likely(!(request & (~p->allow | p->deny | p->audit)) &&
		   profile->audit != AUDIT_ALL))
		return 0;
	return aa_do_perms(profile, p, request, ad);
}

/* The af cache's row of family, or -1. */
static inline int af_cache_index(uint16_t family)
{
	return family == AA_AF_UNIX ? 0 : family == 2 ? 1 : family == 10 ? 2 : -1;
}

static const uint16_t af_cache_family[AA_AF_CACHE_FAMILIES] = {
	AA_AF_UNIX, 2, 10,
};

void aa_net_cache_fill(struct aa_profile *profile)
{
	const struct aa_policydb *pdb = profile->policy;
	uint32_t s61, sup;
	int f, t;

	if (!pdb)
		return;
	s61 = pdb->start[AA_CLASS_NET];
	sup = pdb->start[AA_CLASS_NETV9] ? pdb->start[AA_CLASS_NETV9] : s61;
	for (f = 0; f < AA_AF_CACHE_FAMILIES; f++) {
		uint16_t fam = af_cache_family[f];
		uint32_t a61 = aa_match_be16(pdb->dfa, s61, fam);
		uint32_t aup = aa_match_be16(pdb->dfa, sup, fam);

		profile->af_state[f] = aup;
		for (t = 0; t < AA_AF_CACHE_TYPES; t++) {
			profile->af_type_state[0][f][t] =
				aa_match_be16(pdb->dfa, a61, (uint16_t)t);
			profile->af_type_state[1][f][t] =
				aa_match_be16(pdb->dfa, aup, (uint16_t)t);
		}
	}
}

/*
 * aa_profile_af_perm(): the coarse "network FAMILY TYPE" rule.
 * 6.1/6.12 walk class 14, family and type (be16) and look the state up.
 * Upstream walks RULE_MEDIATES_NET (class 15, else 14) with
 * aa_match_to_prot(): an early decision at the type state unless its
 * perms lack the request and carry AA_CONT_MATCH, then the protocol;
 * failures name themselves in info=.
 */
static __attribute__((noinline)) int
af_perm_walk(const struct aa_profile *profile, uint32_t request,
	     uint16_t family, uint16_t type, uint16_t protocol,
	     struct aa_audit_data *ad)
{
	const struct aa_policydb *pdb = profile->policy;
	const struct aa_perms *p = NULL;
	int fi = af_cache_index(family);
	bool cached = fi >= 0 && type < AA_AF_CACHE_TYPES;
	uint32_t state;

	if (profile_unconfined(profile) || !pdb)
		return 0;
	if (!ad->net.upstream) {
		state = pdb->start[AA_CLASS_NET];
		if (!state)
			return 0;
		if (cached) {
			state = profile->af_type_state[0][fi][type];
		} else {
			state = aa_match_be16(pdb->dfa, state, family);
			state = aa_match_be16(pdb->dfa, state, type);
		}
		return net_do_perms(profile, aa_lookup_perms(pdb, state),
				    request, ad);
	}
	state = pdb->start[AA_CLASS_NETV9];
	if (!state)
		state = pdb->start[AA_CLASS_NET];
	if (!state)
		return 0;
	state = cached ? profile->af_state[fi] :
			 aa_match_be16(pdb->dfa, state, family);
	if (!state) {
		ad->info = "failed af match";
	} else {
		state = cached ? profile->af_type_state[1][fi][type] :
				 aa_match_be16(pdb->dfa, state, type);
		if (state) {
			p = aa_lookup_perms(pdb, state);
			if ((p->allow & request) != request &&
			    (p->allow & AA_CONT_MATCH)) {
				p = NULL;
				state = aa_match_be16(pdb->dfa, state, protocol);
				if (!state)
					ad->info = "failed protocol match";
			}
		} else {
			ad->info = "failed type match";
		}
	}
	if (state || !p)
		p = aa_lookup_perms(pdb, state);
	return net_do_perms(profile, p, request, ad);
}

/*
 * The common case from the cache alone: a cached family and type whose
 * state grants the request silently. Anything else (a failed match, a
 * protocol to walk, a record due) is af_perm_walk()'s, from the start.
 */
int aa_profile_af_perm(const struct aa_profile *profile, uint32_t request,
		       uint16_t family, uint16_t type, uint16_t protocol,
		       struct aa_audit_data *ad)
{
	const struct aa_policydb *pdb = profile->policy;
	int fi = af_cache_index(family);
	const struct aa_perms *p;
	uint32_t state;

	/* confined: every caller walks for_each_confined() */
	if (!pdb)
		return 0;
	if (fi < 0 || type >= AA_AF_CACHE_TYPES)
		return af_perm_walk(profile, request, family, type, protocol, ad);
	if (!ad->net.upstream) {
		if (!pdb->start[AA_CLASS_NET])
			return 0;
		state = profile->af_type_state[0][fi][type];
	} else {
		if (!pdb->start[AA_CLASS_NETV9] && !pdb->start[AA_CLASS_NET])
			return 0;
		state = profile->af_state[fi] ?
				profile->af_type_state[1][fi][type] : 0;
	}
	p = aa_lookup_perms(pdb, state);
	if (likely(state && !(request & (~p->allow | p->deny | p->audit)) &&
		   profile->audit != AUDIT_ALL))
		return 0;
	return af_perm_walk(profile, request, family, type, protocol, ad);
}

/* Each confined profile decides and audits, the last error wins. */
int aa_sk_perm(const struct aa_label *label, enum aamed_net_op op,
	       const struct aamed_sock *sk, struct aa_audit_data *ad)
{
	uint32_t request = aa_net_op_request[op];
	int error;

	if (op != AAMED_NET_CREATE && !sk->label)
		return 0;
	for_each_confined(label, p, error,
			  aa_profile_af_perm(p, request, sk->family, sk->type,
					     sk->protocol, ad));
	return error;
}
