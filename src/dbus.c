// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * D-Bus mediation the way dbus-daemon does it (bus/apparmor.c): the
 * daemon, not the kernel, decides; it asks one label query per side of
 * a message (the kernel's answer comes from label_query.c), allows an
 * unconfined side without asking and a complain-mode side whatever the
 * answer, and logs its own records, whose field order it chooses.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aamed.h"
#include "apparmor.h"
#include "audit.h"
#include "label.h"
#include "versioned.h"

/* Queries up to this size are built on the stack: no allocation. */
#define QUERY_STACK 1024

static const char *const op_names[] = {
	[AAMED_DBUS_SEND] = "send",
	[AAMED_DBUS_RECEIVE] = "receive",
	[AAMED_DBUS_BIND] = "bind",
	[AAMED_DBUS_EAVESDROP] = "eavesdrop",
};

int aamed_dbus_op_parse(const char *word)
{
	size_t i;

	for (i = 0; word && i < ARRAY_SIZE(op_names); i++)
		if (strcmp(word, op_names[i]) == 0)
			return (int)i;
	return -1;
}

const char *aamed_dbus_op_name(enum aamed_dbus_op op)
{
	return (unsigned)op < ARRAY_SIZE(op_names) ? op_names[op] : NULL;
}

/* A query under construction: the bytes dbus-daemon appends. */
struct qbuf {
	char *p;
	size_t n, cap;
	char stack[QUERY_STACK];
};

static int qput(struct qbuf *q, const void *s, size_t len)
{
	if (len > q->cap - q->n) {
		size_t cap = (q->n + len) * 2;
		char *p = malloc(cap);

		if (!p)
			return -ENOMEM;
		memcpy(p, q->p, q->n);
		if (q->p != q->stack)
			free(q->p);
		q->p = p;
		q->cap = cap;
	}
	memcpy(q->p + q->n, s, len);
	q->n += len;
	return 0;
}

/* query_append(): a NUL, then the string (nothing for NULL). */
static int qfield(struct qbuf *q, const char *s)
{
	return qput(q, "", 1) ?: (s ? qput(q, s, strlen(s)) : 0);
}

/* build_common_query(): reserved bytes, label, NUL, class, bus. */
static int qcommon(struct qbuf *q, const char *label, const char *bus)
{
	static const char reserved[AAMED_QUERY_CMD_LABEL_SIZE];
	const char class = (char)AAMED_QUERY_CLASS_DBUS;

	q->p = q->stack;
	q->n = 0;
	q->cap = sizeof(q->stack);
	return qput(q, reserved, sizeof(reserved)) ?:
	       qput(q, label, strlen(label) + 1) ?: qput(q, &class, 1) ?:
	       qput(q, bus ? bus : "", bus ? strlen(bus) : 0);
}

static void qfree(struct qbuf *q)
{
	if (q->p != q->stack)
		free(q->p);
}

/* One side of a decision: who asks, what it was answered. */
struct side {
	const aamed_label *label;
	const char *text;	/* the label as dbus-daemon has it */
	long pid;
	int allow, audit;
};

static int side_init(struct side *s, const aamed_label *label, long pid)
{
	s->label = label;
	s->text = aamed_label_name(label);
	s->pid = pid;
	s->allow = 1;
	s->audit = 0;
	return 0;
}

static bool side_unconfined(const struct side *s)
{
	return strcmp(aamed_label_mode(s->label), "unconfined") == 0;
}

/* Ask the kernel, then apply dbus-daemon's complain-mode rule. */
static int side_ask(aamed_policy *policy, struct side *s, uint32_t mask,
		    struct qbuf *q)
{
	/* the bus asks about a peer's label: one a task holds */
	int error = aa_lq_verdict(policy, mask, q->p, q->n, true, &s->allow,
				   &s->audit);

	qfree(q);
	if (error)
		return error;
	if (strcmp(aamed_label_mode(s->label), "complain") == 0)
		s->allow = 1;
	return 0;
}

/*
 * The query one side asks: build_service_query() (bind: the name),
 * build_eavesdrop_query() (the bus alone) or build_message_query() (the
 * other end's name and label, then path, interface and member).
 */
static int side_query(struct qbuf *q, const char *label,
		      const struct aamed_dbus_req *req, enum aamed_dbus_op op,
		      const char *name, const char *peer_text)
{
	int error = qcommon(q, label, req->bus);

	if (error || op == AAMED_DBUS_EAVESDROP)
		return error;
	if (op == AAMED_DBUS_BIND)
		return qfield(q, name);
	return qfield(q, name) ?: qfield(q, peer_text) ?:
	       qfield(q, req->path) ?: qfield(q, req->interface) ?:
	       qfield(q, req->member);
}

static int ask_message(aamed_policy *policy, struct side *s, uint32_t mask,
		       const struct aamed_dbus_req *req, const char *name,
		       const char *peer_text)
{
	struct qbuf q;
	int error;

	error = side_query(&q, s->text, req, AAMED_DBUS_SEND, name, peer_text);
	if (error) {
		qfree(&q);
		return error;
	}
	return side_ask(policy, s, mask, &q);
}

int aamed_dbus_query_masks(aamed_policy *policy, const aamed_label *subj,
			   const struct aamed_dbus_req *req,
			   struct aamed_query_masks *out)
{
	struct aamed_dbus_req local;
	struct qbuf q;
	int error;

	if (!policy || !subj || !req || !out)
		return -EINVAL;
	req = AA_STRUCT_IN(req, &local, AA_V0_DBUS_REQ, &error);
	if (!req)
		return error;
	if ((unsigned)req->op > AAMED_DBUS_EAVESDROP)
		return -EINVAL;
	error = side_query(&q, aamed_label_name(subj), req, req->op,
			   req->name, req->peer_label ? req->peer_label
						      : "unconfined");
	if (!error)
		error = aa_lq_masks(policy, q.p, q.n, true, out);
	qfree(&q);
	return error;
}

/* dbus_message_type_to_string()'s names, and the operation each logs. */
static const char *const msgtypes[][2] = {
	{ "method_call", "dbus_method_call" },
	{ "method_return", "dbus_method_return" },
	{ "error", "dbus_error" },
	{ "signal", "dbus_signal" },
};

/* The operation= of a message record, NULL for an unknown type. */
static const char *message_op(const char *msgtype)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(msgtypes); i++)
		if (strcmp(msgtype ? msgtype : "method_call", msgtypes[i][0]) == 0)
			return msgtypes[i][1];
	return NULL;
}

/* A record of dbus-daemon's log_message(), handed to the caller. */
static void emit(const struct aamed_dbus_req *req, const struct side *s,
		 const struct side *peer, uint32_t mask, const char *name,
		 aamed_audit_fn audit, void *arg)
{
	struct aamed_audit rec;

	if (!audit)
		return;
	memset(&rec, 0, sizeof(rec));
	rec.size = sizeof(rec);
	rec.type = s->allow ? AAMED_AUDIT_ALLOWED : AAMED_AUDIT_DENIED;
	rec.class = AAMED_CLASS_DBUS;
	rec.op = mask == AAMED_DBUS_MAY_BIND	  ? "dbus_bind"
		 : mask == AAMED_DBUS_MAY_EAVESDROP ? "dbus_eavesdrop"
						    : message_op(req->msgtype);
	rec.bus = req->bus ? req->bus : "unknown";
	rec.request = mask;
	rec.name = name;
	rec.profile = s->text;
	rec.pid = s->pid;
	rec.peer_pid = peer ? peer->pid : -1;
	rec.peer = peer ? peer->text : NULL;
	if (mask & (AAMED_DBUS_MAY_SEND | AAMED_DBUS_MAY_RECEIVE)) {
		rec.path = req->path;
		rec.interface = req->interface;
		rec.member = req->member;
		rec.msgtype = req->msgtype ? req->msgtype : "method_call";
	}
	audit(&rec, arg);
}

/* bus_apparmor_allows_acquire_service() and _eavesdropping(). */
static int one_side(aamed_policy *policy, const aamed_label *subj,
		    const struct aamed_dbus_req *req, aamed_audit_fn audit,
		    void *arg)
{
	bool bind = req->op == AAMED_DBUS_BIND;
	uint32_t mask = bind ? AAMED_DBUS_MAY_BIND : AAMED_DBUS_MAY_EAVESDROP;
	struct side s;
	struct qbuf q;
	int error;

	side_init(&s, subj, req->pid);
	if (side_unconfined(&s))
		return 0;
	error = side_query(&q, s.text, req, req->op, req->name, NULL);
	if (error) {
		qfree(&q);
		return error;
	}
	error = side_ask(policy, &s, mask, &q);
	if (error)
		return error;
	if (s.audit)
		emit(req, &s, NULL, mask, bind ? req->name : NULL, audit, arg);
	return s.allow ? 0 : -EACCES;
}

static bool is_reply(const char *msgtype)
{
	return msgtype && (strcmp(msgtype, "method_return") == 0 ||
			   strcmp(msgtype, "error") == 0);
}

/* bus_apparmor_allows_send(): the sender's send, the receiver's receive. */
static int both_sides(aamed_policy *policy, const aamed_label *subj,
		      const struct aamed_dbus_req *req, aamed_audit_fn audit,
		      void *arg)
{
	const aamed_label *peer;
	const char *dest, *source;
	struct side src, dst;
	int error = 0;

	if (!message_op(req->msgtype))
		return -EINVAL;
	peer = aamed_label_get(policy, req->peer_label ? req->peer_label
						       : "unconfined", &error);
	if (!peer)
		return error ? error : -ENOENT;
	if (req->op == AAMED_DBUS_SEND) {
		side_init(&src, subj, req->pid);
		side_init(&dst, peer, req->peer_pid);
		dest = req->name;
		source = req->peer_name;
	} else {
		side_init(&src, peer, req->peer_pid);
		side_init(&dst, subj, req->pid);
		dest = req->peer_name;
		source = req->name;
	}
	if (!side_unconfined(&src))
		error = ask_message(policy, &src, AAMED_DBUS_MAY_SEND, req, dest,
				    dst.text);
	if (!error && !side_unconfined(&dst))
		error = ask_message(policy, &dst, AAMED_DBUS_MAY_RECEIVE, req,
				    source, src.text);
	if (error)
		return error;
	if (!is_reply(req->msgtype)) {
		if (src.audit)
			emit(req, &src, &dst, AAMED_DBUS_MAY_SEND, dest, audit,
			     arg);
		if (dst.audit)
			emit(req, &dst, &src, AAMED_DBUS_MAY_RECEIVE, source,
			     audit, arg);
	}
	return src.allow && dst.allow ? 0 : -EACCES;
}

int aamed_dbus_perm(aamed_policy *policy, const aamed_label *subj,
		    const struct aamed_dbus_req *req, aamed_audit_fn audit,
		    void *arg)
{
	struct aamed_dbus_req local;
	int error;

	if (!policy || !subj || !req)
		return -EINVAL;
	req = AA_STRUCT_IN(req, &local, AA_V0_DBUS_REQ, &error);
	if (!req)
		return error;
	switch (req->op) {
	case AAMED_DBUS_SEND:
	case AAMED_DBUS_RECEIVE:
		return both_sides(policy, subj, req, audit, arg);
	case AAMED_DBUS_BIND:
	case AAMED_DBUS_EAVESDROP:
		return one_side(policy, subj, req, audit, arg);
	}
	return -EINVAL;
}

/* ------------------------------------------------------------------ */
/* The record, in log_message()'s words and _dbus_append_pair_*'s order. */

static void put_str(struct aa_abuf *o, const char *key, const char *val)
{
	if (val)
		aa_put(o, " %s=\"%s\"", key, val);
}

static const char *mask_name(uint32_t mask)
{
	switch (mask) {
	case AAMED_DBUS_MAY_SEND:
		return "send";
	case AAMED_DBUS_MAY_RECEIVE:
		return "receive";
	case AAMED_DBUS_MAY_BIND:
		return "bind";
	case AAMED_DBUS_MAY_EAVESDROP:
		return "eavesdrop";
	}
	return "";
}

static void dbus_format(struct aa_abuf *o, const struct aamed_audit *r)
{
	aa_put(o, "apparmor=\"%s\" operation=\"%s\"",
	       r->type == AAMED_AUDIT_ALLOWED ? "ALLOWED" : "DENIED",
	       r->op ? r->op : "");
	put_str(o, "bus", r->bus);
	put_str(o, "path", r->path);
	put_str(o, "interface", r->interface);
	put_str(o, "member", r->member);
	if (r->request == AAMED_DBUS_MAY_SEND) {
		put_str(o, "mask", mask_name(r->request));
		put_str(o, "name", r->name);
	} else {
		put_str(o, "name", r->name);
		put_str(o, "mask", mask_name(r->request));
	}
	if (r->pid >= 0)
		aa_put(o, " pid=%ld", r->pid);
	put_str(o, "label", r->profile);
	if (r->peer_pid >= 0)
		aa_put(o, " peer_pid=%ld", r->peer_pid);
	put_str(o, "peer_label", r->peer);
}

/* Every dbus bit of mask by name, space-separated. */
static size_t dbus_perms_str(uint32_t mask, char *buf, size_t len)
{
	static const uint32_t bits[] = {
		AAMED_DBUS_MAY_SEND, AAMED_DBUS_MAY_RECEIVE,
		AAMED_DBUS_MAY_BIND, AAMED_DBUS_MAY_EAVESDROP,
	};
	struct aa_abuf o = { buf, len, 0 };
	size_t i;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(bits); i++)
		if (mask & bits[i])
			aa_put(&o, "%s%s", o.n ? " " : "", mask_name(bits[i]));
	return o.n;
}

const struct aa_class_ops aa_dbus_class = {
	.name = "dbus",
	.perms_str = dbus_perms_str,
	.format = dbus_format,
};
