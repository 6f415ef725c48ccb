// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The introspection API (aamed.h), through the public header only.
 * tests/api/run.sh compiles the small profiles below with apparmor_parser
 * (via aamed compile) into DIR and runs: api DIR. Every expectation is
 * AppArmor's meaning of those rules, written by hand.
 *
 * The profiles (t.bin with t1, its child kid and hat h, and t2 in
 * complain mode; a.bin and b.bin with one profile d each) are written
 * out in tests/api/run.sh; each check below names the rule it reads.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aamed.h"

static int pass, fail;

#define CHECK(c)                                                           \
	do {                                                               \
		if (c) {                                                   \
			pass++;                                            \
		} else {                                                   \
			fail++;                                            \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);  \
		}                                                          \
	} while (0)

static aamed_policy *load(const char *dir, const char *name)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char path[4096], msg[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!p || aamed_policy_load_path(p, path, &err)) {
		printf("cannot load %s: %s\n", path,
		       p ? aamed_error_str(&err, msg, sizeof(msg)) : "no memory");
		exit(2);
	}
	return p;
}

static void test_profiles(aamed_policy *p)
{
	const aamed_profile *t1 = aamed_policy_profile_find(p, NULL, "t1");
	const aamed_profile *t2 = aamed_policy_profile_find(p, "", "t2");
	const aamed_label *l;
	int err;

	CHECK(t1 && t2);
	CHECK(aamed_policy_profile_find(p, NULL, "nope") == NULL);
	CHECK(aamed_policy_profile_find(p, "otherns", "t1") == NULL);
	CHECK(aamed_policy_profile_find(p, NULL, "t1//kid") != NULL);
	CHECK(aamed_policy_profile_count(p) == 4);
	CHECK(aamed_policy_profile(p, aamed_policy_profile_count(p)) == NULL);
	l = aamed_label_get(p, "t1", &err);
	CHECK(l && aamed_label_profile_count(l) == 1);
	CHECK(aamed_label_profile(l, 0) == t1);
	CHECK(aamed_label_profile(l, 1) == NULL);
	CHECK(aamed_profile_label(t1) == l);
	l = aamed_label_get(p, "t1//&t2", &err);
	CHECK(l && aamed_label_profile_count(l) == 2);
	/* unconfined: one member, the namespace's unconfined profile */
	l = aamed_label_unconfined(p);
	CHECK(aamed_label_profile_count(l) == 1);
	{
		struct aamed_profile_info i = { .size = sizeof(i) };

		CHECK(aamed_profile_info(aamed_label_profile(l, 0), &i) == 0);
		CHECK(i.mode == AAMED_PROFILE_UNCONFINED);
	}
}

static void count_records(const struct aamed_audit *a, void *arg)
{
	(void)a;
	(*(int *)arg)++;
}

/*
 * Learning profiles: after a change_hat to a hat a complain-mode profile
 * lacks (or an exec it has no rule for) the kernel runs the task as
 * "PROFILE//null-NAME", complain mode and no rules; t2 is in complain
 * mode, t1 is not.
 */
static void test_learning(aamed_policy *p)
{
	const aamed_label *l, *again;
	struct aamed_profile_info i = { .size = sizeof(i) };
	struct aamed_perms pm;
	int err = 1, n = 0;

	l = aamed_label_get(p, "t2//null-x", &err);
	CHECK(l && err == 0);
	if (!l)
		return;
	again = aamed_label_get(p, "t2//null-x (complain)", &err);
	CHECK(again == l);
	CHECK(!strcmp(aamed_label_name(l), "t2//null-x"));
	CHECK(!strcmp(aamed_label_mode(l), "complain"));
	CHECK(aamed_label_profile_count(l) == 1);
	CHECK(aamed_profile_info(aamed_label_profile(l, 0), &i) == 0);
	CHECK(i.mode == AAMED_PROFILE_COMPLAIN && i.hat == 1);
	CHECK(i.mediates == 0 && i.caps_allow == 0);
	/* no rules, not even its parent's: nothing is allowed by a rule
	 * (6.1's null DFA allows getattr, nothing else) */
	CHECK(aamed_profile_file_perms(aamed_label_profile(l, 0), "/etc/x", 0,
				       0, &pm) == 0);
	CHECK(!(pm.allow & ~AAMED_MAY_GETATTR));
	/* complain mode: allowed, logged ALLOWED */
	CHECK(aamed_capable(l, aamed_cap_parse("chown"), 0, count_records,
			    &n) == 0);
	CHECK(n == 1);
	/* an exec's learning profile (a path) is no hat */
	l = aamed_label_get(p, "t2//null-/usr/bin/y", &err);
	CHECK(l && aamed_profile_info(aamed_label_profile(l, 0), &i) == 0 &&
	      i.hat == 0);
	/* learning under a learning profile; in a stack */
	CHECK(aamed_label_get(p, "t2//null-x//null-y", &err) != NULL);
	l = aamed_label_get(p, "t2//null-x//&t1", &err);
	CHECK(l && aamed_label_profile_count(l) == 2);
	/* an enforcing profile does not learn; an empty name is none */
	CHECK(aamed_label_get(p, "t1//null-x", &err) == NULL && err == -ENOENT);
	CHECK(aamed_label_get(p, "t2//null-", &err) == NULL && err == -ENOENT);
	CHECK(aamed_label_get(p, "nope//null-x", &err) == NULL &&
	      err == -ENOENT);
	/* they are not among the policy's loaded profiles */
	CHECK(aamed_policy_profile_count(p) == 4);
	CHECK(aamed_policy_profile_find(p, NULL, "t2//null-x") == NULL);
}

static void test_info(aamed_policy *p)
{
	const aamed_profile *t1 = aamed_policy_profile_find(p, NULL, "t1");
	const aamed_profile *t2 = aamed_policy_profile_find(p, NULL, "t2");
	const aamed_profile *h = aamed_policy_profile_find(p, NULL, "t1//h");
	struct aamed_profile_info i = { .size = sizeof(i) };
	struct aamed_profile_info part;

	CHECK(aamed_profile_info(t1, &i) == 0);
	CHECK(!strcmp(i.name, "t1") && !strcmp(i.ns, ""));
	CHECK(i.mode == AAMED_PROFILE_ENFORCE && i.audit == AAMED_AUDIT_MODE_NORMAL);
	CHECK(i.hat == 0 && i.attach == NULL);
	CHECK(i.caps_allow == 1ull << 0);	/* chown is capability 0 */
	CHECK(i.mediates & (1ull << AAMED_PCLASS_FILE));
	CHECK(i.mediates & (1ull << AAMED_PCLASS_SIGNAL));
	CHECK(i.mediates & (1ull << AAMED_PCLASS_NET));
	CHECK(aamed_profile_info(t2, &i) == 0 && i.mode == AAMED_PROFILE_COMPLAIN);
	CHECK(h && aamed_profile_info(h, &i) == 0 && i.hat == 1);
	CHECK(!strcmp(i.name, "t1//h"));
	/*
	 * the size rule (aamed.h "versioned structures"): shorter than the
	 * first version is refused and nothing is written; 0 is the first
	 * version; a larger one with a zero tail gets the known part
	 */
	memset(&part, 0x5a, sizeof(part));
	part.size = offsetof(struct aamed_profile_info, ns);
	CHECK(aamed_profile_info(t1, &part) == -EINVAL);
	CHECK(*(const unsigned char *)&part.name == 0x5a);
	part.size = 1;
	CHECK(aamed_profile_info(t1, &part) == -EINVAL);
	part.size = 0;
	CHECK(aamed_profile_info(t1, &part) == 0 && !strcmp(part.name, "t1"));
	CHECK(part.size == 0);
	CHECK(aamed_profile_info(NULL, &i) == -EINVAL);
	CHECK(aamed_profile_xattr(t1, 0) == NULL);
}

static void test_file(aamed_policy *p)
{
	const aamed_profile *t1 = aamed_policy_profile_find(p, NULL, "t1");
	const aamed_rules *r = aamed_profile_rules(t1, AAMED_RULES_FILE);
	struct aamed_perms pm;
	uint32_t s;

	CHECK(aamed_profile_file_perms(t1, "/etc/x", 0, 0, &pm) == 0);
	CHECK((pm.allow & AAMED_MAY_READ) && !(pm.allow & AAMED_MAY_WRITE));
	CHECK(aamed_profile_file_perms(t1, "/etc/y", 0, 0, &pm) == 0);
	CHECK(!(pm.allow & (AAMED_MAY_READ | AAMED_MAY_WRITE)));
	CHECK(aamed_profile_file_perms(t1, "/etc/z", 0, 0, &pm) == 0);
	/* a deny rule without audit is a quiet denial; file tables of
	 * apparmor_parser 3.0 keep it as quiet bits, newer ones as deny */
	CHECK(((pm.deny | pm.quiet) & AAMED_MAY_WRITE) &&
	      !(pm.allow & AAMED_MAY_WRITE));
	/* owner rules: only when fsuid is the object's owner */
	CHECK(aamed_profile_file_perms(t1, "/home/u/n", 1000, 1000, &pm) == 0);
	CHECK(pm.allow & AAMED_MAY_READ);
	CHECK(aamed_profile_file_perms(t1, "/home/u/n", 1000, 0, &pm) == 0);
	CHECK(!(pm.allow & AAMED_MAY_READ));
	/* the same walk by hand */
	CHECK(r != NULL && aamed_rules_state_count(r) > 1);
	s = aamed_rules_match(r, aamed_rules_start(r, AAMED_PCLASS_FILE),
			      "/etc/x", 6);
	CHECK(s != 0 && aamed_rules_perms(r, s, 0, &pm) == 0);
	CHECK(pm.allow & AAMED_MAY_READ);
	CHECK(aamed_rules_next(r, 0, 'a') == 0);
	CHECK(aamed_rules_perms(r, aamed_rules_state_count(r), 0, &pm) == -EINVAL);
	CHECK(aamed_rules_next(NULL, 1, 'a') == 0);
	CHECK(aamed_rules_start(NULL, AAMED_PCLASS_FILE) == 0);
	CHECK(aamed_profile_rules(NULL, AAMED_RULES_FILE) == NULL);
	CHECK(aamed_profile_rules(t1, AAMED_RULES_ATTACH) == NULL);
}

static void xtrans_at(const aamed_profile *pr, const char *path,
		      struct aamed_xtrans *x)
{
	const aamed_rules *r = aamed_profile_rules(pr, AAMED_RULES_FILE);
	struct aamed_perms pm;

	memset(x, 0, sizeof(*x));
	if (aamed_profile_file_perms(pr, path, 0, 0, &pm) ||
	    !(pm.allow & AAMED_MAY_EXEC) || aamed_rules_xtrans(r, pm.xindex, x))
		x->mode = (enum aamed_xtrans_mode)-1;
}

static void test_xtrans(aamed_policy *p)
{
	const aamed_profile *t1 = aamed_policy_profile_find(p, NULL, "t1");
	struct aamed_xtrans x;

	xtrans_at(t1, "/usr/bin/a", &x);	/* pix -> t2 */
	CHECK(x.mode == AAMED_XT_PROFILE && x.fallback == AAMED_XT_INHERIT);
	CHECK(x.target && !strcmp(x.target, "t2") && x.unsafe == 1);
	xtrans_at(t1, "/usr/bin/b", &x);	/* px -> t2 */
	CHECK(x.mode == AAMED_XT_PROFILE && x.fallback == AAMED_XT_NONE);
	CHECK(x.target && !strcmp(x.target, "t2"));
	xtrans_at(t1, "/usr/bin/c", &x);	/* ix */
	CHECK(x.mode == AAMED_XT_INHERIT && x.target == NULL);
	xtrans_at(t1, "/usr/bin/d", &x);	/* cux -> kid */
	/* the child by its own name or its full one, t1//kid */
	CHECK((x.mode == AAMED_XT_CHILD && x.target && !strcmp(x.target, "kid")) ||
	      (x.mode == AAMED_XT_PROFILE && x.target &&
	       !strcmp(x.target, "t1//kid")));
	CHECK(x.fallback == AAMED_XT_UNCONFINED && x.unsafe == 1);
	xtrans_at(t1, "/usr/bin/c", &x);
	CHECK(x.fallback == AAMED_XT_NONE && x.unsafe == 0);
}

static void test_classes(aamed_policy *p)
{
	const aamed_profile *t1 = aamed_policy_profile_find(p, NULL, "t1");
	const aamed_label *t2 = aamed_label_get(p, "t2", NULL);
	const aamed_label *un = aamed_label_unconfined(p);
	struct aamed_perms pm;

	CHECK(aamed_profile_cap_perms(t1, 0, &pm) == 0 && pm.allow == 1);
	CHECK(aamed_profile_cap_perms(t1, 21, &pm) == 0 && pm.allow == 0);
	CHECK(aamed_profile_cap_perms(t1, 64, &pm) == -EINVAL);
	CHECK(aamed_profile_net_perms(t1, 2, 1, &pm) == 0);	/* inet stream */
	CHECK(pm.allow & AAMED_MAY_CREATE);
	CHECK(aamed_profile_net_perms(t1, 10, 2, &pm) == 0);	/* inet6 dgram */
	CHECK(!(pm.allow & AAMED_MAY_CREATE));
	CHECK(aamed_profile_signal_perms(t1, t2, 15, AAMED_MAY_WRITE, &pm) == 0);
	CHECK(pm.allow & AAMED_MAY_WRITE);			/* term to t2 */
	CHECK(aamed_profile_signal_perms(t1, t2, 9, AAMED_MAY_WRITE, &pm) == 0);
	CHECK(!(pm.allow & AAMED_MAY_WRITE));			/* kill: no */
	CHECK(aamed_profile_signal_perms(t1, un, 15, AAMED_MAY_WRITE, &pm) == 0);
	CHECK(!(pm.allow & AAMED_MAY_WRITE));			/* other peer */
	CHECK(aamed_profile_ptrace_perms(t1, t2, AAMED_PTRACE_TRACE, &pm) == 0);
	CHECK(pm.allow & AAMED_PTRACE_TRACE);
	CHECK(aamed_profile_signal_perms(t1, NULL, 15, 0, &pm) == -EINVAL);
	/* compiled for 6.1's features: no user namespace or io_uring rules */
	CHECK(aamed_profile_userns_perms(t1, &pm) == -ENOENT);
	CHECK(aamed_profile_io_uring_perms(t1, AAMED_URING_OP_SQPOLL, NULL,
					   &pm) == -ENOENT);
	CHECK(aamed_profile_io_uring_perms(t1, AAMED_URING_OP_OVERRIDE_CREDS,
					   NULL, &pm) == -EINVAL);
	CHECK(aamed_profile_userns_perms(NULL, &pm) == -EINVAL);
}

/*
 * Linux 6.1 has no user namespace or io_uring hook: every label, even
 * unconfined, gets AAMED_NOT_MEDIATED; 6.12 asks the profile, which has
 * no rules of the class and so does not mediate them.
 */
static void test_not_mediated(const char *dir)
{
	aamed_policy *p = load(dir, "t.bin");
	const aamed_label *t1 = aamed_label_get(p, "t1", NULL);
	const aamed_label *t2 = aamed_label_get(p, "t2", NULL);

	CHECK(aamed_policy_kernel(p) == AAMED_KERNEL_6_1);
	CHECK(aamed_userns_create(t1, NULL, NULL) == AAMED_NOT_MEDIATED);
	CHECK(aamed_userns_create(aamed_label_unconfined(p), NULL, NULL) ==
	      AAMED_NOT_MEDIATED);
	CHECK(aamed_io_uring(t1, AAMED_URING_OP_OVERRIDE_CREDS, t2, NULL,
			     NULL) == AAMED_NOT_MEDIATED);
	aamed_policy_free(p);

	p = aamed_policy_new();
	aamed_policy_set_kernel(p, AAMED_KERNEL_6_12);
	{
		char path[4096];
		struct aamed_error err;

		snprintf(path, sizeof(path), "%s/t.bin", dir);
		CHECK(aamed_policy_load_path(p, path, &err) == 0);
	}
	t1 = aamed_label_get(p, "t1", NULL);
	t2 = aamed_label_get(p, "t2", NULL);
	CHECK(t1 && t2);
	if (t1 && t2) {
		CHECK(aamed_userns_create(t1, NULL, NULL) == 0);
		CHECK(aamed_io_uring(t1, AAMED_URING_OP_SQPOLL, NULL, NULL,
				     NULL) == 0);
		CHECK(aamed_io_uring(t1, AAMED_URING_OP_OVERRIDE_CREDS, NULL,
				     NULL, NULL) == -EINVAL);
		CHECK(aamed_io_uring(t1, (enum aamed_uring_op)7, t2, NULL,
				     NULL) == -EINVAL);
	}
	aamed_policy_free(p);
}

static void test_names(void)
{
	CHECK(!strcmp(aamed_cap_name(0), "chown"));
	CHECK(!strcmp(aamed_cap_name(21), "sys_admin"));
	CHECK(aamed_cap_name(-1) == NULL && aamed_cap_name(1000) == NULL);
	CHECK(!strcmp(aamed_family_name(2), "inet"));
	CHECK(!strcmp(aamed_family_name(10), "inet6"));
	CHECK(aamed_family_name(4096) == NULL);
	CHECK(!strcmp(aamed_sock_type_name(1), "stream"));
	CHECK(!strcmp(aamed_sock_type_name(2), "dgram"));
	CHECK(aamed_sock_type_name(0) == NULL);
	CHECK(!strcmp(aamed_signal_name(15), "term"));
	CHECK(!strcmp(aamed_signal_name(9), "kill"));
	CHECK(aamed_signal_name(AAMED_SIGRT_BASE) == NULL);
}

/* ------------------------------------------------------------------ */
struct seen {
	int n, file_w, xdiff;
	int stop_after;
};

static int on_state(const struct aamed_diff_state *st, void *arg)
{
	struct seen *s = arg;
	const struct aamed_perms *a = &st->a[AAMED_ENTRY_OTHER];
	const struct aamed_perms *b = &st->b[AAMED_ENTRY_OTHER];

	s->n++;
	if (st->rules == AAMED_RULES_FILE && st->pclass == AAMED_PCLASS_FILE &&
	    st->len == 2 && !memcmp(st->witness, "/a", 2) &&
	    (a->allow & AAMED_MAY_READ) && (b->allow & ~a->allow & AAMED_MAY_WRITE))
		s->file_w++;
	if (st->rules == AAMED_RULES_FILE && st->len == 6 &&
	    !memcmp(st->witness, "/bin/x", 6) &&
	    st->xtrans_differ[AAMED_ENTRY_OTHER] &&
	    st->xa[AAMED_ENTRY_OTHER].fallback == AAMED_XT_INHERIT &&
	    st->xb[AAMED_ENTRY_OTHER].fallback == AAMED_XT_NONE)
		s->xdiff++;
	return s->stop_after && s->n >= s->stop_after;
}

static void test_diff(const char *dir)
{
	aamed_policy *a = load(dir, "a.bin"), *b = load(dir, "b.bin");
	const aamed_profile *pa = aamed_policy_profile_find(a, NULL, "d");
	const aamed_profile *pb = aamed_policy_profile_find(b, NULL, "d");
	struct seen s = { 0 };

	CHECK(pa && pb);
	CHECK(aamed_profile_diff(pa, pb, 1000000, on_state, &s) > 0);
	CHECK(s.file_w == 1);	/* "/a": +w */
	CHECK(s.xdiff == 1);	/* "/bin/x": pix is not px */
	memset(&s, 0, sizeof(s));
	CHECK(aamed_profile_diff(pa, pa, 1000000, on_state, &s) > 0);
	CHECK(s.n == 0);
	memset(&s, 0, sizeof(s));
	s.stop_after = 1;
	aamed_profile_diff(pa, pb, 1000000, on_state, &s);
	CHECK(s.n == 1);
	memset(&s, 0, sizeof(s));
	CHECK(aamed_profile_diff(pa, pb, 1, on_state, &s) == -E2BIG);
	CHECK(aamed_profile_diff(pa, pb, 1000, NULL, NULL) == -EINVAL);
	/* against no rules at all: everything of pb is new */
	memset(&s, 0, sizeof(s));
	CHECK(aamed_profile_diff(NULL, pb, 1000000, on_state, &s) > 0);
	CHECK(s.n > 0);
	aamed_policy_free(a);
	aamed_policy_free(b);
}

/*
 * An exec decision runs the audit callback while it holds the policy's
 * lock; the callback may still resolve labels of the same policy.
 */
struct relookup {
	aamed_policy *p;
	const aamed_label *got;
	int records;
};

static void relookup_cb(const struct aamed_audit *rec, void *arg)
{
	struct relookup *r = arg;

	(void)rec;
	r->records++;
	r->got = aamed_label_get(r->p, "t2", NULL);
}

/* The names apparmorfs and the records print (policy.c, audit.c). */
static void test_mode_names(void)
{
	CHECK(!strcmp(aamed_profile_mode_name(AAMED_PROFILE_ENFORCE), "enforce"));
	CHECK(!strcmp(aamed_profile_mode_name(AAMED_PROFILE_COMPLAIN), "complain"));
	CHECK(!strcmp(aamed_profile_mode_name(AAMED_PROFILE_UNCONFINED), "unconfined"));
	CHECK(aamed_profile_mode_name((enum aamed_profile_mode)99) == NULL);
	CHECK(!strcmp(aamed_audit_mode_name(AAMED_AUDIT_MODE_QUIET_DENIED), "quiet_denied"));
	CHECK(!strcmp(aamed_audit_mode_name(AAMED_AUDIT_MODE_ALL), "all"));
	CHECK(aamed_audit_mode_name((enum aamed_audit_mode)-1) == NULL);
	CHECK(!strcmp(aamed_audit_type_name(AAMED_AUDIT_DENIED), "DENIED"));
	CHECK(!strcmp(aamed_audit_type_name(AAMED_AUDIT_KILLED), "KILLED"));
	CHECK(aamed_audit_type_name((enum aamed_audit_type)42) == NULL);
}

static void test_exec_callback(aamed_policy *p)
{
	struct relookup r = { p, NULL, 0 };
	struct aamed_exec_result x = { .size = sizeof(x) };
	const aamed_label *t1 = aamed_label_get(p, "t1", NULL);

	memset(&x, 0, sizeof(x));
	alarm(20);	/* a deadlock fails the test instead of hanging it */
	/* no rule of t1 grants /usr/bin/zz: a denial, with its record */
	CHECK(aamed_exec(t1, "/usr/bin/zz", 0, 0, &x, relookup_cb, &r) == -EACCES);
	alarm(0);
	CHECK(r.records == 1);
	CHECK(r.got && r.got == aamed_label_get(p, "t2", NULL));
}

/* label NUL 32 fields...: dbus-daemon's bytes after the reserved six */
static size_t dbus_query(char *q, size_t len, const char *label,
			 const char *const *f, int n)
{
	size_t o = 6;
	int i;

	memset(q, 0, 6);
	o += (size_t)snprintf(q + o, len - o, "%s", label) + 1;
	q[o++] = (char)AAMED_QUERY_CLASS_DBUS;
	for (i = 0; i < n; i++) {
		if (i)
			q[o++] = 0;
		o += (size_t)snprintf(q + o, len - o, "%s", f[i]);
	}
	return o;
}

/* CMD NUL LABEL NUL 2 PATH: a file query under one of .access's commands */
static size_t file_query(char *q, size_t len, const char *cmd,
			 const char *label, const char *path)
{
	int n = snprintf(q, len, "%s%c%s%c%c%s", cmd, 0, label, 0,
			 (char)AAMED_QUERY_CLASS_FILE, path);

	return n > 0 ? (size_t)n : 0;
}

/*
 * The commands and the label text of .access as the kernel reads them
 * (apparmorfs.c aa_write_access(), query_label(); label.c
 * aa_label_strn_parse() without create): "profile" and "labelall" answer
 * as "label" for a label of one namespace; "name (enforce)" is no
 * profile; a stack is ENOENT until held.
 */
static void test_label_query_cmds(aamed_policy *p)
{
	struct aamed_query_masks m, lm;
	const aamed_label *st = aamed_label_get(p, "q//&svc", NULL);
	static const char *const bind[] = { "session", "org.x.Yes" };
	struct aamed_dbus_req req = { .op = AAMED_DBUS_BIND, .bus = "session",
				      .name = "org.x.Yes" };
	char q[512];
	size_t n;
	int al = -1, au = -1;

	n = file_query(q, sizeof(q), "label", "q", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &lm) == 0 && lm.allow);
	n = file_query(q, sizeof(q), AAMED_QUERY_CMD_PROFILE, "q", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == 0 &&
	      !memcmp(&m, &lm, sizeof(m)));
	n = file_query(q, sizeof(q), AAMED_QUERY_CMD_LABELALL, "q", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == 0 &&
	      !memcmp(&m, &lm, sizeof(m)));
	CHECK(aamed_query_label(p, AAMED_MAY_READ, q, n, &al, &au) == 0 &&
	      al == 1);
	/* a command and nothing after it */
	CHECK(aamed_query_label_masks(p, "profile", 8, &m) == -EINVAL);
	CHECK(aamed_query_label_masks(p, "labelall", 9, &m) == -EINVAL);
	/* the form /proc/PID/attr/current prints is no profile's name */
	n = file_query(q, sizeof(q), "label", "q (enforce)", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == -ENOENT);
	CHECK(aamed_query_file_path(p, AAMED_MAY_READ, "q (enforce)", "/srv/q",
				    &al, &au) == -ENOENT);
	/* leading blanks are skipped */
	n = file_query(q, sizeof(q), "label", "  q", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == 0 &&
	      !memcmp(&m, &lm, sizeof(m)));
	/* a stack no task holds; held; its members in another order; no
	 * longer held */
	CHECK(st != NULL);
	n = file_query(q, sizeof(q), "label", "q//&svc", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == -ENOENT);
	CHECK(aamed_query_file_path(p, AAMED_MAY_READ, "q//&svc", "/srv/q",
				    &al, &au) == -ENOENT);
	CHECK(aamed_label_set_held(p, st, 1) == 0);
	CHECK(aamed_query_label_masks(p, q, n, &m) == 0);
	n = file_query(q, sizeof(q), "profile", "svc//&q", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &lm) == 0 &&
	      !memcmp(&m, &lm, sizeof(m)));
	CHECK(aamed_query_file_path(p, AAMED_MAY_READ, "q//&svc", "/srv/q",
				    &al, &au) == 0);
	/* held as written, not with a mode: the suffixed member is no profile */
	n = file_query(q, sizeof(q), "label", "q//&svc (enforce)", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == -ENOENT);
	CHECK(aamed_label_set_held(p, st, 0) == 0);
	n = file_query(q, sizeof(q), "label", "q//&svc", "/srv/q");
	CHECK(aamed_query_label_masks(p, q, n, &m) == -ENOENT);
	CHECK(aamed_label_set_held(NULL, st, 1) == -EINVAL);
	CHECK(aamed_label_set_held(p, NULL, 1) == -EINVAL);
	/* the bus asks about its peers' labels: held, whatever the flag */
	n = dbus_query(q, sizeof(q), "q//&svc", bind, 2);
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_BIND, q, n, &al, &au) ==
	      -ENOENT);
	CHECK(aamed_dbus_perm(p, st, &req, NULL, NULL) != -ENOENT);
	CHECK(aamed_dbus_query_masks(p, st, &req, &m) == 0);
}

struct drec {
	int n;
	char text[2][512];
};

static void dbus_cb(const struct aamed_audit *rec, void *arg)
{
	struct drec *d = arg;

	if (d->n < 2)
		aamed_audit_format(rec, d->text[d->n], sizeof(d->text[0]), 0, -1,
				   NULL);
	d->n++;
}

/*
 * dq.bin (a dbus feature set): profile q with
 *   dbus send bus=session path=/org/x interface=org.x.I member=Get
 *        peer=(name=org.x.Svc label=svc),
 *   dbus bind bus=session name=org.x.*,  deny dbus bind bus=session name=org.x.No,
 *   /srv/q r,  link /srv/l -> /srv/t,
 * and svc, allowed to receive on the session bus.
 */
static void test_label_query(const char *dir)
{
	static const char *const msg[] = { "session", "org.x.Svc", "svc",
					   "/org/x", "org.x.I", "Get" };
	static const char *const bind[] = { "session", "org.x.Yes" };
	static const char *const nobind[] = { "session", "org.x.No" };
	aamed_policy *p = load(dir, "dq.bin");
	struct aamed_query_masks m;
	struct aamed_dbus_req req = { .op = AAMED_DBUS_SEND, .bus = "session",
				      .path = "/org/x", .interface = "org.x.I",
				      .member = "Get", .name = "org.x.Svc",
				      .peer_label = "svc", .pid = 10,
				      .peer_pid = 20 };
	struct drec d = { 0 };
	char q[512];
	size_t n;
	int al = -1, au = -1;

	n = dbus_query(q, sizeof(q), "q", msg, 6);
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_SEND, q, n, &al, &au) == 0);
	CHECK(al == 1 && au == 0);
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_RECEIVE, q, n, &al, &au) == 0);
	CHECK(al == 0 && au == 1);
	/* one byte short of the member: no rule */
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_SEND, q, n - 1, &al, &au) == 0);
	CHECK(al == 0);
	n = dbus_query(q, sizeof(q), "q", bind, 2);
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_BIND, q, n, &al, &au) == 0);
	CHECK(al == 1);
	n = dbus_query(q, sizeof(q), "q", nobind, 2);
	/* a deny rule: denied and quiet */
	CHECK(aamed_query_label(p, AAMED_DBUS_MAY_BIND, q, n, &al, &au) == 0);
	CHECK(al == 0 && au == 0);
	n = dbus_query(q, sizeof(q), "unconfined", bind, 2);
	CHECK(aamed_query_label_masks(p, q, n, &m) == 0);
	CHECK(m.allow == 0xffffffffu && m.deny == 0 && m.quiet == 0xffffffffu);
	/* malformed: nothing after the reserved bytes, no NUL, no label */
	CHECK(aamed_query_label(p, 2, q, 6, &al, &au) == -EINVAL);
	memcpy(q + 6, "abc", 3);
	CHECK(aamed_query_label(p, 2, q, 9, &al, &au) == -EINVAL);
	q[6] = 0;
	CHECK(aamed_query_label(p, 2, q, 9, &al, &au) == -EINVAL);
	n = dbus_query(q, sizeof(q), "nosuch", bind, 2);
	CHECK(aamed_query_label(p, 2, q, n, &al, &au) == -ENOENT);
	CHECK(aamed_query_label(p, 2, q, n, NULL, &au) == -EINVAL);
	/* files */
	CHECK(aamed_query_file_path(p, AAMED_MAY_READ, "q", "/srv/q", &al,
				    &au) == 0 && al == 1);
	CHECK(aamed_query_file_path(p, AAMED_MAY_WRITE, "q", "/srv/q", &al,
				    &au) == 0 && al == 0 && au == 1);
	CHECK(aamed_query_link_path(p, "q", "/srv/t", "/srv/l", &al, &au) == 0 &&
	      al == 1);
	CHECK(aamed_query_link_path(p, "q", "/srv/u", "/srv/l", &al, &au) == 0 &&
	      al == 0);
	test_label_query_cmds(p);
	/* the typed request: both sides, dbus-daemon's records */
	CHECK(aamed_dbus_perm(p, aamed_label_get(p, "q", NULL), &req, dbus_cb,
			      &d) == 0 && d.n == 0);
	req.member = "Put";
	CHECK(aamed_dbus_perm(p, aamed_label_get(p, "q", NULL), &req, dbus_cb,
			      &d) == -EACCES && d.n == 1);
	CHECK(!strcmp(d.text[0],
		      "apparmor=\"DENIED\" operation=\"dbus_method_call\" bus=\"session\" path=\"/org/x\" interface=\"org.x.I\" member=\"Put\" mask=\"send\" name=\"org.x.Svc\" pid=10 label=\"q\" peer_pid=20 peer_label=\"svc\""));
	req.peer_label = "nosuch";
	CHECK(aamed_dbus_perm(p, aamed_label_get(p, "q", NULL), &req, NULL,
			      NULL) == -ENOENT);
	req.peer_label = "svc";
	req.op = (enum aamed_dbus_op)9;
	CHECK(aamed_dbus_perm(p, aamed_label_get(p, "q", NULL), &req, NULL,
			      NULL) == -EINVAL);
	CHECK(aamed_dbus_op_parse("eavesdrop") == AAMED_DBUS_EAVESDROP);
	CHECK(aamed_dbus_op_parse("call") == -1);
	CHECK(!strcmp(aamed_dbus_op_name(AAMED_DBUS_BIND), "bind"));
	aamed_policy_free(p);
}

/* Attachment by xattrs: the most matching wins, a wrong value keeps a
 * profile out, an empty set is a file without any. */
static void test_xattrs(const char *dir)
{
	aamed_policy *p = load(dir, "x.bin");
	const struct aamed_xattr one[] = { { "security.a", "one", 3 } };
	const struct aamed_xattr both[] = { { "security.a", "one", 3 },
					    { "security.b", "two", 3 } };
	const struct aamed_xattr wrong[] = { { "security.a", "onex", 4 } };
	const struct aamed_xattr bad[] = { { NULL, "x", 1 } };
	const struct aamed_xattr v[] = { { "security.a", "value", 5 } };
	struct aamed_exec_req req = { 0 };
	struct aamed_exec_result res = { .size = sizeof(res) };
	const char *info;

#define ATT(path, x, n) aamed_label_name(aamed_attach_xattrs(p, NULL, path, x, n, &info))
	CHECK(!strcmp(ATT("/srv/x/f", NULL, 0), "xa_plain"));
	CHECK(!strcmp(ATT("/srv/x/f", one, 1), "xa_one"));
	CHECK(!strcmp(ATT("/srv/x/f", both, 2), "xa_two"));
	CHECK(!strcmp(ATT("/srv/x/f", wrong, 1), "xa_plain"));
	CHECK(!strcmp(ATT("/srv/y/f", v, 1), "xa_only"));
	CHECK(!strcmp(ATT("/srv/y/f", NULL, 0), "unconfined"));
	CHECK(aamed_attach_xattrs(p, NULL, "/srv/x/f", bad, 1, &info) == NULL);
	CHECK(aamed_attach_xattrs(p, NULL, "/srv/x/f", NULL, 1, &info) == NULL);
	/* aamed_attach() is a file without xattrs */
	CHECK(aamed_attach(p, NULL, "/srv/x/f", &info) ==
	      aamed_attach_xattrs(p, NULL, "/srv/x/f", NULL, 0, &info));
#undef ATT
	/* exec: size 0 is the first version; px attaches with the xattrs */
	req.path = "/srv/x/f";
	req.xattrs = both;
	req.nxattrs = 2;
	CHECK(aamed_exec_request(aamed_label_get(p, "xa_src", NULL), &req,
				 &res, NULL, NULL) == 0);
	CHECK(!strcmp(res.name, "xa_two"));
	req.size = sizeof(req);
	req.nxattrs = 0;
	CHECK(aamed_exec_request(aamed_label_get(p, "unconfined", NULL), &req,
				 &res, NULL, NULL) == 0);
	CHECK(!strcmp(res.name, "xa_plain"));
	req.path = "relative";
	CHECK(aamed_exec_request(aamed_label_get(p, "xa_src", NULL), &req,
				 &res, NULL, NULL) == -EINVAL);
	CHECK(aamed_exec_request(NULL, &req, &res, NULL, NULL) == -EINVAL);
	CHECK(aamed_exec_request(aamed_label_get(p, "xa_src", NULL), &req,
				 NULL, NULL, NULL) == -EINVAL);
	aamed_policy_free(p);
}

/* aamed_rules_row() is 256 calls of aamed_rules_next(), for every state
 * of every rule set of every profile of the policy in dir/name. */
static void test_rules_row(const char *dir, const char *name)
{
	static const enum aamed_rules_kind kinds[] = {
		AAMED_RULES_POLICY, AAMED_RULES_FILE, AAMED_RULES_ATTACH
	};
	aamed_policy *p = load(dir, name);
	uint32_t row[256];
	size_t i, k, sets = 0, bad = 0;

	for (i = 0; i < aamed_policy_profile_count(p); i++) {
		const aamed_profile *pr = aamed_policy_profile(p, i);

		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			const aamed_rules *r = aamed_profile_rules(pr, kinds[k]);
			uint32_t s, n = aamed_rules_state_count(r);
			unsigned c;

			if (!r)
				continue;
			sets++;
			/* one past the last state, and the trap state: zeros */
			for (s = 0; s <= n; s++) {
				memset(row, 0xff, sizeof(row));
				if (aamed_rules_row(r, s, row)) {
					bad++;
					continue;
				}
				for (c = 0; c < 256; c++)
					bad += row[c] != aamed_rules_next(r, s, (uint8_t)c);
			}
			CHECK(aamed_rules_row(r, 1, NULL) == -EINVAL);
		}
	}
	CHECK(sets > 0);
	CHECK(bad == 0);
	memset(row, 0xff, sizeof(row));
	CHECK(aamed_rules_row(NULL, 1, row) == 0 && row[0] == 0 && row[255] == 0);
	aamed_policy_free(p);
}

int main(int argc, char **argv)
{
	aamed_policy *p;

	if (argc != 2) {
		fprintf(stderr, "usage: api DIR\n");
		return 2;
	}
	p = load(argv[1], "t.bin");
	test_profiles(p);
	test_info(p);
	test_file(p);
	test_xtrans(p);
	test_classes(p);
	test_names();
	test_exec_callback(p);
	test_mode_names();
	test_learning(p);
	aamed_policy_free(p);
	test_diff(argv[1]);
	test_not_mediated(argv[1]);
	test_label_query(argv[1]);
	test_xattrs(argv[1]);
	test_rules_row(argv[1], "t.bin");
	test_rules_row(argv[1], "t-ec.bin");
	printf("%d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}
