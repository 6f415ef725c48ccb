/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed suggest: the text of a profile's scope (its file and every file
 * it includes), to see how its rules already write a part of a path
 * (suggest_ctx.c).
 */
#ifndef AAMED_SUGGEST_CTX_H
#define AAMED_SUGGEST_CTX_H

#include "suggest.h"

struct sg_ctx {
	char *text;	/* the lines, comments dropped, '\n' between */
	size_t len, cap;
};

/* An include's file ("X" as it is, <X> on the search path: --source,
 * -I, /etc/apparmor.d) into out; 0, or -1 when none exists. */
int sg_include_resolve(const struct suggest *s, const char *spec, char *out,
		       size_t len);
/* fn(arg, FILE) for the file an include names, or for each file of the
 * directory it names (dot files left out); -1 when it names none. */
int sg_include_each(const struct suggest *s, const char *spec,
		    void (*fn)(void *arg, const char *file), void *arg);
/* The argument of an include line ("include", "#include", "include if
 * exists"): its "X" or <X>, or NULL when the line is no include. */
const char *sg_include_arg(char *line);
/* The text of file and of all it includes (NULL text when unreadable). */
void sg_ctx_load(struct suggest *s, const char *file, struct sg_ctx *c);
void sg_ctx_free(struct sg_ctx *c);
/* How many times needle occurs in the text; in its rules only (not in
 * the values of a definition). */
long sg_ctx_count(const struct sg_ctx *c, const char *needle);
long sg_ctx_count_rules(const struct sg_ctx *c, const char *needle);

#endif
