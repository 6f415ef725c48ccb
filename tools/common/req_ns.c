// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User namespace and io_uring queries (docs/query-language.md):
 *   userns create
 *   io_uring sqpoll
 *   io_uring override_creds --peer-label L   (L: the credentials' label)
 * On a kernel without these hooks the answer is "not mediated". Each is a
 * row of the class table (qclass.c).
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

static const char userns_usage[] = "userns create";
static const char uring_usage[] =
	"io_uring sqpoll | io_uring override_creds --peer-label L";

/* The one word of the query, or NULL with err set. */
static const char *ns_word(int argc, char **argv, const char *usage,
			   char *err, size_t errlen)
{
	const char *word = argc == 1 ? argv[0] : NULL;

	if (argc == 1 && word[0] == '-' && word[1] == '-') {
		snprintf(err, errlen, "unknown option %s", word);
		return NULL;
	}
	if (!word)
		snprintf(err, errlen, "usage: %s", usage);
	return word;
}

static int ns_unknown(const struct query *q, const char *word,
		      const char *usage, char *err, size_t errlen)
{
	snprintf(err, errlen, "unknown %s request \"%s\" (%s)", q->class_word,
		 word, usage);
	return -1;
}

/* --peer-label goes with override_creds and nothing else. */
static int ns_peer(const struct query *q, bool wanted, const char *word,
		   char *err, size_t errlen)
{
	if (wanted == !!q->peer_label)
		return 0;
	snprintf(err, errlen, "%s %s",
		 q->peer_label ? "no --peer-label for" : "--peer-label needed for",
		 word);
	return -1;
}

int userns_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen)
{
	const char *word = ns_word(argc, argv, userns_usage, err, errlen);

	if (!word)
		return -1;
	q->ns.word = word;
	if (strcmp(word, "create"))
		return ns_unknown(q, word, userns_usage, err, errlen);
	q->ns.request = AAMED_USERNS_CREATE;
	return ns_peer(q, false, word, err, errlen);
}

int uring_parse(int argc, char **argv, struct query *q, char *err,
		size_t errlen)
{
	const char *word = ns_word(argc, argv, uring_usage, err, errlen);

	if (!word)
		return -1;
	q->ns.word = word;
	if (!strcmp(word, "sqpoll")) {
		q->ns.op = AAMED_URING_OP_SQPOLL;
		q->ns.request = AAMED_URING_SQPOLL;
	} else if (!strcmp(word, "override_creds")) {
		q->ns.op = AAMED_URING_OP_OVERRIDE_CREDS;
		q->ns.request = AAMED_URING_OVERRIDE_CREDS;
	} else {
		return ns_unknown(q, word, uring_usage, err, errlen);
	}
	return ns_peer(q, q->ns.op == AAMED_URING_OP_OVERRIDE_CREDS, word, err,
		       errlen);
}

/* A kernel without the hook decides nothing: *unmediated, and 0. */
static int ns_mediated(int r, bool *unmediated)
{
	*unmediated = r == AAMED_NOT_MEDIATED;
	return *unmediated ? 0 : r;
}

int userns_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  bool *unmediated, char *err, size_t errlen)
{
	(void)policy;
	(void)q;
	(void)err;
	(void)errlen;
	return ns_mediated(aamed_userns_create(label, fn, arg), unmediated);
}

int uring_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, aamed_audit_fn fn, void *arg,
		 bool *unmediated, char *err, size_t errlen)
{
	const aamed_label *target = NULL;
	int lerr = 0;

	*unmediated = false;
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
	return ns_mediated(aamed_io_uring(label, q->ns.op, target, fn, arg),
			   unmediated);
}

void ns_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "request");
	json_str(f, q->ns.word);
}
