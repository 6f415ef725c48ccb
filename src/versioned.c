// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Versioned structures: one rule, applied here for every structure.
 *
 *  - size 0 is the first version;
 *  - a size below the first version's is -EINVAL;
 *  - a size above the library's is a newer caller's: accepted when every
 *    byte the library does not know is zero (the caller asked nothing of
 *    the newer fields), -E2BIG otherwise;
 *  - the library reads and writes only the bytes the size covers.
 */
#include <errno.h>
#include <stdint.h>

#include "versioned.h"

static int tail_is_zero(const void *u, size_t from, size_t to)
{
	const unsigned char *b = u;

	for (; from < to; from++)
		if (b[from])
			return 0;
	return 1;
}

long aa_struct_len(const void *u, size_t known, size_t ver0)
{
	size_t sz;

	if (!u)
		return -EINVAL;
	memcpy(&sz, u, sizeof(sz));
	if (!sz)
		return (long)ver0;
	if (sz < ver0)
		return -EINVAL;
	if (sz > known) {
		if (sz > AA_STRUCT_MAX || !tail_is_zero(u, known, sz))
			return -E2BIG;
		return (long)known;
	}
	return (long)sz;
}

int aa_struct_copy_in(void *local, size_t known, size_t ver0, const void *u)
{
	long len = aa_struct_len(u, known, ver0);

	memset(local, 0, known);
	if (len < 0)
		return (int)len;
	memcpy(local, u, (size_t)len);
	memcpy(local, &known, sizeof(known));
	return 0;
}

void aa_struct_copy_out(void *res, const void *from, size_t len)
{
	if (len > sizeof(size_t))
		memcpy((char *)res + sizeof(size_t),
		       (const char *)from + sizeof(size_t),
		       len - sizeof(size_t));
}
