// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One decision for a parsed query, with the records it emits: the piece
 * query, explain and coverage share. Public API only.
 */
#include <string.h>

#include "cli.h"

void answer_collect(const struct aamed_audit *rec, void *arg)
{
	struct records *r = arg;

	if (r->n == MAX_RECORDS)
		return;
	if (r->want_text)
		aamed_audit_format(rec, r->text[r->n], sizeof(r->text[0]),
				   r->fmt, -1, NULL);
	/* the strings belong to the caller's request or the policy */
	r->rec[r->n++] = *rec;
}

int answer_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, struct answer *a, char *err,
		  size_t errlen)
{
	a->error = 0;
	a->have_x = false;
	a->have_inherit = false;
	a->inherit = 0;
	a->have_change = false;
	a->have_hat = false;
	a->not_mediated = false;
	a->recs.n = 0;
	a->have_masks = q->masks;
	if (q->masks)
		return masks_decide(policy, label, q, &a->masks, err, errlen);
	switch (q->class) {
	case Q_EXEC:
		a->have_x = true;
		a->error = exec_decide(policy, label, q, &a->x, answer_collect,
				       &a->recs, err, errlen);
		a->rl.shown = 0;
		if (!a->error)
			rlimit_exec(label, a->x.label, q, &a->rl);
		break;
	case Q_CHANGE:
		a->have_change = true;
		a->change.size = sizeof(a->change);
		a->error = change_decide(label, q, &a->change, answer_collect,
					 &a->recs);
		return 0;
	case Q_FILE:
		a->error = aamed_file_perm(label, &q->file, answer_collect,
					   &a->recs);
		return 0;
	case Q_NET:
	case Q_UNIX:
		a->error = net_decide(policy, label, q, answer_collect,
				      &a->recs, err, errlen);
		break;
	case Q_OFILE:
		a->have_inherit = q->file.op == AAMED_OP_FILE_INHERIT;
		a->error = ofile_decide(policy, label, q, answer_collect,
					&a->recs, &a->inherit, err, errlen);
		break;
	case Q_DBUS:
		a->error = dbus_decide(policy, label, q, answer_collect,
				       &a->recs, err, errlen);
		break;
	case Q_HAT:
		a->have_hat = true;
		a->hat.size = sizeof(a->hat);
		a->error = hat_decide(policy, label, q, &a->hat, answer_collect,
				      &a->recs, err, errlen);
		break;
	case Q_MOUNT:
		a->error = mount_decide(label, q, answer_collect, &a->recs);
		return 0;
	case Q_USERNS:
	case Q_URING:
		a->error = ns_decide(policy, label, q, answer_collect,
				     &a->recs, &a->not_mediated, err, errlen);
		break;
	case Q_RLIMIT:
		a->error = rlimit_decide(policy, label, q, answer_collect,
					 &a->recs, err, errlen);
		break;
	default:
		a->error = ipc_decide(policy, label, q, answer_collect,
				      &a->recs, err, errlen);
		break;
	}
	return a->error == 1 ? -1 : 0;
}

const char *cli_xmode_name(enum aamed_xmode m)
{
	switch (m) {
	case AAMED_X_INHERIT:
		return "ix";
	case AAMED_X_PROFILE:
		return "px";
	case AAMED_X_CHILD:
		return "cx";
	case AAMED_X_UNCONFINED:
		return "ux";
	case AAMED_X_STACK:
		return "stack";
	case AAMED_X_ATTACH:
		return "attach";
	case AAMED_X_LEARN:
		return "learn";
	default:
		return NULL;
	}
}

const char *cli_type_name(enum aamed_audit_type t)
{
	const char *n = aamed_audit_type_name(t);

	return n ? n : "AUTO";
}
