// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Resource limits (resource.c, rlimits.c and their lsm.c entries), on
 * hand-built profiles: setrlimit against the profile's rlimit rules
 * (security/apparmor/resource.c profile_setrlimit(), aa_task_setrlimit()),
 * the checks do_prlimit() makes first, the records (audit_cb(): rlimit=
 * value= peer=), and the limits after exec (__aa_transition_rlimits(),
 * with the stack limit execve() pins).
 */
#include <errno.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"

#define NOFILE AAMED_RLIMIT_NOFILE
#define STACK AAMED_RLIMIT_STACK
#define NPROC AAMED_RLIMIT_NPROC
#define INF AAMED_RLIM_INFINITY

/* One profile with rlimit rules: mask and the first n values. */
static void rl_profile(struct sbuf *s, const char *name, uint32_t mode,
		       uint32_t caps, uint32_t mask, const uint64_t *v,
		       unsigned n)
{
	unsigned i;

	prof_begin(s, NULL, name);
	prof_flags(s, 0, mode);
	prof_caps(s, caps);
	s_code(s, "rlimits", AA_STRUCT);
	s_u32(s, NULL, mask);
	s_code(s, NULL, AA_ARRAY);
	s_le(s, n, 2);
	for (i = 0; i < n; i++)
		s_u64(s, NULL, v[i]);
	s_code(s, NULL, AA_ARRAYEND);
	s_code(s, NULL, AA_STRUCTEND);
	prof_end(s);
}

/* rl: stack <= 16M, nproc <= 500, nofile <= 2048; rl2: nofile <= 1024;
 * rlc: complain, capability sys_resource, nofile <= 2048 */
static aamed_policy *rl_policy(void)
{
	static const uint64_t rl[8] = { [STACK] = 16 << 20, [NPROC] = 500,
					[NOFILE] = 2048 };
	static const uint64_t rl2[8] = { [NOFILE] = 1024 };
	aamed_policy *pol = aamed_policy_new();
	static struct sbuf s;

	s.n = 0;
	rl_profile(&s, "rl", 0, 0, 1u << STACK | 1u << NPROC | 1u << NOFILE,
		   rl, 8);
	rl_profile(&s, "rl2", 0, 0, 1u << NOFILE, rl2, 8);
	rl_profile(&s, "rlc", 1, 1u << CAP_SYS_RESOURCE, 1u << NOFILE, rl, 8);
	if (pol && load_units(pol, &s, "rlimit profiles")) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

struct recs {
	int n;
	char text[4][512];
	enum aamed_class class[4];
};

static void keep(const struct aamed_audit *r, void *arg)
{
	struct recs *c = arg;

	if (c->n == 4)
		return;
	c->class[c->n] = r->class;
	aamed_audit_format(r, c->text[c->n++], sizeof(c->text[0]),
			   AAMED_FMT_CLASS, -1, NULL);
}

static int set(aamed_policy *pol, const char *label, int res, uint64_t hard,
	       uint64_t old_hard, const char *target, struct recs *c)
{
	struct aamed_setrlimit_req req = { .size = sizeof(req) };

	req.resource = res;
	req.soft = 0;
	req.hard = hard;
	req.old_hard = old_hard;
	req.target = target ? aamed_label_get(pol, target, NULL) : NULL;
	memset(c, 0, sizeof(*c));
	return aamed_setrlimit(aamed_label_get(pol, label, NULL), &req, keep,
			       c);
}

void unit_resource_setrlimit(void)
{
	aamed_policy *pol = rl_policy();
	struct recs c;

	if (!CHECK(pol != NULL))
		return;
	/* below, at and above the rule; the old hard limit is higher */
	CHECK_EQ(set(pol, "rl", NOFILE, 2047, INF, NULL, &c), 0);
	CHECK_EQ(c.n, 0);
	CHECK_EQ(set(pol, "rl", NOFILE, 2048, INF, NULL, &c), 0);
	CHECK_EQ(set(pol, "rl", NOFILE, 2049, INF, NULL, &c), -EACCES);
	CHECK_EQ(c.n, 1);
	CHECK_STR(c.text[0], "apparmor=\"DENIED\" operation=\"setrlimit\""
			     " class=\"rlimits\" profile=\"rl\" rlimit=nofile"
			     " value=2049");
	CHECK_EQ(set(pol, "rl", STACK, INF, INF, NULL, &c), -EACCES);
	CHECK_STR(c.text[0], "apparmor=\"DENIED\" operation=\"setrlimit\""
			     " class=\"rlimits\" profile=\"rl\" rlimit=stack"
			     " value=18446744073709551615");
	/* a resource without a rule */
	CHECK_EQ(set(pol, "rl", AAMED_RLIMIT_CPU, 1, INF, NULL, &c), 0);
	/* unconfined: never asked */
	CHECK_EQ(set(pol, "unconfined", NOFILE, 1 << 30, 0, NULL, &c), 0);
	/* raising the hard limit: capable(CAP_SYS_RESOURCE) first */
	CHECK_EQ(set(pol, "rl", NOFILE, 2000, 1024, NULL, &c), -EPERM);
	CHECK_EQ(c.n, 1);
	CHECK_EQ(c.class[0], AAMED_CLASS_CAP);
	/* nofile above fs.nr_open: the kernel's own refusal, no record */
	CHECK_EQ(set(pol, "rl", NOFILE, 2000000, INF, NULL, &c), -EPERM);
	CHECK_EQ(c.n, 0);
	/* a stack: every member's rule, each its own record */
	CHECK_EQ(set(pol, "rl//&rl2", NOFILE, 1500, INF, NULL, &c), -EACCES);
	CHECK_EQ(c.n, 1);
	CHECK(strstr(c.text[0], "profile=\"rl2\"") != NULL);
	CHECK_EQ(set(pol, "rl//&rl2", NOFILE, 3000, INF, NULL, &c), -EACCES);
	CHECK_EQ(c.n, 2);
	aamed_policy_free(pol);
}

void unit_resource_prlimit(void)
{
	aamed_policy *pol = rl_policy();
	struct recs c;

	if (!CHECK(pol != NULL))
		return;
	/* the same label: only the rule */
	CHECK_EQ(set(pol, "rl", NOFILE, 1000, INF, "rl", &c), 0);
	/* another label without sys_resource: every member denies */
	CHECK_EQ(set(pol, "rl", NOFILE, 10, INF, "rl2", &c), -EACCES);
	CHECK_EQ(c.n, 1);
	CHECK_STR(c.text[0], "apparmor=\"DENIED\" operation=\"setrlimit\""
			     " class=\"rlimits\" info=\"cap_sys_resource\""
			     " error=-13 profile=\"rl\" rlimit=nofile value=10"
			     " peer=\"rl2\"");
	CHECK_EQ(set(pol, "rl//&rl2", NOFILE, 10, INF, "rl", &c), -EACCES);
	CHECK_EQ(c.n, 2);
	/* complain mode, sys_resource granted: the subject's rule decides,
	 * complain turns its denial into a record */
	CHECK_EQ(set(pol, "rlc", NOFILE, 4096, INF, "rl2", &c), 0);
	CHECK_EQ(c.n, 1);
	CHECK(strncmp(c.text[0], "apparmor=\"ALLOWED\" operation=\"setrlimit\"",
		      40) == 0);
	aamed_policy_free(pol);
}

void unit_resource_args(void)
{
	aamed_policy *pol = rl_policy();
	struct aamed_setrlimit_req req = { .size = sizeof(req) };
	const aamed_label *rl;

	if (!CHECK(pol != NULL))
		return;
	rl = aamed_label_get(pol, "rl", NULL);
	req.resource = NOFILE;
	req.soft = 10;
	req.hard = 20;
	req.old_hard = INF;
	CHECK_EQ(aamed_setrlimit(rl, &req, NULL, NULL), 0);
	CHECK_EQ(aamed_setrlimit(rl, NULL, NULL, NULL), -EINVAL);
	req.soft = 30;
	CHECK_EQ(aamed_setrlimit(rl, &req, NULL, NULL), -EINVAL);
	req.soft = 10;
	req.resource = AAMED_RLIMIT__COUNT;
	CHECK_EQ(aamed_setrlimit(rl, &req, NULL, NULL), -EINVAL);
	req.resource = -1;
	CHECK_EQ(aamed_setrlimit(rl, &req, NULL, NULL), -EINVAL);
	req.resource = NOFILE;
	req.size = sizeof(size_t);
	CHECK_EQ(aamed_setrlimit(rl, &req, NULL, NULL), -EINVAL);
	aamed_policy_free(pol);
}

static void exec_lim(aamed_policy *pol, const char *from, const char *to,
		     int want, struct aamed_rlimits *lim)
{
	aamed_rlimits_default(lim);
	lim->lim[NOFILE].cur = 100;
	lim->lim[NOFILE].max = 8192;
	lim->lim[NPROC].cur = 10;
	lim->lim[NPROC].max = 20000;
	lim->lim[STACK].cur = 1 << 20;
	CHECK_EQ(aamed_exec_rlimits(aamed_label_get(pol, from, NULL),
				    to ? aamed_label_get(pol, to, NULL) : NULL,
				    NULL, lim),
		 want);
}

void unit_resource_exec(void)
{
	aamed_policy *pol = rl_policy();
	struct aamed_rlimits lim, init;

	if (!CHECK(pol != NULL))
		return;
	/* into rl: hard limits lowered, soft ones follow; stack pinned */
	exec_lim(pol, "unconfined", "rl", 1, &lim);
	CHECK_EQ(lim.lim[NOFILE].cur, 100);
	CHECK_EQ(lim.lim[NOFILE].max, 2048);
	CHECK_EQ(lim.lim[NPROC].cur, 10);
	CHECK_EQ(lim.lim[NPROC].max, 500);
	CHECK_EQ(lim.lim[STACK].cur, 1 << 20);
	CHECK_EQ(lim.lim[STACK].max, INF);
	/* the same label, or unconfined: nothing changes */
	exec_lim(pol, "rl", "rl", 0, &lim);
	CHECK_EQ(lim.lim[NOFILE].max, 8192);
	exec_lim(pol, "rl", "unconfined", 0, &lim);
	CHECK_EQ(lim.lim[NOFILE].cur, 100);
	/* out of rl: its resources' soft limits reset to init's first */
	exec_lim(pol, "rl", "rl2", 1, &lim);
	CHECK_EQ(lim.lim[NOFILE].cur, 1024);
	CHECK_EQ(lim.lim[NOFILE].max, 1024);
	CHECK_EQ(lim.lim[NPROC].cur, 20000);	/* init's: unlimited */
	CHECK_EQ(lim.lim[STACK].cur, 1 << 20);
	/* a stack: the least of its members */
	exec_lim(pol, "unconfined", "rl//&rl2", 1, &lim);
	CHECK_EQ(lim.lim[NOFILE].max, 1024);
	CHECK_EQ(lim.lim[NPROC].max, 500);
	/* init's limits given */
	aamed_rlimits_default(&init);
	init.lim[NOFILE].cur = 50;
	aamed_rlimits_default(&lim);
	CHECK_EQ(aamed_exec_rlimits(aamed_label_get(pol, "rl", NULL),
				    aamed_label_get(pol, "unconfined", NULL),
				    &init, &lim), 0);
	CHECK_EQ(aamed_exec_rlimits(aamed_label_get(pol, "rl", NULL),
				    aamed_label_get(pol, "rlc", NULL), &init,
				    &lim), 1);
	CHECK_EQ(lim.lim[NOFILE].cur, 50);
	/* bad arguments: sizes below the first version's */
	init.size = sizeof(init.size);
	CHECK_EQ(aamed_exec_rlimits(aamed_label_get(pol, "rl", NULL),
				    aamed_label_get(pol, "rl2", NULL), &init,
				    &lim), -EINVAL);
	lim.size = sizeof(lim.size);
	CHECK_EQ(aamed_exec_rlimits(aamed_label_get(pol, "rl", NULL),
				    aamed_label_get(pol, "rl2", NULL), NULL,
				    &lim), -EINVAL);
	CHECK_EQ(aamed_exec_rlimits(NULL, NULL, NULL, NULL), -EINVAL);
	/* a learning profile: only the old profiles' resets */
	exec_lim(pol, "rl", NULL, 1, &lim);
	CHECK_EQ(lim.lim[NOFILE].cur, 1024);
	CHECK_EQ(lim.lim[NOFILE].max, 8192);
	aamed_policy_free(pol);
}

void unit_resource_names(void)
{
	aamed_policy *pol = rl_policy();
	const aamed_profile *p;
	struct aamed_rlimits d;
	uint64_t v = 0;

	CHECK_STR(aamed_rlimit_name(AAMED_RLIMIT_CPU), "cpu");
	CHECK_STR(aamed_rlimit_name(AAMED_RLIMIT_AS), "as");
	CHECK_STR(aamed_rlimit_name(AAMED_RLIMIT_RTTIME), "rttime");
	CHECK(aamed_rlimit_name(AAMED_RLIMIT__COUNT) == NULL);
	CHECK(aamed_rlimit_name(-1) == NULL);
	CHECK_EQ(aamed_rlimit_parse("nofile"), NOFILE);
	CHECK_EQ(aamed_rlimit_parse("msgqueue"), AAMED_RLIMIT_MSGQUEUE);
	CHECK_EQ(aamed_rlimit_parse("nofiles"), -1);
	CHECK_EQ(aamed_rlimit_parse(NULL), -1);
	aamed_rlimits_default(&d);
	CHECK_EQ(d.size, sizeof(d));
	CHECK_EQ(d.lim[NOFILE].cur, 1024);
	CHECK_EQ(d.lim[NOFILE].max, 4096);
	CHECK_EQ(d.lim[STACK].cur, 8 << 20);
	CHECK_EQ(d.lim[AAMED_RLIMIT_CORE].cur, 0);
	aamed_rlimits_default(NULL);
	if (!CHECK(pol != NULL))
		return;
	p = aamed_policy_profile_find(pol, NULL, "rl");
	CHECK_EQ(aamed_profile_rlimit(p, NOFILE, &v), 1);
	CHECK_EQ(v, 2048);
	CHECK_EQ(aamed_profile_rlimit(p, AAMED_RLIMIT_CPU, &v), 0);
	CHECK_EQ(aamed_profile_rlimit(p, AAMED_RLIMIT__COUNT, &v), -EINVAL);
	CHECK_EQ(aamed_profile_rlimit(NULL, NOFILE, &v), -EINVAL);
	CHECK_EQ(aamed_profile_rlimit(p, NOFILE, NULL), -EINVAL);
	aamed_policy_free(pol);
}
