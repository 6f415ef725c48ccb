// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Namespaces of one load (verify_header and aa_replace_profiles): the
 * first header namespace wins, a later different one is only logged
 * ("invalid ns change", not an error); profile-name namespaces must all
 * agree with it, and a profile without one may not come before the
 * first that names one.
 */
#include "blobs.h"
#include "harness.h"

static int ns_load(aamed_policy *pol, const char *ns1, const char *n1,
		   const char *ns2, const char *n2)
{
	struct sbuf s = { .n = 0 };
	struct aamed_error err;

	unit_profile(&s, ns1, n1, 0, 0);
	unit_profile(&s, ns2, n2, 0, 0);
	return aamed_policy_load_blob(pol, s.b, s.n, "ns", &err);
}

void unit_load_ns(void)
{
	aamed_policy *pol = aamed_policy_new();
	int error;

	if (!CHECK(pol != NULL))
		return;
	/* header ns change: loads, both profiles in the first namespace */
	CHECK_EQ(ns_load(pol, "one", "p", "two", "q"), 0);
	CHECK_STR(lname(pol, ":one:q", &error), ":one:q");
	CHECK(aamed_label_get(pol, ":two:q", &error) == NULL);
	/* a name's namespace agreeing with the header */
	CHECK_EQ(ns_load(pol, "one", ":one:r", NULL, "s"), 0);
	CHECK_STR(lname(pol, ":one:s", &error), ":one:s");
	/* ... or not */
	CHECK(ns_load(pol, "one", ":three:t", NULL, "u") != 0);
	/* no header: the first name with a namespace sets it */
	CHECK_EQ(ns_load(pol, NULL, ":four:v", NULL, "w"), 0);
	CHECK_STR(lname(pol, ":four:w", &error), ":four:w");
	CHECK(aamed_label_get(pol, "w", &error) == NULL);
	/* but a profile without one before it makes the load mixed */
	CHECK(ns_load(pol, NULL, "x", NULL, ":four:y") != 0);
	CHECK(aamed_label_get(pol, "x", &error) == NULL);
	CHECK(ns_load(pol, NULL, ":four:x", NULL, ":five:y") != 0);
	/* a stack across namespaces sorts them by name (ns_cmp()) */
	CHECK_STR(lname(pol, ":one:p//&:four:v", &error), ":four:v//&:one:p");
	CHECK_STR(lname(pol, ":four:v//&:one:p", &error), ":four:v//&:one:p");
	aamed_policy_free(pol);
}
