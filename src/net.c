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
/* Mediation: the kernel's net.c and the socket hooks of lsm.c. */

static const char *const net_op_names[AAMED_NET__COUNT] = {
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

static const uint32_t net_op_request[AAMED_NET__COUNT] = {
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
	return (unsigned)op < AAMED_NET__COUNT ? net_op_names[op] : NULL;
}

int aamed_net_op_parse(const char *name)
{
	int i;

	for (i = 0; i < AAMED_NET__COUNT; i++)
		if (!strcmp(net_op_names[i], name))
			return i;
	return -1;
}

uint32_t aamed_net_op_request(enum aamed_net_op op)
{
	return (unsigned)op < AAMED_NET__COUNT ? net_op_request[op] : 0;
}

uint32_t aa_match_be16(const struct aa_dfa *dfa, uint32_t state, uint16_t v)
{
	uint8_t b[2] = { (uint8_t)(v >> 8), (uint8_t)v };

	return aa_dfa_match_len(dfa, state, b, 2);
}

/*
 * Fill the record from the audit data: only called when one is due.
 * Under the upstream kernel an AF_UNIX record carries addr= (the bind
 * address, or the socket's, or none) and the printer adds peer_addr=
 * when the request has a peer bit (audit_net_cb()).
 */
static void net_fill_record(struct aamed_audit *rec, void *data)
{
	const struct aa_net_ad *ad = data;

	rec->class = AAMED_CLASS_NET;
	rec->op = ad->op;
	rec->info = ad->info;
	rec->family = ad->family;
	rec->sock_type = ad->type;
	rec->protocol = ad->protocol;
	if (ad->peer)
		rec->peer = ad->peer->label ? ad->peer->label->name
					    : ad->peer->hname;
	if (ad->upstream && ad->family == AA_AF_UNIX) {
		if (ad->has_addr || !ad->sk)
			rec->addr = ad->addr ? ad->addr : "none";
		else
			rec->addr = ad->sk->addr ? ad->sk->addr : "none";
		rec->peer_addr = ad->peer_addr ? ad->peer_addr : "none";
	}
}

/*
 * aa_do_perms(): apply the profile's modes and run the generic check;
 * the record is built only on the way to being emitted.
 */
int aa_net_do_perms(struct aa_net_ad *ad, const struct aa_profile *profile,
		    const struct aa_perms *perms, uint32_t request)
{
	struct aa_perms p = *perms;
	uint32_t denied;

	aa_apply_modes_to_perms(profile, &p);
	denied = request & (~p.allow | p.deny);
	if (likely(!denied) && likely(!(request & p.audit)))
		return 0;
	return aa_check_perms(ad->ctx, profile, &p, request, net_fill_record,
			      (void *)ad);
}

/*
 * aa_profile_af_perm(): the coarse "network FAMILY TYPE" rule.
 * 6.1/6.12 walk class 14, family and type (be16) and look the state up.
 * Upstream walks RULE_MEDIATES_NET (class 15, else 14) with
 * aa_match_to_prot(): an early decision at the type state unless its
 * perms lack the request and carry AA_CONT_MATCH, then the protocol;
 * failures name themselves in info=.
 */
int aa_profile_af_perm(struct aa_net_ad *ad, const struct aa_profile *profile,
		       uint32_t request, uint16_t family, uint16_t type,
		       uint16_t protocol)
{
	const struct aa_policydb *pdb = profile->policy;
	const struct aa_perms *p = NULL;
	uint32_t state;

	if (profile_unconfined(profile) || !pdb)
		return 0;
	if (!ad->upstream) {
		state = pdb->start[AA_CLASS_NET];
		if (!state)
			return 0;
		state = aa_match_be16(pdb->dfa, state, family);
		state = aa_match_be16(pdb->dfa, state, type);
		return aa_net_do_perms(ad, profile, aa_lookup_perms(pdb, state),
				       request);
	}
	state = pdb->start[AA_CLASS_NETV9];
	if (!state)
		state = pdb->start[AA_CLASS_NET];
	if (!state)
		return 0;
	state = aa_match_be16(pdb->dfa, state, family);
	if (!state) {
		ad->info = "failed af match";
	} else {
		state = aa_match_be16(pdb->dfa, state, type);
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
	return aa_net_do_perms(ad, profile, p, request);
}

static inline bool net_upstream(const struct aa_label *label)
{
	return aa_kernel_upstream(label->vec[0]);
}

/*
 * aa_af_perm() (create, no socket yet) and aa_label_sk_perm() (every
 * other hook): each confined profile decides and audits, the last error
 * wins. A kernel socket (no label) is never mediated.
 */
static int label_af_perm(const struct aa_audit_ctx *ctx,
			 const struct aa_label *label, enum aamed_net_op op,
			 const struct aamed_sock *sk)
{
	struct aa_net_ad ad = {
		.ctx = ctx,
		.op = net_op_names[op],
		.sk = op == AAMED_NET_CREATE ? NULL : sk,
		.family = sk->family,
		.type = sk->type,
		.protocol = sk->protocol,
		.upstream = net_upstream(label),
	};
	uint32_t request = net_op_request[op];
	int error;

	if (op != AAMED_NET_CREATE && !sk->label)
		return 0;
	for_each_confined(label, p, error,
			  aa_profile_af_perm(&ad, p, request, sk->family,
					     sk->type, sk->protocol));
	return error;
}

__attribute__((noinline)) static int
net_perm_confined(const struct aa_label *label, enum aamed_net_op op,
		  const struct aamed_sock *sk, aamed_audit_fn audit, void *arg)
{
	struct aa_audit_ctx ctx = { audit, arg };

	if ((unsigned)op >= AAMED_NET__COUNT || !sk)
		return -EINVAL;
	if (sk->family >= AA_AF_MAX || sk->type >= AA_SOCK_MAX)
		return -EINVAL;
	if (sk->family == AA_AF_UNIX && net_upstream(label))
		return aa_unix_sock_op(&ctx, label, op, sk);
	return label_af_perm(&ctx, label, op, sk);
}

/*
 * The entry point: an unconfined subject returns after one load and one
 * test, before anything else is looked at.
 */
int aamed_net_perm(const aamed_label *subj, enum aamed_net_op op,
		   const struct aamed_sock *sk, aamed_audit_fn audit,
		   void *arg)
{
	const struct aa_label *label = to_label(subj);

	if (likely(label->flags & LFLAG_UNCONFINED))
		return 0;
	return net_perm_confined(label, op, sk, audit, arg);
}

/* ------------------------------------------------------------------ */
/* AF_UNIX peer checks. */

static inline bool label_unconfined_or_kernel(const aamed_label *l)
{
	return !l || (to_label(l)->flags & LFLAG_UNCONFINED);
}

__attribute__((noinline)) static int
unix_send_slow(const struct aa_label *sender, const struct aamed_sock *sk,
	       const struct aamed_sock *peer, aamed_audit_fn audit, void *arg)
{
	struct aa_audit_ctx ctx = { audit, arg };
	const struct aa_label *any = sender;
	int error = 0, e;

	if (!sk || !peer)
		return -EINVAL;
	if (!peer->label && (sender->flags & LFLAG_UNCONFINED))
		return 0;
	if (sender->flags & LFLAG_UNCONFINED)
		any = to_label(peer->label);
	if (!net_upstream(any)) {
		/* 6.1/6.12: no unix_may_send hook; the sendmsg hook only */
		if (sender->flags & LFLAG_UNCONFINED)
			return 0;
		return label_af_perm(&ctx, sender, AAMED_NET_SENDMSG, sk);
	}
	/* apparmor_unix_may_send(): xcheck, each side on its own label */
	if (!(sender->flags & LFLAG_UNCONFINED))
		error = aa_unix_peer_perm(&ctx, sender, "sendmsg",
					  AAMED_MAY_SEND, sk, peer,
					  peer->label ? to_label(peer->label)
						      : NULL,
					  sk->fsuid);
	if (!label_unconfined_or_kernel(peer->label)) {
		e = aa_unix_peer_perm(&ctx, to_label(peer->label), "sendmsg",
				      AAMED_MAY_RECEIVE, peer, sk, sender,
				      sk->fsuid);
		if (e)
			error = e;
	}
	return error;
}

int aamed_unix_send(const aamed_label *sender, const struct aamed_sock *sk,
		    const struct aamed_sock *peer, aamed_audit_fn audit,
		    void *arg)
{
	const struct aa_label *s = to_label(sender);

	/* both sides unconfined: nothing is looked at (seed 000) */
	if (likely(s->flags & LFLAG_UNCONFINED) &&
	    likely(label_unconfined_or_kernel(peer->label)))
		return 0;
	return unix_send_slow(s, sk, peer, audit, arg);
}

/* Counts the records a decision emits, passing them on. */
struct counted {
	aamed_audit_fn fn;
	void *arg;
	unsigned n;
};

static void count_record(const struct aamed_audit *rec, void *arg)
{
	struct counted *c = arg;

	c->n++;
	if (c->fn)
		c->fn(rec, c->arg);
}

__attribute__((noinline)) static int
unix_send_fill(const struct aa_label *sender, const struct aamed_sock *sk,
	       const struct aamed_sock *peer, struct aamed_sock_cache *cache,
	       aamed_audit_fn audit, void *arg)
{
	struct counted c = { audit, arg, 0 };
	int error = unix_send_slow(sender, sk, peer, count_record, &c);

	/* only a silent allow may be replayed: an audited one logs each time */
	if (!error && !c.n) {
		if (cache->gen != sender->gen || cache->subj != from_label(sender) ||
		    cache->peer != peer->label) {
			cache->gen = sender->gen;
			cache->subj = from_label(sender);
			cache->peer = peer->label;
			cache->ops = 0;
		}
		cache->ops |= 1u << AAMED_NET_SENDMSG;
	}
	return error;
}

/*
 * The cached send: the unconfined test, then one compare per field. The
 * generation guards against a label of a replaced policy whose memory a
 * new label now reuses.
 */
int aamed_unix_send_cached(const aamed_label *sender,
			   const struct aamed_sock *sk,
			   const struct aamed_sock *peer,
			   struct aamed_sock_cache *cache,
			   aamed_audit_fn audit, void *arg)
{
	const struct aa_label *s = to_label(sender);

	if (likely(s->flags & LFLAG_UNCONFINED) &&
	    likely(label_unconfined_or_kernel(peer->label)))
		return 0;
	if (likely(cache->subj == sender && cache->peer == peer->label &&
		   cache->gen == s->gen &&
		   (cache->ops & (1u << AAMED_NET_SENDMSG))))
		return 0;
	return unix_send_fill(s, sk, peer, cache, audit, arg);
}

__attribute__((noinline)) static int
unix_connect_slow(const struct aa_label *subj, const struct aamed_sock *sk,
		  const struct aamed_sock *peer, aamed_audit_fn audit,
		  void *arg)
{
	struct aa_audit_ctx ctx = { audit, arg };
	const struct aa_label *any = subj;
	int error = 0, e;

	if (!sk || !peer)
		return -EINVAL;
	if (subj->flags & LFLAG_UNCONFINED) {
		if (!peer->label)
			return 0;
		any = to_label(peer->label);
	}
	if (!net_upstream(any)) {
		/* 6.1/6.12: the connect hook on the connecting socket */
		if (subj->flags & LFLAG_UNCONFINED)
			return 0;
		return label_af_perm(&ctx, subj, AAMED_NET_CONNECT, sk);
	}
	/* unix_connect_perm(): the listener side only for non-fs listeners */
	if (!(subj->flags & LFLAG_UNCONFINED))
		error = aa_unix_peer_perm(&ctx, subj, "connect",
					  AAMED_MAY_CONNECT | AAMED_MAY_SEND |
						  AAMED_MAY_RECEIVE,
					  sk, peer,
					  peer->label ? to_label(peer->label)
						      : NULL,
					  sk->fsuid);
	if (!(peer->addr && peer->addr[0] == '/') &&
	    !label_unconfined_or_kernel(peer->label)) {
		e = aa_unix_peer_perm(&ctx, to_label(peer->label), "connect",
				      AAMED_MAY_ACCEPT | AAMED_MAY_SEND |
					      AAMED_MAY_RECEIVE,
				      peer, sk, subj, sk->fsuid);
		if (e)
			error = e;
	}
	return error;
}

int aamed_unix_connect(const aamed_label *subj, const struct aamed_sock *sk,
		       const struct aamed_sock *peer, aamed_audit_fn audit,
		       void *arg)
{
	const struct aa_label *s = to_label(subj);

	if (likely(s->flags & LFLAG_UNCONFINED) &&
	    likely(label_unconfined_or_kernel(peer->label)))
		return 0;
	return unix_connect_slow(s, sk, peer, audit, arg);
}
