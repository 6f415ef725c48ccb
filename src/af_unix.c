// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fine-grained AF_UNIX mediation, as upstream Linux (>= 6.17,
 * security/apparmor/af_unix.c) does it. Used only under
 * AAMED_KERNEL_UPSTREAM; Debian's 6.1 and 6.12 have no af_unix.c and
 * judge unix sockets by the coarse rule in net.c.
 *
 * Per profile: if the profile has class 15 (RULE_MEDIATES_UNIX), a
 * socket bound to a path is judged by the file rules on that path
 * (unix_fs_perm(), PATH_SOCK_COND) and any other socket by the unix
 * rules: class, family, type, protocol, local address, \0, local label
 * (\0: not matched yet), then a command byte (1 peer, 2 listen, 4 opt)
 * and, for peer checks, the peer's address, \0 and the peer profile's
 * name. A profile without class 15 -- every policy apparmor_parser 3.0.8
 * writes, every old-ABI policy -- gets the coarse "network unix TYPE"
 * rule for every unix socket, path ones included (6456ccbd2ff7).
 */
#include <errno.h>
#include <string.h>

#include "af_unix.h"
#include "apparmor.h"
#include "audit.h"
#include "dfa.h"
#include "file.h"
#include "label.h"
#include "net.h"
#include "perms.h"
#include "policy.h"

#define CMD_ADDR 1
#define CMD_LISTEN 2
#define CMD_OPT 4

/* NET_FS_PERMS: the requests a path socket's file rules are asked for */
#define NET_FS_PERMS                                                       \
	(AAMED_MAY_SEND | AAMED_MAY_RECEIVE | AAMED_MAY_CREATE |           \
	 AAMED_MAY_SHUTDOWN | AAMED_MAY_CONNECT | AAMED_MAY_RENAME |       \
	 AAMED_MAY_SETATTR | AAMED_MAY_GETATTR | AAMED_MAY_CHMOD |         \
	 AAMED_MAY_CHOWN | AAMED_MAY_CHGRP | AAMED_MAY_LOCK |              \
	 0x00020000u /* MPROT */)

/* The values the parser's ".." conditionals match for listen/setsockopt. */
#define DEFAULT_BACKLOG 4096
#define DEFAULT_OPTNAME 0

static inline bool is_fs_addr(const char *addr)
{
	return addr && addr[0] == '/';
}

static inline bool is_unix_fs(const struct aamed_sock *sk)
{
	return sk && is_fs_addr(sk->addr);
}

static inline uint32_t mediates_unix(const struct aa_profile *p)
{
	return p->policy ? p->policy->start[AA_CLASS_NETV9] : 0;
}

/*
 * unix_fs_perm(): the file rules on the socket's path, for a profile that
 * has file rules; the request is cut to NET_FS_PERMS, so listen, accept,
 * bind and the options ask for nothing here.
 */
static int unix_fs_perm(const struct aa_audit_data *ad,
			const struct aa_profile *profile, uint32_t request,
			const char *path, uint32_t ouid, uint32_t fsuid)
{
	struct aa_audit_data fad;
	struct aa_perms perms;

	if (!(profile->mediates & (1ull << AA_CLASS_FILE)))
		return 0;
	request &= NET_FS_PERMS;
	aa_str_perms(profile->file,
		     profile->file ? profile->file->start[AA_CLASS_FILE] : 0,
		     path, fsuid == ouid, &perms);
	if (likely(!(request & ~perms.allow)) &&
	    likely(!(request & perms.audit)) &&
	    likely(profile->audit != AUDIT_ALL))
		return 0;
	/* aa_path_perm() with its own file record */
	aa_audit_data_init(&fad, ad->fn, ad->arg, AAMED_CLASS_FILE, ad->op);
	fad.name = path;
	fad.fs.target = NULL;
	fad.fs.fsuid = fsuid;
	fad.fs.ouid = ouid;
	return aa_audit_file(profile, &perms, request,
			     (request & ~perms.allow) ? -EACCES : 0, &fad);
}

/*
 * match_addr(): an abstract name with its leading \0, a path with its
 * terminating \0 (the kernel's sun_path length), \x01 for no address;
 * then the \0 separator. zero_len: a bind without address (autobind).
 */
static uint32_t match_addr(const struct aa_dfa *dfa, uint32_t state,
			   const char *addr, bool zero_len)
{
	if (zero_len) {
		/* nothing */
	} else if (addr && addr[0] == '@') {
		state = aa_dfa_next(dfa, state, 0);
		state = aa_dfa_match_len(dfa, state, addr + 1,
					 strlen(addr + 1));
	} else if (addr && addr[0]) {
		state = aa_dfa_match_len(dfa, state, addr, strlen(addr) + 1);
	} else {
		state = aa_dfa_next(dfa, state, 1);
	}
	return aa_dfa_null_transition(dfa, state);
}

/* aa_match_to_prot() without early match, then the local address. */
static uint32_t match_to_local(struct aa_audit_data *ad,
			       const struct aa_policydb *pdb, uint32_t state,
			       uint16_t type, uint16_t protocol,
			       const char *addr, bool zero_len)
{
	const struct aa_dfa *dfa = pdb->dfa;

	state = aa_match_be16(dfa, state, AA_AF_UNIX);
	if (!state) {
		ad->info = "failed af match";
		return state;
	}
	state = aa_match_be16(dfa, state, type);
	if (!state) {
		ad->info = "failed type match";
		return state;
	}
	state = aa_match_be16(dfa, state, protocol);
	if (!state) {
		ad->info = "failed protocol match";
		return state;
	}
	state = match_addr(dfa, state, addr, zero_len);
	if (state) {
		/* the local label is not matched upstream yet: skip its \0 */
		state = aa_dfa_null_transition(dfa, state);
		if (!state)
			ad->info = "failed local label match";
	} else {
		ad->info = "failed local address match";
	}
	return state;
}

static uint32_t match_to_sk(struct aa_audit_data *ad,
			    const struct aa_policydb *pdb, uint32_t state,
			    const struct aamed_sock *sk)
{
	return match_to_local(ad, pdb, state, sk->type, sk->protocol,
			      sk->addr, false);
}

static uint32_t match_to_cmd(struct aa_audit_data *ad,
			     const struct aa_policydb *pdb, uint32_t state,
			     const struct aamed_sock *sk, uint8_t cmd)
{
	state = match_to_sk(ad, pdb, state, sk);
	if (state) {
		state = aa_dfa_next(pdb->dfa, state, cmd);
		if (!state)
			ad->info = "failed cmd selection match";
	}
	return state;
}

/* Decide from the state a walk ended in (state 0: nothing granted). */
static int do_perms(struct aa_audit_data *ad, const struct aa_profile *profile,
		    uint32_t state, uint32_t request)
{
	return aa_do_perms(profile, aa_lookup_perms(profile->policy, state),
			   request, ad);
}

/* ------------------------------------------------------------------ */
/* Local operations: one per hook of lsm.c that reaches af_unix.c. */

static int profile_unix_op(struct aa_audit_data *ad,
			   const struct aa_profile *profile,
			   enum aamed_net_op op, uint32_t request,
			   const struct aamed_sock *sk)
{
	const struct aa_policydb *pdb = profile->policy;
	uint32_t state = mediates_unix(profile);
	uint16_t arg;

	if (!state)
		/* no class 15: the coarse rule, path sockets included */
		return aa_profile_af_perm(profile, request, sk->family,
					  sk->type, sk->protocol, ad);
	switch (op) {
	case AAMED_NET_CREATE:
		/* profile_create_perm(): family, type, protocol */
		state = aa_match_be16(pdb->dfa, state, AA_AF_UNIX);
		if (!state) {
			ad->info = "failed af match";
		} else {
			state = aa_match_be16(pdb->dfa, state, sk->type);
			if (!state)
				ad->info = "failed type match";
			else if (!(state = aa_match_be16(pdb->dfa, state,
							 sk->protocol)))
				ad->info = "failed protocol match";
		}
		return do_perms(ad, profile, state, request);
	case AAMED_NET_BIND:
		/* profile_bind_perm(): a path bind is the mknod hook's */
		if (is_fs_addr(sk->addr))
			return 0;
		state = match_to_local(ad, pdb, state, sk->type, sk->protocol,
				       sk->addr, !sk->addr);
		return do_perms(ad, profile, state, request);
	case AAMED_NET_LISTEN:
	case AAMED_NET_GETSOCKOPT:
	case AAMED_NET_SETSOCKOPT:
		if (is_unix_fs(sk))
			return unix_fs_perm(ad, profile, request, sk->addr,
					    sk->ouid, sk->fsuid);
		state = match_to_cmd(ad, pdb, state, sk,
				     op == AAMED_NET_LISTEN ? CMD_LISTEN
							    : CMD_OPT);
		if (state) {
			arg = op == AAMED_NET_LISTEN ? DEFAULT_BACKLOG
						     : DEFAULT_OPTNAME;
			state = aa_match_be16(pdb->dfa, state, arg);
			if (!state)
				ad->info = op == AAMED_NET_LISTEN
						   ? "failed listen backlog match"
						   : "failed sockopt match";
		}
		return do_perms(ad, profile, state, request);
	default:
		/* accept, getsockname, getpeername, shutdown */
		if (is_unix_fs(sk))
			return unix_fs_perm(ad, profile, request, sk->addr,
					    sk->ouid, sk->fsuid);
		state = match_to_sk(ad, pdb, state, sk);
		return do_perms(ad, profile, state, request);
	}
}

/*
 * The AF_UNIX socket hooks' checks (apparmor_socket_* with af_unix.c).
 * connect, sendmsg and recvmsg return 0: unix_stream_connect and
 * unix_may_send mediate those.
 */
int aa_unix_sock_perm(const struct aa_label *label, enum aamed_net_op op,
		      const struct aamed_sock *sk, struct aa_audit_data *ad)
{
	uint32_t request = aa_net_op_request[op];
	int error;

	if (op == AAMED_NET_CONNECT || op == AAMED_NET_SENDMSG ||
	    op == AAMED_NET_RECVMSG)
		return 0;
	if (op == AAMED_NET_BIND) {
		ad->net.has_addr = true;
		ad->net.addr = sk->addr;
	}
	for_each_confined(label, p, error,
			  profile_unix_op(ad, p, op, request, sk));
	return error;
}

/* ------------------------------------------------------------------ */
/* Peer checks: unix_may_send and unix_stream_connect. */

/* match_label(): one peer profile's name from the peer address state. */
static int match_label(struct aa_audit_data *ad, const struct aa_profile *profile,
		       uint32_t state, uint32_t request,
		       const struct aa_profile *peer)
{
	ad->net.peer = peer;
	if (state) {
		state = aa_dfa_match(profile->policy->dfa, state, peer->hname);
		if (!state)
			ad->info = "failed peer label match";
	}
	return do_perms(ad, profile, state, request);
}

static int profile_peer_perm(struct aa_audit_data *ad,
			     const struct aa_profile *profile,
			     uint32_t request, const struct aamed_sock *sk,
			     const struct aamed_sock *peer_sk,
			     const struct aa_label *peer_label, uint32_t fsuid)
{
	const struct aa_policydb *pdb = profile->policy;
	uint32_t state = mediates_unix(profile);
	const struct aa_ns *ns;
	int error = 0, e;
	uint32_t i;

	if (!state)
		return aa_profile_af_perm(profile, request, sk->family,
					  sk->type, sk->protocol, ad);
	if (is_unix_fs(peer_sk))
		return unix_fs_perm(ad, profile, request, peer_sk->addr,
				    peer_sk->ouid, fsuid);
	if (is_unix_fs(sk))
		return unix_fs_perm(ad, profile, request, sk->addr, sk->ouid,
				    fsuid);
	/* match_to_peer(): local tuple, CMD_ADDR, the peer's address */
	state = match_to_cmd(ad, pdb, state, sk, CMD_ADDR);
	if (state) {
		state = match_addr(pdb->dfa, state, peer_sk->addr, false);
		if (!state)
			ad->info = "failed peer address match";
	}
	if (!peer_label)
		return 0;
	/* fn_for_each_in_scope(): the peer's profiles in its namespace */
	ns = peer_label->vec[peer_label->size - 1]->ns;
	for (i = 0; i < peer_label->size; i++) {
		if (peer_label->vec[i]->ns != ns)
			continue;
		e = match_label(ad, profile, state, request,
				peer_label->vec[i]);
		if (e)
			error = e;
	}
	return error;
}

/* Each confined member of label checks; the last error wins. */
int aa_unix_peer_perm(const struct aa_label *label, uint32_t request,
		      const struct aamed_sock *sk,
		      const struct aamed_sock *peer_sk,
		      const struct aa_label *peer_label, uint32_t fsuid,
		      struct aa_audit_data *ad)
{
	int error;

	for_each_confined(label, p, error,
			  profile_peer_perm(ad, p, request, sk, peer_sk,
					    peer_label, fsuid));
	return error;
}
