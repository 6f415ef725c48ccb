// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the request of a record filled straight from libapparmor's
 * fields, the same request parse_query() builds from the words of
 * replay_rebuild.c (the query's library structures: struct
 * aamed_file_req, struct aamed_sock, the capability, signal and ptrace
 * numbers), without printing words and parsing them back.
 *
 * Each function takes only what the words would accept without a
 * message, and returns false for anything else: a missing field, a word
 * starting with '-' (which the words would read as an option), a name
 * or number the words would read differently or reject. The words then
 * rebuild that record and say what is wrong with it. req->q is zeroed
 * with its label set by the caller, as parse_query() leaves it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

/* A word the query words would take as a value, not as an option. */
static bool plain(const char *s)
{
	return s && s[0] != '-';
}

bool replay_direct_capability(const aa_log_record *rec,
			      struct replay_request *req)
{
	int cap;

	if (!plain(rec->name))
		return false;
	cap = aamed_cap_parse(rec->name);
	if (cap < 0)
		return false;
	req->klass = "capability";
	qclass_set(&req->q, Q_CAP);
	req->q.ipc.cap = cap;
	req->q.ipc.word = rec->name;
	return true;
}

/* The receiver's record of a signal says requested_mask="receive". */
bool replay_direct_signal(const aa_log_record *rec, struct replay_request *req)
{
	int sig;

	if (!plain(rec->signal) || !rec->peer)
		return false;
	sig = aamed_signal_parse(rec->signal);
	if (sig < 0)
		return false;
	req->klass = "signal";
	req->other_side = rec->requested_mask &&
			  strstr(rec->requested_mask, "receive");
	qclass_set(&req->q, Q_SIGNAL);
	req->q.peer_label = rec->peer;
	req->q.ipc.sig = sig;
	req->q.ipc.word = rec->signal;
	return true;
}

/* The tracee's record says "tracedby" or "readby". */
bool replay_direct_ptrace(const aa_log_record *rec, struct replay_request *req)
{
	const char *m = rec->requested_mask ? rec->requested_mask : "";
	bool trace = strstr(m, "trace") != NULL;

	if (!rec->peer)
		return false;
	req->klass = "ptrace";
	req->other_side = strstr(m, "by") != NULL;
	qclass_set(&req->q, Q_PTRACE);
	req->q.peer_label = rec->peer;
	req->q.ipc.request = trace ? AAMED_PTRACE_TRACE : AAMED_PTRACE_READ;
	req->q.ipc.word = trace ? "trace" : "read";
	return true;
}

/* The protocol: a name libapparmor printed, or decimal digits only. */
static int protocol(const char *p)
{
	unsigned long v;
	char *end;
	int n = replay_name(RN_PROTOCOL, p);

	if (n >= 0)
		return n;
	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	v = strtoul(p, &end, 10);
	if (errno || *end || v > 0xffff)
		return -1;
	return (int)v;
}

/* "net FAMILY TYPE OP [--protocol N]": one socket hook of the family. */
bool replay_direct_net(const aa_log_record *rec, struct replay_request *req)
{
	struct net_query *n = &req->q.net;
	int family, type, op, proto = 0;

	if (!plain(rec->net_family) || !plain(rec->net_sock_type) ||
	    !plain(rec->operation))
		return false;
	family = replay_name(RN_FAMILY, rec->net_family);
	type = replay_name(RN_SOCK_TYPE, rec->net_sock_type);
	op = replay_name(RN_NET_OP, rec->operation);
	if (family < 0 || type < 0 || op < 0)
		return false;
	if (rec->net_protocol && (proto = protocol(rec->net_protocol)) < 0)
		return false;
	req->klass = !strcmp(rec->net_family, "unix") ? "unix" : "net";
	qclass_set(&req->q, Q_NET);
	n->op = op;
	n->kind = NQ_SOCK;
	n->sk.family = (uint16_t)family;
	n->sk.type = (uint16_t)type;
	n->sk.protocol = n->peer.protocol = (uint16_t)proto;
	n->word = rec->operation;
	return true;
}

/* "file NAME MASK --op OP [--target NAME2] [--fsuid N] [--ouid N]";
 * name2 of an exec record is the transition's result, not a target. */
bool replay_direct_file(const aa_log_record *rec, struct replay_request *req)
{
	struct aamed_file_req *f = &req->q.file;
	const char *mask = rec->requested_mask;
	int op = replay_name(RN_FILE_OP, rec->operation), rop;
	size_t n;

	if (!rec->name || rec->name[0] != '/' || !plain(mask) || !*mask)
		return false;
	/* no_new_privs refused it: the words carry --nnp; a tracer did:
	 * the words say it cannot be rebuilt */
	if (op == AAMED_OP_EXEC && rec->info &&
	    (!strcmp(rec->info, "no new privs") ||
	     !strcmp(rec->info, "ptrace prevents transition")))
		return false;
	if (parse_perms(mask, &f->request, &rop))
		return false;
	f->op = (enum aamed_file_op)op;
	if (rec->name2 && f->op != AAMED_OP_EXEC) {
		if (rec->name2[0] != '/')
			return false;
		f->target = rec->name2;
	}
	if ((f->op == AAMED_OP_LINK || f->op == AAMED_OP_RENAME) && !f->target)
		return false;
	f->path = rec->name;
	if (rec->fsuid != (unsigned long)-1)
		f->fsuid = (uint32_t)(rec->fsuid & 0xffffffffUL);
	if (rec->ouid != (unsigned long)-1)
		f->ouid = (uint32_t)(rec->ouid & 0xffffffffUL);
	n = strnlen(mask, sizeof(req->q.perms_text) - 1);
	memcpy(req->q.perms_text, mask, n);
	req->q.perms_text[n] = 0;
	req->klass = "file";
	qclass_set(&req->q, file_class(f->op));
	if (f->op == AAMED_OP_EXEC && !f->request)
		f->request = AAMED_MAY_EXEC;
	return true;
}
