// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * D-Bus queries (docs/query-language.md):
 *   dbus send|receive|bind|eavesdrop --bus B [--path P] [--interface I]
 *        [--member M] [--name N] [--peer-label L] [--peer-name N]
 *        [--type T] [--pid N] [--peer-pid N] [--masks]
 * decided as dbus-daemon decides (both sides of a message).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int parse_pid(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return errno || !*s || *end || *v < 0 ? -1 : 0;
}

/* The option's slot in the request, NULL for an unknown option. */
static const char **string_slot(struct aamed_dbus_req *r, const char *opt)
{
	static const struct {
		const char *opt;
		size_t off;
	} slots[] = {
		{ "--bus", offsetof(struct aamed_dbus_req, bus) },
		{ "--path", offsetof(struct aamed_dbus_req, path) },
		{ "--interface", offsetof(struct aamed_dbus_req, interface) },
		{ "--member", offsetof(struct aamed_dbus_req, member) },
		{ "--name", offsetof(struct aamed_dbus_req, name) },
		{ "--peer-name", offsetof(struct aamed_dbus_req, peer_name) },
		{ "--type", offsetof(struct aamed_dbus_req, msgtype) },
	};
	size_t i;

	for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++)
		if (!strcmp(opt, slots[i].opt))
			return (const char **)(void *)((char *)r + slots[i].off);
	return NULL;
}

static int dbus_option(struct query *q, const char *a, const char *v,
		       char *err, size_t errlen)
{
	struct aamed_dbus_req *r = &q->dbus.req;
	const char **slot = string_slot(r, a);

	if (!v) {
		snprintf(err, errlen, "%s needs a value", a);
		return -1;
	}
	if (slot) {
		*slot = v;
		return 0;
	}
	if (!strcmp(a, "--pid") || !strcmp(a, "--peer-pid")) {
		if (!parse_pid(v, !strcmp(a, "--pid") ? &r->pid : &r->peer_pid))
			return 0;
		snprintf(err, errlen, "%s: \"%s\" is not a pid", a, v);
		return -1;
	}
	snprintf(err, errlen, "unknown option %s", a);
	return -1;
}

static int dbus_check(struct query *q, char *err, size_t errlen)
{
	struct aamed_dbus_req *r = &q->dbus.req;
	bool message = r->op == AAMED_DBUS_SEND || r->op == AAMED_DBUS_RECEIVE;

	if (!r->bus) {
		snprintf(err, errlen, "dbus %s needs --bus BUS", q->dbus.word);
		return -1;
	}
	if (r->op == AAMED_DBUS_BIND && !r->name) {
		snprintf(err, errlen, "dbus bind needs --name NAME");
		return -1;
	}
	if (!message && (r->path || r->interface || r->member ||
			 r->peer_name || r->msgtype || q->peer_label)) {
		snprintf(err, errlen,
			 "dbus %s takes no message words (--path, --interface, --member, --peer-label, --peer-name, --type)",
			 q->dbus.word);
		return -1;
	}
	if (r->op == AAMED_DBUS_EAVESDROP && r->name) {
		snprintf(err, errlen, "dbus eavesdrop takes no --name");
		return -1;
	}
	r->peer_label = q->peer_label;
	return 0;
}

int dbus_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen)
{
	int i, op;

	q->dbus.req.pid = -1;
	q->dbus.req.peer_pid = -1;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--masks")) {
			q->masks = true;
		} else if (a[0] == '-' && a[1] == '-') {
			if (dbus_option(q, a, i + 1 < argc ? argv[i + 1] : NULL,
					err, errlen))
				return -1;
			i++;
		} else if (q->dbus.word) {
			snprintf(err, errlen, "unexpected word \"%s\"", a);
			return -1;
		} else {
			q->dbus.word = a;
		}
	}
	op = q->dbus.word ? aamed_dbus_op_parse(q->dbus.word) : -1;
	if (op < 0) {
		snprintf(err, errlen,
			 "usage: dbus send|receive|bind|eavesdrop --bus BUS [--path P] [--interface I] [--member M] [--name N] [--peer-label L]");
		return -1;
	}
	q->dbus.req.op = (enum aamed_dbus_op)op;
	return dbus_check(q, err, errlen);
}

int dbus_decide(aamed_policy *policy, const aamed_label *label,
		const struct query *q, aamed_audit_fn fn, void *arg, char *err,
		size_t errlen)
{
	int error = aamed_dbus_perm(policy, label, &q->dbus.req, fn, arg);

	if (error && error != -EACCES) {
		if (error == -ENOENT)
			snprintf(err, errlen, "peer label \"%s\": no such profile",
				 q->peer_label ? q->peer_label : "unconfined");
		else
			snprintf(err, errlen, "dbus %s: %s (--type: method_call, method_return, error, signal)",
				 q->dbus.word, strerror(-error));
		return 1;
	}
	return error;
}

uint32_t dbus_request(const struct query *q)
{
	static const uint32_t bits[] = {
		[AAMED_DBUS_SEND] = AAMED_DBUS_MAY_SEND,
		[AAMED_DBUS_RECEIVE] = AAMED_DBUS_MAY_RECEIVE,
		[AAMED_DBUS_BIND] = AAMED_DBUS_MAY_BIND,
		[AAMED_DBUS_EAVESDROP] = AAMED_DBUS_MAY_EAVESDROP,
	};

	return (unsigned)q->dbus.req.op < sizeof(bits) / sizeof(bits[0]) ?
		       bits[q->dbus.req.op] : 0;
}

static void json_opt(FILE *f, bool *first, const char *key, const char *v)
{
	json_key(f, first, key);
	json_str(f, v);
}

void dbus_json(FILE *f, bool *first, const struct query *q)
{
	const struct aamed_dbus_req *r = &q->dbus.req;

	json_opt(f, first, "request", q->dbus.word);
	json_opt(f, first, "bus", r->bus);
	json_opt(f, first, "path", r->path);
	json_opt(f, first, "interface", r->interface);
	json_opt(f, first, "member", r->member);
	json_opt(f, first, "name", r->name);
	json_opt(f, first, "peer_name", r->peer_name);
}

uint32_t dbus_denied(aamed_policy *policy, const char *profile,
		     const struct query *q, uint32_t request)
{
	const aamed_label *l = aamed_label_get(policy, profile, NULL);
	struct aamed_query_masks m;

	if (!l || aamed_dbus_query_masks(policy, l, &q->dbus.req, &m))
		return request;
	return request & ~(m.allow & ~m.deny);
}
