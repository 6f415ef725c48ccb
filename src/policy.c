// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Policy sets: namespaces and the profiles loaded into them.
 *
 * Loading is two-phase so that nothing is ever half-loaded: every stream
 * of a load (a file, or every file of a directory) is unpacked and
 * checked into a staging list first; only when all of it is good are the
 * profiles linked in, replacing same-named ones as the kernel's .replace
 * does. Replaced profiles are retired, not freed, so label pointers handed
 * out earlier stay valid until the policy is freed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dfa_arena.h"
#include "label.h"
#include "policy.h"
#include "stream.h"

const char *aamed_error_str(const struct aamed_error *err, char *buf,
			    size_t len)
{
	if (err->offset >= 0)
		snprintf(buf, len, "%s: offset %lld (0x%llx): %s", err->origin,
			 err->offset, err->offset, err->msg);
	else
		snprintf(buf, len, "%s: %s", err->origin, err->msg);
	return buf;
}

static void set_error(struct aamed_error *err, const char *origin,
		      const char *fmt, const char *arg)
{
	if (!err)
		return;
	snprintf(err->origin, sizeof(err->origin), "%s", origin);
	err->offset = -1;
	snprintf(err->msg, sizeof(err->msg), fmt, arg);
}

static bool push(void *arrp, size_t *n, void *item)
{
	void ***arr = arrp;
	void **t = realloc(*arr, (*n + 1) * sizeof(void *));

	if (!t)
		return false;
	t[(*n)++] = item;
	*arr = t;
	return true;
}

static struct aa_ns *ns_new(const char *name)
{
	struct aa_ns *ns = calloc(1, sizeof(*ns));
	struct aa_profile *u;

	if (!ns || !(ns->name = strdup(name)))
		goto fail;
	u = calloc(1, sizeof(*u));
	if (!u || !(u->hname = strdup("unconfined"))) {
		free(u);
		goto fail;
	}
	u->bname = u->hname;
	u->ns = ns;
	u->mode = APPARMOR_UNCONFINED;
	ns->unconfined_profile = u;
	return ns;
fail:
	if (ns)
		free(ns->name);
	free(ns);
	return NULL;
}

static void ns_free(struct aa_ns *ns)
{
	aa_profile_free(ns->unconfined_profile);
	free(ns->name);
	free(ns);
}

struct aa_ns *aa_policy_ns(aamed_policy *policy, const char *name, bool create)
{
	struct aa_ns *ns;
	size_t i;

	for (i = 0; i < policy->nns; i++)
		if (!strcmp(policy->ns[i]->name, name))
			return policy->ns[i];
	if (!create)
		return NULL;
	ns = ns_new(name);
	if (!ns)
		return NULL;
	ns->policy = policy;
	ns->unconfined_profile->label =
		aa_label_for_vec(policy, &ns->unconfined_profile, 1);
	if (!ns->unconfined_profile->label ||
	    !push(&policy->ns, &policy->nns, ns)) {
		ns_free(ns);
		return NULL;
	}
	ns->unconfined = ns->unconfined_profile->label;
	return ns;
}

/*
 * Recursive: an exec decision holds the lock while it runs the caller's
 * audit callback, and that callback may resolve labels of the same policy.
 */
static int init_lock(pthread_mutex_t *lock)
{
	pthread_mutexattr_t attr;
	int rc;

	if (pthread_mutexattr_init(&attr))
		return -1;
	rc = pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	if (!rc)
		rc = pthread_mutex_init(lock, &attr);
	pthread_mutexattr_destroy(&attr);
	return rc ? -1 : 0;
}

/* Every policy gets a generation no other policy of the process has. */
static _Atomic uint64_t next_generation = 1;

aamed_policy *aamed_policy_new(void)
{
	aamed_policy *policy = calloc(1, sizeof(*policy));

	if (!policy)
		return NULL;
	policy->gen = atomic_fetch_add(&next_generation, 1);
	if (init_lock(&policy->lock)) {
		free(policy);
		return NULL;
	}
	if (!aa_policy_ns(policy, "", true)) {
		aamed_policy_free(policy);
		return NULL;
	}
	return policy;
}

void aamed_policy_free(aamed_policy *policy)
{
	size_t i;

	if (!policy)
		return;
	for (i = 0; i < policy->nprofiles; i++)
		aa_profile_free(policy->profiles[i]);
	for (i = 0; i < policy->nretired; i++)
		aa_profile_free(policy->retired[i]);
	for (i = 0; i < policy->nlearning; i++)
		aa_profile_free(policy->learning[i]);
	for (i = 0; i < policy->nlabels; i++)
		aa_label_free(policy->labels[i]);
	for (i = 0; i < policy->ndead; i++)
		aa_label_free(policy->dead_labels[i]);
	for (i = 0; i < policy->nns; i++)
		ns_free(policy->ns[i]);
	free(policy->profiles);
	free(policy->byname);
	free(policy->retired);
	free(policy->learning);
	free(policy->labels);
	free(policy->dead_labels);
	free(policy->fstypes);
	free(policy->ns);
	pthread_mutex_destroy(&policy->lock);
	free(policy);
}

/* FNV-1a over the name, seeded with the namespace. */
static size_t name_hash(const struct aa_ns *ns, const char *h, size_t n)
{
	uint64_t x = 0xcbf29ce484222325ull ^ (uint64_t)(uintptr_t)ns;
	size_t i;

	for (i = 0; i < n; i++)
		x = (x ^ (uint8_t)h[i]) * 0x100000001b3ull;
	return (size_t)(x ^ x >> 29);
}

/* The slot of (ns, hname[0..n)): its profile, or the empty slot for it. */
static struct aa_profile **name_slot(struct aa_profile **slots, size_t nslots,
				     const struct aa_ns *ns, const char *h,
				     size_t n)
{
	size_t i = name_hash(ns, h, n) & (nslots - 1);

	for (;; i = (i + 1) & (nslots - 1)) {
		struct aa_profile *p = slots[i];

		if (!p || (p->ns == ns && !strncmp(p->hname, h, n) &&
			   p->hname[n] == '\0'))
			return &slots[i];
	}
}

/* Room in the name index for want live profiles, at most half full. */
static bool index_reserve(aamed_policy *policy, size_t want)
{
	size_t nslots = policy->nslots ? policy->nslots : 64, i;
	struct aa_profile **slots;

	while (nslots < 2 * want)
		nslots *= 2;
	if (nslots == policy->nslots)
		return true;
	slots = calloc(nslots, sizeof(*slots));
	if (!slots)
		return false;
	for (i = 0; i < policy->nslots; i++) {
		struct aa_profile *p = policy->byname[i];

		if (p)
			*name_slot(slots, nslots, p->ns, p->hname,
				   strlen(p->hname)) = p;
	}
	free(policy->byname);
	policy->byname = slots;
	policy->nslots = nslots;
	return true;
}

struct aa_profile *aa_policy_find_n(const aamed_policy *policy,
				    const struct aa_ns *ns, const char *hname,
				    size_t n)
{
	if (!policy->nslots)
		return NULL;
	return *name_slot(policy->byname, policy->nslots, ns, hname, n);
}

size_t aamed_policy_profile_count(const aamed_policy *policy)
{
	return policy->nprofiles;
}

const char *aamed_policy_profile_name(const aamed_policy *policy, size_t i)
{
	return i < policy->nprofiles ? policy->profiles[i]->hname : NULL;
}

const char *aamed_policy_profile_ns(const aamed_policy *policy, size_t i)
{
	return i < policy->nprofiles ? policy->profiles[i]->ns->name : NULL;
}

void aamed_policy_set_kernel(aamed_policy *policy, enum aamed_kernel k)
{
	policy->kernel = k;
}

enum aamed_kernel aamed_policy_kernel(const aamed_policy *policy)
{
	return policy->kernel;
}

unsigned aamed_policy_abi(const aamed_policy *policy)
{
	return policy->abi;
}

/* ------------------------------------------------------------------ */
/* Staging. */

struct staged {
	struct aa_loadent *ents;
	size_t n;
	unsigned abi;
};

struct stage {
	struct staged *loads;
	size_t n;
	enum aamed_kernel kernel;	/* the policy's, for the loader */
	struct aa_arena arena;	/* the load's DFA tables (dfa_arena.c) */
};

static void stage_free(struct stage *st)
{
	size_t i, j;

	for (i = 0; i < st->n; i++) {
		for (j = 0; j < st->loads[i].n; j++) {
			aa_profile_free(st->loads[i].ents[j].profile);
			free(st->loads[i].ents[j].ns_name);
		}
		free(st->loads[i].ents);
	}
	free(st->loads);
	st->loads = NULL;
	st->n = 0;
	aa_arena_end(&st->arena);
}

static int stage_blob(struct stage *st, const void *data, size_t len,
		      const char *origin, struct aamed_error *err)
{
	struct aa_ext e = {
		.start = data,
		.end = (const uint8_t *)data + len,
		.pos = data,
		.origin = origin,
		.err = err,
		.kernel = st->kernel,
		.arena = &st->arena,
	};
	struct aa_loadent *ents;
	struct staged *t;
	long n;

	if (!data && len)
		return -EINVAL;
	if (!data) {
		static const uint8_t none;

		e.start = e.end = e.pos = &none;
	}
	n = aa_unpack_stream(&e, &ents);
	if (n < 0)
		return -EPROTO;
	t = realloc(st->loads, (st->n + 1) * sizeof(*t));
	if (!t) {
		for (long i = 0; i < n; i++) {
			aa_profile_free(ents[i].profile);
			free(ents[i].ns_name);
		}
		free(ents);
		set_error(err, origin, "%s", "out of memory");
		return -ENOMEM;
	}
	st->loads = t;
	st->loads[st->n].ents = ents;
	st->loads[st->n].n = (size_t)n;
	st->loads[st->n].abi = ents[0].profile->abi;
	st->n++;
	return 0;
}

/* Is hname (in ns) in the policy or anywhere in the staged loads? */
static bool exists(const aamed_policy *policy, const struct stage *st,
		   const char *ns, const char *hname, size_t n)
{
	const struct aa_ns *pns = NULL;
	size_t i, j;

	for (i = 0; i < policy->nns; i++)
		if (!strcmp(policy->ns[i]->name, ns))
			pns = policy->ns[i];
	if (pns && aa_policy_find_n(policy, pns, hname, n))
		return true;
	for (i = 0; i < st->n; i++)
		for (j = 0; j < st->loads[i].n; j++) {
			const struct aa_loadent *le = &st->loads[i].ents[j];
			const char *lns = le->ns_name ? le->ns_name : "";

			if (!strcmp(lns, ns) &&
			    !strncmp(le->profile->hname, hname, n) &&
			    le->profile->hname[n] == '\0')
				return true;
		}
	return false;
}

/* A child's parent must be loaded already or in the same load (6.1). */
static int check_parents(const aamed_policy *policy, const struct stage *st,
			 const char *origin, struct aamed_error *err)
{
	size_t i, j;

	for (i = 0; i < st->n; i++)
		for (j = 0; j < st->loads[i].n; j++) {
			const struct aa_loadent *le = &st->loads[i].ents[j];
			const char *h = le->profile->hname;
			const char *ns = le->ns_name ? le->ns_name : "";
			size_t plen = (size_t)(le->profile->bname - h);

			if (plen < 2)
				continue;
			if (!exists(policy, st, ns, h, plen - 2)) {
				set_error(err, origin,
					  "profile \"%s\": parent does not exist", h);
				return -ENOENT;
			}
		}
	return 0;
}

static void retire_labels(aamed_policy *policy)
{
	size_t i, keep = 0;

	/*
	 * Interned labels are stacks (single-profile labels belong to their
	 * profile). A stack may name a replaced profile: keep it readable
	 * until the policy goes.
	 */
	for (i = 0; i < policy->nlabels; i++) {
		struct aa_label *l = policy->labels[i];

		if (!push(&policy->dead_labels, &policy->ndead, l))
			policy->labels[keep++] = l;
	}
	policy->nlabels = keep;
}

static void link_parent(aamed_policy *policy, struct aa_profile *p)
{
	size_t plen = (size_t)(p->bname - p->hname);

	p->parent = plen >= 2 ? aa_policy_find_n(policy, p->ns, p->hname,
						 plen - 2)
			      : NULL;
}

static int cmp_order(const void *key, const void *elem)
{
	size_t a = *(const size_t *)key;
	size_t b = (*(struct aa_profile *const *)elem)->order;

	return a < b ? -1 : a > b;
}

/* Take old out of the live list (ascending load order: a binary search). */
static void retire(aamed_policy *policy, struct aa_profile *old)
{
	struct aa_profile **at = bsearch(&old->order, policy->profiles,
					 policy->nprofiles,
					 sizeof(*policy->profiles), cmp_order);
	size_t k = (size_t)(at - policy->profiles);

	old->retired = true;
	policy->retired[policy->nretired++] = old;
	memmove(at, at + 1, (policy->nprofiles - k - 1) * sizeof(*at));
	policy->nprofiles--;
}

/*
 * Link every staged profile in. The only failure left is memory; reserve
 * it all first so that commit cannot stop half way. The work is that of
 * the staged profiles: same-named ones are found through the name index,
 * and only the new profiles and the children of replaced ones get their
 * parent looked up again.
 */
static int commit(aamed_policy *policy, struct stage *st, const char *origin,
		  struct aamed_error *err)
{
	size_t total = 0, i, j;
	struct aa_profile **np, **nr;
	bool replaced = false;

	for (i = 0; i < st->n; i++)
		total += st->loads[i].n;
	np = realloc(policy->profiles,
		     (policy->nprofiles + total) * sizeof(*np));
	if (np)
		policy->profiles = np;
	nr = realloc(policy->retired, (policy->nretired + total) * sizeof(*nr));
	if (nr)
		policy->retired = nr;
	if (!index_reserve(policy, policy->nprofiles + total))
		np = NULL;
	for (i = 0; np && nr && i < st->n; i++)
		for (j = 0; j < st->loads[i].n; j++) {
			const char *ns = st->loads[i].ents[j].ns_name;

			if (!aa_policy_ns(policy, ns ? ns : "", true))
				np = NULL;
			st->loads[i].ents[j].profile->label = NULL;
		}
	/* labels of the new profiles, still unlinked */
	for (i = 0; np && nr && i < st->n; i++)
		for (j = 0; j < st->loads[i].n; j++) {
			struct aa_profile *p = st->loads[i].ents[j].profile;
			const char *ns = st->loads[i].ents[j].ns_name;

			p->ns = aa_policy_ns(policy, ns ? ns : "", false);
			p->label = aa_label_for_vec(policy, &p, 1);
			if (!p->label)
				np = NULL;
		}
	if (!np || !nr) {
		set_error(err, origin, "%s", "out of memory");
		return -ENOMEM;
	}
	retire_labels(policy);
	for (i = 0; i < st->n; i++) {
		for (j = 0; j < st->loads[i].n; j++) {
			struct aa_profile *p = st->loads[i].ents[j].profile;
			struct aa_profile **slot =
				name_slot(policy->byname, policy->nslots, p->ns,
					  p->hname, strlen(p->hname));

			if (*slot) {
				retire(policy, *slot);
				replaced = true;
			}
			*slot = p;
			p->order = policy->seq++;
			policy->profiles[policy->nprofiles++] = p;
		}
		if (st->loads[i].abi > policy->abi)
			policy->abi = st->loads[i].abi;
	}
	for (i = 0; i < st->n; i++)
		for (j = 0; j < st->loads[i].n; j++) {
			link_parent(policy, st->loads[i].ents[j].profile);
			st->loads[i].ents[j].profile = NULL;
		}
	for (i = 0; replaced && i < policy->nprofiles; i++) {
		struct aa_profile *p = policy->profiles[i];

		if (p->parent && p->parent->retired)
			link_parent(policy, p);
	}
	return 0;
}

static int load_stage(aamed_policy *policy, struct stage *st,
		      const char *origin, struct aamed_error *err)
{
	int rc = check_parents(policy, st, origin, err);

	if (!rc) {
		pthread_mutex_lock(&policy->lock);
		rc = commit(policy, st, origin, err);
		pthread_mutex_unlock(&policy->lock);
	}
	stage_free(st);
	return rc;
}

int aamed_policy_load_blob(aamed_policy *policy, const void *data, size_t len,
			   const char *origin, struct aamed_error *err)
{
	struct stage st = { .kernel = policy->kernel };
	int rc;

	if (!origin)
		origin = "<buffer>";
	rc = stage_blob(&st, data, len, origin, err);
	if (rc) {
		stage_free(&st);
		return rc;
	}
	return load_stage(policy, &st, origin, err);
}

/* ------------------------------------------------------------------ */
/* Sources on disk. */

static int read_file(const char *path, uint8_t **data, size_t *len,
		     struct aamed_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = NULL;
	struct stat sb;

	if (fd < 0) {
		set_error(err, path, "cannot open: %s", strerror(errno));
		return -errno;
	}
	/* room for the whole file and the read that finds its end */
	if (!fstat(fd, &sb) && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
	    (uint64_t)sb.st_size < SIZE_MAX / 2)
		cap = (size_t)sb.st_size + 1;
	for (;;) {
		ssize_t r;

		if (n == cap || !buf) {
			uint8_t *t;

			if (buf)
				cap *= 2;
			t = realloc(buf, cap);
			if (!t) {
				free(buf);
				close(fd);
				set_error(err, path, "%s", "out of memory");
				return -ENOMEM;
			}
			buf = t;
		}
		/* sysfs files report size 0: read until EOF */
		r = read(fd, buf + n, cap - n);
		if (r < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			free(buf);
			close(fd);
			set_error(err, path, "read failed: %s", strerror(e));
			return -e;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*data = buf;
	*len = n;
	return 0;
}

static int stage_file(struct stage *st, const char *path,
		      struct aamed_error *err)
{
	uint8_t *data;
	size_t len;
	int rc = read_file(path, &data, &len, err);

	if (rc)
		return rc;
	rc = stage_blob(st, data, len, path, err);
	free(data);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	char *ex, *ey;
	unsigned long nx = strtoul(x, &ex, 10), ny = strtoul(y, &ey, 10);

	/* numeric names (sysfs raw_data/N) in numeric order */
	if (!*ex && !*ey && ex != x && ey != y)
		return nx < ny ? -1 : nx > ny;
	return strcmp(x, y);
}

/* Sorted names of the non-hidden entries of dir. */
static int list_dir(const char *dir, char ***names, size_t *n,
		    struct aamed_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	*names = NULL;
	*n = 0;
	if (!d) {
		set_error(err, dir, "cannot open directory: %s", strerror(errno));
		return -errno;
	}
	while ((de = readdir(d)) != NULL) {
		char *s;

		if (de->d_name[0] == '.')
			continue;
		s = strdup(de->d_name);
		if (!s || !push(names, n, s)) {
			free(s);
			closedir(d);
			set_error(err, dir, "%s", "out of memory");
			return -ENOMEM;
		}
	}
	closedir(d);
	if (*n)
		qsort(*names, *n, sizeof(char *), cmp_names);
	return 0;
}

static void free_names(char **names, size_t n)
{
	while (n)
		free(names[--n]);
	free(names);
}

/* dir/name into buf; false when it does not fit. */
static bool join(char *buf, size_t len, const char *dir, const char *name)
{
	int r = snprintf(buf, len, "%s/%s", dir, name);

	return r >= 0 && (size_t)r < len;
}

static bool is_dir(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int stage_path(struct stage *st, const char *path, int depth,
		      struct aamed_error *err);

/*
 * A live AppArmor policy directory: raw_data/N/raw_data holds each load's
 * exact bytes; namespaces/NS/ repeats the layout.
 */
static int stage_sysfs(struct stage *st, const char *path, int depth,
		       struct aamed_error *err)
{
	char sub[4096], f[4096];
	char **names;
	size_t n, i;
	int rc;

	if (!join(sub, sizeof(sub), path, "raw_data"))
		return -ENAMETOOLONG;
	rc = list_dir(sub, &names, &n, err);
	if (rc)
		return rc;
	for (i = 0; i < n && !rc; i++) {
		char d[4096];

		if (!join(d, sizeof(d), sub, names[i]) ||
		    !join(f, sizeof(f), d, "raw_data"))
			rc = -ENAMETOOLONG;
		else
			rc = stage_file(st, f, err);
	}
	free_names(names, n);
	if (!join(sub, sizeof(sub), path, "namespaces"))
		return -ENAMETOOLONG;
	if (rc || !is_dir(sub))
		return rc;
	rc = list_dir(sub, &names, &n, err);
	for (i = 0; i < n && !rc; i++) {
		rc = join(f, sizeof(f), sub, names[i]) ?
			     stage_path(st, f, depth + 1, err) : -ENAMETOOLONG;
	}
	free_names(names, n);
	return rc;
}

static int stage_path(struct stage *st, const char *path, int depth,
		      struct aamed_error *err)
{
	char sub[4096];
	char **names;
	size_t n, i;
	int rc;

	if (depth > 8) {
		set_error(err, path, "%s", "directories nested too deep");
		return -ELOOP;
	}
	if (!is_dir(path))
		return stage_file(st, path, err);
	if (!join(sub, sizeof(sub), path, "raw_data"))
		return -ENAMETOOLONG;
	if (is_dir(sub))
		return stage_sysfs(st, path, depth, err);
	rc = list_dir(path, &names, &n, err);
	for (i = 0; i < n && !rc; i++) {
		if (!join(sub, sizeof(sub), path, names[i]))
			rc = -ENAMETOOLONG;
		/* a policy directory is flat: skip subdirectories */
		else if (!is_dir(sub))
			rc = stage_file(st, sub, err);
	}
	free_names(names, n);
	if (!rc && st->n == 0) {
		set_error(err, path, "%s", "no policy files in directory");
		rc = -ENOENT;
	}
	return rc;
}

int aamed_policy_load_path(aamed_policy *policy, const char *path,
			   struct aamed_error *err)
{
	struct stage st = { .kernel = policy->kernel };
	int rc = stage_path(&st, path, 0, err);

	if (rc) {
		/* the staging walk says ENAMETOOLONG without a message */
		if (rc == -ENAMETOOLONG)
			set_error(err, path, "%s",
				  "a path under it is longer than 4095 bytes");
		stage_free(&st);
		return rc;
	}
	return load_stage(policy, &st, path, err);
}
