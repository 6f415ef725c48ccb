// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test --vm: a dbus test asked of the kernel the way dbus-daemon
 * asks it. The kernel does not mediate D-Bus; the bus daemon asks it a
 * label query (.access, libapparmor's aa_query_label()) for each
 * confined side of a message (bus/apparmor.c), and the kernel answers
 * with four masks from the policy's DFA. Each side asked becomes a
 * `query dbus` case of the oracle (tests/kernel/README.md), with the
 * fields in dbus-daemon's order; the kernel's masks then give the
 * verdict by libapparmor's rule (every requested bit allowed) and
 * dbus-daemon's (a complain-mode side is allowed). The subject's own
 * side's masks must also be aamed's (aamed_dbus_query_masks()).
 *
 * A policy whose profiles carry no dbus class (compiled for a feature
 * set without dbus, as Debian's kernels advertise) makes the kernel
 * answer every query allowed, unasked by dbus-daemon, which checks the
 * kernel's features first: nothing a dbus rule says is tested then, so
 * such a test is skipped, with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "test_vm.h"

/* The value of --OPT in the request words, NULL when absent. */
static const char *opt(char **w, int n, const char *name)
{
	int i;

	for (i = 2; i + 1 < n; i++)
		if (w[i][0] == '-' && w[i][1] == '-' && !strcmp(w[i] + 2, name))
			return w[i + 1];
	return NULL;
}

/* The request words as aamed_dbus_req; false when an option is not
 * one the query language gives dbus. */
static const char *parse(char **w, int n, struct aamed_dbus_req *req)
{
	static const char *const known[] = { "bus", "path", "interface",
		"member", "name", "peer-label", "peer-name", "type", "pid",
		"peer-pid", NULL };
	int i, k, op = n > 1 ? aamed_dbus_op_parse(w[1]) : -1;

	if (op < 0)
		return "not a dbus request the probe can ask (send, receive, bind, eavesdrop)";
	for (i = 2; i < n; i += 2) {
		for (k = 0; known[k]; k++)
			if (!strncmp(w[i], "--", 2) && !strcmp(w[i] + 2, known[k]))
				break;
		if (!known[k] || i + 1 >= n)
			return "a dbus option the label query does not carry (--masks?)";
	}
	memset(req, 0, sizeof(*req));
	req->size = sizeof(*req);
	req->op = (enum aamed_dbus_op)op;
	req->bus = opt(w, n, "bus");
	req->path = opt(w, n, "path");
	req->interface = opt(w, n, "interface");
	req->member = opt(w, n, "member");
	req->name = opt(w, n, "name");
	req->peer_name = opt(w, n, "peer-name");
	req->peer_label = opt(w, n, "peer-label");
	req->msgtype = opt(w, n, "type");
	req->pid = req->peer_pid = -1;
	return NULL;
}

/* Does every profile of label carry the dbus class? */
static bool mediates_dbus(const aamed_label *l)
{
	struct aamed_profile_info info;
	size_t i;

	for (i = 0; i < aamed_label_profile_count(l); i++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (aamed_profile_info(aamed_label_profile(l, i), &info) ||
		    !(info.mediates & (1ull << AAMED_CLASS_DBUS)))
			return false;
	}
	return true;
}

/* One field of a query case: `-` for none or empty. */
static int field(char *buf, size_t len, size_t at, const char *s)
{
	return snprintf(buf + at, len - at, " %s", s && *s ? s : "-");
}

/* The case's words for one side: bus, then per op the fields
 * dbus-daemon appends (build_service_query, build_eavesdrop_query,
 * build_message_query). */
static void side_words(struct vm_dbus_side *s, const struct aamed_dbus_req *req,
		       const char *name, const char *peer)
{
	size_t at = (size_t)snprintf(s->op, sizeof(s->op), "query dbus");

	at += field(s->op, sizeof(s->op), at, req->bus);
	if (req->op == AAMED_DBUS_EAVESDROP)
		return;
	at += field(s->op, sizeof(s->op), at, name);
	if (req->op == AAMED_DBUS_BIND)
		return;
	at += field(s->op, sizeof(s->op), at, peer);
	at += field(s->op, sizeof(s->op), at, req->path);
	at += field(s->op, sizeof(s->op), at, req->interface);
	field(s->op, sizeof(s->op), at, req->member);
}

static void side_set(struct vm_dbus_side *s, const aamed_label *l,
		     uint32_t mask, bool own)
{
	s->lab = l;
	s->asked = !aamed_label_is_unconfined(l);
	s->label = aamed_label_name(l);
	s->mask = mask;
	s->complain = !strcmp(aamed_label_mode(l), "complain");
	s->own = own;
}

/* A side asked with a field dbus-daemon would send empty or as "-". */
static bool words_ok(const struct aamed_dbus_req *req)
{
	const char *v[] = { req->bus, req->path, req->interface, req->member,
			    req->name, req->peer_name, req->peer_label };
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (v[i] && !strcmp(v[i], "-"))
			return false;
	return true;
}

const char *vm_dbus_plan(aamed_policy *p, const struct tcase *t,
			 struct vm_dbus *q)
{
	char **w = (char **)t->argv + 2;
	int n = t->argc - 2, err = 0;
	const aamed_label *subj, *peer;
	const char *why = parse(w, n, &q->req);
	bool send;

	memset(q->side, 0, sizeof(q->side));
	if (why)
		return why;
	if (!words_ok(&q->req))
		return "a dbus field `-`: the probe's query cases write an empty field so";
	if (q->req.msgtype && strcmp(q->req.msgtype, "method_call") &&
	    strcmp(q->req.msgtype, "signal"))
		return "a reply: dbus-daemon asks the same queries, the probe has no reply to judge";
	subj = aamed_label_get(p, t->label, &err);
	if (!subj)
		return "the label is not in the policy";
	if (q->req.op == AAMED_DBUS_BIND || q->req.op == AAMED_DBUS_EAVESDROP) {
		side_set(&q->side[0], subj, q->req.op == AAMED_DBUS_BIND ?
			 AAMED_DBUS_MAY_BIND : AAMED_DBUS_MAY_EAVESDROP, true);
		side_words(&q->side[0], &q->req, q->req.name, NULL);
	} else {
		peer = aamed_label_get(p, q->req.peer_label ? q->req.peer_label :
				       "unconfined", &err);
		if (!peer)
			return "the peer label is not in the policy";
		send = q->req.op == AAMED_DBUS_SEND;
		/* side 0 the sender, side 1 the receiver */
		side_set(&q->side[0], send ? subj : peer, AAMED_DBUS_MAY_SEND, send);
		side_set(&q->side[1], send ? peer : subj, AAMED_DBUS_MAY_RECEIVE, !send);
		side_words(&q->side[0], &q->req, send ? q->req.name : q->req.peer_name,
			   q->side[1].label);
		side_words(&q->side[1], &q->req, send ? q->req.peer_name : q->req.name,
			   q->side[0].label);
	}
	if (!q->side[0].asked && !q->side[1].asked)
		return "no side of the message is confined: dbus-daemon asks the kernel nothing";
	if ((q->side[0].asked && !mediates_dbus(q->side[0].lab)) ||
	    (q->side[1].asked && !mediates_dbus(q->side[1].lab)))
		return "the policy carries no dbus class (compiled for features without dbus: use a feature set with it, linux-VER-dbus): the kernel would allow every query, dbus-daemon would not ask";
	return NULL;
}

/* "allow 0x... deny 0x... audit 0x... quiet 0x..." */
static bool masks(const char *v, struct aamed_query_masks *m)
{
	return sscanf(v, "allow 0x%x deny 0x%x audit 0x%x quiet 0x%x",
		      &m->allow, &m->deny, &m->audit, &m->quiet) == 4;
}

int vm_dbus_verdict(aamed_policy *p,
		    const struct vm_dbus *q, char *const kv[2], char *out,
		    size_t len, char *mism, size_t mlen)
{
	struct aamed_query_masks k, a;
	char sides[600];
	bool allow = true;
	size_t at = 0;
	int i;

	mism[0] = sides[0] = '\0';
	for (i = 0; i < 2; i++) {
		const struct vm_dbus_side *s = &q->side[i];

		if (!s->asked)
			continue;
		if (!kv[i] || !kv[i][0])
			return -1;	/* no row: count() says so */
		if (!masks(kv[i], &k)) {
			snprintf(out, len, "%s", kv[i]);	/* ERROR ... */
			return 0;
		}
		/* libapparmor: allowed when every bit asked is allowed;
		 * dbus-daemon: a complain-mode side whatever the answer */
		allow = allow && ((k.allow & s->mask) == s->mask || s->complain);
		if (at < sizeof(sides))
			at += (size_t)snprintf(sides + at, sizeof(sides) - at,
					       "%s%s: %s", at ? "; " : "",
					       s->label, kv[i]);
		if (s->own && !aamed_dbus_query_masks(p, s->lab, &q->req, &a) &&
		    memcmp(&a, &k, sizeof(a)))
			snprintf(mism, mlen, "allow 0x%08x deny 0x%08x audit 0x%08x quiet 0x%08x (aamed's masks)",
				 a.allow, a.deny, a.audit, a.quiet);
	}
	/* the verdict first, as the judge reads it */
	snprintf(out, len, "%s (%s)", allow ? "ALLOWED" : "DENIED", sides);
	return 0;
}
