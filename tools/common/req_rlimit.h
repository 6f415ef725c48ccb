/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Resource limit queries (tools/common/req_rlimit.c). */
#ifndef AAMED_REQ_RLIMIT_H
#define AAMED_REQ_RLIMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"

struct rlimit_query {
	int resource;		/* rlimit: the resource set */
	uint64_t soft, hard;	/* rlimit: the new limits */
	bool soft_given;	/* --soft; else the lesser of old soft, hard */
	/* the task's limits before: --rlimit NAME=SOFT:HARD over Linux's
	 * defaults for its first task (set once given is nonzero) */
	struct aamed_rlimits start;
	uint32_t given;		/* bit r: --rlimit named resource r */
};

/* The limits a task gets on exec: shown has a bit per resource printed. */
struct rlimit_answer {
	struct aamed_rlimits lim;
	uint32_t shown;
};

#endif
