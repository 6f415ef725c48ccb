/* SPDX-License-Identifier: GPL-2.0-or-later */
/* change_hat queries (tools/common/req_hat.c). */
#ifndef AAMED_REQ_HAT_H
#define AAMED_REQ_HAT_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"

struct hat_query {
	const char *hats[AAMED_HAT_MAX];
	size_t count;		/* 0: --return */
	uint64_t token, saved_token;
	bool saved_set;		/* --saved-token given */
	const char *previous;	/* --previous LABEL, NULL: derived */
	bool nnp;		/* --nnp: no_new_privs set */
	bool test;		/* --test: "permhat" */
	const char *traced;	/* --traced LABEL: the tracer's, NULL: none */
};

#endif
