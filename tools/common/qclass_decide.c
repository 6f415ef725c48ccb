// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The decisions of the class table's rows (qclass.c): each class's
 * decision into a struct answer (query, explain, diff, coverage), and the
 * decision one record logged (replay: no records, one side of a
 * two-sided check).
 */
#include <errno.h>
#include <string.h>

#include "qclass_rows.h"

/* a plain decision: 0, or -1 when the query could not be asked */
static int asked(const struct answer *a)
{
	return a->error == 1 ? -1 : 0;
}

int qd_exec(aamed_policy *policy, const aamed_label *label,
	    const struct query *q, struct answer *a, char *err, size_t errlen)
{
	a->have_x = true;
	a->error = exec_decide(policy, label, q, &a->x, answer_collect,
			       &a->recs, err, errlen);
	a->rl.shown = 0;
	if (!a->error)
		rlimit_exec(label, a->x.label, q, &a->rl);
	return asked(a);
}

int qd_change(aamed_policy *policy, const aamed_label *label,
	      const struct query *q, struct answer *a, char *err,
	      size_t errlen)
{
	a->have_change = true;
	a->change.size = sizeof(a->change);
	a->error = change_decide(policy, label, q, &a->change, answer_collect,
				 &a->recs, err, errlen);
	return asked(a);
}

int qd_file(aamed_policy *policy, const aamed_label *label,
	    const struct query *q, struct answer *a, char *err, size_t errlen)
{
	(void)policy;
	(void)err;
	(void)errlen;
	a->error = aamed_file_perm(label, &q->file, answer_collect, &a->recs);
	return 0;
}

int qd_ofile(aamed_policy *policy, const aamed_label *label,
	     const struct query *q, struct answer *a, char *err, size_t errlen)
{
	a->have_inherit = q->file.op == AAMED_OP_FILE_INHERIT;
	a->error = ofile_decide(policy, label, q, answer_collect, &a->recs,
				&a->inherit, err, errlen);
	return asked(a);
}

int qd_hat(aamed_policy *policy, const aamed_label *label,
	   const struct query *q, struct answer *a, char *err, size_t errlen)
{
	a->have_hat = true;
	a->hat.size = sizeof(a->hat);
	a->error = hat_decide(policy, label, q, &a->hat, answer_collect,
			      &a->recs, err, errlen);
	return asked(a);
}

int qd_mount(aamed_policy *policy, const aamed_label *label,
	     const struct query *q, struct answer *a, char *err, size_t errlen)
{
	(void)policy;
	(void)err;
	(void)errlen;
	a->error = mount_decide(label, q, answer_collect, &a->recs);
	return 0;
}

/* The classes whose decision takes the records' callback and nothing
 * else: one answer wrapper each. */
#define QD_PLAIN(name, fn)                                                   \
	int name(aamed_policy *policy, const aamed_label *label,             \
		 const struct query *q, struct answer *a, char *err,         \
		 size_t errlen)                                              \
	{                                                                    \
		a->error = fn(policy, label, q, answer_collect, &a->recs,    \
			      err, errlen);                                  \
		return asked(a);                                             \
	}
QD_PLAIN(qd_net, net_decide)
QD_PLAIN(qd_dbus, dbus_decide)
QD_PLAIN(qd_rlimit, rlimit_decide)
QD_PLAIN(qd_cap, cap_decide)
QD_PLAIN(qd_signal, signal_decide)
QD_PLAIN(qd_ptrace, ptrace_decide)

/* The kernel without the hook: not mediated, no decision. */
#define QD_NS(name, fn)                                                      \
	int name(aamed_policy *policy, const aamed_label *label,             \
		 const struct query *q, struct answer *a, char *err,         \
		 size_t errlen)                                              \
	{                                                                    \
		a->error = fn(policy, label, q, answer_collect, &a->recs,    \
			      &a->not_mediated, err, errlen);                \
		return asked(a);                                             \
	}
QD_NS(qd_userns, userns_decide)
QD_NS(qd_uring, uring_decide)

/* ---- replay: the decision one record logged, without records */

/* One side of a signal (sender, receiver) or a ptrace (tracer, tracee). */
int qs_signal(const aamed_label *label, const aamed_label *peer,
	      const struct query *q, bool other_side, aamed_audit_fn fn,
	      void *arg)
{
	return other_side ? aamed_signal_side(peer, label, q->ipc.sig,
					      AAMED_SIDE_PEER, fn, arg) :
			    aamed_signal_side(label, peer, q->ipc.sig,
					      AAMED_SIDE_SUBJECT, fn, arg);
}

int qs_ptrace(const aamed_label *label, const aamed_label *peer,
	      const struct query *q, bool other_side, aamed_audit_fn fn,
	      void *arg)
{
	return other_side ? aamed_ptrace_side(peer, label, q->ipc.request,
					      AAMED_SIDE_PEER, fn, arg) :
			    aamed_ptrace_side(label, peer, q->ipc.request,
					      AAMED_SIDE_SUBJECT, fn, arg);
}

/*
 * A signal or ptrace record is one side's check (the sender's or the
 * receiver's, the tracer's or the tracee's): the logging profile's own
 * decision is replayed, not the other side's (which logs its own record).
 */
int qr_side(aamed_policy *policy, const aamed_label *label,
	    const aamed_label *peer, const struct query *q, bool other_side,
	    char *err, size_t errlen)
{
	(void)policy;
	(void)err;
	(void)errlen;
	return qclass_of(q)->side(label, peer, q, other_side, NULL, NULL);
}

/*
 * A dbus record is one side's check by dbus-daemon: that side's label
 * query, an unconfined side allowed, a complain-mode side allowed.
 */
int qr_dbus(aamed_policy *policy, const aamed_label *label,
	    const aamed_label *peer, const struct query *q, bool other_side,
	    char *err, size_t errlen)
{
	const char *mode = aamed_label_mode(label);
	uint32_t mask = dbus_request(q);
	struct aamed_query_masks m;
	int e;

	(void)peer;
	(void)other_side;
	if (!strcmp(mode, "unconfined") || !strcmp(mode, "complain"))
		return 0;
	e = aamed_dbus_query_masks(policy, label, &q->dbus.req, &m);
	if (e) {
		snprintf(err, errlen, "label query: %s", strerror(-e));
		return 1;
	}
	return mask & ~(m.allow & ~m.deny) ? -EACCES : 0;
}

int qr_exec(aamed_policy *policy, const aamed_label *label,
	    const aamed_label *peer, const struct query *q, bool other_side,
	    char *err, size_t errlen)
{
	struct aamed_exec_result x = { .size = sizeof(x) };

	(void)peer;
	(void)other_side;
	if (q->change.onexec || q->change.flags || q->change.traced)
		return exec_decide(policy, label, q, &x, NULL, NULL, err,
				   errlen);
	return aamed_exec(label, q->file.path, q->file.fsuid, q->file.ouid, &x,
			  NULL, NULL);
}

int qr_change(aamed_policy *policy, const aamed_label *label,
	      const aamed_label *peer, const struct query *q, bool other_side,
	      char *err, size_t errlen)
{
	struct aamed_change_result c = { .size = sizeof(c) };

	(void)peer;
	(void)other_side;
	return change_decide(policy, label, q, &c, NULL, NULL, err, errlen);
}

int qr_file(aamed_policy *policy, const aamed_label *label,
	    const aamed_label *peer, const struct query *q, bool other_side,
	    char *err, size_t errlen)
{
	(void)policy;
	(void)peer;
	(void)other_side;
	(void)err;
	(void)errlen;
	return aamed_file_perm(label, &q->file, NULL, NULL);
}

int qr_ofile(aamed_policy *policy, const aamed_label *label,
	     const aamed_label *peer, const struct query *q, bool other_side,
	     char *err, size_t errlen)
{
	unsigned outcome;

	(void)peer;
	(void)other_side;
	return ofile_decide(policy, label, q, NULL, NULL, &outcome, err,
			    errlen);
}

/* A change_hat refused in complain mode still logs ALLOWED. */
static void hat_record(const struct aamed_audit *rec, void *arg)
{
	if (rec->type == AAMED_AUDIT_ALLOWED)
		*(bool *)arg = true;
}

/* The change_hat as its record tells it: allowed when logged ALLOWED. */
int qr_hat(aamed_policy *policy, const aamed_label *label,
	   const aamed_label *peer, const struct query *q, bool other_side,
	   char *err, size_t errlen)
{
	struct aamed_hat_result res = { .size = sizeof(res) };
	bool logged_allowed = false;
	int e;

	(void)peer;
	(void)other_side;
	e = hat_decide(policy, label, q, &res, hat_record, &logged_allowed,
		       err, errlen);
	return e == 1 ? 1 : logged_allowed ? 0 : e;
}

int qr_mount(aamed_policy *policy, const aamed_label *label,
	     const aamed_label *peer, const struct query *q, bool other_side,
	     char *err, size_t errlen)
{
	(void)policy;
	(void)peer;
	(void)other_side;
	(void)err;
	(void)errlen;
	return mount_decide(label, q, NULL, NULL);
}

#define QR_PLAIN(name, fn)                                                   \
	int name(aamed_policy *policy, const aamed_label *label,             \
		 const aamed_label *peer, const struct query *q,             \
		 bool other_side, char *err, size_t errlen)                  \
	{                                                                    \
		(void)peer;                                                  \
		(void)other_side;                                            \
		return fn(policy, label, q, NULL, NULL, err, errlen);        \
	}
QR_PLAIN(qr_net, net_decide)
QR_PLAIN(qr_rlimit, rlimit_decide)
QR_PLAIN(qr_cap, cap_decide)

/* A kernel without the hook decides no record: not decidable. */
#define QR_NS(name, fn)                                                      \
	int name(aamed_policy *policy, const aamed_label *label,             \
		 const aamed_label *peer, const struct query *q,             \
		 bool other_side, char *err, size_t errlen)                  \
	{                                                                    \
		bool unmediated;                                             \
		int e = fn(policy, label, q, NULL, NULL, &unmediated, err,   \
			   errlen);                                          \
                                                                             \
		(void)peer;                                                  \
		(void)other_side;                                            \
		if (!e && unmediated) {                                      \
			snprintf(err, errlen,                                \
				 "this kernel does not mediate %s",          \
				 q->class_word);                             \
			return 1;                                            \
		}                                                            \
		return e;                                                    \
	}
QR_NS(qr_userns, userns_decide)
QR_NS(qr_uring, uring_decide)
