// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The unit-test harness: named cases (listed in cases.h) and the checks
 * they make. A failing check prints the case, file:line, the expression
 * and, for value comparisons, what was expected and what came out.
 */
#ifndef UNIT_HARNESS_H
#define UNIT_HARNESS_H

#include <stdbool.h>

/* Every case is a function "void unit_NAME(void)" listed in cases.h. */
#define UNIT_CASE(name) void unit_##name(void);
#include "cases.h"
#undef UNIT_CASE

bool unit_check(bool ok, const char *expr, const char *file, int line);
bool unit_check_eq(unsigned long long got, unsigned long long want,
		   const char *expr, const char *file, int line);
bool unit_check_str(const char *got, const char *want, const char *expr,
		    const char *file, int line);

/* Plain truth; returns it, so "if (CHECK(p != NULL))" guards the rest. */
#define CHECK(cond) unit_check((cond), #cond, __FILE__, __LINE__)

/* Integers, printed signed and in hex on failure. */
#define CHECK_EQ(got, want)                                                \
	unit_check_eq((unsigned long long)(got), (unsigned long long)(want), \
		      #got " == " #want, __FILE__, __LINE__)

/* C strings; NULL equals only NULL. */
#define CHECK_STR(got, want)                                               \
	unit_check_str((got), (want), #got " == " #want, __FILE__, __LINE__)

/* unit --json-lines FILE (json_lines.c). */
int unit_json_lines(const char *path);
/* unit --dfa-walk BLOB... (dfa_flat.c). */
int unit_dfa_walk_blobs(int argc, char **argv);

#endif
