/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Profiles of the checks' own, compiled with apparmor_parser in one run
 * (check_batch.c): the exact questions about rules ("is anything left of
 * this allow rule under these deny rules?") are asked of DFAs the real
 * compiler builds, never of a glob matcher of aamed's own.
 */
#ifndef AAMED_CHECK_BATCH_H
#define AAMED_CHECK_BATCH_H

#include "check.h"

struct check_batch {
	char *text;		/* the profiles, after the source's preamble */
	size_t len, cap;
	size_t n;		/* profiles added: "__aamed_cN" */
	size_t *start;		/* where profile i's text starts */
};

/* Profile i: "profile __aamed_cI {" BODY "}"; body: rule lines. */
size_t check_batch_add(struct check_batch *b, const char *body);
/*
 * Compile the batch after preamble (a source's variables and abi lines,
 * or NULL) into a new policy; a profile the parser refuses is left out
 * (its compile alone fails). NULL when nothing could be compiled.
 */
aamed_policy *check_batch_compile(struct check_batch *b,
				  const char *preamble,
				  const struct check_ctx *c);
const aamed_profile *check_batch_profile(const aamed_policy *p, size_t i);
void check_batch_free(struct check_batch *b);

#endif
