/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The exec and domain-change model of a compiled policy: which label an
 * exec (or a change_profile) of each profile leads to, read from the
 * profiles' file DFAs and decided by the library itself (aamed_exec), so
 * the targets, fallbacks and attachments are the kernel's
 * (domain.c: profile_transition(), x_to_label(), find_attach()).
 *
 * Used by `aamed graph` and by the checks dangling-transition and
 * unconfined-reachable. Nothing here is public API.
 */
#ifndef AAMED_XGRAPH_H
#define AAMED_XGRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "aamed.h"

enum xg_node_kind {
	XN_PROFILE = 0,		/* a profile, hat or child of the set */
	XN_UNCONFINED,		/* the root namespace's unconfined */
	XN_MISSING,		/* a target no profile of the set provides */
};

/* The missing node of the paths of px/cx globs no profile attaches to. */
#define XG_ANY_PATH "(paths no profile attaches to)"

struct xg_node {
	enum xg_node_kind kind;
	const aamed_profile *profile;	/* XN_PROFILE, else NULL */
	char *name;		/* label text (":ns:name" outside the root
				 * namespace), "unconfined", or the missing
				 * target as the rule names it (for px/cx
				 * without a name: the path nothing attaches
				 * to) */
	enum aamed_profile_mode mode;	/* XN_PROFILE */
	bool hat;
	bool attach;		/* XN_MISSING: no profile attaches to the
				 * path (px/cx without a name) */
};

enum xg_edge_kind {
	XE_EXEC = 0,		/* an exec rule of the file DFA */
	XE_CHANGE_PROFILE,	/* a change_profile rule (now) */
	XE_ONEXEC,		/* a change_profile rule with an exec
				 * condition (at the next exec) */
};

struct xg_edge {
	size_t from, to;	/* node indices */
	enum xg_edge_kind kind;
	char mode[8];		/* as a rule writes it: "Px", "pix", "cux",
				 * "ix", "Ux", "px" ...; "" for change_profile */
	const char *target;	/* the rule's named target ("-> NAME"), NULL */
	bool fell_back;		/* the target was not found: the fallback
				 * (pix/cix: ix, pux/cux: ux) decided */
	bool dangling;		/* not found and no fallback: the kernel
				 * refuses the exec ("profile transition not
				 * found"; complain mode: a learning profile) */
	bool owner;		/* only an owner of the file may (owner rule) */
	bool glob;		/* the rule matches more than one path (a loop
				 * on the way to the witness) */
	char *witness;		/* shortest path the rule allows (exec), or
				 * the target name (change_profile) */
	char *cond;		/* XE_ONEXEC: the exec condition's witness */
	size_t states;		/* accepting DFA states behind the edge */
};

struct xgraph {
	aamed_policy *policy;
	struct xg_node *nodes;
	size_t nnodes, ncap;
	struct xg_edge *edges;
	size_t nedges, ecap;
	size_t unconfined;	/* node index of "unconfined" */
	size_t nprofiles;	/* nodes [0, nprofiles) are the profiles, in
				 * the policy's load order */
};

/*
 * Build the model of every profile of policy (which stays the caller's
 * and must outlive g). 0, or -ENOMEM (g freed).
 */
int xgraph_build(struct xgraph *g, aamed_policy *policy);
void xgraph_free(struct xgraph *g);

/* The node of a label text, or (size_t)-1. */
size_t xgraph_find(const struct xgraph *g, const char *name);

/* A transition as a rule writes its mode ("Px", "pix", "Ux", "ix"...;
 * a child's px is cx only where the edge knows its target) into out
 * (8 bytes): the xg_edge's mode before that correction. */
void xgraph_mode_string(const struct aamed_xtrans *x, char *out);

/* A node is unconfined: the unconfined node or an unconfined-mode profile. */
bool xgraph_node_unconfined(const struct xgraph *g, size_t n);

/*
 * For every node, the first exec edge of a shortest chain of exec edges
 * to an unconfined node: next[node] is an edge index, g->nedges for an
 * unconfined node itself, (size_t)-1 when none leads there. next has
 * g->nnodes entries. 0 or -ENOMEM.
 */
int xgraph_unconfined_next(const struct xgraph *g, size_t *next);

#endif
