/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --xattr NAME=VALUE on exec and attach queries (req_xattr.c). */
#ifndef AAMED_REQ_XATTR_H
#define AAMED_REQ_XATTR_H

#include <stddef.h>

#include "aamed.h"

#define XATTR_MAX 16

/* The file's xattrs: names copied here, values are the caller's words. */
struct xattr_list {
	struct aamed_xattr v[XATTR_MAX];
	char names[XATTR_MAX][128];
	size_t n;
};

/* Add NAME=VALUE (the value's bytes, no NUL); -1 with err set. */
int xattr_parse(const char *arg, struct xattr_list *l, char *err,
		size_t errlen);

#endif
