// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The process's policy: loaded from AAMED_POLICY at the first question,
 * kept until exit, or (AAMED_RELOAD=SECONDS) replaced when AAMED_POLICY
 * changes: at most every SECONDS, the first question after that time
 * stats it and, when it changed, loads it again. The new policy replaces
 * the old only once it has loaded whole; a policy that does not load
 * leaves the old one answering (all or nothing, as the kernel's replace).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "shim.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static aamed_policy *loaded;	/* owned here; freed only when replaced */
static int load_errno;		/* why loaded is NULL */

/*
 * Reloading. Questions hold swap_lock for reading while they use the
 * policy (shim_policy_get/put); the reload takes it for writing only to
 * swap the pointer, so the old policy is freed once no question uses it.
 * One thread reloads at a time (reload_lock, tried: the others go on with
 * the policy they have).
 */
static pthread_rwlock_t swap_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t reload_lock = PTHREAD_MUTEX_INITIALIZER;
static long reload_every;	/* seconds; 0: never (AAMED_RELOAD unset) */
static _Atomic long next_check;	/* CLOCK_MONOTONIC seconds */
static struct stat seen;	/* AAMED_POLICY as last loaded or tried */

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

/* AAMED_RELOAD: unset, empty or 0 (never), or 1 to 86400 seconds */
static int parse_reload(const char *v, long *every)
{
	char *end;

	*every = 0;
	if (!v || !*v)
		return 0;
	errno = 0;
	*every = strtol(v, &end, 10);
	if (errno || *end || *every < 0 || *every > 86400) {
		*every = 0;
		return -EINVAL;
	}
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

static long now_seconds(void)
{
	struct timespec ts;

	/* the coarse clock: a question pays no more than a vDSO read */
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (long)ts.tv_sec;
}

static void load_policy(void)
{
	const char *path = getenv("AAMED_POLICY");
	const char *every = getenv("AAMED_RELOAD");

	if (parse_reload(every, &reload_every) < 0) {
		shim_warn("AAMED_RELOAD=%s: takes 0 (never) or 1 to 86400 seconds",
			  every);
		load_errno = EINVAL;
		return;
	}
	/* stat first: a change made during the load is seen next time */
	if (reload_every && path && stat(path, &seen) != 0)
		memset(&seen, 0, sizeof(seen));
	load_errno = -load(&loaded);
	atomic_store(&next_check, now_seconds() + reload_every);
}

static bool changed(const struct stat *a, const struct stat *b)
{
	return a->st_ino != b->st_ino || a->st_dev != b->st_dev ||
	       a->st_size != b->st_size ||
	       a->st_mtim.tv_sec != b->st_mtim.tv_sec ||
	       a->st_mtim.tv_nsec != b->st_mtim.tv_nsec ||
	       a->st_ctim.tv_sec != b->st_ctim.tv_sec ||
	       a->st_ctim.tv_nsec != b->st_ctim.tv_nsec;
}

/* AAMED_POLICY loaded again if it changed since it was last read. */
static void reload(void)
{
	const char *path = getenv("AAMED_POLICY");
	aamed_policy *p, *old;
	struct stat st;

	if (!path || stat(path, &st) != 0 || !changed(&st, &seen))
		return;
	seen = st;	/* a policy that does not load is not tried again
			 * until it changes again */
	if (load(&p) < 0)
		return;	/* load() said why; the old policy stays */
	pthread_rwlock_wrlock(&swap_lock);
	old = loaded;
	loaded = p;
	pthread_rwlock_unlock(&swap_lock);
	aamed_policy_free(old);
	shim_warn("AAMED_POLICY=%s: reloaded, %zu profiles", path,
		  aamed_policy_profile_count(p));
}

static void maybe_reload(void)
{
	long now = now_seconds();

	if (now < atomic_load(&next_check) ||
	    pthread_mutex_trylock(&reload_lock) != 0)
		return;
	if (now >= atomic_load(&next_check)) {
		reload();
		atomic_store(&next_check, now_seconds() + reload_every);
	}
	pthread_mutex_unlock(&reload_lock);
}

aamed_policy *shim_policy_get(void)
{
	if (!shim_have_policy())
		return NULL;
	/* without AAMED_RELOAD the policy never changes: no lock */
	if (!reload_every)
		return loaded;
	maybe_reload();
	pthread_rwlock_rdlock(&swap_lock);
	return loaded;
}

void shim_policy_put(void)
{
	if (reload_every)
		pthread_rwlock_unlock(&swap_lock);
}

bool shim_have_policy(void)
{
	if (pthread_once(&load_once, load_policy) != 0) {
		errno = EINVAL;
		return false;
	}
	/* load_errno is written once, before pthread_once returns; loaded
	 * may be swapped by a reload, but never to NULL */
	if (load_errno) {
		errno = load_errno;
		return false;
	}
	return true;
}
