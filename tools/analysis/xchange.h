/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The change_profile targets nobody provides (xgraph.c): found by name,
 * not by DFA state, because apparmor_parser's minimisation gives every
 * target of a profile's change_profile rules the same final state (they
 * carry the same permissions), so a state one provided name ends in may
 * end an unprovided name too. Nothing here is public API.
 */
#ifndef AAMED_XCHANGE_H
#define AAMED_XCHANGE_H

#include <stddef.h>
#include <stdint.h>

#include "xwalk.h"

/*
 * Every state a plain change_profile target (read from w->start, no NUL)
 * ends in first (no shorter prefix is a target) by a name that is not
 * the root of any provided name: names[] (each also as "&name", a
 * stack) that the rules accept whole; a provided name's root is the
 * first prefix a glob's tail starts at (a looping target state, or a
 * target start), else the whole name: a literal target that is only a
 * prefix of a provided name is not provided. For each such state,
 * once, in breadth-first order, fn(arg, state, shortest such name,
 * a loop on its way); fn owns the name (malloc'd) and returns 0 to go
 * on. 0, fn's nonzero value, or -ENOMEM.
 */
typedef int (*xchange_fn)(void *arg, uint32_t state, char *name, bool glob);
int xchange_unprovided(const struct walk *w, const char *const *names,
		       size_t nnames, xchange_fn fn, void *arg);

#endif
