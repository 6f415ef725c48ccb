// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User namespace and io_uring queries (docs/query-language.md):
 *   userns create
 *   io_uring sqpoll
 *   io_uring override_creds --peer-label L   (L: the credentials' label)
 * On a kernel without these hooks the answer is "not mediated".
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

int ns_parse(int argc, char **argv, struct query *q, char *err,
	     size_t errlen)
{
	const char *usage = q->class == Q_USERNS
		? "userns create"
		: "io_uring sqpoll | io_uring override_creds --peer-label L";
	const char *word = argc == 1 ? argv[0] : NULL;

	if (argc == 1 && word[0] == '-' && word[1] == '-') {
		snprintf(err, errlen, "unknown option %s", word);
		return -1;
	}
	if (!word) {
		snprintf(err, errlen, "usage: %s", usage);
		return -1;
	}
	q->ns.word = word;
	if (q->class == Q_USERNS && !strcmp(word, "create")) {
		q->ns.request = AAMED_USERNS_CREATE;
	} else if (q->class == Q_URING && !strcmp(word, "sqpoll")) {
		q->ns.op = AAMED_URING_OP_SQPOLL;
		q->ns.request = AAMED_URING_SQPOLL;
	} else if (q->class == Q_URING && !strcmp(word, "override_creds")) {
		q->ns.op = AAMED_URING_OP_OVERRIDE_CREDS;
		q->ns.request = AAMED_URING_OVERRIDE_CREDS;
	} else {
		snprintf(err, errlen, "unknown %s request \"%s\" (%s)",
			 q->class_word, word, usage);
		return -1;
	}
	if ((q->class == Q_URING &&
	     q->ns.op == AAMED_URING_OP_OVERRIDE_CREDS) != !!q->peer_label) {
		snprintf(err, errlen, "%s %s",
			 q->peer_label ? "no --peer-label for" : "--peer-label needed for",
			 word);
		return -1;
	}
	return 0;
}

int ns_decide(aamed_policy *policy, const aamed_label *label,
	      const struct query *q, aamed_audit_fn fn, void *arg,
	      bool *unmediated, char *err, size_t errlen)
{
	const aamed_label *target = NULL;
	int lerr = 0, r;

	*unmediated = false;
	if (q->class == Q_USERNS) {
		r = aamed_userns_create(label, fn, arg);
		goto out;
	}
	if (q->peer_label) {
		target = aamed_label_get(policy, q->peer_label, &lerr);
		if (!target) {
			snprintf(err, errlen, "peer label \"%s\": %s",
				 q->peer_label,
				 lerr == -ENOENT ? "no such profile"
						 : "malformed label");
			return 1;
		}
	}
	r = aamed_io_uring(label, q->ns.op, target, fn, arg);
out:
	if (r == AAMED_NOT_MEDIATED) {
		*unmediated = true;
		return 0;
	}
	return r;
}

void ns_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "request");
	json_str(f, q->ns.word);
}
