// SPDX-License-Identifier: GPL-2.0-or-later
/* The process's policy: loaded once from AAMED_POLICY, kept until exit. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static aamed_policy *loaded;	/* owned here, never freed */
static int load_errno;		/* why loaded is NULL */

void shim_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("libaamed-apparmor: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int parse_kernel(const char *v, enum aamed_kernel *k)
{
	if (!v || !*v || !strcmp(v, "6.1"))
		*k = AAMED_KERNEL_6_1;
	else if (!strcmp(v, "6.12"))
		*k = AAMED_KERNEL_6_12;
	else if (!strcmp(v, "upstream"))
		*k = AAMED_KERNEL_UPSTREAM;
	else
		return -EINVAL;
	return 0;
}

static int load(aamed_policy **out)
{
	const char *path = getenv("AAMED_POLICY");
	const char *kernel = getenv("AAMED_KERNEL");
	struct aamed_error err;
	enum aamed_kernel k;
	aamed_policy *p;
	char msg[1024];
	int rc;

	if (!path || !*path) {
		shim_warn("AAMED_POLICY is not set: no AppArmor policy");
		return -ENOSYS;
	}
	if (parse_kernel(kernel, &k) < 0) {
		shim_warn("AAMED_KERNEL=%s: takes 6.1, 6.12 or upstream", kernel);
		return -EINVAL;
	}
	p = aamed_policy_new();
	if (!p)
		return -ENOMEM;
	aamed_policy_set_kernel(p, k);
	rc = aamed_policy_load_path(p, path, &err);
	if (rc < 0) {
		shim_warn("AAMED_POLICY=%s: %s", path,
			  aamed_error_str(&err, msg, sizeof(msg)));
		aamed_policy_free(p);
		return rc;
	}
	*out = p;
	return 0;
}

static void load_policy(void)
{
	load_errno = -load(&loaded);
}

aamed_policy *shim_policy(void)
{
	if (pthread_once(&load_once, load_policy) != 0) {
		errno = EINVAL;
		return NULL;
	}
	if (!loaded)
		errno = load_errno;
	return loaded;
}
