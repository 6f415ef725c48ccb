// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Queries of the net classes (docs/query-language.md):
 *   net FAMILY TYPE OP [--protocol N] [--addr A] [--sock-label L]
 *   unix OP [--type T] [--protocol N] [--addr A] [--peer-addr A]
 *        [--peer-label L] [--sock-label L] [--fsuid N] [--ouid N]
 *        [--peer-ouid N]
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Operation words: the query language's short words and the kernel's op names. */
static const struct {
	const char *word;
	int op;
	enum net_query_kind unix_kind;	/* what the word means for unix */
} op_words[] = {
	{ "create", AAMED_NET_CREATE, NQ_SOCK },
	{ "bind", AAMED_NET_BIND, NQ_SOCK },
	{ "connect", AAMED_NET_CONNECT, NQ_CONNECT },
	{ "listen", AAMED_NET_LISTEN, NQ_SOCK },
	{ "accept", AAMED_NET_ACCEPT, NQ_SOCK },
	{ "send", AAMED_NET_SENDMSG, NQ_SEND },
	{ "sendmsg", AAMED_NET_SENDMSG, NQ_SEND },
	{ "receive", AAMED_NET_RECVMSG, NQ_RECEIVE },
	{ "recvmsg", AAMED_NET_RECVMSG, NQ_RECEIVE },
	{ "getattr", AAMED_NET_GETSOCKNAME, NQ_SOCK },
	{ "getsockname", AAMED_NET_GETSOCKNAME, NQ_SOCK },
	{ "getpeername", AAMED_NET_GETPEERNAME, NQ_SOCK },
	{ "getopt", AAMED_NET_GETSOCKOPT, NQ_SOCK },
	{ "getsockopt", AAMED_NET_GETSOCKOPT, NQ_SOCK },
	{ "setopt", AAMED_NET_SETSOCKOPT, NQ_SOCK },
	{ "setsockopt", AAMED_NET_SETSOCKOPT, NQ_SOCK },
	{ "shutdown", AAMED_NET_SHUTDOWN, NQ_SOCK },
	{ "socket_shutdown", AAMED_NET_SHUTDOWN, NQ_SOCK },
};

const char *net_op_word(size_t i, int *op)
{
	if (i >= sizeof(op_words) / sizeof(op_words[0]))
		return NULL;
	*op = op_words[i].op;
	return op_words[i].word;
}

/*
 * The operation words for a message, from the table: "create, bind, ...,
 * send|sendmsg, ..." (the words of one operation joined by "|").
 */
static void op_list(char *buf, size_t len)
{
	const char *w;
	size_t i, used = 0;
	int op, prev = -1;

	buf[0] = '\0';
	for (i = 0; (w = net_op_word(i, &op)) && used + 1 < len; i++) {
		snprintf(buf + used, len - used, "%s%s",
			 !i ? "" : op == prev ? "|" : ", ", w);
		used += strlen(buf + used);
		prev = op;
	}
}

/*
 * Family and socket type names are the library's (aamed_family_name(),
 * aamed_sock_type_name()); no number the kernel names is this high.
 */
#define NAME_SCAN 256

static int parse_num(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	*v = strtoul(s, &end, 10);
	return errno || *end || *v > max ? -1 : 0;
}

/*
 * The number name() gives the name s, "local" (AF_LOCAL, an alias the
 * names leave out), or a decimal number up to the highest named one;
 * -1 when s is none of them.
 */
static int lookup(const char *(*name)(int), const char *s)
{
	unsigned long v;
	int i, last = -1;

	for (i = 0; i < NAME_SCAN; i++) {
		const char *n = name(i);

		if (!n)
			continue;
		if (!strcmp(n, s))
			return i;
		last = i;
	}
	if (!strcmp(s, "local"))
		return 1;	/* AF_LOCAL */
	if (last >= 0 && !parse_num(s, (unsigned long)last, &v))
		return (int)v;
	return -1;
}

/* "none" and "" mean no address; anything else must be /path or @name. */
static int parse_addr(const char *v, const char **out, char *err,
		      size_t errlen)
{
	if (!strcmp(v, "none") || !*v) {
		*out = NULL;
		return 0;
	}
	if (v[0] != '/' && v[0] != '@') {
		snprintf(err, errlen,
			 "address \"%s\" is neither /path, @abstract nor none",
			 v);
		return -1;
	}
	*out = v;
	return 0;
}

/* The words of net (FAMILY TYPE OP) or of unix (OP, --type, peer keys). */
static int sock_parse(int argc, char **argv, struct query *q, bool is_unix,
		      char *err, size_t errlen)
{
	struct net_query *n = &q->net;
	const char *pos[3] = { 0 };
	const char *type = NULL;
	int npos = 0, want = is_unix ? 1 : 3;
	unsigned long v;
	size_t k;
	int i, t;

	memset(n, 0, sizeof(*n));
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (a[0] != '-' || a[1] != '-') {
			if (npos == want) {
				snprintf(err, errlen, "unexpected word \"%s\"", a);
				return -1;
			}
			pos[npos++] = a;
			continue;
		}
		if (!val) {
			snprintf(err, errlen, "%s needs a value", a);
			return -1;
		}
		i++;
		if (!strcmp(a, "--type") && is_unix) {
			type = val;
		} else if (!strcmp(a, "--protocol")) {
			if (parse_num(val, 0xffff, &v)) {
				snprintf(err, errlen, "bad protocol \"%s\"", val);
				return -1;
			}
			n->sk.protocol = n->peer.protocol = (uint16_t)v;
		} else if (!strcmp(a, "--addr")) {
			if (parse_addr(val, &n->sk.addr, err, errlen))
				return -1;
		} else if (!strcmp(a, "--peer-addr") && is_unix) {
			if (parse_addr(val, &n->peer.addr, err, errlen))
				return -1;
		} else if (!strcmp(a, "--sock-label")) {
			n->sock_label = val;
		} else if (!strcmp(a, "--fsuid") || !strcmp(a, "--ouid") ||
			   !strcmp(a, "--peer-ouid")) {
			if (parse_num(val, 0xffffffffUL, &v)) {
				snprintf(err, errlen, "%s: \"%s\" is not a uid", a,
					 val);
				return -1;
			}
			if (!strcmp(a, "--fsuid"))
				n->sk.fsuid = (uint32_t)v;
			else if (!strcmp(a, "--ouid"))
				n->sk.ouid = (uint32_t)v;
			else
				n->peer.ouid = (uint32_t)v;
		} else {
			snprintf(err, errlen, "unknown option %s", a);
			return -1;
		}
	}
	if (npos != want) {
		char ops[400];

		op_list(ops, sizeof(ops));
		snprintf(err, errlen, !is_unix ?
				 "usage: net FAMILY TYPE OP [options]; OP: %s" :
				 "usage: unix OP [--type T] [options]; OP: %s",
			 ops);
		return -1;
	}
	if (!is_unix) {
		t = lookup(aamed_family_name, pos[0]);
		if (t < 0) {
			snprintf(err, errlen, "unknown address family \"%s\"",
				 pos[0]);
			return -1;
		}
		n->sk.family = (uint16_t)t;
		type = pos[1];
		n->word = pos[2];
	} else {
		n->sk.family = 1;	/* AF_UNIX */
		n->word = pos[0];
		if (!type)
			type = "stream";
	}
	t = lookup(aamed_sock_type_name, type);
	if (t < 0 || !aamed_sock_type_name(t)) {
		snprintf(err, errlen, "unknown socket type \"%s\"", type);
		return -1;
	}
	n->sk.type = (uint16_t)t;
	for (k = 0; k < sizeof(op_words) / sizeof(op_words[0]); k++)
		if (!strcmp(op_words[k].word, n->word))
			break;
	if (k == sizeof(op_words) / sizeof(op_words[0])) {
		if (!strcmp(n->word, "setattr"))
			snprintf(err, errlen,
				 "no socket hook asks for setattr (the kernel mediates it on the file)");
		else {
			char ops[400];

			op_list(ops, sizeof(ops));
			snprintf(err, errlen,
				 "unknown socket operation \"%s\" (%s)",
				 n->word, ops);
		}
		return -1;
	}
	n->op = op_words[k].op;
	n->kind = is_unix ? op_words[k].unix_kind : NQ_SOCK;
	if (n->sk.family != 1 && n->sk.addr) {
		snprintf(err, errlen, "--addr is for unix sockets");
		return -1;
	}
	if (n->kind != NQ_SOCK) {
		n->has_peer = true;
		n->peer.family = n->sk.family;
		n->peer.type = n->sk.type;
		n->peer.fsuid = n->sk.fsuid;
	}
	return 0;
}

int net_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen)
{
	return sock_parse(argc, argv, q, false, err, errlen);
}

int unix_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen)
{
	return sock_parse(argc, argv, q, true, err, errlen);
}

static int resolve(aamed_policy *policy, const char *text,
		   const aamed_label **out, char *err, size_t errlen)
{
	int e = 0;

	if (!strcmp(text, "kernel")) {
		*out = NULL;	/* a kernel socket: never mediated */
		return 0;
	}
	*out = aamed_label_get(policy, text, &e);
	if (!*out) {
		snprintf(err, errlen, "label \"%s\": %s", text,
			 e == -ENOENT ? "no such profile" : "malformed label");
		return -1;
	}
	return 0;
}

int net_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen)
{
	const struct net_query *n = &q->net;
	struct aamed_sock sk = n->sk, peer = n->peer;
	const aamed_label *peer_label = aamed_label_unconfined(policy);

	sk.label = label;
	if (n->sock_label && resolve(policy, n->sock_label, &sk.label, err,
				     errlen))
		return 1;
	if (q->peer_label &&
	    resolve(policy, q->peer_label, &peer_label, err, errlen))
		return 1;
	peer.label = peer_label;
	switch (n->kind) {
	case NQ_SEND:
		return aamed_unix_send(label, &sk, &peer, fn, arg);
	case NQ_CONNECT:
		return aamed_unix_connect(label, &sk, &peer, fn, arg);
	case NQ_RECEIVE:
		/* upstream: the peer's datagram to us (both sides);
		 * 6.1/6.12: our recvmsg hook, the only check there is */
		if (aamed_policy_kernel(policy) == AAMED_KERNEL_UPSTREAM) {
			struct aamed_sock from = peer, to = sk;

			from.fsuid = sk.fsuid;
			return aamed_unix_send(peer_label, &from, &to, fn, arg);
		}
		return aamed_net_perm(label, AAMED_NET_RECVMSG, &sk, fn, arg);
	case NQ_SOCK:
		break;
	}
	return aamed_net_perm(label, (enum aamed_net_op)n->op, &sk, fn, arg);
}

void net_json(FILE *f, bool *first, const struct query *q)
{
	const struct net_query *n = &q->net;

	json_key(f, first, "operation");
	json_str(f, aamed_net_op_name((enum aamed_net_op)n->op));
	json_key(f, first, "family");
	json_str(f, aamed_family_name(n->sk.family));
	json_key(f, first, "sock_type");
	json_str(f, aamed_sock_type_name(n->sk.type));
	json_key(f, first, "protocol");
	fprintf(f, "%u", n->sk.protocol);
}

void unix_json(FILE *f, bool *first, const struct query *q)
{
	const struct net_query *n = &q->net;

	net_json(f, first, q);
	json_key(f, first, "addr");
	json_str(f, n->sk.addr);
	json_key(f, first, "peer_addr");
	json_str(f, n->has_peer ? n->peer.addr : NULL);
}
