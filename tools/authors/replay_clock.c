// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the monotonic clock its timings read (--stats, the
 * progress line, the timed decisions). A leaf: the files that time
 * something call it, and it calls nothing of replay's, so none of them
 * reaches back up into the command (replay.c).
 */
#include <time.h>

#include "replay.h"

double replay_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
