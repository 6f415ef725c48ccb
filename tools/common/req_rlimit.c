// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Resource limit queries (docs/query-language.md):
 *   rlimit RESOURCE HARD [--soft N] [--peer-label L] [--rlimit NAME=SOFT:HARD]...
 *   file PATH x ... [--rlimit NAME=SOFT:HARD]...   (the limits after exec)
 * A task's limits before the request are Linux's defaults for its first
 * task unless --rlimit gives them.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "cli.h"

/* A starting limit: a decimal number or "infinity", no unit. */
static int parse_limit(const char *s, uint64_t *v)
{
	const char *rest;

	return rlimit_number(s, v, &rest) || *rest ? -1 : 0;
}

static void start_init(struct rlimit_query *r)
{
	if (!r->start.size)
		aamed_rlimits_default(&r->start);
}

/* --rlimit NAME=SOFT:HARD */
static int parse_start(const char *v, struct rlimit_query *r, char *err,
		       size_t errlen)
{
	char buf[128], *eq, *colon;
	struct aamed_rlimit l;
	int res;

	if (strlen(v) >= sizeof(buf)) {
		snprintf(err, errlen, "--rlimit: value too long");
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	eq = strchr(buf, '=');
	colon = eq ? strchr(eq + 1, ':') : NULL;
	if (!colon) {
		snprintf(err, errlen, "--rlimit \"%s\": expected NAME=SOFT:HARD", v);
		return -1;
	}
	*eq = *colon = '\0';
	res = aamed_rlimit_parse(buf);
	if (res < 0) {
		snprintf(err, errlen, "--rlimit: unknown resource \"%s\"", buf);
		return -1;
	}
	if (parse_limit(eq + 1, &l.cur) || parse_limit(colon + 1, &l.max) ||
	    l.cur > l.max) {
		snprintf(err, errlen,
			 "--rlimit \"%s\": limits are numbers or infinity, soft at most hard",
			 v);
		return -1;
	}
	start_init(r);
	r->start.lim[res] = l;
	r->given |= 1u << res;
	return 0;
}

int rlimit_opt(const char *a, const char *v, struct query *q, char *err,
	       size_t errlen)
{
	if (strcmp(a, "--rlimit"))
		return 1;
	if (!v) {
		snprintf(err, errlen, "--rlimit needs a value");
		return -1;
	}
	return parse_start(v, &q->rl, err, errlen);
}

int rlimit_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen)
{
	const char *pos[2] = { NULL, NULL }, *soft = NULL;
	struct rlimit_query *r = &q->rl;
	int i, n = 0, e;

	start_init(r);
	for (i = 0; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		e = rlimit_opt(argv[i], v, q, err, errlen);
		if (e <= 0) {
			if (e < 0)
				return -1;
			i++;
		} else if (!strcmp(argv[i], "--soft")) {
			if (!v) {
				snprintf(err, errlen, "--soft needs a limit");
				return -1;
			}
			soft = v;	/* read once the resource is known */
			i++;
		} else if (argv[i][0] == '-' && argv[i][1] == '-') {
			snprintf(err, errlen, "unknown option %s", argv[i]);
			return -1;
		} else if (n < 2) {
			pos[n++] = argv[i];
		} else {
			snprintf(err, errlen, "unexpected word \"%s\"", argv[i]);
			return -1;
		}
	}
	if (n != 2) {
		snprintf(err, errlen, "usage: rlimit RESOURCE HARD [--soft N]");
		return -1;
	}
	r->resource = aamed_rlimit_parse(pos[0]);
	if (r->resource < 0) {
		snprintf(err, errlen,
			 "unknown resource \"%s\" (cpu fsize data stack core rss nproc nofile memlock as locks sigpending msgqueue nice rtprio rttime)",
			 pos[0]);
		return -1;
	}
	if (rlimit_value_parse(r->resource, pos[1], &r->hard)) {
		snprintf(err, errlen,
			 "hard limit \"%s\": a number (with the rule's unit for %s) or infinity",
			 pos[1], pos[0]);
		return -1;
	}
	if (soft) {
		if (rlimit_value_parse(r->resource, soft, &r->soft)) {
			snprintf(err, errlen,
				 "--soft \"%s\": a number (with the rule's unit for %s) or infinity",
				 soft, pos[0]);
			return -1;
		}
		r->soft_given = true;
	}
	if (!r->soft_given)
		r->soft = r->start.lim[r->resource].cur < r->hard
				  ? r->start.lim[r->resource].cur
				  : r->hard;
	if (r->soft > r->hard) {
		snprintf(err, errlen, "soft limit above the hard limit");
		return -1;
	}
	return 0;
}

int rlimit_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen)
{
	struct aamed_setrlimit_req req = { .size = sizeof(req) };
	int lerr = 0;

	req.resource = q->rl.resource;
	req.soft = q->rl.soft;
	req.hard = q->rl.hard;
	req.old_hard = q->rl.start.lim[q->rl.resource].max;
	if (q->peer_label) {
		req.target = aamed_label_get(policy, q->peer_label, &lerr);
		if (!req.target) {
			snprintf(err, errlen, "peer label \"%s\": %s",
				 q->peer_label,
				 lerr == -ENOENT ? "no such profile"
						 : "malformed label");
			return 1;
		}
	}
	return aamed_setrlimit(label, &req, fn, arg);
}

void rlimit_json(FILE *f, bool *first, const struct query *q)
{
	json_key(f, first, "resource");
	json_str(f, aamed_rlimit_name(q->rl.resource));
	json_key(f, first, "hard");
	fprintf(f, "%" PRIu64, q->rl.hard);
	json_key(f, first, "soft");
	fprintf(f, "%" PRIu64, q->rl.soft);
}

/* ------------------------------------------------------------------ */
/* The limits after an exec. */

static uint32_t label_mask(const aamed_label *label)
{
	uint32_t mask = 0;
	size_t i;
	int r;

	for (i = 0; i < aamed_label_profile_count(label); i++) {
		const aamed_profile *p = aamed_label_profile(label, i);
		uint64_t v;

		for (r = 0; r < AAMED_RLIMIT__COUNT; r++)
			if (aamed_profile_rlimit(p, r, &v) == 1)
				mask |= 1u << r;
	}
	return mask;
}

/*
 * What an allowed exec into to (NULL: a learning profile) does to the
 * limits: the resources the old or new profiles' rules name (when the
 * kernel applies them) and those given with --rlimit (always) are shown.
 */
void rlimit_exec(const aamed_label *from, const aamed_label *to,
		 const struct query *q, struct rlimit_answer *out)
{
	int applied;

	out->shown = 0;
	out->lim = q->rl.start;
	if (!out->lim.size)
		aamed_rlimits_default(&out->lim);
	applied = aamed_exec_rlimits(from, to, NULL, &out->lim);
	if (applied == 1)
		out->shown = label_mask(from) | (to ? label_mask(to) : 0);
	out->shown |= q->rl.given;
}

static void put_limit(FILE *f, uint64_t v)
{
	if (v == AAMED_RLIM_INFINITY)
		fputs("infinity", f);
	else
		fprintf(f, "%" PRIu64, v);
}

void rlimit_exec_text(FILE *f, const struct rlimit_answer *a, char sep)
{
	const char *comma = "";
	int r;

	if (!a->shown)
		return;
	fprintf(f, "%crlimits=", sep);
	for (r = 0; r < AAMED_RLIMIT__COUNT; r++) {
		if (!(a->shown & (1u << r)))
			continue;
		fprintf(f, "%s%s:", comma, aamed_rlimit_name(r));
		put_limit(f, a->lim.lim[r].cur);
		fputc(':', f);
		put_limit(f, a->lim.lim[r].max);
		comma = ",";
	}
}

/* JSON has no infinity: the word, as a string */
static void json_limit(FILE *f, uint64_t v)
{
	if (v == AAMED_RLIM_INFINITY)
		json_str(f, "infinity");
	else
		fprintf(f, "%" PRIu64, v);
}

void rlimit_exec_json(FILE *f, bool *first, const struct rlimit_answer *a)
{
	bool rf = true;
	int r;

	if (!a->shown)
		return;
	json_key(f, first, "rlimits");
	fputc('{', f);
	for (r = 0; r < AAMED_RLIMIT__COUNT; r++) {
		if (!(a->shown & (1u << r)))
			continue;
		json_key(f, &rf, aamed_rlimit_name(r));
		fprintf(f, "{\"soft\":");
		json_limit(f, a->lim.lim[r].cur);
		fprintf(f, ",\"hard\":");
		json_limit(f, a->lim.lim[r].max);
		fputc('}', f);
	}
	fputc('}', f);
}
