// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A policy's observable state as text: profile count, ABI, every
 * profile's name, namespace and mode, and for the first profiles a few
 * decisions (file read and write, exec, signal, network) with the audit
 * records they produce. Resolving labels may intern them; that changes
 * nothing this text shows.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "state.h"

#define DECIDE_PROFILES 12

static void add(struct state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add(struct state *st, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (st->n >= sizeof(st->text) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(st->text + st->n, sizeof(st->text) - st->n, fmt, ap);
	va_end(ap);
	if (n > 0)
		st->n += (size_t)n < sizeof(st->text) - st->n ?
				 (size_t)n : sizeof(st->text) - 1 - st->n;
}

void state_record(const struct aamed_audit *rec, void *arg)
{
	char line[2048];

	aamed_audit_format(rec, line, sizeof(line), 0, -1, NULL);
	add(arg, "    %s\n", line);
}

static void decide(const aamed_label *l, aamed_policy *pol, struct state *st)
{
	struct aamed_file_req rd = { .path = "/etc/shadow",
				     .request = AAMED_MAY_READ,
				     .op = AAMED_OP_OPEN };
	struct aamed_file_req wr = { .path = "/tmp/alloc/f",
				     .request = AAMED_MAY_WRITE,
				     .op = AAMED_OP_OPEN };
	struct aamed_sock sk = { .label = l, .family = AF_INET,
				 .type = SOCK_RAW, .protocol = 1 };
	struct aamed_exec_result xr = { .size = sizeof(xr) };
	int rc;

	rc = aamed_file_perm(l, &rd, state_record, st);
	add(st, "  read %d\n", rc);
	rc = aamed_file_perm(l, &wr, state_record, st);
	add(st, "  write %d\n", rc);
	rc = aamed_exec(l, "/usr/bin/ping", 0, 0, &xr, state_record, st);
	add(st, "  exec %d mode %d name %s\n", rc, (int)xr.mode,
	    rc ? "-" : xr.name);
	rc = aamed_signal(l, aamed_label_unconfined(pol), SIGKILL,
			  state_record, st);
	add(st, "  signal %d\n", rc);
	rc = aamed_net_perm(l, AAMED_NET_CREATE, &sk, state_record, st);
	add(st, "  net %d\n", rc);
}

/* "name" or ":ns:name" of profile i. */
static void profile_text(aamed_policy *pol, size_t i, char *text, size_t len)
{
	const char *name = aamed_policy_profile_name(pol, i);
	const char *ns = aamed_policy_profile_ns(pol, i);

	if (ns[0])
		snprintf(text, len, ":%s:%s", ns, name);
	else
		snprintf(text, len, "%s", name);
}

void state_labels(aamed_policy *pol, struct state *st)
{
	size_t n = aamed_policy_profile_count(pol), i;
	char text[1024];
	int error;

	st->n = 0;
	st->text[0] = '\0';
	add(st, "unconfined %p\n", (const void *)aamed_label_unconfined(pol));
	for (i = 0; i < n; i++) {
		profile_text(pol, i, text, sizeof(text));
		add(st, "%s %p\n", text,
		    (const void *)aamed_label_get(pol, text, &error));
	}
}

void state_of(aamed_policy *pol, struct state *st)
{
	size_t n = aamed_policy_profile_count(pol), i;

	st->n = 0;
	st->text[0] = '\0';
	add(st, "profiles %zu abi %u\n", n, aamed_policy_abi(pol));
	for (i = 0; i < n; i++) {
		const aamed_label *l;
		char text[1024];
		int error;

		profile_text(pol, i, text, sizeof(text));
		l = aamed_label_get(pol, text, &error);
		add(st, "%s %s\n", text, l ? aamed_label_mode(l) : "(none)");
		if (l && i < DECIDE_PROFILES)
			decide(l, pol, st);
	}
}

const char *state_diff(const struct state *a, const struct state *b)
{
	static char out[600];
	const char *p = a->text, *q = b->text;
	const char *line = p;

	while (*p && *p == *q) {
		if (*p == '\n')
			line = p + 1;
		p++;
		q++;
	}
	snprintf(out, sizeof(out), "at \"%.250s\"", line);
	return out;
}
