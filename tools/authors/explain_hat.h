/* SPDX-License-Identifier: GPL-2.0-or-later */
/* aamed explain for change_hat queries (explain_hat.c). */
#ifndef AAMED_EXPLAIN_HAT_H
#define AAMED_EXPLAIN_HAT_H

#include "tl.h"

/* Print the explanation of a decided change_hat query, as text on
 * stdout (json NULL) or as JSON into json; the exit code. */
int explain_hat(aamed_policy *policy, const aamed_label *label,
		const struct query *q, const struct answer *a, FILE *json);

#endif
