// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One decision for a parsed query, with the records it emits: the piece
 * query, explain and coverage share (the decision is the class row's,
 * qclass.c). Public API only.
 */
#include <stddef.h>
#include <string.h>

#include "qclass.h"

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

void answer_init(struct answer *a, unsigned fmt, bool want_text)
{
	/* all but the records' text (32 KB, each written before it is
	 * read): clearing it cost more than a decision */
	memset(a, 0, offsetof(struct answer, recs));
	memset(&a->recs, 0, offsetof(struct records, text));
	a->recs.fmt = fmt;
	a->recs.want_text = want_text;
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
	return qclass_of(q)->decide(policy, label, q, a, err, errlen);
}

/*
 * Allowed only because a complain-mode profile let it through: the kernel
 * logs such a request apparmor="ALLOWED" (an allow the rules grant logs
 * nothing, or "AUDIT"), so one such record of an allowed answer says it.
 */
bool answer_complain_allowed(const struct answer *a)
{
	int i;

	if (a->error || a->not_mediated || a->have_masks)
		return false;
	for (i = 0; i < a->recs.n; i++)
		if (a->recs.rec[i].type == AAMED_AUDIT_ALLOWED)
			return true;
	return false;
}

const char *answer_label_after(const struct answer *a)
{
	if (a->error)
		return NULL;
	if (a->have_x)
		return cli_xmode_name(a->x.mode) ? a->x.name : NULL;
	if (a->have_change)
		return a->change.name[0] ? a->change.name : NULL;
	if (a->have_hat)
		return a->hat.name[0] ? a->hat.name : NULL;
	return NULL;
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
	case AAMED_X_DENIED:
	default:
		return NULL;
	}
}

const char *cli_type_name(enum aamed_audit_type t)
{
	const char *n = aamed_audit_type_name(t);

	return n ? n : "AUTO";
}
