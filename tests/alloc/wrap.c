// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Allocation-failure injection: the link wraps every allocation function
 * libaamed.a calls (-Wl,--wrap=...); while armed, the k-th allocation
 * fails once, as an exhausted heap would make it fail.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "wrap.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t m, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t m, size_t n);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);

static bool armed;
static long seen, fail_at;
static bool failed_one;

void inject_arm(long k)
{
	seen = 0;
	fail_at = k;
	failed_one = false;
	armed = true;
}

long inject_disarm(void)
{
	armed = false;
	return seen;
}

bool inject_hit(void)
{
	return failed_one;
}

/* Counts an allocation; true when this one is to fail. */
static bool fail_now(void)
{
	if (!armed)
		return false;
	if (++seen != fail_at)
		return false;
	failed_one = true;
	errno = ENOMEM;
	return true;
}

void *__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t m, size_t n)
{
	return fail_now() ? NULL : __real_calloc(m, n);
}

/* A failed realloc leaves the old block as it was. */
void *__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
	return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
	return fail_now() ? NULL : __real_strndup(s, n);
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
	return fail_now() ? NULL : __real_aligned_alloc(align, n);
}
