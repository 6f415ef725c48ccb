// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Small helpers of the checks: levels, profile information, the
 * letters of file permissions as `aamed query` takes them.
 */
#include <string.h>

#include "check.h"

static const char *const level_names[] = {
	[CHECK_INFO] = "info",
	[CHECK_WARNING] = "warning",
	[CHECK_ERROR] = "error",
};

const char *check_level_name(enum check_level l)
{
	return (size_t)l < sizeof(level_names) / sizeof(level_names[0]) ?
		       level_names[l] : "unknown";
}

int check_level_parse(const char *word, enum check_level *l)
{
	size_t i;

	for (i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++)
		if (!strcmp(word, level_names[i])) {
			*l = (enum check_level)i;
			return 0;
		}
	return -1;
}

int check_info(const aamed_profile *p, struct aamed_profile_info *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	return aamed_profile_info(p, info) ? -1 : 0;
}

bool check_wanted(const struct aamed_profile_info *info)
{
	/* the namespace's own unconfined profile is no profile of the set;
	 * the one-rule profiles of --source are the tools' */
	if (!strcmp(info->name, "unconfined") ||
	    !strncmp(info->name, "__aamed_", 8))
		return false;
	return true;
}

/* The kernel's file permission bits, as the letters a rule and
 * `aamed query file PATH PERMS` spell them (the kernel's own string
 * names them in another order). */
void check_file_letters(uint32_t bits, char *buf, size_t len)
{
	static const struct {
		uint32_t bit;
		char c;
	} l[] = {
		{ AAMED_MAY_READ, 'r' },   { AAMED_MAY_WRITE, 'w' },
		{ AAMED_MAY_APPEND, 'a' }, { AAMED_MAY_EXEC, 'x' },
		{ AAMED_EXEC_MMAP, 'm' },   { AAMED_MAY_LINK, 'l' },
		{ AAMED_MAY_LOCK, 'k' },   { AAMED_MAY_CREATE, 'c' },
		{ AAMED_MAY_DELETE, 'd' },
	};
	size_t i, n = 0;

	/* w brings a, c and d with it (the parser's and kernel's mapping of
	 * a write rule): the letters a rule would spell */
	if (bits & AAMED_MAY_WRITE)
		bits &= ~(AAMED_MAY_APPEND | AAMED_MAY_CREATE | AAMED_MAY_DELETE);
	for (i = 0; i < sizeof(l) / sizeof(l[0]) && n + 1 < len; i++)
		if (bits & l[i].bit)
			buf[n++] = l[i].c;
	if (len)
		buf[n < len ? n : len - 1] = 0;
}
