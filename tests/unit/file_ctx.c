// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Open files (file_ctx.c, lsm.c): aa_file_perm()'s short cuts, which
 * labels check a use, the records, file_inherit's fate on 6.1 and 6.12,
 * from security/apparmor/file.c and lsm.c. The profiles are hand-built
 * and have no rules: every path request is refused (6.1 grants getattr
 * only), so whether a member checked at all shows in the records; no
 * network rules means sockets are not mediated.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"

#define R AAMED_MAY_READ
#define W AAMED_MAY_WRITE
#define A AAMED_MAY_APPEND

struct seen {
	int n;
	char prof[8][32];
	char op[8][32];
	enum aamed_audit_type type[8];
	const char *info[8];
	uint32_t fsuid[8];
};

static void seen_cb(const struct aamed_audit *rec, void *arg)
{
	struct seen *s = arg;

	if (s->n == 8)
		return;
	snprintf(s->prof[s->n], sizeof(s->prof[0]), "%s", rec->profile);
	snprintf(s->op[s->n], sizeof(s->op[0]), "%s", rec->op);
	s->type[s->n] = rec->type;
	s->info[s->n] = rec->info;
	s->fsuid[s->n] = rec->fsuid;
	s->n++;
}

static aamed_policy *policy_for(enum aamed_kernel k)
{
	aamed_policy *pol = aamed_policy_new();
	struct sbuf *s = calloc(1, sizeof(*s));

	if (!pol || !s) {
		free(s);
		aamed_policy_free(pol);
		return NULL;
	}
	aamed_policy_set_kernel(pol, k);
	unit_profile(s, NULL, "a", 0, 0);
	unit_profile(s, NULL, "b", 0, 0);
	unit_profile(s, NULL, "c", 0, 1);	/* complain */
	if (load_units(pol, s, "file_ctx")) {
		aamed_policy_free(pol);
		pol = NULL;
	}
	free(s);
	return pol;
}

static const aamed_label *L(aamed_policy *pol, const char *text)
{
	int e;

	return aamed_label_get(pol, text, &e);
}

static struct aamed_open_file path_file(const aamed_label *opener,
					uint32_t allow)
{
	struct aamed_open_file f;

	memset(&f, 0, sizeof(f));
	f.size = sizeof(f);
	f.label = opener;
	f.allow = allow;
	f.mode = allow;
	f.path = "/srv/f";
	return f;
}

void unit_file_ctx_mode(void)
{
	CHECK_EQ(aamed_open_mode(O_RDONLY), R);
	CHECK_EQ(aamed_open_mode(O_WRONLY), W);
	CHECK_EQ(aamed_open_mode(O_RDWR), R | W);
	CHECK_EQ(aamed_open_mode(O_WRONLY | O_APPEND), A);
	CHECK_EQ(aamed_open_mode(O_RDWR | O_APPEND), R | A);
	CHECK_EQ(aamed_open_mode(O_RDONLY | O_TRUNC), R | W);
	CHECK_EQ(aamed_open_mode(O_RDONLY | O_CREAT), R | AAMED_MAY_CREATE);
	CHECK_EQ(aamed_open_mode(O_RDONLY | O_APPEND), R);
}

/* Which labels check a use (aa_file_perm(), __file_path_perm()). */
void unit_file_ctx_perm(void)
{
	aamed_policy *pol = policy_for(AAMED_KERNEL_6_12);
	struct aamed_open_file f;
	struct seen s;

	if (!CHECK(pol != NULL))
		return;
	/* an unconfined user, an unconfined or absent opener: never asked */
	f = path_file(L(pol, "a"), R);
	CHECK_EQ(aamed_open_file_perm(L(pol, "unconfined"), AAMED_OP_FILE_PERM,
				      &f, W, NULL, NULL), 0);
	f = path_file(NULL, 0);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), 0);
	f = path_file(L(pol, "unconfined"), 0);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), 0);
	/* the same label, the request granted at open: not asked */
	f = path_file(L(pol, "a"), R);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, R,
				      NULL, NULL), 0);
	/* a subset of the opener's stack: not asked */
	f = path_file(L(pol, "a//&b"), R);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, R,
				      NULL, NULL), 0);
	/* another label: its members check, the opener's are not asked */
	memset(&s, 0, sizeof(s));
	f = path_file(L(pol, "a"), R);
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, R,
				      seen_cb, &s), -EACCES);
	CHECK_EQ(s.n, 1);
	CHECK_STR(s.prof[0], "b");
	CHECK_STR(s.op[0], "file_perm");
	/* a stack over the opener: only the new member checks */
	memset(&s, 0, sizeof(s));
	CHECK_EQ(aamed_open_file_perm(L(pol, "a//&b"), AAMED_OP_FILE_PERM, &f,
				      R, seen_cb, &s), -EACCES);
	CHECK_EQ(s.n, 1);
	CHECK_STR(s.prof[0], "b");
	/* a write to an append-only descriptor of its own label: asked */
	memset(&s, 0, sizeof(s));
	f = path_file(L(pol, "a"), A);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, W,
				      seen_cb, &s), -EACCES);
	CHECK_EQ(s.n, 1);
	CHECK_STR(s.prof[0], "a");
	/* beyond what was granted: complain c allows, then the opener a
	 * checks too, under its own name */
	memset(&s, 0, sizeof(s));
	f = path_file(L(pol, "a"), R);
	CHECK_EQ(aamed_open_file_perm(L(pol, "c"), AAMED_OP_FILE_LOCK, &f,
				      AAMED_MAY_LOCK, seen_cb, &s), -EACCES);
	CHECK_EQ(s.n, 2);
	CHECK_STR(s.prof[0], "c");
	CHECK_EQ(s.type[0], AAMED_AUDIT_ALLOWED);
	CHECK_STR(s.prof[1], "a");
	CHECK_STR(s.op[1], "file_lock");
	/* receive asks the open's mode, O_CREAT gone */
	memset(&s, 0, sizeof(s));
	f = path_file(L(pol, "a"), R | AAMED_MAY_CREATE);
	CHECK_EQ(aamed_open_file_perm(L(pol, "c"), AAMED_OP_FILE_RECEIVE, &f,
				      0, seen_cb, &s), 0);
	CHECK_EQ(s.n, 1);
	CHECK_STR(s.op[0], "file_receive");
	/* the opener elsewhere: only the user's members, once */
	memset(&s, 0, sizeof(s));
	f = path_file(NULL, 0);
	f.flags = AAMED_OFILE_ELSEWHERE;
	CHECK_EQ(aamed_open_file_perm(L(pol, "a//&c"), AAMED_OP_FILE_PERM, &f,
				      R, seen_cb, &s), -EACCES);
	CHECK_EQ(s.n, 2);
	aamed_policy_free(pol);
}

/* Flags, sockets and malformed requests. */
void unit_file_ctx_edges(void)
{
	aamed_policy *pol = policy_for(AAMED_KERNEL_6_1);
	struct aamed_sock sk = { .size = sizeof(sk), .family = 1, .type = 1 };
	struct aamed_open_file f;

	if (!CHECK(pol != NULL))
		return;
	/* the null device: refused for everyone, silently */
	f = path_file(NULL, 0);
	f.flags = AAMED_OFILE_NULL;
	CHECK_EQ(aamed_open_file_perm(L(pol, "unconfined"), AAMED_OP_FILE_PERM,
				      &f, R, NULL, NULL), -EACCES);
	CHECK_EQ(aamed_open_file_perm(L(pol, "a"), AAMED_OP_FILE_PERM, &f, R,
				      NULL, NULL), -EACCES);
	/* a pipe: never refused */
	f = path_file(L(pol, "a"), R);
	f.flags = AAMED_OFILE_UNMEDIATED;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), 0);
	/* a socket: no network rules, not mediated; both labels asked */
	f = path_file(L(pol, "a"), 0);
	f.path = NULL;
	f.sock = &sk;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), 0);
	f.flags = AAMED_OFILE_ELSEWHERE;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), 0);
	sk.family = 999;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	f.flags = 0;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	/* neither path nor socket; a relative path; not an open-file op */
	f.sock = NULL;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	f.flags = AAMED_OFILE_ELSEWHERE;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	f = path_file(L(pol, "a"), 0);
	f.path = "srv/f";
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	f.flags = AAMED_OFILE_ELSEWHERE;
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, &f, W,
				      NULL, NULL), -EINVAL);
	f = path_file(L(pol, "a"), 0);
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_OPEN, &f, W, NULL,
				      NULL), -EINVAL);
	CHECK_EQ(aamed_open_file_perm(L(pol, "b"), AAMED_OP_FILE_PERM, NULL, W,
				      NULL, NULL), -EINVAL);
	aamed_policy_free(pol);
}

/* file_inherit: kept, replaced (6.1) or closed (6.12), the tty first. */
void unit_file_ctx_inherit(void)
{
	aamed_policy *p61 = policy_for(AAMED_KERNEL_6_1);
	aamed_policy *p612 = policy_for(AAMED_KERNEL_6_12);
	struct aamed_open_file f;
	unsigned out = 99;
	struct seen s;

	if (!CHECK(p61 && p612)) {
		aamed_policy_free(p61);
		aamed_policy_free(p612);
		return;
	}
	f = path_file(L(p61, "a"), R);
	CHECK_EQ(aamed_file_inherit(L(p61, "unconfined"), &f, &out, NULL, NULL),
		 0);
	CHECK_EQ(out, 0);
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), NULL, &out, NULL, NULL),
		 -EINVAL);
	/* 6.1: the null device takes its place, one record */
	memset(&s, 0, sizeof(s));
	f.fsuid = 1000;
	f.ouid = 1000;
	f.exec_fsuid = 0;
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), &f, &out, seen_cb, &s),
		 -EACCES);
	CHECK_EQ(out, AAMED_INHERIT_REPLACED);
	CHECK_EQ(s.n, 1);
	CHECK_STR(s.op[0], "file_inherit");
	CHECK_EQ(s.fsuid[0], 1000);
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), &f, NULL, NULL, NULL),
		 -EACCES);
	/* 6.12: the new label refuses the null device: closed, two records,
	 * the exec's fsuid printed */
	memset(&s, 0, sizeof(s));
	f = path_file(L(p612, "a"), R);
	f.fsuid = 1000;
	f.ouid = 1000;
	f.exec_fsuid = 0;
	CHECK_EQ(aamed_file_inherit(L(p612, "b"), &f, &out, seen_cb, &s),
		 -EACCES);
	CHECK_EQ(out, AAMED_INHERIT_CLOSED);
	CHECK_EQ(s.n, 2);
	CHECK_EQ(s.fsuid[0], 0);
	CHECK_STR(s.op[1], "open");
	CHECK(s.info[1] != NULL);
	/* complain mode keeps it */
	CHECK_EQ(aamed_file_inherit(L(p612, "c"), &f, &out, NULL, NULL), 0);
	CHECK_EQ(out, 0);
	/* a refused terminal is dropped before the descriptor's own check */
	memset(&s, 0, sizeof(s));
	f = path_file(L(p61, "a"), R);
	f.flags = AAMED_OFILE_CTTY;
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), &f, &out, seen_cb, &s),
		 -EACCES);
	CHECK_EQ(out, AAMED_INHERIT_TTY_DROPPED | AAMED_INHERIT_REPLACED);
	CHECK_EQ(s.n, 2);
	/* complain c allows rw, but beyond what was granted the opener a
	 * checks too and refuses: the terminal goes, the descriptor stays */
	CHECK_EQ(aamed_file_inherit(L(p61, "c"), &f, &out, NULL, NULL), 0);
	CHECK_EQ(out, AAMED_INHERIT_TTY_DROPPED);
	/* an allowed terminal check covers the descriptor */
	f.allow = R | W;
	CHECK_EQ(aamed_file_inherit(L(p61, "c"), &f, &out, NULL, NULL), 0);
	CHECK_EQ(out, 0);
	f.path = NULL;
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), &f, &out, NULL, NULL),
		 -EINVAL);
	f.flags = 0;
	CHECK_EQ(aamed_file_inherit(L(p61, "b"), &f, &out, NULL, NULL),
		 -EINVAL);
	aamed_policy_free(p61);
	aamed_policy_free(p612);
}
