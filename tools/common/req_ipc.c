// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capability, signal and ptrace queries (docs/query-language.md):
 *   capability NAME [--noaudit]
 *   signal NAME --peer-label L      (L: the target; --label is the sender)
 *   ptrace read|trace --peer-label L (L: the tracee; --label the tracer)
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

int ipc_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen)
{
	const char *word = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		if (q->class == Q_CAP && !strcmp(argv[i], "--noaudit")) {
			q->ipc.cap_opts |= AAMED_CAP_OPT_NOAUDIT;
		} else if (argv[i][0] == '-' && argv[i][1] == '-') {
			snprintf(err, errlen, "unknown option %s", argv[i]);
			return -1;
		} else if (word) {
			snprintf(err, errlen, "unexpected word \"%s\"", argv[i]);
			return -1;
		} else {
			word = argv[i];
		}
	}
	switch (q->class) {
	case Q_CAP:
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
		break;
	case Q_SIGNAL:
		if (!word || !q->peer_label) {
			snprintf(err, errlen,
				 "usage: signal NAME --peer-label TARGET");
			return -1;
		}
		q->ipc.sig = aamed_signal_parse(word);
		if (q->ipc.sig < 0) {
			snprintf(err, errlen,
				 "unknown signal \"%s\" (hup, term, rtmin+N, exists, a number)",
				 word);
			return -1;
		}
		break;
	default:
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
				 "unknown ptrace request \"%s\" (read or trace)",
				 word);
			return -1;
		}
		break;
	}
	q->ipc.word = word;
	return 0;
}

int ipc_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen)
{
	const aamed_label *peer = NULL;
	int lerr = 0;

	if (q->class != Q_CAP) {
		peer = aamed_label_get(policy, q->peer_label, &lerr);
		if (!peer) {
			snprintf(err, errlen, "peer label \"%s\": %s",
				 q->peer_label,
				 lerr == -ENOENT ? "no such profile"
						 : "malformed label");
			return 1;
		}
	}
	switch (q->class) {
	case Q_CAP:
		return aamed_capable(label, q->ipc.cap, q->ipc.cap_opts, fn, arg);
	case Q_SIGNAL:
		return aamed_signal(label, peer, q->ipc.sig, fn, arg);
	default:
		return aamed_ptrace(label, peer, q->ipc.request, fn, arg);
	}
}

void ipc_json(FILE *f, bool *first, const struct query *q)
{
	switch (q->class) {
	case Q_CAP:
		json_key(f, first, "capability");
		json_str(f, q->ipc.word);
		json_key(f, first, "cap");
		fprintf(f, "%d", q->ipc.cap);
		json_key(f, first, "noaudit");
		fputs(q->ipc.cap_opts & AAMED_CAP_OPT_NOAUDIT ? "true" : "false",
		      f);
		break;
	case Q_SIGNAL:
		json_key(f, first, "signal");
		json_str(f, q->ipc.word);
		json_key(f, first, "signo");
		fprintf(f, "%d", q->ipc.sig);
		break;
	default:
		json_key(f, first, "request");
		json_str(f, q->ipc.word);
		break;
	}
}
