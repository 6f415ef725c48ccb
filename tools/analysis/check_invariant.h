/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The invariants file of aamed check --invariants (check_inv_parse.c):
 *
 *   # a comment
 *   never SUBJECT file PATH PERMS [except NAME...]
 *   never SUBJECT capability NAME... [except NAME...]
 *
 * SUBJECT: "*" or a shell pattern of profile names (fnmatch(3), so a
 * name pattern, not a path glob). PATH: an AppArmor glob, as in a rule
 * (compiled by apparmor_parser). PERMS: the letters of file rules, r w a
 * x m l k. NAME: a profile exempt, with its children and hats, and any
 * child or hat named NAME ("firewalld//kmod" for kmod).
 */
#ifndef AAMED_CHECK_INVARIANT_H
#define AAMED_CHECK_INVARIANT_H

#include "check.h"

enum inv_kind {
	INV_FILE,
	INV_CAP,
};

struct invariant {
	int line;		/* in the file, 1-based */
	char *text;		/* the line, trimmed */
	char *subject;
	enum inv_kind kind;
	char *path;		/* INV_FILE */
	uint32_t perms;		/* INV_FILE: AAMED_MAY_* the letters ask */
	char letters[16];
	uint64_t caps;		/* INV_CAP */
	char **except;
	size_t nexcept;
};

/* Read path: 0 with *v, *n set, or -1 after "aamed check: FILE:LINE:
 * what" on stderr. */
int inv_parse(const char *path, struct invariant **v, size_t *n);
void inv_free(struct invariant *v, size_t n);
/* Does the invariant judge profile hname (its subject, not exempt)? */
bool inv_applies(const struct invariant *inv, const char *hname);

#endif
