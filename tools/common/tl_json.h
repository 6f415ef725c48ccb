/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A small JSON reader (tools/common/tl_json.c). */
#ifndef AAMED_TL_JSON_H
#define AAMED_TL_JSON_H

#include <stdbool.h>
#include <stddef.h>

enum tj_type { TJ_NULL, TJ_BOOL, TJ_NUM, TJ_STR, TJ_ARR, TJ_OBJ };
struct tj {
	enum tj_type type;
	bool b;
	double num;
	char *str;		/* TJ_STR (NUL-terminated, may hold \0) */
	size_t len;		/* string length, or number of children */
	struct tj *kids;	/* array items or object values */
	char **keys;		/* object keys */
};
/* Parse text; NULL with *err and *errpos (byte offset) on error. */
struct tj *tj_parse(const char *text, size_t len, const char **err,
		    size_t *errpos);
void tj_free(struct tj *v);
const struct tj *tj_get(const struct tj *obj, const char *key);

#endif
