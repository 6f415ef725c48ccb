/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Exec transitions in the words aamed diff prints (diff_exec.c): the
 * mode as a profile spells it, and where an exec of a path lands.
 */
#ifndef AAMED_DIFF_EXEC_H
#define AAMED_DIFF_EXEC_H

#include <stddef.h>

#include "aamed.h"

/* "ix", "Px", "pux", "Cix -> t//c", "px -> &a": mode, fallback, target. */
void diff_xname(const struct aamed_xtrans *x, char *buf, size_t len);

/*
 * "PATH: becomes A => B": what a task confined by profile a (b) becomes
 * when it executes path under transition xa (xb). The landings in the
 * loaded policies when they differ there, else as the transitions read
 * (so a difference that this policy does not exercise still shows).
 * owner: the owner entry (the task owns the file). path: the bytes
 * executed; shown: path as printed.
 */
void diff_landing(const aamed_profile *a, const aamed_profile *b,
		  const struct aamed_xtrans *xa, const struct aamed_xtrans *xb,
		  int owner, const char *path, const char *shown, char *out,
		  size_t len);

#endif
