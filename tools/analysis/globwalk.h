/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which paths of a glob a label may make a file request on, exactly: the
 * glob's file DFA (a one-rule profile "GLOB r," compiled by
 * apparmor_parser) walked in product with the file DFA of each member of
 * the label. Used by `aamed who-can`. Nothing here is public API.
 */
#ifndef AAMED_GLOBWALK_H
#define AAMED_GLOBWALK_H

#include <stdint.h>

#include "aamed.h"

#define WC_MAX_MEMBERS 8

/* none, the one path asked (no glob), some paths, all paths */
enum extent { EX_NONE = 0, EX_PATH, EX_SOME, EX_ALL };

/*
 * The glob's DFA, prepared once for every label of a run (its rows of
 * transitions, which states match, which can still reach a match).
 */
struct glob_dfa;

/* 0, -ENOMEM, or -E2BIG (a glob DFA larger than a glob makes). */
int glob_dfa_new(const aamed_rules *q, uint32_t qstart, struct glob_dfa **out);
void glob_dfa_free(struct glob_dfa *g);

struct glob_walk {
	const struct glob_dfa *g;	/* the glob */
	const aamed_rules *m[WC_MAX_MEMBERS];	/* members' file rules */
	size_t nm;
	uint32_t request;		/* AAMED_MAY_* every member must grant */
	int owner;			/* the owner entries, else the others */
};

/*
 * The extent of the glob on which every member grants the request
 * (with no member: every path of the glob), and into *wit (malloc'd) the
 * shortest path where they do. 0 or -ENOMEM.
 */
int glob_extent(const struct glob_walk *gw, enum extent *ext, char **wit);

#endif
