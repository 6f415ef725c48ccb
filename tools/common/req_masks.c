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

/* label NUL class path [NUL target]: what the kernel's file query reads */
int file_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m)
{
	const char *name = aamed_label_name(label);
	const char *target = q->file.op == AAMED_OP_LINK ? q->file.target
							 : NULL;
	size_t ln = strlen(name), lp = strlen(q->file.path);
	size_t lt = target ? strlen(target) + 1 : 0;
	size_t n = AAMED_QUERY_CMD_LABEL_SIZE + ln + 2 + lp + lt;
	char *b = calloc(1, n), *p;
	int error;

	if (!b)
		return -ENOMEM;
	p = b + AAMED_QUERY_CMD_LABEL_SIZE;
	memcpy(p, name, ln);
	p += ln + 1;
	*p++ = (char)AAMED_QUERY_CLASS_FILE;
	memcpy(p, q->file.path, lp);
	if (target)
		memcpy(p + lp + 1, target, lt - 1);
	error = aamed_query_label_masks(policy, b, n, m);
	free(b);
	return error;
}

int masks_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, struct aamed_query_masks *m, char *err,
		 size_t errlen)
{
	const struct qclass *r = qclass_of(q);
	int error = r->masks ? r->masks(policy, label, q, m) : -EINVAL;

	if (error) {
		snprintf(err, errlen, "label query: %s", strerror(-error));
		return -1;
	}
	return 0;
}

int dbus_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m)
{
	return aamed_dbus_query_masks(policy, label, &q->dbus.req, m);
}
