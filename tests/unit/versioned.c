// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The size rule of versioned structures (aamed.h, "versioned
 * structures"; versioned.c), for every structure the caller fills or has
 * filled, through the call that reads it. For each: the size of this
 * version, 0 (the first version), one below the first version (-EINVAL),
 * only the size field (-EINVAL), a larger size with a zero tail (the
 * same answer) and with a non-zero tail (-E2BIG). A confined subject
 * without rules, so that no decision returns before the size is read.
 */
#include <errno.h>
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"
#include "versioned.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define TAIL 24	/* bytes a newer caller's structure has past ours */

/* One structure under test: its bytes, the tail after them, the call. */
struct vcase {
	const char *what;
	size_t known, ver0;
	/* fill the structure's known bytes (size is set afterwards) */
	void (*fill)(void *s, void *ctx);
	/* the call that reads it: its return, or an answer made of it */
	int (*call)(void *s, void *ctx);
	void *ctx;
};

static alignas(max_align_t) unsigned char vbuf[4096];

static int vrun(const struct vcase *c, size_t size, size_t tail_byte)
{
	memset(vbuf, 0, sizeof(vbuf));
	c->fill(vbuf, c->ctx);
	memcpy(vbuf, &size, sizeof(size));
	if (tail_byte)
		vbuf[c->known + tail_byte] = 1;
	return c->call(vbuf, c->ctx);
}

static void vcheck(const struct vcase *c)
{
	int want = vrun(c, c->known, 0);

	if (!CHECK(want != -EINVAL && want != -E2BIG))
		printf("     (%s)\n", c->what);
	CHECK_EQ(vrun(c, 0, 0), want);
	CHECK_EQ(vrun(c, c->ver0 - 1, 0), -EINVAL);
	CHECK_EQ(vrun(c, sizeof(size_t), 0), -EINVAL);
	CHECK_EQ(vrun(c, c->known + TAIL, 0), want);
	CHECK_EQ(vrun(c, c->known + TAIL, 1), -E2BIG);
	CHECK_EQ(vrun(c, c->known + TAIL, TAIL - 1), -E2BIG);
	/* a byte past the declared size is not looked at */
	CHECK_EQ(vrun(c, c->known + 1, 2), want);
	/* a garbage size */
	CHECK_EQ(vrun(c, (size_t)-1, 0), -E2BIG);
}

/* ver0: the library's AA_V0_* of the structure (versioned.h) */
#define VCASE(type, ver0, fillfn, callfn)                                  \
	((struct vcase){ #type, sizeof(type), ver0, fillfn, callfn, NULL })

/* The subjects: "conf" (enforce, no rules) and its policy. */
struct vctx {
	aamed_policy *pol;
	const aamed_label *conf, *unconf;
	const aamed_profile *prof;
	struct aamed_sock sk;		/* a valid socket for pair checks */
	struct aamed_exec_result xres;
	struct aamed_change_result cres;
	struct aamed_hat_result hres;
	struct aamed_rlimits lim;
};

static aamed_policy *vpolicy(struct vctx *v)
{
	static struct sbuf s;

	memset(v, 0, sizeof(*v));
	s.n = 0;
	unit_profile(&s, NULL, "conf", 0, 0);
	unit_profile(&s, NULL, "other", 0, 0);
	v->pol = aamed_policy_new();
	if (!v->pol || load_units(v->pol, &s, "versioned profiles"))
		return NULL;
	v->conf = aamed_label_get(v->pol, "conf", NULL);
	v->unconf = aamed_label_unconfined(v->pol);
	v->prof = aamed_policy_profile_find(v->pol, NULL, "conf");
	v->sk.label = v->conf;
	v->sk.family = 1;	/* AF_UNIX */
	v->sk.type = 2;		/* SOCK_DGRAM */
	return v->pol;
}

/* ---- requests ---------------------------------------------------- */

static void fill_file(void *s, void *ctx)
{
	struct aamed_file_req *r = s;

	(void)ctx;
	r->path = "/etc/x";
	r->request = AAMED_MAY_READ;
	r->op = AAMED_OP_OPEN;
}

static int call_file(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_file_perm(v->conf, s, NULL, NULL);
}

static void fill_sock(void *s, void *ctx)
{
	struct vctx *v = ctx;

	memcpy(s, &v->sk, sizeof(v->sk));
}

static int call_net(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_net_perm(v->conf, AAMED_NET_SENDMSG, s, NULL, NULL);
}

/* unix_send and unix_connect: the one under test on each side */
static int call_send_sk(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_unix_send(v->conf, s, &v->sk, NULL, NULL);
}

static int call_send_peer(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_unix_send(v->conf, &v->sk, s, NULL, NULL);
}

static int call_connect_sk(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_unix_connect(v->conf, s, &v->sk, NULL, NULL);
}

static int call_connect_peer(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_unix_connect(v->conf, &v->sk, s, NULL, NULL);
}

/* the cache is filled by an allowed send: "other" as an unconfined peer */
static void fill_cache(void *s, void *ctx)
{
	(void)s;
	(void)ctx;
}

static int call_cache(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_sock peer = v->sk;

	peer.label = v->unconf;
	return aamed_unix_send_cached(v->conf, &v->sk, &peer, s, NULL, NULL);
}

static void fill_open_file(void *s, void *ctx)
{
	struct aamed_open_file *f = s;
	struct vctx *v = ctx;

	f->label = v->conf;
	f->mode = AAMED_MAY_READ;
	f->path = "/etc/x";
}

static int call_open_file(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_open_file_perm(v->conf, AAMED_OP_FILE_PERM, s,
				    AAMED_MAY_WRITE, NULL, NULL);
}

static int call_inherit(void *s, void *ctx)
{
	struct vctx *v = ctx;
	unsigned outcome;

	return aamed_file_inherit(v->conf, s, &outcome, NULL, NULL);
}

/* an open socket: the aamed_sock an aamed_open_file points to */
static int call_open_sock(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_open_file f = { .size = sizeof(f), .label = v->conf,
				     .mode = AAMED_MAY_READ, .sock = s };

	return aamed_open_file_perm(v->conf, AAMED_OP_FILE_PERM, &f,
				    AAMED_MAY_WRITE, NULL, NULL);
}

static void fill_mount(void *s, void *ctx)
{
	struct aamed_mount_req *r = s;

	(void)ctx;
	r->target = "/mnt/";
	r->fstype = "tmpfs";
	r->source = "none";
}

static int call_mount(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_mount(v->conf, s, NULL, NULL);
}

static void fill_setrlimit(void *s, void *ctx)
{
	struct aamed_setrlimit_req *r = s;

	(void)ctx;
	r->resource = AAMED_RLIMIT_NOFILE;
	r->soft = r->hard = r->old_hard = 1024;
}

static int call_setrlimit(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_setrlimit(v->conf, s, NULL, NULL);
}

static void fill_dbus(void *s, void *ctx)
{
	struct aamed_dbus_req *r = s;

	(void)ctx;
	r->op = AAMED_DBUS_BIND;
	r->bus = "session";
	r->name = "org.example.A";
	r->pid = r->peer_pid = -1;
}

static int call_dbus(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_dbus_perm(v->pol, v->conf, s, NULL, NULL);
}

static int call_dbus_masks(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_query_masks m;

	return aamed_dbus_query_masks(v->pol, v->conf, s, &m);
}

static void fill_label_ref(void *s, void *ctx)
{
	struct aamed_label_ref *r = s;

	(void)ctx;
	r->text = "other";
}

/* 0 when the ref resolved to "other" */
static int call_label_ref(void *s, void *ctx)
{
	struct vctx *v = ctx;
	int error = 0;
	const aamed_label *l = aamed_label_ref_get(s, v->pol, &error);

	if (!l)
		return error;
	return l == aamed_label_get(v->pol, "other", NULL) ? 0 : -1;
}

static void fill_change_req(void *s, void *ctx)
{
	struct aamed_change_req *r = s;

	(void)ctx;
	r->target = "other";
}

static int call_change_req(void *s, void *ctx)
{
	struct vctx *v = ctx;

	v->cres.size = sizeof(v->cres);
	return aamed_change_profile(v->conf, s, &v->cres, NULL, NULL);
}

static void fill_exec_req(void *s, void *ctx)
{
	struct aamed_exec_req *r = s;

	(void)ctx;
	r->path = "/usr/bin/other";
}

static int call_exec_req(void *s, void *ctx)
{
	struct vctx *v = ctx;

	v->xres.size = 0;
	return aamed_exec_request(v->unconf, s, &v->xres, NULL, NULL);
}

static void fill_hat_req(void *s, void *ctx)
{
	static const char *const hats[] = { "h" };
	struct aamed_hat_req *r = s;

	(void)ctx;
	r->hats = hats;
	r->count = 1;
	r->token = 7;
}

static int call_hat_req(void *s, void *ctx)
{
	struct vctx *v = ctx;

	v->hres.size = 0;
	return aamed_change_hat(v->conf, s, &v->hres, NULL, NULL);
}

static void fill_rlimits(void *s, void *ctx)
{
	(void)ctx;
	aamed_rlimits_default(s);
}

/* the limits an exec into a learning profile leaves: init under test */
static int call_rlimits_init(void *s, void *ctx)
{
	struct vctx *v = ctx;

	aamed_rlimits_default(&v->lim);
	return aamed_exec_rlimits(v->conf, NULL, s, &v->lim);
}

/* the same with lim under test (read and written) */
static int call_rlimits_lim(void *s, void *ctx)
{
	struct vctx *v = ctx;

	return aamed_exec_rlimits(v->conf, NULL, NULL, s);
}

void unit_versioned_requests(void)
{
	struct vctx v;
	size_t i;

	if (!CHECK(vpolicy(&v) != NULL))
		return;
	struct vcase cases[] = {
		VCASE(struct aamed_file_req, AA_V0_FILE_REQ, fill_file,
		      call_file),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock, call_net),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock, call_send_sk),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock, call_send_peer),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock,
		      call_connect_sk),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock,
		      call_connect_peer),
		VCASE(struct aamed_sock, AA_V0_SOCK, fill_sock, call_open_sock),
		VCASE(struct aamed_sock_cache, AA_V0_SOCK_CACHE, fill_cache,
		      call_cache),
		VCASE(struct aamed_open_file, AA_V0_OPEN_FILE, fill_open_file,
		      call_open_file),
		VCASE(struct aamed_open_file, AA_V0_OPEN_FILE, fill_open_file,
		      call_inherit),
		VCASE(struct aamed_mount_req, AA_V0_MOUNT_REQ, fill_mount,
		      call_mount),
		VCASE(struct aamed_setrlimit_req, AA_V0_SETRLIMIT_REQ,
		      fill_setrlimit, call_setrlimit),
		VCASE(struct aamed_dbus_req, AA_V0_DBUS_REQ, fill_dbus,
		      call_dbus),
		VCASE(struct aamed_dbus_req, AA_V0_DBUS_REQ, fill_dbus,
		      call_dbus_masks),
		VCASE(struct aamed_label_ref, AA_V0_LABEL_REF, fill_label_ref,
		      call_label_ref),
		VCASE(struct aamed_change_req, AA_V0_CHANGE_REQ,
		      fill_change_req, call_change_req),
		VCASE(struct aamed_exec_req, AA_V0_EXEC_REQ, fill_exec_req,
		      call_exec_req),
		VCASE(struct aamed_hat_req, AA_V0_HAT_REQ, fill_hat_req,
		      call_hat_req),
		VCASE(struct aamed_rlimits, AA_V0_RLIMITS, fill_rlimits,
		      call_rlimits_init),
		VCASE(struct aamed_rlimits, AA_V0_RLIMITS, fill_rlimits,
		      call_rlimits_lim),
	};

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cases[i].ctx = &v;
		vcheck(&cases[i]);
	}
	/* the answers are what the structure asked */
	memset(vbuf, 0, sizeof(vbuf));
	fill_exec_req(vbuf, &v);
	CHECK_EQ(call_exec_req(vbuf, &v), 0);
	CHECK_STR(v.xres.name, "unconfined");
	aamed_policy_free(v.pol);
}

/* ---- results ----------------------------------------------------- */

/* Each result's call with the result under test; the request fixed. */
static void fill_none(void *s, void *ctx)
{
	(void)s;
	(void)ctx;
}

/* exec of a path nothing attaches to by unconfined: its name back */
static int call_exec_res(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_exec_req r = { .path = "/usr/bin/other" };
	struct aamed_exec_result *res = s;
	int error = aamed_exec_request(v->unconf, &r, res, NULL, NULL);

	return error ? error : strcmp(res->name, "unconfined") ? -1 : 0;
}

static int call_exec_old(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_exec_result *res = s;
	int error = aamed_exec(v->unconf, "/usr/bin/other", 0, 0, res, NULL,
			       NULL);

	return error ? error : strcmp(res->name, "unconfined") ? -1 : 0;
}

static int call_change_res(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_change_req r = { .target = "other" };
	struct aamed_change_result *res = s;
	return aamed_change_profile(v->conf, &r, res, NULL, NULL);
}

static int call_hat_res(void *s, void *ctx)
{
	static const char *const hats[] = { "h" };
	struct vctx *v = ctx;
	struct aamed_hat_req r = { .hats = hats, .count = 1, .token = 7 };

	return aamed_change_hat(v->conf, &r, s, NULL, NULL);
}

static int call_info(void *s, void *ctx)
{
	struct vctx *v = ctx;
	struct aamed_profile_info *i = s;
	int error = aamed_profile_info(v->prof, i);

	return error ? error : strcmp(i->name, "conf") ? -1 : 0;
}

void unit_versioned_results(void)
{
	struct vctx v;
	size_t i;

	if (!CHECK(vpolicy(&v) != NULL))
		return;
	struct vcase cases[] = {
		VCASE(struct aamed_exec_result, AA_V0_EXEC_RESULT, fill_none,
		      call_exec_res),
		VCASE(struct aamed_exec_result, AA_V0_EXEC_RESULT, fill_none,
		      call_exec_old),
		VCASE(struct aamed_change_result, AA_V0_CHANGE_RESULT,
		      fill_none, call_change_res),
		VCASE(struct aamed_hat_result, AA_V0_HAT_RESULT, fill_none,
		      call_hat_res),
		VCASE(struct aamed_profile_info, AA_V0_PROFILE_INFO, fill_none,
		      call_info),
	};

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cases[i].ctx = &v;
		vcheck(&cases[i]);
	}
	/* a refused result is left as it was, its size too */
	memset(vbuf, 0x5a, sizeof(struct aamed_exec_result));
	((struct aamed_exec_result *)vbuf)->size = sizeof(size_t);
	CHECK_EQ(call_exec_res(vbuf, &v), -EINVAL);
	CHECK_EQ(vbuf[sizeof(size_t)], 0x5a);
	CHECK_EQ(((struct aamed_exec_result *)vbuf)->size, sizeof(size_t));
	/* a larger one: the library's part written, the tail left zero */
	memset(vbuf, 0, sizeof(vbuf));
	((struct aamed_hat_result *)vbuf)->size =
		sizeof(struct aamed_hat_result) + TAIL;
	CHECK_EQ(call_hat_res(vbuf, &v), vrun(&cases[3], 0, 0));
	memset(vbuf, 0, sizeof(vbuf));
	((struct aamed_hat_result *)vbuf)->size =
		sizeof(struct aamed_hat_result) + TAIL;
	call_hat_res(vbuf, &v);
	CHECK_EQ(((struct aamed_hat_result *)vbuf)->size,
		 sizeof(struct aamed_hat_result) + TAIL);
	for (i = 0; i < TAIL; i++)
		CHECK_EQ(vbuf[sizeof(struct aamed_hat_result) + i], 0);
	aamed_policy_free(v.pol);
}
