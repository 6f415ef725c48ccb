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

struct glob_walk {
	const aamed_rules *q;		/* the glob's file rules */
	uint32_t qstart;
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
