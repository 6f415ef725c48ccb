// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The permission words of file queries ("rw", "read,getattr"), shared by
 * the file words (request.c) and the open-file words (req_ofile.c).
 */
#include <string.h>

#include "cli.h"

static const struct {
	char letter;
	const char *name;
	uint32_t bit;
} perm_table[] = {
	{ 'r', "read", AAMED_MAY_READ },
	{ 'w', "write", AAMED_MAY_WRITE },
	{ 'a', "append", AAMED_MAY_APPEND },
	{ 'x', "exec", AAMED_MAY_EXEC },
	{ 'm', "mmap_exec", AAMED_EXEC_MMAP },
	{ 'l', "link", AAMED_MAY_LINK },
	{ 'k', "lock", AAMED_MAY_LOCK },
	{ 'c', "create", AAMED_MAY_CREATE },
	{ 'd', "delete", AAMED_MAY_DELETE },
	{ 0, "chmod", AAMED_MAY_CHMOD },
	{ 0, "chown", AAMED_MAY_CHOWN },
	{ 0, "getattr", AAMED_MAY_GETATTR },
	{ 0, "setattr", AAMED_MAY_SETATTR },
	{ 0, "open", AAMED_MAY_OPEN },
};

/* Letters ("rw") or names ("read,getattr"); "rename" selects the op. */
int parse_perms(const char *s, uint32_t *mask, int *op)
{
	size_t i;

	*mask = 0;
	*op = -1;
	if (!*s)
		return -1;
	if (!strchr(s, ',')) {
		/* all letters? */
		const char *p;

		for (p = s; *p; p++) {
			for (i = 0; i < sizeof(perm_table) / sizeof(perm_table[0]); i++)
				if (perm_table[i].letter == *p)
					break;
			if (i == sizeof(perm_table) / sizeof(perm_table[0]))
				break;
			*mask |= perm_table[i].bit;
		}
		if (!*p)
			return 0;
		*mask = 0;
	}
	while (*s) {
		const char *e = strchr(s, ',');
		size_t n = e ? (size_t)(e - s) : strlen(s);

		if (n == 6 && !strncmp(s, "rename", 6)) {
			*op = AAMED_OP_RENAME;
		} else {
			for (i = 0; i < sizeof(perm_table) / sizeof(perm_table[0]); i++)
				if (strlen(perm_table[i].name) == n &&
				    !strncmp(perm_table[i].name, s, n))
					break;
			if (i == sizeof(perm_table) / sizeof(perm_table[0]))
				return -1;
			*mask |= perm_table[i].bit;
		}
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}
