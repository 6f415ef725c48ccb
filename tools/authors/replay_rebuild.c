// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: from a record in auditd's form to the request it logged.
 * libapparmor's parse_record() reads the record; the request is rebuilt
 * as the words `aamed query` takes, so parse_query() checks them the
 * same way it checks a typed query.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Keys of Linux 6.12's namespace and io_uring records that libapparmor
 * 3.0 does not know, and the ones it reads in their place.
 */
static const struct {
	const char *from, *to;
} renamed_keys[] = {
	{ " requested=\"", " requested_mask=\"" },
	{ " denied=\"", " denied_mask=\"" },
	{ " tcontext=", " peer=" },
};

/*
 * The record with the keys above renamed (each once: a kernel record
 * has each key once), into a new string the caller frees; NULL when
 * memory ran out.
 */
static char *rename_keys(const char *text)
{
	size_t len = strlen(text), i, n;
	char *out = malloc(len + 16 * ARRAY_LEN(renamed_keys) + 1), *p;

	if (!out)
		return NULL;
	memcpy(out, text, len + 1);
	for (i = 0; i < ARRAY_LEN(renamed_keys); i++) {
		p = strstr(out, renamed_keys[i].from);
		if (!p)
			continue;
		n = strlen(renamed_keys[i].from);
		memmove(p + strlen(renamed_keys[i].to), p + n,
			strlen(p + n) + 1);
		memcpy(p, renamed_keys[i].to, strlen(renamed_keys[i].to));
	}
	return out;
}

/*
 * libapparmor 3.0 predates class= (Linux 6.12) and apparmor="KILLED":
 * drop the one and read the other as the denial it is.
 */
aa_log_record *replay_parse_record(char *text)
{
	aa_log_record *rec;
	char *p, *copy;

	while ((p = strstr(text, " class=\""))) {
		char *q = strchr(p + 8, '"');

		if (!q)
			break;
		memmove(p, q + 1, strlen(q + 1) + 1);
	}
	p = strstr(text, "apparmor=\"KILLED\"");
	if (p)
		memcpy(p, "apparmor=\"DENIED\"", 17);
	copy = rename_keys(text);
	if (!copy)
		return NULL;
	rec = parse_record(copy);
	free(copy);
	return rec;
}

/* The label as aamed_label_get() reads it: ":NS:PROFILE" outside root. */
static const char *ns_label(const aa_log_record *rec, char *buf, size_t len)
{
	const char *ns = rec->namespace;

	if (!ns || !*ns || !strcmp(ns, "root"))
		return rec->profile;
	if (!strncmp(ns, "root//", 6))
		ns += 6;
	snprintf(buf, len, ":%s:%s", ns, rec->profile);
	return buf;
}

/* An id the record logged ((unsigned long)-1: not logged). */
static void add_uid(char **argv, int *n, const char *opt, unsigned long v,
		    char *buf)
{
	if (v == (unsigned long)-1)
		return;
	snprintf(buf, 24, "%lu", v & 0xffffffffUL);
	argv[(*n)++] = (char *)opt;
	argv[(*n)++] = buf;
}

/* libapparmor prints the protocol by name (getprotobynumber) */
static const char *proto_num(const char *p, char *buf)
{
	static const struct { const char *n; int v; } t[] = {
		{ "ip", 0 }, { "icmp", 1 }, { "igmp", 2 }, { "tcp", 6 }, { "udp", 17 },
		{ "ipv6", 41 }, { "gre", 47 }, { "esp", 50 }, { "ah", 51 },
		{ "icmpv6", 58 }, { "ipv6-icmp", 58 }, { "sctp", 132 },
		{ "udplite", 136 }, { "raw", 255 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(t[i].n, p)) {
			snprintf(buf, 24, "%d", t[i].v);
			return buf;
		}
	return p;
}

/*
 * The class words of each kind of record, after --label. Each returns
 * the number of words (n included), or 0 with *reason set.
 */
static int words_capability(const aa_log_record *rec,
			    struct replay_request *req, int n,
			    const char **reason)
{
	if (!rec->name) {
		*reason = "capability without capname";
		return 0;
	}
	req->klass = "capability";
	req->argv[n++] = "capability";
	req->argv[n++] = rec->name;
	return n;
}

/* The receiver's record of a signal says requested_mask="receive". */
static int words_signal(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	if (!rec->signal || !rec->peer) {
		*reason = "signal without signal= or peer=";
		return 0;
	}
	req->klass = "signal";
	req->other_side = rec->requested_mask &&
			  strstr(rec->requested_mask, "receive");
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "signal";
	req->argv[n++] = rec->signal;
	return n;
}

/* The tracee's record says "tracedby" or "readby". */
static int words_ptrace(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	const char *m = rec->requested_mask ? rec->requested_mask : "";

	if (!rec->peer) {
		*reason = "ptrace without peer=";
		return 0;
	}
	req->klass = "ptrace";
	req->other_side = strstr(m, "by") != NULL;
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "ptrace";
	req->argv[n++] = strstr(m, "trace") ? "trace" : "read";
	return n;
}

static int words_net(const aa_log_record *rec, struct replay_request *req,
		     int n, const char **reason)
{
	if (!rec->net_sock_type) {
		*reason = "network record without sock_type";
		return 0;
	}
	req->klass = !strcmp(rec->net_family, "unix") ? "unix" : "net";
	req->argv[n++] = "net";
	req->argv[n++] = rec->net_family;
	req->argv[n++] = rec->net_sock_type;
	req->argv[n++] = rec->operation;
	if (rec->net_protocol) {
		req->argv[n++] = "--protocol";
		req->argv[n++] = (char *)proto_num(rec->net_protocol, req->num[1]);
	}
	return n;
}

/* Linux 6.12's user namespace and io_uring records. */
static int words_ns(const aa_log_record *rec, struct replay_request *req,
		    int n, const char **reason)
{
	const char *op = rec->operation;

	if (!strcmp(op, "userns_create")) {
		req->klass = "userns";
		req->argv[n++] = "userns";
		req->argv[n++] = "create";
		return n;
	}
	req->klass = "io_uring";
	if (!strcmp(op, "uring_sqpoll")) {
		req->argv[n++] = "io_uring";
		req->argv[n++] = "sqpoll";
		return n;
	}
	if (!rec->peer) {
		*reason = "uring_override without tcontext=";
		return 0;
	}
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "io_uring";
	req->argv[n++] = "override_creds";
	return n;
}

/*
 * dbus-daemon's records (USER_AVC): libapparmor 3.0 reads mask= as the
 * denied mask and peer_label= as the peer profile. A record is the
 * logging side's own query: the subject's side is what is replayed.
 */
static int words_dbus(const aa_log_record *rec, struct replay_request *req,
		      int n, const char **reason)
{
	const char *op = rec->operation + 5, *mask = rec->denied_mask;
	bool message = strcmp(op, "bind") && strcmp(op, "eavesdrop");

	if (!rec->dbus_bus || !mask) {
		*reason = "dbus record without bus= or mask=";
		return 0;
	}
	if (message && strcmp(mask, "send") && strcmp(mask, "receive")) {
		*reason = "dbus message record without mask=send or receive";
		return 0;
	}
	req->klass = "dbus";
	if (message) {
		req->argv[n++] = "--peer-label";
		req->argv[n++] = rec->peer_profile ? rec->peer_profile
						   : "unconfined";
	}
	req->argv[n++] = "dbus";
	req->argv[n++] = message ? (char *)mask : (char *)op;
	req->argv[n++] = "--bus";
	req->argv[n++] = rec->dbus_bus;
	if (message) {
		req->argv[n++] = "--type";
		req->argv[n++] = (char *)op;
	}
	if (rec->name && strcmp(op, "eavesdrop")) {
		req->argv[n++] = "--name";
		req->argv[n++] = rec->name;
	}
	if (message && rec->dbus_path) {
		req->argv[n++] = "--path";
		req->argv[n++] = rec->dbus_path;
	}
	if (message && rec->dbus_interface) {
		req->argv[n++] = "--interface";
		req->argv[n++] = rec->dbus_interface;
	}
	if (message && rec->dbus_member) {
		req->argv[n++] = "--member";
		req->argv[n++] = rec->dbus_member;
	}
	return n;
}

/* name2 of an exec record is the transition's result, not a target. */
static int words_file(const aa_log_record *rec, struct replay_request *req,
		      int n, const char **reason)
{
	const char *op = rec->operation;

	if (!rec->name || rec->name[0] != '/') {
		*reason = "file record without an absolute name";
		return 0;
	}
	if (!rec->requested_mask || !*rec->requested_mask) {
		*reason = "file record without requested_mask";
		return 0;
	}
	req->klass = "file";
	req->argv[n++] = "file";
	req->argv[n++] = rec->name;
	req->argv[n++] = rec->requested_mask;
	req->argv[n++] = "--op";
	req->argv[n++] = (char *)op;
	if (rec->name2 && strcmp(op, "exec")) {
		req->argv[n++] = "--target";
		req->argv[n++] = rec->name2;
	}
	add_uid(req->argv, &n, "--fsuid", rec->fsuid, req->num[0]);
	add_uid(req->argv, &n, "--ouid", rec->ouid, req->num[1]);
	return n;
}

/* The query words of a record: their number, or 0 with *reason set. */
#define OP_REASON_MAX 256	/* an unknown operation's reason, cut there */
static int words(const aa_log_record *rec, struct replay_request *req,
		 const char **reason)
{
	const char *op = rec->operation;
	int n = 0;

	if (!rec->profile) {
		*reason = "no profile or label";
		return 0;
	}
	if (!op) {
		*reason = "no operation";
		return 0;
	}
	req->argv[n++] = "--label";
	req->argv[n++] = (char *)ns_label(rec, req->label, sizeof(req->label));
	if (!strcmp(op, "capable"))
		return words_capability(rec, req, n, reason);
	if (!strcmp(op, "signal"))
		return words_signal(rec, req, n, reason);
	if (!strcmp(op, "ptrace"))
		return words_ptrace(rec, req, n, reason);
	if (!strcmp(op, "userns_create") || !strcmp(op, "uring_sqpoll") ||
	    !strcmp(op, "uring_override"))
		return words_ns(rec, req, n, reason);
	if (!strncmp(op, "dbus_", 5))
		return words_dbus(rec, req, n, reason);
	if (rec->net_family)
		return words_net(rec, req, n, reason);
	if (aamed_file_op_parse(op) >= 0)
		return words_file(rec, req, n, reason);
	snprintf(req->reason, OP_REASON_MAX,
		 "operation \"%s\" not decided by aamed", op);
	*reason = req->reason;
	return 0;
}

const char *replay_rebuild(const aa_log_record *rec,
			   struct replay_request *req)
{
	const char *reason = NULL;
	char err[512];
	int n;

	req->klass = NULL;
	req->other_side = false;
	n = words(rec, req, &reason);
	if (!n)
		return reason;
	if (parse_query(n, req->argv, &req->q, err, sizeof(err))) {
		snprintf(req->reason, sizeof(req->reason),
			 "request not rebuildable: %s", err);
		return req->reason;
	}
	return NULL;
}
