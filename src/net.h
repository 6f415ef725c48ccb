/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Network mediation (the kernel's net.h, net.c).
 */
#ifndef AAMED_NET_H
#define AAMED_NET_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"
#include "audit.h"
#include "dfa.h"

struct aa_dfa;
struct aa_label;
struct aa_perms;
struct aa_profile;

#define AA_AF_UNIX 1
/* In a net state's allow: the protocol may still decide (aa_match_to_prot) */
#define AA_CONT_MATCH 0x08000000u
/* Requests whose records print the peer's address. */
#define AA_NET_PEER_MASK                                                   \
	(AAMED_MAY_SEND | AAMED_MAY_RECEIVE | AAMED_MAY_CONNECT |          \
	 AAMED_MAY_ACCEPT)

/*
 * The kernel's DEFINE_AUDIT_NET/DEFINE_AUDIT_SK: the audit data of one
 * socket check (create: no socket yet). upstream: records carry the
 * AF_UNIX addresses as Linux >= 6.17 prints them.
 */
static inline void aa_audit_net_init(struct aa_audit_data *ad,
				     aamed_audit_fn fn, void *arg,
				     const char *op, enum aamed_net_op nop,
				     const struct aamed_sock *sk,
				     bool upstream)
{
	aa_audit_data_init(ad, fn, arg, AAMED_CLASS_NET, op);
	ad->net.sk = nop == AAMED_NET_CREATE ? NULL : sk;
	ad->net.family = sk->family;
	ad->net.type = sk->type;
	ad->net.protocol = sk->protocol;
	ad->net.upstream = upstream;
	ad->net.has_addr = false;
	ad->net.addr = NULL;
	ad->net.peer_addr = NULL;
	ad->net.peer = NULL;
}

/* operation="" and the request of each public net op. */
extern const char *const aa_net_op_names[AAMED_NET__COUNT];
extern const uint32_t aa_net_op_request[AAMED_NET__COUNT];

/* aa_dfa_match_len() of v's two big-endian bytes, as two inline steps. */
static inline uint32_t aa_match_be16(const struct aa_dfa *dfa, uint32_t state,
				     uint16_t v)
{
	if (state == DFA_NOMATCH)
		return DFA_NOMATCH;
	state = aa_dfa_next(dfa, state, (uint8_t)(v >> 8));
	return aa_dfa_next(dfa, state, (uint8_t)v);
}

/* Walk the coarse network rule ahead for the common families and types. */
void aa_net_cache_fill(struct aa_profile *profile);

/*
 * aa_profile_af_perm(): the coarse "network FAMILY TYPE" rule for one
 * confined profile (the kernel's tests profile_unconfined() first; every
 * caller here reaches it through for_each_confined(), and the test it
 * saves pays for the socket's size test in lsm.c); ad->info records why
 * a walk failed (upstream).
 */
int aa_profile_af_perm(const struct aa_profile *profile, uint32_t request,
		       uint16_t family, uint16_t type, uint16_t protocol,
		       struct aa_audit_data *ad);

/*
 * aa_af_perm() (create) and aa_label_sk_perm() (every other op): each
 * confined member of label decides op on sk. A kernel socket (no label)
 * is never mediated.
 */
int aa_sk_perm(const struct aa_label *label, enum aamed_net_op op,
	       const struct aamed_sock *sk, struct aa_audit_data *ad);

#endif
