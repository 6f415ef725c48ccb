/* SPDX-License-Identifier: GPL-2.0-or-later */
/* change_profile queries and the exec options --onexec, --nnp
 * (tools/common/req_change.c). */
#ifndef AAMED_REQ_CHANGE_H
#define AAMED_REQ_CHANGE_H

#include <stdbool.h>

struct change_query {
	const char *target;	/* change_profile TARGET */
	unsigned flags;		/* AAMED_CHANGE_* (NNP on exec too) */
	const char *onexec;	/* file PATH x --onexec TARGET, NULL: none */
	const char *traced;	/* --traced LABEL: the tracer's, NULL: none */
};

#endif
