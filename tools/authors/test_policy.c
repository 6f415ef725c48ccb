// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test: the policy each manifest is tested against. Blobs are
 * loaded as they are; profile sources are compiled with compile_policy()
 * into a cache keyed by a hash of their content and of what the compile
 * depends on besides (parser, features, include directories), so a CI
 * run compiles a profile once, not once per run. Manifests naming the
 * same files and kernel share one loaded policy.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile.h"
#include "test.h"

struct tpolicy {
	char *key;		/* kernel, then the paths, NUL-separated */
	size_t keylen;
	aamed_policy *policy;
};

struct tpolicies {
	struct tpolicy *v;
	size_t n;
};

/* FNV-1a, 64 bits: a cache name, not a defence against a chosen collision */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--) {
		h ^= *c++;
		h *= 0x100000001b3ull;
	}
	return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
	return fnv(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

/* The hash of a file's content into *h; -1 (errno) when unreadable. */
static int fnv_file(uint64_t *h, const char *path)
{
	char buf[65536];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		*h = fnv(*h, buf, n);
	n = (size_t)ferror(f);
	fclose(f);
	if (n)
		errno = EIO;
	return n ? -1 : 0;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
	char p[4096];
	size_t i;

	if (snprintf(p, sizeof(p), "%s", dir) >= (int)sizeof(p)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (i = 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			return -1;
		p[i] = '/';
	}
	return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

/* --cache, else $XDG_CACHE_HOME/aamed, else ~/.cache/aamed */
static int cache_dir(const struct tpolicy_opts *o, char *dir, size_t len)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (o->cache)
		snprintf(dir, len, "%s", o->cache);
	else if (x && *x)
		snprintf(dir, len, "%s/aamed", x);
	else if (home && *home)
		snprintf(dir, len, "%s/.cache/aamed", home);
	else
		snprintf(dir, len, "%s/aamed-cache-%u", getenv("TMPDIR") ?
			 getenv("TMPDIR") : "/tmp", (unsigned)getuid());
	if (make_dirs(dir)) {
		fprintf(stderr, "aamed test: cache directory %s: %s\n", dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The blob of sources in the cache (compiled when missing) into out. */
static int compiled(const struct tpolicy_opts *o, const char *const *src,
		    int n, char *out, size_t len)
{
	const char *flags[32];
	uint64_t h = 0xcbf29ce484222325ull;
	char dir[4096], tmp[4300];
	struct compile_opts co;
	struct stat sb;
	int i, nf = 0, rc;

	/* the content, not the name: a copy of a source is the same blob */
	for (i = 0; i < n; i++) {
		h = fnv_str(h, "\n--\n");
		if (fnv_file(&h, src[i])) {
			fprintf(stderr, "aamed test: profile %s: %s\n", src[i],
				strerror(errno));
			return -1;
		}
	}
	h = fnv_str(h, o->parser);
	h = fnv_str(h, o->features);
	for (i = 0; i < o->nincs && nf + 2 <= 32; i++) {
		h = fnv_str(h, o->incs[i]);
		flags[nf++] = "-I";
		flags[nf++] = o->incs[i];
	}
	if (cache_dir(o, dir, sizeof(dir)))
		return -1;
	if (snprintf(out, len, "%s/%016llx.bin", dir, (unsigned long long)h) >=
	    (int)len) {
		fprintf(stderr, "aamed test: cache directory %s: name too long\n", dir);
		return -1;
	}
	if (!stat(out, &sb) && S_ISREG(sb.st_mode))
		return 0;
	/* written aside, then renamed: a parallel run never reads half */
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", out, (long)getpid());
	memset(&co, 0, sizeof(co));
	co.out = tmp;
	co.sources = src;
	co.nsources = n;
	co.flags = flags;
	co.nflags = nf;
	co.features = o->features;
	co.parser = o->parser;
	rc = compile_policy(&co);
	if (rc == EXIT_ALLOWED && rename(tmp, out)) {
		fprintf(stderr, "aamed test: %s: %s\n", out, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return rc == EXIT_ALLOWED ? 0 : -1;
}

static char *make_key(enum aamed_kernel k, const char *const *paths, int n,
		      size_t *len)
{
	size_t l = sizeof(k);
	char *key, *p;
	int i;

	for (i = 0; i < n; i++)
		l += strlen(paths[i]) + 1;
	key = malloc(l);
	if (!key)
		return NULL;
	memcpy(key, &k, sizeof(k));
	p = key + sizeof(k);
	for (i = 0; i < n; i++) {
		strcpy(p, paths[i]);
		p += strlen(paths[i]) + 1;
	}
	*len = l;
	return key;
}

/* The loaded policy of paths (shared), or NULL after a message. */
static aamed_policy *load(struct tpolicies *ps, enum aamed_kernel k,
			  const char *const *paths, int n)
{
	struct tpolicy *e;
	size_t len, i;
	char *key = make_key(k, paths, n, &len);

	if (!key) {
		fprintf(stderr, "aamed test: out of memory\n");
		return NULL;
	}
	for (i = 0; i < ps->n; i++)
		if (ps->v[i].keylen == len && !memcmp(ps->v[i].key, key, len)) {
			free(key);
			return ps->v[i].policy;
		}
	e = realloc(ps->v, (ps->n + 1) * sizeof(*ps->v));
	if (!e) {
		free(key);
		fprintf(stderr, "aamed test: out of memory\n");
		return NULL;
	}
	ps->v = e;
	e = &ps->v[ps->n];
	e->policy = load_policies(paths, n, k, "aamed test");
	if (!e->policy) {
		free(key);
		return NULL;
	}
	e->key = key;
	e->keylen = len;
	ps->n++;
	return e->policy;
}

static aamed_policy *manifest_policy(struct tpolicies *ps, struct manifest *m,
				     const struct tpolicy_opts *o)
{
	const char *const *src = o->profiles;
	int n = o->nprofiles;
	char blob[4200];
	const char *bp = blob;

	if (o->npolicies)
		return load(ps, m->kernel, o->policies, o->npolicies);
	if (!n && m->npolicies)
		return load(ps, m->kernel, (const char *const *)m->policies,
			    (int)m->npolicies);
	if (!n) {
		src = (const char *const *)m->profiles;
		n = (int)m->nprofiles;
	}
	if (compiled(o, src, n, blob, sizeof(blob)))
		return NULL;
	m->blob = strdup(blob);	/* what --vm loads in the kernel */
	if (!m->blob) {
		fprintf(stderr, "aamed test: out of memory\n");
		return NULL;
	}
	return load(ps, m->kernel, &bp, 1);
}

struct tpolicies *tpolicies_load(struct manifest *ms, size_t n,
				 const struct tpolicy_opts *o)
{
	struct tpolicies *ps = calloc(1, sizeof(*ps));
	size_t i;

	if (!ps) {
		fprintf(stderr, "aamed test: out of memory\n");
		return NULL;
	}
	for (i = 0; i < n; i++) {
		ms[i].policy = manifest_policy(ps, &ms[i], o);
		if (!ms[i].policy) {
			fprintf(stderr, "aamed test: %s: the policy could not be loaded\n",
				ms[i].file);
			tpolicies_free(ps);
			return NULL;
		}
	}
	return ps;
}

void tpolicies_free(struct tpolicies *ps)
{
	size_t i;

	if (!ps)
		return;
	for (i = 0; i < ps->n; i++) {
		aamed_policy_free(ps->v[i].policy);
		free(ps->v[i].key);
	}
	free(ps->v);
	free(ps);
}
