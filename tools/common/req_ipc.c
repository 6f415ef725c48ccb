// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capability, signal and ptrace queries (docs/query-language.md):
 *   capability NAME [--noaudit]
 *   signal NAME --peer-label L      (L: the target; --label is the sender)
 *   ptrace read|trace --peer-label L (L: the tracee; --label the tracer)
 * Each class is a row of the class table (qclass.c); they share the
 * shape of their words: one word, and --noaudit for a capability.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

/* The one word of the query into *word; 0 or -1 with err set. */
static int ipc_word(int argc, char **argv, bool noaudit, struct query *q,
		    const char **word, char *err, size_t errlen)
{
	int i;

	*word = NULL;
	for (i = 0; i < argc; i++) {
		if (noaudit && !strcmp(argv[i], "--noaudit")) {
			q->ipc.cap_opts |= AAMED_CAP_OPT_NOAUDIT;
		} else if (argv[i][0] == '-' && argv[i][1] == '-') {
			snprintf(err, errlen, "unknown option %s", argv[i]);
			return -1;
		} else if (*word) {
			snprintf(err, errlen, "unexpected word \"%s\"", argv[i]);
			return -1;
		} else {
			*word = argv[i];
		}
	}
	return 0;
}

int cap_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen)
{
	const char *word;

	if (ipc_word(argc, argv, true, q, &word, err, errlen))
		return -1;
	if (!word) {
		snprintf(err, errlen, "usage: capability NAME [--noaudit]");
		return -1;
	}
	q->ipc.cap = aamed_cap_parse(word);
	if (q->ipc.cap < 0) {
		snprintf(err, errlen, "unknown capability \"%s\"", word);
		return -1;
	}
	if (q->peer_label) {
		snprintf(err, errlen, "capability takes no --peer-label");
		return -1;
	}
	q->ipc.word = word;
	return 0;
}

int signal_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen)
{
	const char *word;

	if (ipc_word(argc, argv, false, q, &word, err, errlen))
		return -1;
	if (!word || !q->peer_label) {
		snprintf(err, errlen, "usage: signal NAME --peer-label TARGET");
		return -1;
	}
	q->ipc.sig = aamed_signal_parse(word);
	if (q->ipc.sig < 0) {
		snprintf(err, errlen,
			 "unknown signal \"%s\" (hup, term, rtmin+N, exists, a number)",
			 word);
		return -1;
	}
	q->ipc.word = word;
	return 0;
}

int ptrace_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen)
{
	const char *word;

	if (ipc_word(argc, argv, false, q, &word, err, errlen))
		return -1;
	if (!word || !q->peer_label) {
		snprintf(err, errlen,
			 "usage: ptrace read|trace --peer-label TRACEE");
		return -1;
	}
	if (!strcmp(word, "read")) {
		q->ipc.request = AAMED_PTRACE_READ;
	} else if (!strcmp(word, "trace")) {
		q->ipc.request = AAMED_PTRACE_TRACE;
	} else {
		snprintf(err, errlen,
			 "unknown ptrace request \"%s\" (read or trace)", word);
		return -1;
	}
	q->ipc.word = word;
	return 0;
}

int cap_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen)
{
	(void)policy;
	(void)err;
	(void)errlen;
	return aamed_capable(label, q->ipc.cap, q->ipc.cap_opts, fn, arg);
}

/* The other end of a signal or a ptrace; NULL with err set. */
static const aamed_label *ipc_peer(aamed_policy *policy,
				   const struct query *q, char *err,
				   size_t errlen)
{
	int lerr = 0;
	const aamed_label *peer = aamed_label_get(policy, q->peer_label, &lerr);

	if (!peer)
		snprintf(err, errlen, "peer label \"%s\": %s", q->peer_label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
	return peer;
}

int signal_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen)
{
	const aamed_label *peer = ipc_peer(policy, q, err, errlen);

	return peer ? aamed_signal(label, peer, q->ipc.sig, fn, arg) : 1;
}

int ptrace_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen)
{
	const aamed_label *peer = ipc_peer(policy, q, err, errlen);

	return peer ? aamed_ptrace(label, peer, q->ipc.request, fn, arg) : 1;
}

void cap_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "capability");
	json_str(f, q->ipc.word);
	json_key(f, first, "cap");
	fprintf(f, "%d", q->ipc.cap);
	json_key(f, first, "noaudit");
	fputs(q->ipc.cap_opts & AAMED_CAP_OPT_NOAUDIT ? "true" : "false", f);
}

void signal_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "signal");
	json_str(f, q->ipc.word);
	json_key(f, first, "signo");
	fprintf(f, "%d", q->ipc.sig);
}

void ptrace_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "request");
	json_str(f, q->ipc.word);
}
