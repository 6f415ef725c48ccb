// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_hat (change_hat.c), against the kernel's aa_change_hat(),
 * change_hat() and build_change_hat() (domain.c, the same in 6.1 and
 * 6.12) through hand-built profiles: the hat search, siblings, the
 * records (and the probes that log none), complain mode's learning hats,
 * the token, no_new_privs, stacks and the argument checks.
 */
#include <errno.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"

struct hrecs {
	int n;
	enum aamed_audit_type type[4];
	char text[4][512];
};

static void hcollect(const struct aamed_audit *rec, void *arg)
{
	struct hrecs *r = arg;

	if (r->n >= 4)
		return;
	r->type[r->n] = rec->type;
	aamed_audit_format(rec, r->text[r->n], sizeof(r->text[0]), 0, -1,
			   NULL);
	r->n++;
}

/* One change from label text with names (NULL-ended); res filled. */
static int hat(aamed_policy *pol, const char *label, const char *const *names,
	       uint64_t token, const char *previous, uint64_t saved,
	       bool nnp, struct aamed_hat_result *res, struct hrecs *r)
{
	struct aamed_hat_req req = { .size = sizeof(req) };
	const aamed_label *l = aamed_label_get(pol, label, NULL);
	size_t n = 0;

	while (names && names[n])
		n++;
	req.hats = names;
	req.count = n;
	req.token = token;
	req.previous = previous ? aamed_label_get(pol, previous, NULL) : NULL;
	req.saved_token = saved;
	req.nnp = nnp ? l : NULL;
	memset(r, 0, sizeof(*r));
	return aamed_change_hat(l, &req, res, hcollect, r);
}

static aamed_policy *hat_policy(void)
{
	aamed_policy *pol = aamed_policy_new();
	struct sbuf s = { .n = 0 };

	if (!pol)
		return NULL;
	unit_profile(&s, NULL, "p", 0, 0);
	unit_profile(&s, NULL, "p//h1", 1, 0);
	unit_profile(&s, NULL, "p//h2", 1, 1);		/* a complain hat */
	unit_profile(&s, NULL, "p//kid", 0, 0);		/* not a hat */
	unit_profile(&s, NULL, "c", 0, 1);		/* complain */
	unit_profile(&s, NULL, "c//kid", 0, 1);
	unit_profile(&s, NULL, "none", 0, 0);
	unit_profile(&s, NULL, "q", 0, 0);
	unit_profile(&s, NULL, "q//h1", 1, 0);
	unit_profile(&s, NULL, "k", 0, 2);		/* kill mode */
	unit_profile(&s, NULL, "k//h1", 1, 0);
	if (load_units(pol, &s, "hats")) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

void unit_change_hat_search(void)
{
	aamed_policy *pol = hat_policy();
	struct aamed_hat_result res = { .size = sizeof(res) };
	struct hrecs r;
	const char *h1[] = { "h1", NULL }, *nope[] = { "nope", NULL };
	const char *two[] = { "nope", "nada", NULL };
	const char *later[] = { "nope", "h1", NULL };
	const char *kid[] = { "kid", "h1", NULL }, *kid1[] = { "kid", NULL };

	if (!CHECK(pol != NULL))
		return;
	/* into a hat: no record, whatever the modes */
	CHECK_EQ(hat(pol, "p", h1, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "p//h1");
	CHECK(res.label == aamed_label_get(pol, "p//h1", NULL));
	CHECK_EQ(r.n, 0);
	/* the first name found wins */
	CHECK_EQ(hat(pol, "p", later, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "p//h1");
	CHECK_EQ(r.n, 0);
	/* a hat to a sibling, from the parent's children */
	CHECK_EQ(hat(pol, "p//h2", h1, 1, "p", 1, false, &res, &r), 0);
	CHECK_STR(res.name, "p//h1");
	/* one missing name is a probe: not logged */
	CHECK_EQ(hat(pol, "p", nope, 1, NULL, 0, false, &res, &r), -ENOENT);
	CHECK_STR(res.info, "hat not found");
	CHECK(res.label == NULL);
	CHECK_EQ(r.n, 0);
	/* several are logged, without name= */
	CHECK_EQ(hat(pol, "p", two, 1, NULL, 0, false, &res, &r), -ENOENT);
	if (CHECK_EQ(r.n, 1))
		CHECK_STR(r.text[0], "apparmor=\"DENIED\" operation=\"change_hat\" info=\"hat not found\" error=-2 profile=\"p\"");
	CHECK_EQ(hat(pol, "none", two, 1, NULL, 0, false, &res, &r), -ECHILD);
	CHECK_STR(res.info, "no hats defined");
	/* a child that is not a hat ends the search */
	CHECK_EQ(hat(pol, "p", kid, 1, NULL, 0, false, &res, &r), -EPERM);
	if (CHECK_EQ(r.n, 1))
		CHECK_STR(r.text[0], "apparmor=\"DENIED\" operation=\"change_hat\" info=\"target not hat\" error=-1 profile=\"p\" name=\"kid\"");
	CHECK_EQ(hat(pol, "p", kid1, 1, NULL, 0, false, &res, &r), -EPERM);
	CHECK_EQ(r.n, 0);
	/* complain mode: refused, logged ALLOWED */
	CHECK_EQ(hat(pol, "c", kid1, 1, NULL, 0, false, &res, &r), -EPERM);
	if (CHECK_EQ(r.n, 1))
		CHECK_EQ(r.type[0], AAMED_AUDIT_ALLOWED);
	/* kill mode: several names missing kill */
	CHECK_EQ(hat(pol, "k", two, 1, NULL, 0, false, &res, &r), -ENOENT);
	if (CHECK_EQ(r.n, 1))
		CHECK_EQ(r.type[0], AAMED_AUDIT_KILLED);
	/* unconfined: logged by the unconfined profile */
	CHECK_EQ(hat(pol, "unconfined", h1, 1, NULL, 0, false, &res, &r), -EPERM);
	if (CHECK_EQ(r.n, 1))
		CHECK_STR(r.text[0], "apparmor=\"DENIED\" operation=\"change_hat\" info=\"unconfined can not change_hat\" error=-1 profile=\"unconfined\"");
	aamed_policy_free(pol);
}

void unit_change_hat_learn(void)
{
	aamed_policy *pol = hat_policy();
	struct aamed_hat_result res = { .size = sizeof(res) };
	struct hrecs r;
	const char *x[] = { "x", NULL }, *xy[] = { "x", "y", NULL };
	const char *h1[] = { "h1", NULL };

	if (!CHECK(pol != NULL))
		return;
	CHECK_EQ(hat(pol, "c", x, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "c//null-x");
	CHECK(res.label == NULL);
	if (CHECK_EQ(r.n, 1))
		CHECK_STR(r.text[0], "apparmor=\"ALLOWED\" operation=\"change_hat\" profile=\"c\" name=\"x\" target=\"c//null-x\"");
	/* the first name is learnt */
	CHECK_EQ(hat(pol, "c", xy, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "c//null-x");
	/* a complain hat learns under itself */
	CHECK_EQ(hat(pol, "p//h2", x, 1, "p", 1, false, &res, &r), 0);
	CHECK_STR(res.name, "p//h2//null-x");
	/* a stack: the complain member learns, the other changes */
	CHECK_EQ(hat(pol, "c//&q", h1, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "c//null-h1//&q//h1");
	CHECK_EQ(r.n, 1);
	/* learnt, then refused by no_new_privs: the record stays */
	CHECK_EQ(hat(pol, "c", x, 1, NULL, 0, true, &res, &r), -EPERM);
	CHECK_EQ(r.n, 1);
	/* learnt, then the token: killed */
	CHECK_EQ(hat(pol, "p//h2", x, 2, "p", 1, false, &res, &r), -EACCES);
	CHECK_EQ(res.killed, 1);
	CHECK_EQ(r.n, 2);
	aamed_policy_free(pol);
}

void unit_change_hat_token(void)
{
	aamed_policy *pol = hat_policy();
	struct aamed_hat_result res = { .size = sizeof(res) };
	struct hrecs r;
	const char *h1[] = { "h1", NULL }, *h2[] = { "h2", NULL };
	struct aamed_hat_req req = { 0 };
	const aamed_label *p;

	if (!CHECK(pol != NULL))
		return;
	/* the return with the right token, the wrong one, none saved */
	CHECK_EQ(hat(pol, "p//h1", NULL, 5, "p", 5, false, &res, &r), 0);
	CHECK_STR(res.name, "p");
	CHECK_EQ(hat(pol, "p//h1", NULL, 6, "p", 5, false, &res, &r), -EACCES);
	CHECK_EQ(res.killed, 1);
	if (CHECK_EQ(r.n, 1))
		CHECK_STR(r.text[0], "apparmor=\"KILLED\" operation=\"change_hat\" info=\"failed token match\" error=-13 profile=\"p//h1\" target=\"p\"");
	CHECK_EQ(hat(pol, "p", NULL, 5, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "p");
	/* token 0 cannot return */
	CHECK_EQ(hat(pol, "p//h1", NULL, 0, "p", 0, false, &res, &r), -EINVAL);
	/* a sibling with the wrong token */
	CHECK_EQ(hat(pol, "p//h1", h2, 7, "p", 5, false, &res, &r), -EACCES);
	CHECK_EQ(r.n, 1);
	/* no_new_privs: only the same label passes, silently */
	CHECK_EQ(hat(pol, "p", h1, 1, NULL, 0, true, &res, &r), -EPERM);
	CHECK_EQ(r.n, 0);
	CHECK_EQ(hat(pol, "p//h1", h1, 1, "p", 1, true, &res, &r), 0);
	CHECK_EQ(hat(pol, "p//h1", NULL, 1, "p", 1, true, &res, &r), -EPERM);
	/* stacks: every member needs the hat; hats and profiles conflict */
	CHECK_EQ(hat(pol, "p//&q", h1, 1, NULL, 0, false, &res, &r), 0);
	CHECK_STR(res.name, "p//h1//&q//h1");
	CHECK_EQ(hat(pol, "p//&q", h2, 1, NULL, 0, false, &res, &r), -ENOENT);
	CHECK_EQ(hat(pol, "p//h1//&q", h1, 1, NULL, 0, false, &res, &r), -EPERM);
	CHECK_STR(res.info, "conflicting targets types");
	/* arguments; size 0 is the first version; permhat skips the token */
	p = aamed_label_get(pol, "p", NULL);
	CHECK_EQ(aamed_change_hat(p, NULL, &res, NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_change_hat(p, &req, NULL, NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_change_hat(NULL, &req, &res, NULL, NULL), -EINVAL);
	req.count = 1;
	CHECK_EQ(aamed_change_hat(p, &req, &res, NULL, NULL), -EINVAL);
	req.hats = h1;
	req.count = 40;		/* more than the kernel reads */
	CHECK_EQ(aamed_change_hat(p, &req, &res, NULL, NULL), -EINVAL);
	req.count = 1;
	CHECK_EQ(aamed_change_hat(p, &req, &res, NULL, NULL), 0);
	req.previous = p;
	req.saved_token = 9;
	req.flags = AAMED_HAT_TEST;
	CHECK_EQ(aamed_change_hat(p, &req, &res, NULL, NULL), 0);
	aamed_policy_free(pol);
}
