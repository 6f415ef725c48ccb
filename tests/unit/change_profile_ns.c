// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_profile across policy namespaces (domain.c match_component(),
 * label_compound_match()/label_components_match() with subns true,
 * aa_fqlookupn_profile(), fn_label_build_in_ns(), file.c's target=
 * through aa_label_xaudit() with FLAG_VIEW_SUBNS; 6.1 and 6.12 alike):
 * a root profile's rule names a child namespace's profile as
 * ":dns:name"; names are resolved below the task's namespace; a change
 * replaces only the task's namespace's profiles; records print the
 * target as the logging profile sees it.
 */
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "tdfa.h"

#define CP_OX 0xc0000000u

/* ":dns:cb" and "&:dns:cc" from the file start */
static size_t ra_dfa(struct sbuf *out)
{
	static const char a[] = ":dns:cb", b[] = "&:dns:cc";
	static struct tdfa t;
	unsigned st = 3, i;

	td_init(&t, 20);
	td_edge(&t, 1, 2, 2);		/* class file */
	td_edge(&t, 2, (unsigned char)a[0], st);
	for (i = 1; a[i]; i++, st++)
		td_edge(&t, st, (unsigned char)a[i], st + 1);
	t.accept[st++] = CP_OX;
	td_edge(&t, 2, (unsigned char)b[0], st);
	for (i = 1; b[i]; i++, st++)
		td_edge(&t, st, (unsigned char)b[i], st + 1);
	t.accept[st] = CP_OX;
	return td_blob(&t, out);
}

static aamed_policy *ns_load(void)
{
	static struct sbuf root, child, dfa;
	aamed_policy *pol = aamed_policy_new();
	size_t n = ra_dfa(&dfa);

	if (!pol)
		return NULL;
	root.n = 0;
	s_u32(&root, "version", 0x00202000u | 7);
	prof_begin(&root, NULL, "ra");
	prof_flags(&root, 0, 0);
	prof_caps(&root, 0);
	prof_policydb(&root, dfa.b, n);
	prof_end(&root);
	child.n = 0;
	unit_profile(&child, "dns", "cb", 0, 0);
	unit_profile(&child, "dns", "cc", 0, 0);
	unit_profile(&child, "dns", "cl", 0, 1);
	if (load_units(pol, &root, "cp-ns root") ||
	    load_units(pol, &child, "cp-ns child")) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

static int nchange(aamed_policy *pol, const char *from, const char *to,
		   struct aamed_change_result *res, struct unit_log *log)
{
	struct aamed_change_req req = { .size = sizeof(req), .target = to };
	int error;
	const aamed_label *l = aamed_label_get(pol, from, &error);

	if (!l)
		return error;
	memset(res, 0, sizeof(*res));
	res->size = sizeof(*res);
	memset(log, 0, sizeof(*log));
	return aamed_change_profile(l, &req, res, unit_log_fn, log);
}

void unit_change_profile_ns(void)
{
	aamed_policy *pol = ns_load();
	struct aamed_change_result res;
	struct unit_log log;

	if (!CHECK(pol != NULL))
		return;
	/* a root profile's rule for ":dns:cb" */
	CHECK_EQ(nchange(pol, "ra", ":dns:cb", &res, &log), 0);
	CHECK_STR(res.name, ":dns:cb");
	CHECK_EQ(log.n, 0);
	/* refused: the root's view of the target keeps its namespace */
	CHECK_EQ(nchange(pol, "ra", ":dns:cc", &res, &log), -EACCES);
	CHECK(strstr(log.last, "target=\":dns:cc\"") != NULL);
	/* a stack rule "&:dns:cc" */
	CHECK_EQ(nchange(pol, "ra", "&:dns:cc", &res, &log), 0);
	CHECK(strstr(res.name, ":dns:cc") != NULL);
	CHECK(strstr(res.name, "ra") != NULL);
	/* from inside :dns:, ":dns:" means :dns//dns: and is not there */
	CHECK_EQ(nchange(pol, ":dns:cb", ":dns:cc", &res, &log), -ENOENT);
	CHECK(strstr(log.last, "info=\"label not found\"") != NULL);
	/* inside: bare names; the record's target without the namespace */
	CHECK_EQ(nchange(pol, ":dns:cb", "cc", &res, &log), -EACCES);
	CHECK(strstr(log.last, "target=\"cc\"") != NULL);
	/* the root's unconfined member stays in the stack */
	CHECK_EQ(nchange(pol, "unconfined//&:dns:cl", "cb", &res, &log), 0);
	CHECK_STR(res.name, "unconfined//&:dns:cb");
	/* a complain profile's learning target is in its namespace */
	CHECK_EQ(nchange(pol, ":dns:cl", "nope", &res, &log), 0);
	CHECK_STR(res.name, ":dns:cl//null-nope");
	/* ":dns:" alone is the namespace's unconfined */
	CHECK_EQ(nchange(pol, "unconfined", ":dns:", &res, &log), 0);
	CHECK_STR(res.name, ":dns:unconfined");
	aamed_policy_free(pol);
}

/*
 * A namespace named alone (aa_splitn_fqname() gives no profile name,
 * aa_fqlookupn_profile() the namespace's unconfined): ":ns", ":ns:" and
 * ":ns://"; ":" and "::" name the base's own namespace. The permission
 * walk matches ":ns:unconfined" (the kernel oracle's
 * domain-bare-ns.cases).
 */
void unit_change_profile_bare_ns(void)
{
	aamed_policy *pol = ns_load();
	struct aamed_change_req req = { .size = sizeof(req), .target = ":dns" };
	struct aamed_change_result res;
	struct unit_log log;
	int error = 0;

	if (!CHECK(pol != NULL))
		return;
	/* the parse, from the root */
	CHECK_STR(lname(pol, ":dns", &error), ":dns:unconfined");
	CHECK_STR(lname(pol, ":dns:", &error), ":dns:unconfined");
	CHECK_STR(lname(pol, ":dns://", &error), ":dns:unconfined");
	CHECK_STR(lname(pol, " : dns", &error), ":dns:unconfined");
	CHECK_STR(lname(pol, ":dns:unc", &error), ":dns:unconfined");
	CHECK_STR(lname(pol, ":", &error), "unconfined");
	CHECK_STR(lname(pol, "::", &error), "unconfined");
	CHECK_STR(lname(pol, "::ra", &error), "ra");
	/* a namespace named alone is the base of the bare names after it */
	CHECK_STR(lname(pol, ":dns//&cb", &error), ":dns:cb//&unconfined");
	CHECK_STR(lname(pol, "ra//&:dns", &error), "ra//&:dns:unconfined");
	CHECK_STR(lname(pol, ":dns//&:", &error), "unconfined//&:dns:unconfined");
	CHECK(lname(pol, ":nons", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	CHECK(lname(pol, ":dns//x", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	CHECK(lname(pol, "", &error) == NULL);
	CHECK_EQ(error, -EINVAL);

	/* changes from the root's unconfined: plain, stacked, onexec */
	CHECK_EQ(nchange(pol, "unconfined", ":dns", &res, &log), 0);
	CHECK_STR(res.name, ":dns:unconfined");
	CHECK_EQ(nchange(pol, "unconfined", "&:dns:", &res, &log), 0);
	CHECK_STR(res.name, "unconfined//&:dns:unconfined");
	CHECK(res.stack);
	req.flags = AAMED_CHANGE_STACK;
	memset(&res, 0, sizeof(res));
	res.size = sizeof(res);
	CHECK_EQ(aamed_change_profile(aamed_label_unconfined(pol), &req, &res,
				      NULL, NULL), 0);
	CHECK_STR(res.name, "unconfined//&:dns:unconfined");
	req.flags = AAMED_CHANGE_ONEXEC;
	CHECK_EQ(aamed_change_profile(aamed_label_unconfined(pol), &req, &res,
				      NULL, NULL), 0);
	CHECK_STR(res.name, ":dns:unconfined");

	/* a rule for ":dns:cb" does not grant the namespace's unconfined */
	CHECK_EQ(nchange(pol, "ra", ":dns://", &res, &log), -EACCES);
	CHECK(strstr(log.last, "name=\":dns://\"") != NULL);
	CHECK(strstr(log.last, "target=\":dns:unconfined\"") != NULL);
	CHECK_EQ(nchange(pol, "ra", "&:dns", &res, &log), -EACCES);
	CHECK(strstr(log.last, "target=\":dns:unconfined\"") != NULL);

	/* from inside :dns:, ":dns" is :dns//dns: (absent); ":" is :dns: */
	CHECK_EQ(nchange(pol, ":dns:cb", ":dns", &res, &log), -ENOENT);
	CHECK(strstr(log.last, "info=\"label not found\"") != NULL);
	CHECK(strstr(log.last, "error=-2") != NULL);
	CHECK_EQ(nchange(pol, ":dns:cb", ":", &res, &log), -EACCES);
	CHECK(strstr(log.last, "target=\"unconfined\"") != NULL);
	CHECK_EQ(nchange(pol, "unconfined//&:dns:cl", ":", &res, &log), 0);
	CHECK_STR(res.name, "unconfined//&:dns:unconfined");
	aamed_policy_free(pol);
}
