/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The two checks built on the exec model (xgraph.h):
 *
 *  dangling-transition   an exec rule (px, Px, cx, Cx, pix/pux/cix/cux
 *                        whose fallback is not taken, a named "-> target",
 *                        a stack), or a change_profile rule, whose target
 *                        no profile of the set provides: the kernel
 *                        refuses the exec ("profile transition not found")
 *  unconfined-reachable  a confined profile reaches unconfined through
 *                        ux/Ux, a pux/cux fallback, a profile in
 *                        unconfined mode, or a chain of exec transitions
 *
 * Each finding goes to a callback in words any writer can print; the
 * check framework of `aamed check` turns them into its findings.
 */
#ifndef AAMED_XCHECK_H
#define AAMED_XCHECK_H

#include "xgraph.h"

enum xc_level { XC_INFO = 0, XC_WARNING, XC_ERROR };

struct xc_finding {
	const char *id;		/* "dangling-transition", "unconfined-reachable" */
	enum xc_level level;
	const char *profile;	/* the profile the rule is in */
	const char *message;	/* one line */
	const char *witness;	/* a query that shows it: "file PATH x",
				 * "change_profile NAME" */
	const char *chain;	/* unconfined-reachable: the chain, one
				 * "PROFILE -MODE PATH-> LABEL" step a line;
				 * else NULL */
	const struct xg_edge *edge;	/* the rule's edge: the dangling one,
					 * or the chain's first exec */
};

typedef int (*xc_fn)(const struct xc_finding *f, void *arg);

/* Each returns 0, -ENOMEM, or what fn returned when it was nonzero. */
int xcheck_dangling(const struct xgraph *g, xc_fn fn, void *arg);
int xcheck_unconfined(const struct xgraph *g, xc_fn fn, void *arg);

#endif
