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

/*
 * A signal or ptrace record is one side's check (the sender's or the
 * receiver's, the tracer's or the tracee's): the logging profile's own
 * decision is replayed, not the other side's (which logs its own record).
 */
static int side_decide(const aamed_label *label, const aamed_label *peer,
		       const struct query *q, bool other_side)
{
	if (q->class == Q_SIGNAL)
		return other_side ?
			       aamed_signal_side(peer, label, q->ipc.sig,
						 AAMED_SIDE_PEER, NULL, NULL) :
			       aamed_signal_side(label, peer, q->ipc.sig,
						 AAMED_SIDE_SUBJECT, NULL, NULL);
	return other_side ? aamed_ptrace_side(peer, label, q->ipc.request,
					      AAMED_SIDE_PEER, NULL, NULL) :
			    aamed_ptrace_side(label, peer, q->ipc.request,
					      AAMED_SIDE_SUBJECT, NULL, NULL);
}

/*
 * A dbus record is one side's check by dbus-daemon: that side's label
 * query, an unconfined side allowed, a complain-mode side allowed.
 */
static int dbus_side(aamed_policy *policy, const aamed_label *label,
		     const struct query *q, char *err, size_t errlen)
{
	const char *mode = aamed_label_mode(label);
	uint32_t mask = dbus_request(q);
	struct aamed_query_masks m;
	int e;

	if (!strcmp(mode, "unconfined") || !strcmp(mode, "complain"))
		return 0;
	e = aamed_dbus_query_masks(policy, label, &q->dbus.req, &m);
	if (e) {
		snprintf(err, errlen, "label query: %s", strerror(-e));
		return 1;
	}
	return mask & ~(m.allow & ~m.deny) ? -EACCES : 0;
}

/* A change_hat refused in complain mode still logs ALLOWED. */
static void hat_record(const struct aamed_audit *rec, void *arg)
{
	if (rec->type == AAMED_AUDIT_ALLOWED)
		*(bool *)arg = true;
}

/* The change_hat as its record tells it: allowed when logged ALLOWED. */
static int hat_side(aamed_policy *policy, const aamed_label *label,
		    const struct query *q, char *err, size_t errlen)
{
	struct aamed_hat_result res = { .size = sizeof(res) };
	bool logged_allowed = false;
	int e = hat_decide(policy, label, q, &res, hat_record,
			   &logged_allowed, err, errlen);

	return e == 1 ? 1 : logged_allowed ? 0 : e;
}

/* 0 allowed, a negative errno denied, 1 not decidable (err set). */
static int decide(struct replay_worker *w, const aamed_label *label,
		  const struct query *q, bool other_side, char *err,
		  size_t errlen)
{
	aamed_policy *policy = w->r->policy;

	if (q->class == Q_SIGNAL || q->class == Q_PTRACE) {
		int lerr = 0;
		const aamed_label *peer = replay_label(w->labels, policy,
						       q->peer_label, &lerr);

		if (!peer) {
			snprintf(err, errlen, "peer label \"%s\": %s", q->peer_label,
				 lerr == -ENOENT ? "no such profile" : "malformed label");
			return 1;
		}
		return side_decide(label, peer, q, other_side);
	}
	switch (q->class) {
	case Q_DBUS:
		return dbus_side(policy, label, q, err, errlen);
	case Q_EXEC: {
		struct aamed_exec_result x = { .size = sizeof(x) };

		if (q->change.onexec || q->change.flags)
			return exec_decide(policy, label, q, &x, NULL, NULL,
					   err, errlen);
		return aamed_exec(label, q->file.path, q->file.fsuid, q->file.ouid,
				  &x, NULL, NULL);
	}
	case Q_CHANGE: {
		struct aamed_change_result c = { .size = sizeof(c) };

		return change_decide(label, q, &c, NULL, NULL);
	}
	case Q_FILE:
		return aamed_file_perm(label, &q->file, NULL, NULL);
	case Q_OFILE: {
		unsigned outcome;

		return ofile_decide(policy, label, q, NULL, NULL, &outcome, err,
				    errlen);
	}
	case Q_HAT:
		return hat_side(policy, label, q, err, errlen);
	case Q_NET:
	case Q_UNIX:
		return net_decide(policy, label, q, NULL, NULL, err, errlen);
	case Q_USERNS:
	case Q_URING: {
		bool unmediated;
		int e = ns_decide(policy, label, q, NULL, NULL, &unmediated,
				  err, errlen);

		if (!e && unmediated) {
			snprintf(err, errlen, "this kernel does not mediate %s",
				 q->class_word);
			return 1;
		}
		return e;
	}
	case Q_RLIMIT:
		return rlimit_decide(policy, label, q, NULL, NULL, err, errlen);
	case Q_MOUNT:
		return mount_decide(label, q, NULL, NULL);
	default:
		return ipc_decide(policy, label, q, NULL, NULL, err, errlen);
	}
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
