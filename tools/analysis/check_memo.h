/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The shadowed check's questions, answered once per distinct set of
 * compiled profiles (check_memo.c). With --source over many files the
 * profiles are shared (tl_source_set.c): abstractions/base's rules and
 * its deny rules are the same profiles in every file that includes it,
 * so the same walk would be made once per file.
 */
#ifndef AAMED_CHECK_MEMO_H
#define AAMED_CHECK_MEMO_H

#include "check.h"

/* check_first_grant(one, empty): its witness words, NULL for none. */
const char *shadow_first_grant(const aamed_profile *one,
			       const aamed_profile *empty);
/* check_union_denied(one, empty, bg, dp, n, klass, NULL) */
bool shadow_union_denied(const aamed_profile *one, const aamed_profile *empty,
			 const aamed_profile *bg, const aamed_profile *const *dp,
			 size_t n, int klass);
void shadow_memo_free(void);

#endif
