// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --masks: instead of a decision, the kernel's four masks for the label
 * query the subject asks (file PATH, or its side of a dbus request), as
 * .access writes them back: the words the kernel oracle compares.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "qclass.h"

/*
 * CMD NUL label NUL class path [NUL target]: what the kernel's file query
 * reads. The label is the text as typed (--label), which the library
 * reads as the kernel does; --held declares it held for this query.
 */
int file_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m)
{
	const char *name = q->label ? q->label : aamed_label_name(label);
	const char *cmd = q->access_cmd ? q->access_cmd : "label";
	const char *target = q->file.op == AAMED_OP_LINK ? q->file.target
							 : NULL;
	size_t lc = strlen(cmd) + 1;
	size_t ln = strlen(name), lp = strlen(q->file.path);
	size_t lt = target ? strlen(target) + 1 : 0;
	size_t n = lc + ln + 2 + lp + lt;
	char *b = calloc(1, n), *p;
	int error;

	if (!b)
		return -ENOMEM;
	memcpy(b, cmd, lc);
	p = b + lc;
	memcpy(p, name, ln);
	p += ln + 1;
	*p++ = (char)AAMED_QUERY_CLASS_FILE;
	memcpy(p, q->file.path, lp);
	if (target)
		memcpy(p + lp + 1, target, lt - 1);
	if (q->held)
		aamed_label_set_held(policy, label, 1);
	error = aamed_query_label_masks(policy, b, n, m);
	/* the declaration is this query's: a batch's next line is its own */
	if (q->held)
		aamed_label_set_held(policy, label, 0);
	free(b);
	return error;
}

/* The errno name of a label query's refusal (the kernel's write error). */
static const char *lq_errno(int error)
{
	switch (-error) {
	case ENOENT:
		return "ENOENT";
	case EINVAL:
		return "EINVAL";
	case ENOMEM:
		return "ENOMEM";
	case E2BIG:
		return "E2BIG";
	default:
		return "E?";
	}
}

int masks_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, struct aamed_query_masks *m, char *err,
		 size_t errlen)
{
	const struct qclass *r = qclass_of(q);
	int error = r->masks ? r->masks(policy, label, q, m) : -EINVAL;

	if (error) {
		/* "ENOENT: ...": the errno the kernel's .access write gives */
		snprintf(err, errlen, "%s: label query refused: %s",
			 lq_errno(error), strerror(-error));
		return -1;
	}
	return 0;
}

int dbus_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m)
{
	return aamed_dbus_query_masks(policy, label, &q->dbus.req, m);
}
