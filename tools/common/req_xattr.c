// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --xattr NAME=VALUE: one extended attribute of the executable, as the
 * kernel reads it for attachment (the value's bytes, without a NUL;
 * "NAME=" is an empty value). The last of a repeated name wins, as a
 * file holds one value per name.
 */
#include <stdio.h>
#include <string.h>

#include "req_xattr.h"

int xattr_parse(const char *arg, struct xattr_list *l, char *err,
		size_t errlen)
{
	const char *eq = strchr(arg, '=');
	size_t nlen, i;

	if (!eq || eq == arg) {
		snprintf(err, errlen, "--xattr \"%s\": not NAME=VALUE", arg);
		return -1;
	}
	nlen = (size_t)(eq - arg);
	if (nlen >= sizeof(l->names[0])) {
		snprintf(err, errlen, "--xattr: name longer than %zu bytes",
			 sizeof(l->names[0]) - 1);
		return -1;
	}
	for (i = 0; i < l->n; i++)
		if (strlen(l->v[i].name) == nlen &&
		    !strncmp(l->v[i].name, arg, nlen))
			break;
	if (i == XATTR_MAX) {
		snprintf(err, errlen, "more than %d --xattr", XATTR_MAX);
		return -1;
	}
	if (i == l->n) {
		memcpy(l->names[i], arg, nlen);
		l->names[i][nlen] = '\0';
		l->v[i].name = l->names[i];
		l->n++;
	}
	l->v[i].value = eq + 1;
	l->v[i].len = strlen(eq + 1);
	return 0;
}
