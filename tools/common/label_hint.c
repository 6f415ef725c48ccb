// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "did you mean": the profiles an unknown --label probably meant. Debian
 * names most profiles by the path they confine (usr.bin.man's label is
 * /usr/bin/man), so a user who types the program's name gets the path;
 * a typo gets the profiles one or two edits away.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Levenshtein distance of a and b, or limit + 1 once it is above limit. */
static size_t edit_distance(const char *a, const char *b, size_t limit)
{
	size_t la = strlen(a), lb = strlen(b), i, j, *row, d;

	if ((la > lb ? la - lb : lb - la) > limit || lb > 4096)
		return limit + 1;
	row = malloc((lb + 1) * sizeof(*row));
	if (!row)
		return limit + 1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

/* How well name matches what the user typed: 0 best, 3 none. */
static int closeness(const char *name, const char *typed)
{
	size_t ln = strlen(name), lt = strlen(typed);
	const char *base = strrchr(name, '/');

	/* the program's name for a profile named by its path */
	if (base && !strcmp(base + 1, typed))
		return 0;
	if (lt >= 2 && strstr(name, typed) && ln != lt)
		return 1;
	if (edit_distance(name, typed, lt < 6 ? 1 : 2) <= (lt < 6 ? 1u : 2u))
		return 2;
	return 3;
}

void label_hint(const aamed_policy *policy, const char *typed, char *buf,
		size_t len)
{
	size_t i, n = aamed_policy_profile_count(policy), used, shown = 0;
	int level;

	buf[0] = '\0';
	if (!typed || !typed[0] || !n)
		return;
	/* the closest level that has any, at most 3 names of it */
	for (level = 0; level < 3 && !shown; level++) {
		for (i = 0; i < n && shown < 3; i++) {
			const char *name = aamed_policy_profile_name(policy, i);
			const char *ns = aamed_policy_profile_ns(policy, i);

			if (!name || closeness(name, typed) != level)
				continue;
			used = strlen(buf);
			if (used + 8 >= len)
				break;
			snprintf(buf + used, len - used, "%s\"%s%s%s%s\"",
				 shown ? ", " : "; did you mean ",
				 ns && ns[0] ? ":" : "", ns ? ns : "",
				 ns && ns[0] ? ":" : "", name);
			shown++;
		}
	}
	if (shown) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "? (aamed profiles lists them)");
	}
}
