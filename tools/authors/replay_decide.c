// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: one record decided against the new policy. The record
 * is parsed and its request rebuilt (replay_rebuild.c), then decided
 * without audit callbacks (as fast as the library goes), labels and
 * peers through the worker's label cache; a decision that differs from
 * the logged one is grouped (replay_report.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

/* 0 allowed, a negative errno denied, 1 not decidable (err set): the
 * row's record decision; the peer of a two-sided check through the
 * worker's label cache. */
static int decide(struct replay_worker *w, const aamed_label *label,
		  const struct query *q, bool other_side, char *err,
		  size_t errlen)
{
	aamed_policy *policy = w->r->policy;
	const struct qclass *row = qclass_of(q);
	const aamed_label *peer = NULL;

	if (row->flags & QF_TWO_SIDED) {
		int lerr = 0;

		peer = replay_label(w->labels, policy, q->peer_label, &lerr);
		if (!peer) {
			snprintf(err, errlen, "peer label \"%s\": %s", q->peer_label,
				 lerr == -ENOENT ? "no such profile" : "malformed label");
			return 1;
		}
	}
	return row->replay(policy, label, peer, q, other_side, err, errlen);
}

/* --stats times one decision in DECIDE_SAMPLE (a clock read costs as
 * much as a small decision). */
#define DECIDE_SAMPLE 16
static int decide_timed(struct replay_worker *w, const aamed_label *label,
			const struct query *q, bool other_side, char *err,
			size_t errlen)
{
	double t0;
	int e;

	if (!w->r->stats || w->decided++ % DECIDE_SAMPLE)
		return decide(w, label, q, other_side, err, errlen);
	t0 = replay_now_ns();
	e = decide(w, label, q, other_side, err, errlen);
	w->decide_ns += replay_now_ns() - t0;
	w->timed++;
	return e;
}

static struct replay_outcome not_rebuilt(struct replay_worker *w,
					 const char *reason)
{
	struct replay_outcome o = { REPLAY_NOT_REBUILT, false, NULL };

	o.entry = replay_group_reason(w, reason);
	return o;
}

/* Only DENIED, ALLOWED (complain) and AUDIT records are decisions. */
static bool is_decision(const aa_log_record *rec)
{
	return rec->event == AA_RECORD_DENIED ||
	       rec->event == AA_RECORD_ALLOWED ||
	       rec->event == AA_RECORD_AUDIT;
}

/* The rebuilt request decided; rec and req stay the caller's. */
static struct replay_outcome decide_request(struct replay_worker *w,
					    const aa_log_record *rec,
					    struct replay_request *req)
{
	struct replay_outcome o = { REPLAY_UNCHANGED, false, NULL };
	const aamed_label *l;
	char err[512], rb[600];
	int lerr = 0, e;

	l = replay_label(w->labels, w->r->policy, req->q.label, &lerr);
	if (!l)
		return not_rebuilt(w, lerr == -ENOENT ? "profile not in the new policy"
						     : "malformed label");
	e = decide_timed(w, l, &req->q, req->other_side, err, sizeof(err));
	if (e == 1) {
		snprintf(rb, sizeof(rb), "request not decidable: %s", err);
		return not_rebuilt(w, rb);
	}
	if (w->r->hook)
		w->r->hook(w->r->hook_arg, &req->q, l);
	if (w->r->rec_hook) {
		char what[2048];

		replay_describe(rec, what, sizeof(what));
		w->r->rec_hook(w->r->hook_arg, &req->q, l, req->other_side,
				 what);
	}
	if (w->r->dec_hook)
		w->r->dec_hook(w->r->hook_arg, rec, &req->q, l, req->other_side,
			       e);
	o.denied = e != 0;
	if (o.denied != (rec->event == AA_RECORD_DENIED)) {
		o.kind = REPLAY_CHANGED;
		o.entry = replay_group_change(w, rec, req->q.label, req->klass,
					      o.denied);
	}
	return o;
}

struct replay_outcome replay_decide(struct replay_worker *w, char *text,
				    size_t len)
{
	struct replay_outcome o;
	struct replay_request req;
	aa_log_record *rec = replay_parse_record(text, len);
	const char *reason;

	if (!rec || rec->event == AA_RECORD_INVALID) {
		o = not_rebuilt(w, "libapparmor could not parse the record");
	} else if (!is_decision(rec)) {
		o = not_rebuilt(w, "not a decision (STATUS, HINT or ERROR record)");
	} else if ((reason = replay_rebuild(rec, &req))) {
		o = not_rebuilt(w, reason);
	} else {
		o = decide_request(w, rec, &req);
	}
	if (rec)
		free_record(rec);
	return o;
}
