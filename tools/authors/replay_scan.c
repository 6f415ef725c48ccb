// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: where a record's "apparmor=" starts. A leaf shared by
 * the reading of the inputs (replay_read.c) and the memo's key
 * (replay_memo.c), so that the memo, below the chunk ring, does not
 * call up into the reading.
 */
#include <string.h>

#include "replay.h"

/*
 * The first occurrence of "apparmor=": its '=' found with strchr, which
 * is faster than a search for the whole word and finds the same one.
 */
long replay_find_apparmor(const char *s)
{
	const char *p = s;

	while ((p = strchr(p, '='))) {
		if (p - s >= 8 && !memcmp(p - 8, "apparmor", 8))
			return (long)(p - 8 - s);
		p++;
	}
	return -1;
}
