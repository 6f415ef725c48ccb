// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The process's policy: loaded from AAMED_POLICY at the first question,
 * kept until exit, or (AAMED_RELOAD=SECONDS) replaced when AAMED_POLICY
 * changes: every SECONDS a thread of this library stats it and, when it
 * changed, loads it again. The new policy replaces the old only once it
 * has loaded whole; a policy that does not load leaves the old one
 * answering (all or nothing, as the kernel's replace).
 *
 * The questions never wait for a reload: they come from the program's
 * own threads (dbus-daemon's one main loop), and a load done there, as
 * it once was by the first question after the period, stalled every
 * client of the bus for as long as the policy took to load. They hold
 * the policy through libaamed's engine (aamed_read_begin/end: a store
 * to the thread's own slot, no lock, no clock, no system call).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "shim.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static aamed_policy *loaded;	/* without AAMED_RELOAD: the policy, for good */
static int load_errno;		/* why there is no policy */

/*
 * Reloading (AAMED_RELOAD). The engine holds the current policy; each
 * thread that asks registers once as its reader (reader_key, freed when
 * the thread ends). The watcher thread alone stats, loads and replaces;
 * aamed_policy_replace() frees the old policy once no question can still
 * use it. A fork leaves the child without the watcher: the first
 * question there starts another (watcher_lost). A fork waits for a
 * reload under way (reload_lock), so that the child never inherits the
 * engine's lock held by a thread it does not have. (A thread of the
 * parent caught inside a question at the fork would stay a reader of the
 * child's engine for ever: its replacements would then keep the old
 * policies, at most 16, then wait. A program forks from one thread, out
 * of its questions.)
 */
static aamed_engine *engine;	/* NULL without AAMED_RELOAD */
static pthread_key_t reader_key;
static long reload_every;	/* seconds; 0: never (AAMED_RELOAD unset) */
static struct stat seen;	/* AAMED_POLICY as last loaded or tried:
				 * the watcher's, once it runs */
static atomic_bool watcher_lost;
static pthread_mutex_t watcher_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t reload_lock = PTHREAD_MUTEX_INITIALIZER;

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

static void fork_prepare(void);
static void fork_parent(void);
static void fork_child(void);
static int start_watcher(void);

static void reader_gone(void *reader)
{
	aamed_reader_free(reader);
}

/* With AAMED_RELOAD: the engine over the policy loaded, and its watcher. */
static int start_reloading(aamed_policy *p)
{
	int rc;

	engine = aamed_engine_new(p);
	if (!engine) {
		aamed_policy_free(p);
		return -ENOMEM;
	}
	rc = -pthread_key_create(&reader_key, reader_gone);
	if (rc == 0)
		rc = -pthread_atfork(fork_prepare, fork_parent, fork_child);
	if (rc == 0)
		rc = start_watcher();
	if (rc < 0) {
		shim_warn("AAMED_RELOAD: cannot start the thread that reloads: %s",
			  strerror(-rc));
		/* nothing has used the engine yet: no reader to wait for */
		aamed_engine_free(engine);
		engine = NULL;
	}
	return rc;
}

static void load_policy(void)
{
	const char *path = getenv("AAMED_POLICY");
	const char *every = getenv("AAMED_RELOAD");
	aamed_policy *p = NULL;

	if (parse_reload(every, &reload_every) < 0) {
		shim_warn("AAMED_RELOAD=%s: takes 0 (never) or 1 to 86400 seconds",
			  every);
		load_errno = EINVAL;
		return;
	}
	/* stat first: a change made during the load is seen next time */
	if (reload_every && path && stat(path, &seen) != 0)
		memset(&seen, 0, sizeof(seen));
	load_errno = -load(&p);
	if (!load_errno && reload_every)
		load_errno = -start_reloading(p);
	else
		loaded = p;
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
	aamed_policy *p;
	struct stat st;
	size_t n;
	int rc;

	if (!path || stat(path, &st) != 0 || !changed(&st, &seen))
		return;
	seen = st;	/* a policy that does not load is not tried again
			 * until it changes again */
	if (load(&p) < 0)
		return;	/* load() said why; the old policy stays */
	n = aamed_policy_profile_count(p);
	rc = aamed_policy_replace(engine, p);
	if (rc < 0) {
		shim_warn("AAMED_POLICY=%s: not replaced: %s", path,
			  strerror(-rc));
		aamed_policy_free(p);
		return;
	}
	shim_warn("AAMED_POLICY=%s: reloaded, %zu profiles", path, n);
}

static void sleep_seconds(long seconds)
{
	struct timespec left = { .tv_sec = seconds };

	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR)
		;
}

static void *watch(void *arg)
{
	(void)arg;
	for (;;) {
		sleep_seconds(reload_every);
		pthread_mutex_lock(&reload_lock);
		reload();
		pthread_mutex_unlock(&reload_lock);
	}
	return NULL;
}

/*
 * The watcher, with every signal blocked: the program's signals (a bus's
 * SIGHUP, SIGTERM) stay its own threads' to take.
 */
static int start_watcher(void)
{
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t t;
	int rc;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_attr_init(&attr);
	if (rc == 0) {
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		rc = pthread_create(&t, &attr, watch, NULL);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return -rc;
}

static void fork_prepare(void)
{
	pthread_mutex_lock(&reload_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&reload_lock);
}

/* In the child only a flag: it may be about to exec (a bus's activation
 * helper), and needs no watcher then. */
static void fork_child(void)
{
	pthread_mutex_unlock(&reload_lock);
	atomic_store_explicit(&watcher_lost, true, memory_order_relaxed);
}

/*
 * In a forked child (a daemon that forked after its first question), the
 * first question looks at AAMED_POLICY itself, once, as the watcher would
 * have while there was none, then starts the watcher again; if it cannot,
 * the policy stays.
 */
static void restart_watcher(void)
{
	pthread_mutex_lock(&watcher_lock);
	if (atomic_load(&watcher_lost)) {
		atomic_store(&watcher_lost, false);
		pthread_mutex_lock(&reload_lock);
		reload();
		pthread_mutex_unlock(&reload_lock);
		if (start_watcher() < 0)
			shim_warn("AAMED_RELOAD: no thread to reload in process %ld",
				  (long)getpid());
	}
	pthread_mutex_unlock(&watcher_lock);
}

/* This thread's reader, registered at its first question. */
static aamed_reader *this_reader(void)
{
	aamed_reader *r = pthread_getspecific(reader_key);

	if (r)
		return r;
	r = aamed_reader_new(engine);
	if (r && pthread_setspecific(reader_key, r) != 0) {
		aamed_reader_free(r);
		r = NULL;
	}
	if (!r)
		errno = ENOMEM;
	return r;
}

aamed_policy *shim_policy_get(void)
{
	aamed_reader *r;

	if (!shim_have_policy())
		return NULL;
	/* without AAMED_RELOAD the policy never changes */
	if (!engine)
		return loaded;
	if (atomic_load_explicit(&watcher_lost, memory_order_relaxed))
		restart_watcher();
	r = this_reader();
	return r ? aamed_read_begin(r) : NULL;
}

void shim_policy_put(void)
{
	if (engine)
		aamed_read_end(pthread_getspecific(reader_key));
}

bool shim_have_policy(void)
{
	if (pthread_once(&load_once, load_policy) != 0) {
		errno = EINVAL;
		return false;
	}
	/* load_errno, loaded and engine are written once, before
	 * pthread_once returns; the engine's policy may be replaced by a
	 * reload, but never by none */
	if (load_errno) {
		errno = load_errno;
		return false;
	}
	return true;
}
