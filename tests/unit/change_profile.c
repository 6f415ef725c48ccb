// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_profile, the exec after an onexec, no_new_privs and the
 * secure-exec flag (domain.c aa_change_profile(), change_profile_perms(),
 * profile_onexec(), apparmor_bprm_creds_for_exec() of 6.1 and 6.12), on a
 * hand-built file DFA in the apparmor_parser encoding: a target name
 * from the file start carries the change_profile (0x80000000) and onexec
 * (0x40000000) bits, "&name" the stack, an executable's path the onexec
 * bit, and path NUL target the onexec pairing with its exec bits (0x100:
 * unsafe).
 */
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "tdfa.h"

#define CP_OX 0xc0000000u
#define OX 0x40000000u

static size_t ca_dfa(struct sbuf *out)
{
	static struct tdfa t;

	td_init(&t, 30);
	td_edge(&t, 1, 2, 2);		/* class file */
	td_edge(&t, 2, 'c', 3);
	td_edge(&t, 3, 'b', 4);		/* cb */
	td_edge(&t, 3, 'c', 5);		/* cc: nothing */
	td_edge(&t, 2, '&', 6);
	td_edge(&t, 6, 'c', 7);
	td_edge(&t, 7, 'c', 8);		/* &cc */
	td_edge(&t, 2, '/', 9);
	td_edge(&t, 9, 'x', 10);	/* /x: onexec, safe pairing with cb */
	td_edge(&t, 10, 0, 11);
	td_edge(&t, 11, 'c', 12);
	td_edge(&t, 12, 'b', 13);
	td_edge(&t, 11, '&', 14);
	td_edge(&t, 14, 'c', 15);
	td_edge(&t, 15, 'c', 16);
	td_edge(&t, 9, 'y', 17);	/* /y: unsafe pairing with cb */
	td_edge(&t, 17, 0, 18);
	td_edge(&t, 18, 'c', 19);
	td_edge(&t, 19, 'b', 20);
	td_edge(&t, 9, 'z', 21);	/* /z: ix (unsafe, as parsers write it) */
	td_edge(&t, 9, 'u', 22);	/* /u: Ux */
	td_edge(&t, 9, 'w', 23);	/* /w: no onexec bit */
	td_edge(&t, 4, '/', 24);	/* cb//&cc in one name */
	td_edge(&t, 24, '/', 25);
	td_edge(&t, 25, '&', 26);
	td_edge(&t, 26, 'c', 27);
	td_edge(&t, 27, 'c', 28);
	t.accept[4] = CP_OX;
	t.accept[8] = CP_OX;
	t.accept[10] = OX;
	t.accept[13] = OX;
	t.accept[16] = OX;
	t.accept[17] = OX;
	t.accept[20] = OX | 0x100;
	t.accept[21] = 0x1 | 0x200 | 0x100;
	t.accept[22] = 0x1 | 0x80;
	t.accept[28] = CP_OX;
	return td_blob(&t, out);
}

/* "ca" with that DFA as its policydb's file rules, then cb, cc, cl. */
static void ca_policy(struct sbuf *s)
{
	static struct sbuf dfa;
	size_t n = ca_dfa(&dfa);

	s->n = 0;
	s_u32(s, "version", 0x00202000u | 7);
	prof_begin(s, NULL, "ca");
	prof_flags(s, 0, 0);
	prof_caps(s, 0);
	prof_policydb(s, dfa.b, n);
	prof_end(s);
	unit_profile(s, NULL, "cb", 0, 0);
	unit_profile(s, NULL, "cc", 0, 0);
	unit_profile(s, NULL, "cl", 0, 1);
}

static int change(aamed_policy *pol, const char *from, const char *to,
		  unsigned flags, struct aamed_change_result *res,
		  struct unit_log *log)
{
	struct aamed_change_req req = { .size = sizeof(req), .target = to,
					.flags = flags };
	int error;
	const aamed_label *l = aamed_label_get(pol, from, &error);

	if (!l)
		return error;
	memset(res, 0, sizeof(*res));
	res->size = sizeof(*res);
	memset(log, 0, sizeof(*log));
	return aamed_change_profile(l, &req, res, unit_log_fn, log);
}

static int xreq(aamed_policy *pol, const char *from, const char *path,
		const char *onexec, unsigned flags,
		struct aamed_exec_result *res, struct unit_log *log)
{
	struct aamed_exec_req req = { .size = sizeof(req), .path = path,
				      .flags = flags };
	int error;
	const aamed_label *l = aamed_label_get(pol, from, &error);

	if (!l)
		return error;
	if (onexec) {
		req.onexec = aamed_label_get(pol, onexec, &error);
		if (!req.onexec)
			return error;
	}
	memset(log, 0, sizeof(*log));
	return aamed_exec_request(l, &req, res, unit_log_fn, log);
}

static aamed_policy *ca_load(void)
{
	static struct sbuf s;
	aamed_policy *pol = aamed_policy_new();

	if (!pol)
		return NULL;
	ca_policy(&s);
	if (load_units(pol, &s, "change_profile")) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

void unit_change_profile_now(void)
{
	aamed_policy *pol = ca_load();
	struct aamed_change_result res = { .size = sizeof(res) };
	struct unit_log log;

	if (!CHECK(pol != NULL))
		return;
	CHECK_EQ(change(pol, "ca", "cb", 0, &res, &log), 0);
	CHECK_STR(res.name, "cb");
	CHECK_EQ(log.n, 0);
	CHECK(res.label == aamed_label_get(pol, "cb", NULL));
	/* not granted: each profile logs, target= the label */
	CHECK_EQ(change(pol, "ca", "cc", 0, &res, &log), -EACCES);
	CHECK_STR(log.last, "apparmor=\"DENIED\" operation=\"change_profile\" "
			    "profile=\"ca\" name=\"cc\" target=\"cc\"");
	/* a stack by "&" or the flag */
	CHECK_EQ(change(pol, "ca", "&cc", 0, &res, &log), 0);
	CHECK_STR(res.name, "ca//&cc");
	CHECK_EQ(change(pol, "ca", "cc", AAMED_CHANGE_STACK, &res, &log), 0);
	CHECK_STR(res.name, "ca//&cc");
	CHECK_EQ(change(pol, "ca", "cb", AAMED_CHANGE_STACK, &res, &log),
		 -EACCES);
	CHECK(strstr(log.last, "operation=\"stack\"") != NULL);
	/* the compound name of a stack target in one walk */
	CHECK_EQ(change(pol, "ca", "cb//&cc", 0, &res, &log), 0);
	CHECK_STR(res.name, "cb//&cc");
	/* a profile without file rules grants nothing */
	CHECK_EQ(change(pol, "cb", "cc", 0, &res, &log), -EACCES);
	/* unconfined may change to anything that exists */
	CHECK_EQ(change(pol, "unconfined", "cc", 0, &res, &log), 0);
	CHECK_STR(res.name, "cc");
	CHECK_EQ(change(pol, "unconfined", "nope", 0, &res, &log), -ENOENT);
	CHECK_STR(log.last, "apparmor=\"DENIED\" operation=\"change_profile\" "
			    "info=\"label not found\" error=-2 "
			    "profile=\"unconfined\" name=\"nope\"");
	/* complain mode: a learning null profile */
	CHECK_EQ(change(pol, "cl", "nope", 0, &res, &log), 0);
	CHECK_STR(res.name, "cl//null-nope");
	CHECK(res.label == NULL);
	CHECK_EQ(change(pol, "cl", "nope", AAMED_CHANGE_NNP, &res, &log),
		 -EPERM);
	CHECK_EQ(change(pol, "cl", "cb", 0, &res, &log), 0);
	CHECK(strstr(log.last, "apparmor=\"ALLOWED\"") != NULL);
	aamed_policy_free(pol);
}

void unit_change_profile_nnp(void)
{
	aamed_policy *pol = ca_load();
	struct aamed_change_result res = { .size = sizeof(res) };
	struct aamed_change_req req = { .size = 0, .target = "" };
	struct unit_log log;

	if (!CHECK(pol != NULL))
		return;
	/* only a stack keeps every profile; EPERM is not logged */
	CHECK_EQ(change(pol, "ca", "cb", AAMED_CHANGE_NNP, &res, &log),
		 -EPERM);
	CHECK_EQ(log.n, 0);
	CHECK_EQ(change(pol, "ca", "&cc", AAMED_CHANGE_NNP, &res, &log), 0);
	CHECK_EQ(change(pol, "unconfined", "cb", AAMED_CHANGE_NNP, &res,
			&log), 0);
	/* onexec: the label to exec into */
	CHECK_EQ(change(pol, "ca", "cb", AAMED_CHANGE_ONEXEC, &res, &log), 0);
	CHECK_STR(res.name, "cb");
	CHECK_EQ(res.stack, 0);
	CHECK_EQ(change(pol, "ca", "cc",
			AAMED_CHANGE_ONEXEC | AAMED_CHANGE_STACK, &res, &log),
		 0);
	CHECK_EQ(res.stack, 1);
	CHECK_STR(res.name, "cc");
	CHECK_EQ(change(pol, "ca", "cc", AAMED_CHANGE_ONEXEC, &res, &log),
		 -EACCES);
	CHECK(strstr(log.last, "operation=\"change_onexec\"") != NULL);
	/* bad arguments */
	res.size = sizeof(res);
	CHECK_EQ(aamed_change_profile(aamed_label_get(pol, "ca", NULL), &req,
				      &res, NULL, NULL), -EINVAL);
	req.target = "&";
	CHECK_EQ(aamed_change_profile(aamed_label_get(pol, "ca", NULL), &req,
				      &res, NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_change_profile(NULL, &req, &res, NULL, NULL), -EINVAL);
	/*
	 * a result shorter than the first version is refused and left
	 * alone (tests/unit/versioned.c covers the size rule)
	 */
	req.target = "cb";
	memset(&res, 0x5a, sizeof(res));
	res.size = offsetof(struct aamed_change_result, name);
	CHECK_EQ(aamed_change_profile(aamed_label_get(pol, "ca", NULL), &req,
				      &res, NULL, NULL), -EINVAL);
	CHECK_EQ((unsigned char)res.name[0], 0x5a);
	aamed_policy_free(pol);
}

void unit_change_profile_onexec(void)
{
	aamed_policy *pol = ca_load();
	struct aamed_exec_result res = { .size = sizeof(res) };
	struct unit_log log;

	if (!CHECK(pol != NULL))
		return;
	/* a safe pairing: secure exec */
	CHECK_EQ(xreq(pol, "ca", "/x", "cb", 0, &res, &log), 0);
	CHECK_STR(res.name, "cb");
	CHECK_EQ(res.mode, AAMED_X_PROFILE);
	CHECK_EQ(res.unsafe, 0);
	/* an unsafe one */
	CHECK_EQ(xreq(pol, "ca", "/y", "cb", 0, &res, &log), 0);
	CHECK_EQ(res.unsafe, 1);
	/* a stacked onexec */
	CHECK_EQ(xreq(pol, "ca", "/x", "cc", AAMED_EXEC_ONEXEC_STACK, &res,
		      &log), 0);
	CHECK_STR(res.name, "ca//&cc");
	CHECK_EQ(res.mode, AAMED_X_STACK);
	/* the path's onexec bit but no pairing: denied, logged */
	CHECK_EQ(xreq(pol, "ca", "/x", "cc", 0, &res, &log), -EACCES);
	CHECK_STR(log.last, "apparmor=\"DENIED\" operation=\"exec\" "
			    "info=\"change_profile onexec\" error=-13 "
			    "profile=\"ca\" name=\"/x\" target=\"cc\"");
	/* no onexec bit on the path: the kernels let it through */
	CHECK_EQ(xreq(pol, "ca", "/w", "cb", 0, &res, &log), 0);
	CHECK_EQ(log.n, 0);
	CHECK_EQ(res.unsafe, 1);
	/* unconfined: granted at the change, never secure */
	CHECK_EQ(xreq(pol, "unconfined", "/w", "cb", 0, &res, &log), 0);
	CHECK_STR(res.name, "cb");
	CHECK_EQ(res.unsafe, 1);
	/* with no_new_privs: a change, not a stack */
	CHECK_EQ(xreq(pol, "ca", "/x", "cb", AAMED_EXEC_NNP, &res, &log),
		 -EPERM);
	CHECK_STR(log.last, "apparmor=\"DENIED\" operation=\"exec\" "
			    "info=\"no new privs\" error=-1 profile=\"ca\" "
			    "name=\"/x\" requested_mask=\"x\" denied_mask=\"x\" "
			    "fsuid=0 ouid=0 target=\"cb\"");
	CHECK_EQ(xreq(pol, "ca", "/x", "cc",
		      AAMED_EXEC_NNP | AAMED_EXEC_ONEXEC_STACK, &res, &log), 0);
	aamed_policy_free(pol);
}

void unit_change_profile_secure(void)
{
	aamed_policy *pol = ca_load();
	struct aamed_exec_result res = { .size = sizeof(res) };
	struct unit_log log;

	if (!CHECK(pol != NULL))
		return;
	CHECK_EQ(xreq(pol, "ca", "/u", NULL, 0, &res, &log), 0);
	CHECK_STR(res.name, "unconfined");
	CHECK_EQ(res.unsafe, 0);
	CHECK_EQ(xreq(pol, "ca", "/z", NULL, 0, &res, &log), 0);
	CHECK_STR(res.name, "ca");
	CHECK_EQ(res.unsafe, 1);
	/* no_new_privs: ix keeps the label, ux does not */
	CHECK_EQ(xreq(pol, "ca", "/z", NULL, AAMED_EXEC_NNP, &res, &log), 0);
	CHECK_EQ(xreq(pol, "ca", "/u", NULL, AAMED_EXEC_NNP, &res, &log),
		 -EPERM);
	CHECK_EQ(res.mode, AAMED_X_DENIED);
	CHECK(res.label == NULL);
	/* complain mode: a learning exec, then no_new_privs keeps the label */
	CHECK_EQ(xreq(pol, "cl", "/q", NULL, AAMED_EXEC_NNP, &res, &log), 0);
	CHECK_STR(res.name, "cl");
	CHECK_EQ(res.mode, AAMED_X_INHERIT);
	CHECK_EQ(res.unsafe, 1);
	CHECK(strstr(log.last, "info=\"no new privs\"") != NULL);
	CHECK(strstr(log.last, "apparmor=\"ALLOWED\"") != NULL);
	/* an unconfined task is never held by no_new_privs */
	CHECK_EQ(xreq(pol, "unconfined", "/q", NULL, AAMED_EXEC_NNP, &res,
		      &log), 0);
	/* bad requests */
	CHECK_EQ(xreq(pol, "ca", "rel", NULL, 0, &res, &log), -EINVAL);
	CHECK_EQ(aamed_exec_request(aamed_label_get(pol, "ca", NULL), NULL,
				    &res, NULL, NULL), -EINVAL);
	aamed_policy_free(pol);
}
