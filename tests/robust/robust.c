// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Robustness of the loader against bad input.
 *
 *   robust WORKDIR
 *
 * WORKDIR holds blobs apparmor_parser compiled (tests/robust/run.sh
 * writes them): base.bin, the good policy loaded first, and the subjects
 * named below. Every bad input is loaded on top of the good policy and
 * must fail cleanly: a negative errno, an error naming the origin, an
 * offset and a message, and a policy that answers exactly as before
 * (same profiles, same label pointers, same decisions). Inputs that may
 * legitimately still load (a truncation at a unit boundary, a harmless
 * one-byte change) must leave a consistent policy that answers queries;
 * the good policy is then rebuilt.
 *
 * Prints one line per failure (at most MAX_SHOWN per group) and ends with
 * "N passed, N failed", counting bad inputs. Exit status 1 on failure.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "aamed.h"

#define MAX_SHOWN 25
#define CASE_TIMEOUT 30		/* seconds; a hang is a failure too */

/* ------------------------------------------------------------------ */
/* Reporting. */

static unsigned long npass, nfail;
static const char *group;
static unsigned long group_failed, group_cases, group_loaded;
static char case_name[256];
static bool case_failed;
static struct timespec group_t0;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void group_begin(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static void group_begin(const char *fmt, ...)
{
	static char name[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	group = name;
	group_failed = group_cases = group_loaded = 0;
	clock_gettime(CLOCK_MONOTONIC, &group_t0);
}

static void group_end(void)
{
	struct timespec t;
	double dt;

	clock_gettime(CLOCK_MONOTONIC, &t);
	dt = (double)(t.tv_sec - group_t0.tv_sec) +
	     (double)(t.tv_nsec - group_t0.tv_nsec) / 1e9;
	if (group_failed > MAX_SHOWN)
		printf("FAIL %s: %lu more failures not shown\n", group,
		       group_failed - MAX_SHOWN);
	printf("# %-46s %6lu inputs %6lu loaded %5.1f s\n", group, group_cases,
	       group_loaded, dt);
	fflush(stdout);
}

/* A case that does not end: report it and the counts so far, and stop. */
static void timed_out(int sig)
{
	static char msg[1024];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg),
		     "FAIL %s: %s: no answer after %d s (a loop?)\n%lu passed, %lu failed\n",
		     group, case_name, CASE_TIMEOUT, npass, nfail + 1);
	if (n > 0 && write(STDOUT_FILENO, msg, (size_t)n) < 0)
		_exit(1);
	_exit(1);
}

/*
 * A crash: name the case it happened in. Under the sanitizers their own
 * report comes first and the death callback adds the case; otherwise a
 * signal handler does, and the signal is raised again.
 */
static void crashed_in(void)
{
	static char msg[1024];
	int n = snprintf(msg, sizeof(msg),
			 "FAIL %s: %s: crashed\n%lu passed, %lu failed\n", group,
			 case_name, npass, nfail + 1);

	if (n > 0 && write(STDOUT_FILENO, msg, (size_t)n) < 0)
		return;
}

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifdef SANITIZED
void __sanitizer_set_death_callback(void (*callback)(void));

static void catch_crashes(void)
{
	__sanitizer_set_death_callback(crashed_in);
}
#else
static void on_signal(int sig)
{
	crashed_in();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_crashes(void)
{
	signal(SIGSEGV, on_signal);
	signal(SIGBUS, on_signal);
	signal(SIGFPE, on_signal);
	signal(SIGILL, on_signal);
	signal(SIGABRT, on_signal);
}
#endif

static void case_begin(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static void case_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(case_name, sizeof(case_name), fmt, ap);
	va_end(ap);
	case_failed = false;
	group_cases++;
	alarm(CASE_TIMEOUT);
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	if (case_failed)
		return;		/* one line per failing input */
	case_failed = true;
	if (group_failed++ >= MAX_SHOWN)
		return;
	printf("FAIL %s: %s: ", group, case_name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void case_end(void)
{
	if (case_failed)
		nfail++;
	else
		npass++;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "robust: out of memory\n");
		exit(2);
	}
	return p;
}

/* ------------------------------------------------------------------ */
/* Blobs. */

struct blob {
	char name[64];
	uint8_t *data;
	size_t len;
};

static const char *workdir;

static bool blob_read(const char *file, struct blob *b)
{
	char path[4096];
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s", workdir, file);
	snprintf(b->name, sizeof(b->name), "%s", file);
	f = fopen(path, "rb");
	if (!f)
		return false;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return false;
	}
	b->len = (size_t)n;
	b->data = xmalloc(b->len);
	if (fread(b->data, 1, b->len, f) != b->len) {
		fclose(f);
		free(b->data);
		return false;
	}
	fclose(f);
	return true;
}

static bool blob_write(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok;
}

static uint8_t *dup_bytes(const uint8_t *d, size_t len)
{
	uint8_t *p = xmalloc(len);

	memcpy(p, d, len);
	return p;
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t get_be(const uint8_t *p, unsigned width)
{
	uint32_t v = 0;

	while (width--)
		v = v << 8 | *p++;
	return v;
}

static void put_be(uint8_t *p, unsigned width, uint32_t v)
{
	while (width--) {
		p[width] = (uint8_t)v;
		v >>= 8;
	}
}

static const uint8_t *find(const uint8_t *d, size_t len, size_t from,
			   const void *pat, size_t plen)
{
	size_t i;

	for (i = from; i + plen <= len; i++)
		if (!memcmp(d + i, pat, plen))
			return d + i;
	return NULL;
}

/* The start of every unit: its "version" header element. */
static const uint8_t VERSION_TAG[] = "\x04\x08\x00version\x00\x02";

static size_t find_units(const struct blob *b, size_t *units, size_t max)
{
	const uint8_t *p;
	size_t n = 0, from = 0;

	while (n < max && (p = find(b->data, b->len, from, VERSION_TAG,
				    sizeof(VERSION_TAG) - 1))) {
		/* not the "version" of a permission table (after STRUCT) */
		if (p == b->data || p[-1] != 0x07)
			units[n++] = (size_t)(p - b->data);
		from = (size_t)(p - b->data) + 1;
	}
	return n;
}

/* A DFA inside a stream: where its header and tables are. */
enum { T_ACCEPT = 1, T_BASE, T_CHK, T_DEF, T_EC, T_META, T_ACCEPT2, T_NXT };

struct dfa_loc {
	size_t elem;		/* the "aadfa" element */
	size_t size_off;	/* its u32 size */
	size_t start;		/* the magic */
	size_t end;		/* end of the blob */
	size_t tab[T_NXT + 1];	/* first element of table id, 0: absent */
	size_t hdr[T_NXT + 1];	/* table header */
	unsigned width[T_NXT + 1];
	uint32_t len[T_NXT + 1];
	uint32_t nstates, ntrans;
};

static const uint8_t DFA_TAG[] = "\x04\x06\x00" "aadfa\x00\x06";
static const uint8_t MAGIC[] = { 0x1b, 0x5e, 0x78, 0x3d };

static size_t find_dfas(const struct blob *b, struct dfa_loc *out, size_t max)
{
	size_t n = 0, from = 0;
	const uint8_t *p;

	while (n < max && (p = find(b->data, b->len, from, DFA_TAG,
				    sizeof(DFA_TAG) - 1))) {
		struct dfa_loc *l = &out[n];
		size_t at = (size_t)(p - b->data), off, pad;

		from = at + 1;
		memset(l, 0, sizeof(*l));
		l->elem = at;
		l->size_off = at + sizeof(DFA_TAG) - 1;
		if (l->size_off + 4 > b->len)
			break;
		off = l->size_off + 4;
		l->end = off + get_le32(b->data + l->size_off);
		if (l->end > b->len)
			break;
		for (pad = 0; pad < 8; pad++)
			if (off + pad + 4 <= l->end &&
			    !memcmp(b->data + off + pad, MAGIC, 4))
				break;
		if (pad == 8)
			continue;
		l->start = off + pad;
		off = l->start + get_be(b->data + l->start + 4, 4);
		while (off + 12 <= l->end) {
			unsigned id = get_be(b->data + off, 2);
			unsigned w = get_be(b->data + off + 2, 2);
			uint32_t len = get_be(b->data + off + 8, 4);

			if (id < 1 || id > T_NXT || !w)
				break;
			l->hdr[id] = off;
			l->tab[id] = off + 12;
			l->width[id] = w;
			l->len[id] = len;
			off += (12 + (size_t)len * w + 7) & ~(size_t)7;
		}
		if (!l->tab[T_BASE] || !l->tab[T_NXT] || !l->tab[T_CHK] ||
		    !l->tab[T_DEF] || !l->tab[T_ACCEPT])
			continue;
		l->nstates = l->len[T_BASE];
		l->ntrans = l->len[T_NXT];
		from = l->end;
		n++;
	}
	return n;
}

static uint32_t tget(const uint8_t *d, const struct dfa_loc *l, int id,
		     uint32_t i)
{
	return get_be(d + l->tab[id] + (size_t)i * l->width[id], l->width[id]);
}

static void tset(uint8_t *d, const struct dfa_loc *l, int id, uint32_t i,
		 uint32_t v)
{
	put_be(d + l->tab[id] + (size_t)i * l->width[id], l->width[id], v);
}

/* ------------------------------------------------------------------ */
/* What a policy answers. */

struct sbuf {
	char *s;
	size_t len, cap;
};

static void sb_printf(struct sbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(sb->s ? sb->s + sb->len : NULL,
			      sb->s ? sb->cap - sb->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (sb->s && sb->len + (size_t)n < sb->cap)
			break;
		sb->cap = (sb->cap + (size_t)n + 1) * 2;
		sb->s = realloc(sb->s, sb->cap);
		if (!sb->s) {
			fprintf(stderr, "robust: out of memory\n");
			exit(2);
		}
	}
	sb->len += (size_t)n;
}

static void audit_cb(const struct aamed_audit *rec, void *arg)
{
	struct sbuf *sb = arg;
	char buf[1024];

	aamed_audit_format(rec, buf, sizeof(buf), AAMED_FMT_CLASS, 42, "robust");
	sb_printf(sb, " [%s]", buf);
}

struct fquery {
	const char *path, *target;
	uint32_t request, fsuid, ouid;
	enum aamed_file_op op;
};

static const struct fquery fqueries[] = {
	{ "/srv/golden/basic/read.txt", NULL, AAMED_MAY_READ, 0, 0, AAMED_OP_OPEN },
	{ "/srv/golden/basic/rw.txt", NULL, AAMED_MAY_READ | AAMED_MAY_WRITE, 0, 0, AAMED_OP_OPEN },
	{ "/srv/golden/basic/lib.so", NULL, AAMED_EXEC_MMAP, 0, 0, AAMED_OP_FILE_MMAP },
	{ "/srv/golden/basic/link.src", "/srv/golden/basic/link.dst", AAMED_MAY_LINK, 0, 0, AAMED_OP_LINK },
	{ "/srv/golden/exec/kid/a", NULL, AAMED_MAY_READ, 0, 0, AAMED_OP_OPEN },
	{ "/srv/golden/hat/web/x", NULL, AAMED_MAY_WRITE, 0, 0, AAMED_OP_OPEN },
	{ "/srv/robust/a", "/srv/robust/b", AAMED_MAY_WRITE, 0, 0, AAMED_OP_RENAME },
	{ "/srv/robust/own/f", NULL, AAMED_MAY_WRITE, 1000, 1000, AAMED_OP_OPEN },
	{ "/srv/robust/own/f", NULL, AAMED_MAY_WRITE, 1000, 0, AAMED_OP_OPEN },
	{ "/etc/passwd", NULL, AAMED_MAY_READ, 0, 0, AAMED_OP_OPEN },
	{ "/var/run/nscd/socket", NULL, AAMED_MAY_WRITE, 0, 0, AAMED_OP_OPEN },
};

static const char *const xpaths[] = {
	"/srv/golden/exec/bin/inherit",
	"/srv/golden/exec/bin/to-target",
	"/srv/golden/exec/bin/child",
	"/srv/golden/exec/bin/pix-missing",
	"/srv/golden/exec/bin/unconf",
	"/opt/golden/attach/x",
	"/srv/golden/hat/bin/helper",
	"/usr/bin/robust-t",
	"/usr/bin/robust-c",
	"/usr/bin/robust-u",
	"/usr/bin/robust-x",
	"/usr/sbin/nscd",
};

static void ask(struct sbuf *sb, const aamed_label *l)
{
	struct aamed_exec_result res = { .size = sizeof(res) };
	size_t i;

	sb_printf(sb, "label %s mode %s unconfined %d\n", aamed_label_name(l),
		  aamed_label_mode(l), aamed_label_is_unconfined(l));
	for (i = 0; i < sizeof(fqueries) / sizeof(fqueries[0]); i++) {
		const struct fquery *q = &fqueries[i];
		struct aamed_file_req req = {
			.path = q->path, .target = q->target,
			.request = q->request, .fsuid = q->fsuid,
			.ouid = q->ouid, .op = q->op,
		};
		int rc;

		sb_printf(sb, " file %s:", q->path);
		rc = aamed_file_perm(l, &req, audit_cb, sb);
		sb_printf(sb, " = %d\n", rc);
	}
	for (i = 0; i < sizeof(xpaths) / sizeof(xpaths[0]); i++) {
		int rc;

		sb_printf(sb, " exec %s:", xpaths[i]);
		memset(&res, 0, sizeof(res));
		rc = aamed_exec(l, xpaths[i], 0, 0, &res, audit_cb, sb);
		sb_printf(sb, " = %d mode %d unsafe %d name %s label %s info %s\n",
			  rc, (int)res.mode, res.unsafe, res.name,
			  res.label ? aamed_label_name(res.label) : "-",
			  res.info ? res.info : "-");
	}
}

/* Characters a corrupted name may keep and still be a label. */
static bool plain_name(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr("_-./^", *s)))
			return false;
	return true;
}

static const aamed_label *profile_label(aamed_policy *p, size_t i, int *error)
{
	const char *name = aamed_policy_profile_name(p, i);
	const char *ns = aamed_policy_profile_ns(p, i);
	char text[4096];

	if (ns && *ns)
		snprintf(text, sizeof(text), ":%s:%s", ns, name);
	else
		snprintf(text, sizeof(text), "%s", name);
	return aamed_label_get(p, text, error);
}

/*
 * Everything the policy answers, as text: its profiles, every profile's
 * decisions for the queries above, attachments. With strict, a profile
 * with a plain name that does not resolve is a failure. With only_new,
 * profiles of the good policy that are still in place (checked on their
 * own) are listed but not asked.
 */
static bool in_good(const char *name);

static char *fingerprint(aamed_policy *p, bool strict, bool only_new)
{
	struct sbuf sb = { 0 };
	size_t i, j, n = aamed_policy_profile_count(p);

	sb_printf(&sb, "%zu profiles, abi %u\n", n, aamed_policy_abi(p));
	for (i = 0; i < n; i++) {
		const char *name = aamed_policy_profile_name(p, i);
		const char *ns = aamed_policy_profile_ns(p, i);
		const aamed_label *l;
		int error = 0;

		if (!name || !ns) {
			fail("profile %zu of %zu has no name", i, n);
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(name, aamed_policy_profile_name(p, j)) &&
			    !strcmp(ns, aamed_policy_profile_ns(p, j)))
				fail("profile \"%s\" is in the policy twice", name);
		l = profile_label(p, i, &error);
		sb_printf(&sb, "profile %zu ns \"%s\" name \"%s\"\n", i, ns, name);
		if (!l) {
			if (strict && plain_name(name) && plain_name(ns))
				fail("profile \"%s\" does not resolve: %d", name,
				     error);
			sb_printf(&sb, " no label: %d\n", error);
			continue;
		}
		if (!only_new || !in_good(name))
			ask(&sb, l);
	}
	ask(&sb, aamed_label_unconfined(p));
	for (i = 0; i < sizeof(xpaths) / sizeof(xpaths[0]); i++) {
		const char *info = NULL;
		const aamed_label *l = aamed_attach(p, NULL, xpaths[i], &info);

		sb_printf(&sb, "attach %s: %s info %s\n", xpaths[i],
			  l ? aamed_label_name(l) : "(null)", info ? info : "-");
	}
	return sb.s;
}

/* ------------------------------------------------------------------ */
/* The good policy and what it answered when loaded. */

#define NSPOT 16
struct spot {
	char label[128];
	const aamed_label *l;
	int file_rc;
	int exec_rc;
	enum aamed_xmode mode;
	char name[512];
};

struct good {
	struct blob base;
	aamed_policy *p;
	size_t count;
	const char **names;	/* profile name pointers */
	const aamed_label **labels;
	char *fp;		/* full fingerprint */
	struct spot spots[NSPOT];
	size_t nspots;
};

static struct good G;

/* Is name (a profile name pointer) one of the good policy's profiles? */
static bool in_good(const char *name)
{
	size_t i;

	for (i = 0; i < G.count; i++)
		if (G.names[i] == name)
			return true;
	return false;
}

static aamed_policy *policy_from(const struct blob *b)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char buf[1024];

	if (!p) {
		fprintf(stderr, "robust: out of memory\n");
		exit(2);
	}
	if (aamed_policy_load_blob(p, b->data, b->len, b->name, &err) < 0) {
		fprintf(stderr, "robust: %s does not load: %s\n", b->name,
			aamed_error_str(&err, buf, sizeof(buf)));
		exit(2);
	}
	return p;
}

static void spot_ask(aamed_policy *p, struct spot *s, const char *xpath,
		     const char *fpath)
{
	struct aamed_file_req req = {
		.path = fpath, .request = AAMED_MAY_READ, .op = AAMED_OP_OPEN,
	};
	struct aamed_exec_result res = { .size = sizeof(res) };
	int error;

	s->l = aamed_label_get(p, s->label, &error);
	if (!s->l)
		return;
	s->file_rc = aamed_file_perm(s->l, &req, NULL, NULL);
	memset(&res, 0, sizeof(res));
	s->exec_rc = aamed_exec(s->l, xpath, 0, 0, &res, NULL, NULL);
	s->mode = res.mode;
	snprintf(s->name, sizeof(s->name), "%s", res.name);
}

static const char *const spot_x[NSPOT] = {
	"/srv/golden/exec/bin/child", "/srv/golden/exec/bin/to-target",
	"/srv/golden/hat/bin/helper", "/usr/sbin/nscd",
};
static const char *const spot_f[NSPOT] = {
	"/srv/golden/basic/read.txt", "/srv/golden/exec/kid/a",
	"/srv/golden/hat/parent/x", "/etc/passwd",
};

/* Record the good policy's state: profiles, labels, a few decisions. */
static void good_record(void)
{
	size_t i;

	G.count = aamed_policy_profile_count(G.p);
	free(G.names);
	free(G.labels);
	G.names = xmalloc(G.count * sizeof(*G.names));
	G.labels = xmalloc(G.count * sizeof(*G.labels));
	for (i = 0; i < G.count; i++) {
		int error;

		G.names[i] = aamed_policy_profile_name(G.p, i);
		G.labels[i] = profile_label(G.p, i, &error);
	}
	/* a few decisions per profile, and the unconfined label's */
	G.nspots = 0;
	for (i = 0; i <= G.count && G.nspots < NSPOT; i++) {
		struct spot *s = &G.spots[G.nspots];

		snprintf(s->label, sizeof(s->label), "%s",
			 i < G.count ? G.names[i] : "unconfined");
		spot_ask(G.p, s, spot_x[G.nspots % 4], spot_f[G.nspots % 4]);
		G.nspots++;
	}
}

/*
 * (Re)load the good policy. The full answers are compared only when full:
 * the rebuild is deterministic, and good_verify() compares them at the
 * end of every group.
 */
static void good_build(bool full)
{
	char *fp;

	aamed_policy_free(G.p);
	G.p = policy_from(&G.base);
	if (!full && G.fp) {
		good_record();
		return;
	}
	fp = fingerprint(G.p, true, false);
	if (G.fp && strcmp(fp, G.fp))
		fail("the rebuilt good policy answers differently");
	free(G.fp);
	G.fp = fp;
	good_record();
}

/* Cheap check after a failed load: nothing changed. */
static bool good_same(void)
{
	size_t i, n = aamed_policy_profile_count(G.p);

	if (n != G.count) {
		fail("profile count %zu after a failed load, was %zu", n,
		     G.count);
		return false;
	}
	for (i = 0; i < n; i++) {
		const aamed_label *l;
		int error;

		if (aamed_policy_profile_name(G.p, i) != G.names[i]) {
			fail("profile %zu changed from \"%s\" to \"%s\"", i,
			     G.names[i], aamed_policy_profile_name(G.p, i));
			return false;
		}
		l = profile_label(G.p, i, &error);
		if (l != G.labels[i]) {
			fail("profile \"%s\" was replaced by a failed load",
			     G.names[i]);
			return false;
		}
	}
	for (i = 0; i < G.nspots; i++) {
		struct spot s = G.spots[i];

		spot_ask(G.p, &s, spot_x[i % 4], spot_f[i % 4]);
		if (s.l != G.spots[i].l || s.file_rc != G.spots[i].file_rc ||
		    s.exec_rc != G.spots[i].exec_rc || s.mode != G.spots[i].mode ||
		    strcmp(s.name, G.spots[i].name)) {
			fail("decision for %s changed after a failed load",
			     s.label);
			return false;
		}
	}
	return true;
}

/* After a failed load; when it did change, start again from a clean one. */
static void good_unchanged(void)
{
	if (!good_same())
		good_build(false);
}

/* Full check, at the end of a group. */
static void good_verify(void)
{
	char *fp;

	case_begin("good policy after the group");
	fp = fingerprint(G.p, true, false);
	if (strcmp(fp, G.fp)) {
		fail("the good policy answers differently after the group");
		good_build(false);
	} else {
		good_unchanged();
	}
	free(fp);
	case_end();
}

/* ------------------------------------------------------------------ */
/* Loading a bad input. */

enum expect {
	EXPECT_FAIL,		/* must be rejected */
	EXPECT_LOAD,		/* must load (a control) */
	EXPECT_ANY,		/* may load if the change is harmless */
};

struct want {
	const char *msg;	/* substring of the message, or NULL */
	long long off_lo, off_hi;	/* offset range; lo -2: not checked */
};

static void check_error(int rc, const struct aamed_error *err,
			const char *origin, size_t len, const struct want *w)
{
	if (rc >= 0 || rc < -4095) {
		fail("load returned %d, expected a negative errno", rc);
		return;
	}
	if (strcmp(err->origin, origin)) {
		fail("error origin \"%.*s\", expected \"%s\"",
		     (int)sizeof(err->origin), err->origin, origin);
		return;
	}
	if (!err->msg[0] || !memchr(err->msg, 0, sizeof(err->msg))) {
		fail("error has no message");
		return;
	}
	if (err->offset < -1 || err->offset > (long long)len) {
		fail("error offset %lld outside the %zu-byte input (%s)",
		     err->offset, len, err->msg);
		return;
	}
	if (w && w->off_lo > -2 &&
	    (err->offset < w->off_lo || err->offset > w->off_hi)) {
		fail("error offset %lld, expected %lld..%lld (%s)", err->offset,
		     w->off_lo, w->off_hi, err->msg);
		return;
	}
	if (w && w->msg && !strstr(err->msg, w->msg)) {
		fail("error \"%s\" does not mention \"%s\"", err->msg, w->msg);
		return;
	}
}

/* A successful load of a damaged input: the policy must be whole. */
static void check_loaded(aamed_policy *p)
{
	free(fingerprint(p, true, p == G.p));
}

/*
 * Load data (exactly len bytes, so the sanitizers see any over-read) on
 * top of the good policy.
 */
static void try_load(const uint8_t *data, size_t len, const char *origin,
		     enum expect ex, const struct want *w)
{
	struct aamed_error err;
	int rc;

	memset(&err, 0, sizeof(err));
	err.offset = -2;
	rc = aamed_policy_load_blob(G.p, data, len, origin, &err);
	if (rc < 0) {
		if (ex == EXPECT_LOAD) {
			char buf[1024];

			fail("does not load: %s",
			     aamed_error_str(&err, buf, sizeof(buf)));
		} else {
			check_error(rc, &err, origin, len, w);
		}
		good_unchanged();
		return;
	}
	group_loaded++;
	if (rc != 0)
		fail("load returned %d", rc);
	if (ex == EXPECT_FAIL)
		fail("loaded, expected an error%s%s",
		     w && w->msg ? " mentioning " : "", w && w->msg ? w->msg : "");
	check_loaded(G.p);
	good_build(false);
}

/* A load into a fresh policy: must succeed (controls for patches). */
static void try_fresh_kernel(const uint8_t *data, size_t len,
			     const char *origin, enum aamed_kernel k)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char buf[1024];

	aamed_policy_set_kernel(p, k);
	if (aamed_policy_load_blob(p, data, len, origin, &err) < 0)
		fail("control does not load: %s",
		     aamed_error_str(&err, buf, sizeof(buf)));
	else
		check_loaded(p);
	aamed_policy_free(p);
}

static void try_fresh(const uint8_t *data, size_t len, const char *origin)
{
	try_fresh_kernel(data, len, origin, AAMED_KERNEL_6_1);
}

/* ------------------------------------------------------------------ */
/* Truncation and one-byte corruption. */

static void test_truncate(const struct blob *b)
{
	size_t units[64], nunits = find_units(b, units, 64), L, u;
	struct dfa_loc l[64];
	size_t ndfa = find_dfas(b, l, 64), k;

	group_begin("truncate %s at every offset", b->name);
	for (L = 0; L < b->len; L++) {
		uint8_t *d = xmalloc(L);
		bool boundary = false;
		struct want w = { NULL, 0, (long long)L };

		for (u = 1; u < nunits; u++)
			if (units[u] == L)
				boundary = true;
		/* cut inside a DFA blob: reported at the DFA */
		for (k = 0; k < ndfa; k++)
			if (L >= l[k].size_off && L < l[k].end)
				w = (struct want){ "DFA blob", (long long)l[k].elem,
						   (long long)l[k].elem };
		memcpy(d, b->data, L);
		case_begin("%zu of %zu bytes", L, b->len);
		try_load(d, L, b->name, boundary ? EXPECT_LOAD : EXPECT_FAIL,
			 &w);
		case_end();
		free(d);
	}
	good_verify();
	group_end();
}

enum corrupt_op { OP_XOR, OP_SET };

static void test_corrupt(const struct blob *b, enum corrupt_op op,
			 uint8_t val, size_t stride)
{
	uint8_t *d = dup_bytes(b->data, b->len);
	size_t i;

	group_begin("%s %s 0x%02x every %zu byte%s", b->name,
		    op == OP_XOR ? "xor" : "set", val, stride,
		    stride == 1 ? "" : "s");
	for (i = 0; i < b->len; i += stride) {
		uint8_t old = d[i];
		struct want w = { NULL, -2, 0 };

		d[i] = op == OP_XOR ? old ^ val : val;
		if (d[i] == old)
			continue;
		case_begin("byte %zu 0x%02x -> 0x%02x", i, old, d[i]);
		try_load(d, b->len, b->name, EXPECT_ANY, &w);
		case_end();
		d[i] = old;
	}
	free(d);
	good_verify();
	group_end();
}

/* ------------------------------------------------------------------ */
/* Targeted damage. */

/* Load a patched copy and expect a specific error (or a load). */
static void patched(const struct blob *b, const uint8_t *d, enum expect ex,
		    const char *msg, long long lo, long long hi)
{
	struct want w = { msg, lo, hi };
	uint8_t *copy = dup_bytes(d, b->len);

	if (ex == EXPECT_LOAD)
		try_fresh(copy, b->len, b->name);
	else
		try_load(copy, b->len, b->name, ex, &w);
	free(copy);
}

static void test_versions(const struct blob *b)
{
	static const uint32_t bad[] = { 0, 1, 4, 10, 0x3ff };
	size_t units[64], nunits = find_units(b, units, 64), u, i;
	uint8_t *d = dup_bytes(b->data, b->len);

	group_begin("%s header versions", b->name);
	for (u = 0; u < nunits; u++) {
		size_t off = units[u] + sizeof(VERSION_TAG) - 1;
		uint32_t orig = get_le32(d + off);

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			case_begin("unit %zu version word %u", u, bad[i]);
			put_le32(d + off, bad[i]);
			patched(b, d, EXPECT_FAIL, "unsupported interface version",
				(long long)units[u], (long long)units[u]);
			case_end();
			case_begin("unit %zu version 0x%08x with ABI %u", u, orig,
				   bad[i]);
			put_le32(d + off, (orig & ~0x3ffu) | bad[i]);
			patched(b, d, EXPECT_FAIL, "unsupported interface version",
				(long long)units[u], (long long)units[u]);
			case_end();
		}
		/* every ABI the kernel accepts still loads */
		for (i = 5; i <= 8; i++) {
			case_begin("unit %zu version ABI %zu loads", u, i);
			put_le32(d + off, (orig & ~0x3ffu) | (uint32_t)i);
			patched(b, d, EXPECT_LOAD, NULL, 0, 0);
			case_end();
		}
		/* ABI 9: 6.12 and later only (6.1's verify_header stops at 8) */
		put_le32(d + off, (orig & ~0x3ffu) | 9u);
		case_begin("unit %zu version ABI 9 refused by 6.1", u);
		patched(b, d, EXPECT_FAIL, "unsupported interface version",
			(long long)units[u], (long long)units[u]);
		case_end();
		case_begin("unit %zu version ABI 9 loads on 6.12", u);
		try_fresh_kernel(d, b->len, b->name, AAMED_KERNEL_6_12);
		case_end();
		put_le32(d + off, orig);
	}
	free(d);
	good_verify();
	group_end();
}

/* One DFA: every kind of table damage, and controls that must load. */
static void test_dfa(const struct blob *b, const struct dfa_loc *l, size_t k)
{
	uint8_t *d = dup_bytes(b->data, b->len);
	long long s = (long long)l->start, e = (long long)l->end;
	uint32_t ns = l->nstates, nt = l->ntrans, v, base1;
	size_t hfl = l->start + 12;

#define RESET() memcpy(d, b->data, b->len)
	case_begin("DFA %zu bad magic", k);
	d[l->start + 3] ^= 0x01;
	patched(b, d, EXPECT_FAIL, "magic", s, s);
	case_end();
	RESET();

	case_begin("DFA %zu NXT[0] = %u states", k, ns);
	tset(d, l, T_NXT, 0, ns);
	patched(b, d, EXPECT_FAIL, "NXT[0]", s, e);
	case_end();
	case_begin("DFA %zu NXT[0] = last state %u (control)", k, ns - 1);
	tset(d, l, T_NXT, 0, ns - 1);
	patched(b, d, EXPECT_LOAD, NULL, 0, 0);
	case_end();
	RESET();

	case_begin("DFA %zu NXT[last] = max", k);
	tset(d, l, T_NXT, nt - 1, 0xffffffffu);
	patched(b, d, EXPECT_FAIL, "out of range", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu CHK[%u] = %u states", k, nt / 2, ns);
	tset(d, l, T_CHK, nt / 2, ns);
	patched(b, d, EXPECT_FAIL, "CHK", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu DEF[1] = %u states", k, ns);
	tset(d, l, T_DEF, 1, ns);
	patched(b, d, EXPECT_FAIL, "default", s, e);
	case_end();
	case_begin("DFA %zu DEF[last] = max", k);
	tset(d, l, T_DEF, ns - 1, 0xffffffffu);
	patched(b, d, EXPECT_FAIL, "out of range", s, e);
	case_end();
	RESET();

	base1 = tget(d, l, T_BASE, 1);
	case_begin("DFA %zu BASE[1] + 255 = %u transitions", k, nt);
	tset(d, l, T_BASE, 1, (base1 & 0xff000000u) | (nt - 255));
	patched(b, d, EXPECT_FAIL, "base", s, e);
	case_end();
	case_begin("DFA %zu BASE[1] + 255 = last transition (control)", k);
	tset(d, l, T_BASE, 1, (base1 & 0xff000000u) | (nt - 256));
	patched(b, d, EXPECT_LOAD, NULL, 0, 0);
	case_end();
	case_begin("DFA %zu BASE[last] = 0xffffff", k);
	tset(d, l, T_BASE, ns - 1,
	     (tget(d, l, T_BASE, ns - 1) & 0xff000000u) | 0xffffffu);
	patched(b, d, EXPECT_FAIL, "base", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu BASE[1] invalid state flag", k);
	tset(d, l, T_BASE, 1, base1 | 0x01000000u);
	patched(b, d, EXPECT_FAIL, "flags", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu unknown header flag", k);
	d[hfl + 1] |= 0x04;
	patched(b, d, EXPECT_FAIL, "flags", s, s + 16);
	case_end();
	RESET();

	if (!(d[hfl + 1] & 0x01)) {
		case_begin("DFA %zu diff-encoded state, no header flag", k);
		tset(d, l, T_BASE, 1, base1 | 0x80000000u);
		patched(b, d, EXPECT_FAIL, "diff-encode", s, e);
		case_end();
		RESET();
	}

	if (ns >= 3) {
		uint32_t base2 = tget(d, l, T_BASE, 2);

		case_begin("DFA %zu diff-encode cycle 1 -> 2 -> 1", k);
		d[hfl + 1] |= 0x01;
		tset(d, l, T_BASE, 1, base1 | 0x80000000u);
		tset(d, l, T_BASE, 2, base2 | 0x80000000u);
		tset(d, l, T_DEF, 1, 2);
		tset(d, l, T_DEF, 2, 1);
		patched(b, d, EXPECT_FAIL, "loop", s, e);
		case_end();
		RESET();
		case_begin("DFA %zu diff-encode cycle 2 -> 2", k);
		d[hfl + 1] |= 0x01;
		tset(d, l, T_BASE, 1, base1 | 0x80000000u);
		tset(d, l, T_BASE, 2, base2 | 0x80000000u);
		tset(d, l, T_DEF, 1, 2);
		tset(d, l, T_DEF, 2, 2);
		patched(b, d, EXPECT_FAIL, "loop", s, e);
		case_end();
		RESET();
		case_begin("DFA %zu diff-encode chain 1 -> 2 -> 0 (control)", k);
		d[hfl + 1] |= 0x01;
		tset(d, l, T_BASE, 1, base1 | 0x80000000u);
		tset(d, l, T_BASE, 2, base2 | 0x80000000u);
		tset(d, l, T_DEF, 1, 2);
		tset(d, l, T_DEF, 2, 0);
		patched(b, d, EXPECT_LOAD, NULL, 0, 0);
		case_end();
		RESET();
	}

	case_begin("DFA %zu BASE table one entry short", k);
	put_be(d + l->hdr[T_BASE] + 8, 4, ns - 1);
	patched(b, d, EXPECT_FAIL, NULL, s, e);
	case_end();
	RESET();

	case_begin("DFA %zu CHK table longer than the DFA", k);
	put_be(d + l->hdr[T_CHK] + 8, 4, 0x7fffffffu);
	patched(b, d, EXPECT_FAIL, "CHK", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu NXT table width 1", k);
	put_be(d + l->hdr[T_NXT] + 2, 2, 1);
	patched(b, d, EXPECT_FAIL, "NXT", s, e);
	case_end();
	RESET();

	case_begin("DFA %zu ACCEPT table id 9", k);
	put_be(d + l->hdr[T_ACCEPT], 2, 9);
	patched(b, d, EXPECT_FAIL, "table", s, e);
	case_end();
	RESET();

	if (l->tab[T_EC]) {
		case_begin("DFA %zu EC table of 255 entries", k);
		put_be(d + l->hdr[T_EC] + 8, 4, 255);
		patched(b, d, EXPECT_FAIL, "EC", s, e);
		case_end();
		RESET();
		case_begin("DFA %zu EC maps every byte to 255 (control)", k);
		memset(d + l->tab[T_EC], 0xff, 256);
		patched(b, d, EXPECT_LOAD, NULL, 0, 0);
		case_end();
		RESET();
	}

	case_begin("DFA %zu blob size beyond the stream", k);
	put_le32(d + l->size_off, (uint32_t)(b->len - l->size_off));
	patched(b, d, EXPECT_FAIL, NULL, 0, (long long)b->len);
	case_end();
	RESET();

	case_begin("DFA %zu header size beyond the blob", k);
	v = (uint32_t)(l->end - l->start + 1);
	put_be(d + l->start + 4, 4, v);
	patched(b, d, EXPECT_FAIL, "header size", s, e);
	case_end();
	RESET();
#undef RESET
	free(d);
}

static void test_dfas(const struct blob *b)
{
	struct dfa_loc l[64];
	size_t n = find_dfas(b, l, 64), k;

	group_begin("%s DFA tables (%zu DFAs)", b->name, n);
	case_begin("DFAs found");
	if (!n)
		fail("no DFA found in %s", b->name);
	case_end();
	for (k = 0; k < n; k++)
		test_dfa(b, &l[k], k);
	good_verify();
	group_end();
}

/*
 * Exec transitions through the xtable (px -> name) are old-format exec
 * types 4 + index in the file DFA's ACCEPT words (owner bits 10-13,
 * other bits 24-27). Point them one past the table: rejected; at the
 * last entry: loads.
 */
static void test_xtable(const struct blob *b)
{
	static const uint8_t XT[] = "\x04\x07\x00xtable\x00\x07\x0b";
	struct dfa_loc l[64];
	size_t n = find_dfas(b, l, 64), k, from = 0;
	const uint8_t *x;

	group_begin("%s xtable indices", b->name);
	case_begin("an xtable is present");
	x = find(b->data, b->len, 0, XT, sizeof(XT) - 1);
	if (!x)
		fail("no xtable in %s", b->name);
	case_end();
	for (; x; x = find(b->data, b->len, from, XT, sizeof(XT) - 1)) {
		size_t xo = (size_t)(x - b->data), i;
		unsigned size = (unsigned)get_be(x + sizeof(XT) - 1, 1) |
				(unsigned)x[sizeof(XT)] << 8;
		const struct dfa_loc *f = NULL;
		uint8_t *d;
		int variant;

		from = xo + 1;
		for (k = 0; k < n; k++)
			if (l[k].end <= xo)
				f = &l[k];	/* the file DFA before it */
		if (!f || size + 4 > 15)
			continue;
		for (variant = 0; variant < 2; variant++) {
			uint32_t type = variant ? 4 + size : 4 + size - 1;
			unsigned hits = 0;

			d = dup_bytes(b->data, b->len);
			for (i = 0; i < f->nstates; i++) {
				uint32_t a = tget(d, f, T_ACCEPT, i);

				if (((a >> 10) & 0xf) >= 4) {
					a = (a & ~(0xfu << 10)) | type << 10;
					hits++;
				}
				if (((a >> 24) & 0xf) >= 4) {
					a = (a & ~(0xfu << 24)) | type << 24;
					hits++;
				}
				tset(d, f, T_ACCEPT, i, a);
			}
			case_begin("xtable at %zu (%u entries): transitions to index %u",
				   xo, size, type - 4);
			if (!hits)
				fail("no named transition found in the DFA at %zu",
				     f->start);
			else
				patched(b, d, variant ? EXPECT_FAIL : EXPECT_LOAD,
					"xtable", -1, (long long)b->len);
			case_end();
			free(d);
		}
	}
	good_verify();
	group_end();
}

/*
 * Permission tables (the parser 4.x layout, written by
 * tests/fuzz/permtable.c): before a DFA, "perms" { version 1, array of N
 * entries of 14 u32 } and "permsv". Damage the table and the indexes
 * into it.
 */
#define PT_ENTRY 70		/* 14 unnamed u32 elements of 5 bytes */
enum { PW_ALLOW = 1, PW_DENY = 2, PW_KILL = 5, PW_COMPLAIN = 6, PW_XINDEX = 11 };

static size_t pt_word(size_t entries, uint32_t k, int w)
{
	return entries + (size_t)k * PT_ENTRY + (size_t)w * 5 + 1;
}

static void test_perms(const struct blob *b)
{
	static const uint8_t PT[] = "\x04\x06\x00perms\x00\x07\x04\x08\x00version\x00\x02";
	struct dfa_loc l[64];
	size_t n = find_dfas(b, l, 64), from = 0, tables = 0;
	const uint8_t *x;

	group_begin("%s permission tables", b->name);
	while ((x = find(b->data, b->len, from, PT, sizeof(PT) - 1))) {
		size_t at = (size_t)(x - b->data), vers = at + sizeof(PT) - 1;
		size_t cnt = vers + 5, entries = cnt + 2, k;
		uint32_t N = (uint32_t)b->data[cnt] | (uint32_t)b->data[cnt + 1] << 8;
		const struct dfa_loc *f = NULL;
		uint8_t *d = dup_bytes(b->data, b->len);
		long long s = (long long)at, e = (long long)b->len;
		uint32_t i, k_allow = N;
		bool file;

		from = at + 1;
		for (k = 0; k < n && !f; k++)
			if (l[k].elem > at)
				f = &l[k];
		if (!f || b->data[vers + 4] != 0x0b || N < 2 ||
		    entries + (size_t)N * PT_ENTRY > b->len)
			continue;
		file = f->tab[T_ACCEPT2] && (tget(d, f, T_ACCEPT2, 0) & 1);
		tables++;
#define RESET() memcpy(d, b->data, b->len)
		case_begin("table at %zu: version 2", at);
		put_le32(d + vers, 2);
		patched(b, d, EXPECT_FAIL, "version", s, s);
		case_end();
		RESET();

		case_begin("table at %zu: %u entries claimed, %u present", at,
			   N + 1, N);
		d[cnt] = (uint8_t)(N + 1);
		d[cnt + 1] = (uint8_t)((N + 1) >> 8);
		patched(b, d, EXPECT_FAIL, "perms table", s, e);
		case_end();
		RESET();

		case_begin("table at %zu: %u entries claimed, %u present", at,
			   N - 1, N);
		d[cnt] = (uint8_t)(N - 1);
		d[cnt + 1] = (uint8_t)((N - 1) >> 8);
		patched(b, d, EXPECT_FAIL, "perms table", s, e);
		case_end();
		RESET();

		for (i = 0; i < N; i++)
			if (get_le32(d + pt_word(entries, i, PW_ALLOW))) {
				k_allow = i;
				break;
			}
		if (k_allow < N) {
			static const int words[] = { PW_DENY, PW_KILL, PW_COMPLAIN };
			static const char *const wname[] = { "deny", "kill",
							     "complain" };
			uint32_t allow = get_le32(d + pt_word(entries, k_allow,
							      PW_ALLOW));

			for (k = 0; k < 3; k++) {
				case_begin("table at %zu: entry %u %s = allow", at,
					   k_allow, wname[k]);
				put_le32(d + pt_word(entries, k_allow, words[k]),
					 allow);
				patched(b, d, EXPECT_FAIL, "contradictory", -1, e);
				case_end();
				RESET();
			}
		}

		case_begin("table at %zu: entry 1 exec through an xtable entry past its end",
			   at);
		put_le32(d + pt_word(entries, 1, PW_XINDEX), 0x08ffffffu);
		patched(b, d, EXPECT_FAIL, "xtable", -1, e);
		case_end();
		RESET();

		case_begin("table at %zu: ACCEPT[1] = %u entries", at, N);
		tset(d, f, T_ACCEPT, 1, N);
		patched(b, d, EXPECT_FAIL, "permission index", -1, e);
		case_end();
		RESET();

		if (file) {
			case_begin("table at %zu: owner pair at ACCEPT[1] = %u, past the end",
				   at, N - 1);
			tset(d, f, T_ACCEPT, 1, N - 1);
			patched(b, d, EXPECT_FAIL, "permission index", -1, e);
			case_end();
			RESET();
		}
		case_begin("table at %zu: ACCEPT[1] = last %s (control)", at,
			   file ? "pair" : "entry");
		tset(d, f, T_ACCEPT, 1, file ? N - 2 : N - 1);
		patched(b, d, EXPECT_LOAD, NULL, 0, 0);
		case_end();
		RESET();
#undef RESET
		free(d);
	}
	case_begin("permission tables found");
	if (!tables)
		fail("no permission table in %s", b->name);
	case_end();
	good_verify();
	group_end();
}

/*
 * The parser writes no "start"/"dfa_start"; insert both (32 bytes, which
 * keeps every later DFA's 8-byte alignment) after a DFA.
 */
static void insert_start(const struct blob *b, const struct dfa_loc *l,
			 size_t k, size_t pdb, uint32_t start, uint32_t dstart,
			 enum expect ex)
{
	static const uint8_t S[] = "\x04\x06\x00start\x00\x02";
	static const uint8_t DS[] = "\x04\x0a\x00" "dfa_start\x00\x02";
	size_t len = b->len + 32, at = l->end;
	uint8_t *d = xmalloc(len);
	uint8_t *p = d + at;
	struct want w = { "start state", (long long)pdb, (long long)at + 32 };

	memcpy(d, b->data, at);
	memcpy(p, S, sizeof(S) - 1);
	put_le32(p + sizeof(S) - 1, start);
	p += sizeof(S) - 1 + 4;
	memcpy(p, DS, sizeof(DS) - 1);
	put_le32(p + sizeof(DS) - 1, dstart);
	p += sizeof(DS) - 1 + 4;
	memcpy(p, b->data + at, b->len - at);
	case_begin("DFA %zu start %u dfa_start %u (%u states)", k, start, dstart,
		   l->nstates);
	if (ex == EXPECT_LOAD)
		try_fresh(d, len, b->name);
	else
		try_load(d, len, b->name, ex, &w);
	case_end();
	free(d);
}

static void test_start(const struct blob *b)
{
	struct dfa_loc l[64];
	size_t n = find_dfas(b, l, 64), k;

	group_begin("%s start states", b->name);
	for (k = 0; k < n; k++) {
		uint32_t ns = l[k].nstates;
		/* the policy database starts after the previous DFA */
		size_t pdb = k ? l[k - 1].end : 0;

		insert_start(b, &l[k], k, pdb, 1, 1, EXPECT_LOAD);
		insert_start(b, &l[k], k, pdb, ns - 1, 1, EXPECT_LOAD);
		insert_start(b, &l[k], k, pdb, ns, 1, EXPECT_FAIL);
		insert_start(b, &l[k], k, pdb, 1, ns, EXPECT_FAIL);
		insert_start(b, &l[k], k, pdb, 0xffffffffu, 1, EXPECT_FAIL);
		insert_start(b, &l[k], k, pdb, 1, 0xffffffffu, EXPECT_FAIL);
	}
	good_verify();
	group_end();
}

/*
 * A copy of b with the string whose u16 length is at at replaced by s
 * (its NUL included); *len is the new length.
 */
static uint8_t *replace_str(const struct blob *b, size_t at, const char *s,
			    size_t *len)
{
	size_t old = 2 + ((size_t)b->data[at] | (size_t)b->data[at + 1] << 8);
	size_t n = strlen(s) + 1;
	uint8_t *d;

	*len = b->len - old + 2 + n;
	d = xmalloc(*len);
	memcpy(d, b->data, at);
	d[at] = (uint8_t)n;
	d[at + 1] = (uint8_t)(n >> 8);
	memcpy(d + at + 2, s, n);
	memcpy(d + at + 2 + n, b->data + at + old, b->len - at - old);
	return d;
}

/*
 * A load targets one namespace. The stream's later unit (the child, which
 * has no namespace header) renamed into another namespace, ":robust_nt:
 * inner//hkid", makes it mixed: rejected whichever unit's header
 * namespace the load takes. A namespace name that is empty or not
 * NUL-terminated is rejected too. (Blobs may be spliced: the loader finds
 * each DFA's padding from the blob's own end, so shifting is harmless.)
 */
static void test_ns(const struct blob *b)
{
	static const uint8_t NS[] = "\x04\x0a\x00namespace\x00\x05";
	static const uint8_t PROF[] = "\x04\x08\x00profile\x00\x07\x05";
	static const char *const bad_names[] = {
		":robust_nt:", ":robust_nt://", "::inner", ":robust_nt",
		":", "inner//", "//inner",
	};
	const uint8_t *x = find(b->data, b->len, 0, NS, sizeof(NS) - 1);
	const uint8_t *p1 = find(b->data, b->len, 0, PROF, sizeof(PROF) - 1);
	const uint8_t *p2 = NULL;
	size_t len, at, i;
	uint8_t *d;
	unsigned slen;

	group_begin("%s namespaces and names", b->name);
	case_begin("a namespace header and a second unit are present");
	if (p1)
		p2 = find(b->data, b->len, (size_t)(p1 - b->data) + 1, PROF,
			  sizeof(PROF) - 1);
	if (!x || !p2)
		fail("no namespace header or no second unit in %s", b->name);
	case_end();
	if (!x || !p2) {
		group_end();
		return;
	}

	case_begin("second unit's profile in another namespace");
	at = (size_t)(p2 - b->data) + sizeof(PROF) - 1;	/* name length */
	d = replace_str(b, at, ":robust_nt:inner//hkid", &len);
	try_load(d, len, b->name, EXPECT_FAIL,
		 &(struct want){ "namespace", -1, (long long)len });
	case_end();
	free(d);

	/* names the kernel's aa_splitn_fqname() or the parent check refuse */
	at = (size_t)(p1 - b->data) + sizeof(PROF) - 1;
	for (i = 0; i < sizeof(bad_names) / sizeof(bad_names[0]); i++) {
		case_begin("first profile named \"%s\"", bad_names[i]);
		d = replace_str(b, at, bad_names[i], &len);
		try_load(d, len, b->name, EXPECT_FAIL,
			 &(struct want){ NULL, -1, (long long)len });
		case_end();
		free(d);
	}

	at = (size_t)(x - b->data) + sizeof(NS) - 1;
	slen = (unsigned)b->data[at] | (unsigned)b->data[at + 1] << 8;
	d = dup_bytes(b->data, b->len);
	case_begin("empty namespace name");
	d[at + 2] = 0;
	try_load(d, b->len, b->name, EXPECT_FAIL,
		 &(struct want){ "namespace", 0, (long long)b->len });
	case_end();

	case_begin("namespace name without its NUL");
	memcpy(d, b->data, b->len);
	d[at + 2 + slen - 1] = 'x';
	try_load(d, b->len, b->name, EXPECT_FAIL,
		 &(struct want){ NULL, 0, (long long)b->len });
	case_end();
	free(d);
	good_verify();
	group_end();
}

/* ------------------------------------------------------------------ */
/* Directories: one bad file and nothing of the directory is loaded. */

static void test_dir(const struct blob *goodb, const struct blob *badsrc)
{
	char dir[4096], a[4200], bpath[4200];
	struct aamed_error err;
	aamed_policy *p;
	int order, rc, error;

	group_begin("directory with a bad file");
	snprintf(dir, sizeof(dir), "%s/dir", workdir);
	mkdir(dir, 0755);
	for (order = 0; order < 2; order++) {
		/* the good file sorts first, then second */
		snprintf(a, sizeof(a), "%s/%s.bin", dir, order ? "b" : "a");
		snprintf(bpath, sizeof(bpath), "%s/%s.bin", dir,
			 order ? "a" : "b");
		case_begin("%s file bad", order ? "first" : "second");
		if (!blob_write(a, goodb->data, goodb->len) ||
		    !blob_write(bpath, badsrc->data, badsrc->len / 2)) {
			fail("cannot write %s", dir);
		} else {
			struct want w = { NULL, 0, (long long)badsrc->len / 2 };

			memset(&err, 0, sizeof(err));
			err.offset = -2;
			rc = aamed_policy_load_path(G.p, dir, &err);
			if (rc >= 0) {
				fail("directory loaded");
				good_build(false);
			} else {
				check_error(rc, &err, bpath, badsrc->len / 2, &w);
				good_unchanged();
				if (aamed_label_get(G.p, "robust_x", &error))
					fail("robust_x from the good file is loaded");
			}
		}
		case_end();
		unlink(a);
		unlink(bpath);
	}
	case_begin("both files good (control)");
	snprintf(a, sizeof(a), "%s/a.bin", dir);
	snprintf(bpath, sizeof(bpath), "%s/b.bin", dir);
	p = aamed_policy_new();
	if (!blob_write(a, goodb->data, goodb->len) ||
	    !blob_write(bpath, badsrc->data, badsrc->len)) {
		fail("cannot write %s", dir);
	} else if ((rc = aamed_policy_load_path(p, dir, &err)) < 0) {
		char buf[1024];

		fail("does not load: %s", aamed_error_str(&err, buf, sizeof(buf)));
	} else if (!aamed_label_get(p, "robust_x", &error)) {
		fail("robust_x missing after loading the directory");
	}
	aamed_policy_free(p);
	unlink(a);
	unlink(bpath);
	rmdir(dir);
	case_end();
	good_verify();
	group_end();
}

/* ------------------------------------------------------------------ */

/*
 * Label queries are untrusted bytes too (a bus daemon passes them on):
 * random ones, and real label names followed by random class and match
 * bytes, answer 0 or fail with -EINVAL/-ENOENT, never anything else.
 */
static void test_queries(const struct blob *b)
{
	static const char *const labels[] = { "unconfined", "g_exec",
					      "g_exec//&g_exec//kid", "nosuch" };
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	unsigned seed = 7;
	char q[512];
	int i, al, au;

	group_begin("label queries on %s", b->name);
	case_begin("random and label-prefixed queries");
	if (!p || aamed_policy_load_blob(p, b->data, b->len, b->name, &err) < 0) {
		fail("%s does not load", b->name);
		case_end();
		group_end();
		aamed_policy_free(p);
		return;
	}
	for (i = 0; i < 40000; i++) {
		size_t n = (size_t)rand_r(&seed) % sizeof(q), j = 0, k;
		int e;

		if (i & 1) {
			const char *l = labels[rand_r(&seed) % 4];

			memset(q, 0, 6);
			j = 6 + strlen(l) + 1;
			memcpy(q + 6, l, j - 6);
			if (n < j)
				n = j + (size_t)(rand_r(&seed) % 8);
		}
		for (k = j; k < n; k++)
			q[k] = rand_r(&seed) % 4 ? (char)(rand_r(&seed) & 0xff) : 0;
		e = aamed_query_label(p, (uint32_t)rand_r(&seed), q, n, &al, &au);
		if (e && e != -EINVAL && e != -ENOENT)
			fail("query %d: %d", i, e);
		if (!e && ((al | au) & ~1))
			fail("query %d: allowed %d audited %d", i, al, au);
	}
	case_end();
	group_end();
	aamed_policy_free(p);
}

static bool want_group(const char *only, const char *name)
{
	return !only || !*only || strstr(only, name);
}

/* The subjects run.sh compiles (see there what each one is). */
enum { S_MULTI, S_ROBUST, S_EQUIV, S_KABI5, S_NSCD, S_DIFF, S_PERMS, S_NS, NSUB };

int main(int argc, char **argv)
{
	static const char *const subjects[NSUB] = {
		"multi.bin", "robust.bin", "equiv.bin", "kabi5.bin", "nscd.bin",
		"diff.bin", "perms.bin", "ns.bin",
	};
	struct blob sub[NSUB];
	const char *only = getenv("ROBUST_ONLY");
	size_t i, nsub = NSUB;
	double t0 = now();

	if (argc != 2) {
		fprintf(stderr, "usage: robust WORKDIR\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, timed_out);
	catch_crashes();
	workdir = argv[1];
	if (!blob_read("base.bin", &G.base)) {
		fprintf(stderr, "robust: cannot read %s/base.bin\n", workdir);
		return 2;
	}
	for (i = 0; i < nsub; i++)
		if (!blob_read(subjects[i], &sub[i])) {
			fprintf(stderr, "robust: cannot read %s/%s\n", workdir,
				subjects[i]);
			return 2;
		}
	group_begin("good policy");
	case_begin("base.bin loads");
	good_build(false);
	if (G.count < 2)
		fail("base.bin has %zu profiles", G.count);
	case_end();
	group_end();

	for (i = 0; i < nsub; i++) {
		if (want_group(only, "version"))
			test_versions(&sub[i]);
		if (want_group(only, "dfa"))
			test_dfas(&sub[i]);
		if (want_group(only, "start"))
			test_start(&sub[i]);
	}
	if (want_group(only, "xtable"))
		test_xtable(&sub[S_ROBUST]);
	if (want_group(only, "perms"))
		test_perms(&sub[S_PERMS]);
	if (want_group(only, "ns")) {
		test_ns(&sub[S_NS]);
		test_xtable(&sub[S_NS]);
	}
	if (want_group(only, "dir"))
		test_dir(&sub[S_ROBUST], &sub[S_MULTI]);
	if (want_group(only, "query"))
		test_queries(&sub[S_MULTI]);
	for (i = 0; i < nsub; i++)
		if (want_group(only, "truncate"))
			test_truncate(&sub[i]);
	for (i = 0; i < nsub; i++)
		if (want_group(only, "corrupt"))
			test_corrupt(&sub[i], OP_XOR, 0xff, 1);
	if (want_group(only, "corrupt")) {
		test_corrupt(&sub[S_MULTI], OP_XOR, 0x01, 1);
		test_corrupt(&sub[S_ROBUST], OP_XOR, 0x80, 1);
		test_corrupt(&sub[S_EQUIV], OP_SET, 0x00, 1);
		test_corrupt(&sub[S_KABI5], OP_SET, 0xff, 3);
		test_corrupt(&sub[S_NSCD], OP_XOR, 0x10, 5);
		test_corrupt(&sub[S_DIFF], OP_XOR, 0x80, 1);
		test_corrupt(&sub[S_PERMS], OP_XOR, 0x01, 1);
	}

	aamed_policy_free(G.p);
	free(G.fp);
	free(G.names);
	free(G.labels);
	free(G.base.data);
	for (i = 0; i < nsub; i++)
		free(sub[i].data);
	printf("# %.1f s\n", now() - t0);
	printf("%lu passed, %lu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
