/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * With --source: the rule behind an edge of the exec model (xgraph.h),
 * so that dangling-transition and unconfined-reachable name a rule's
 * file:line as the other checks do (check_xsource.c).
 */
#ifndef AAMED_CHECK_XSOURCE_H
#define AAMED_CHECK_XSOURCE_H

#include "check.h"
#include "xgraph.h"

/*
 * The allow rule of the edge's profile whose own DFA (apparmor_parser's,
 * the rule compiled alone) grants the edge's request: the exec of its
 * witness path with the same transition, or the change_profile (onexec)
 * of its target. NULL without --source or when no rule does.
 */
/* The exec model of policy, built once and shared by the two checks and
 * the HTML report (check_transitions.c); NULL when out of memory. */
const struct xgraph *check_model(aamed_policy *policy);

const struct tl_rule *check_edge_rule(const struct check_ctx *c,
				      const struct xgraph *g,
				      const struct xg_edge *e);

#endif
