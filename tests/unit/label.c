// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Labels (label.c): parsing, stacks printed sorted, hats, namespaces,
 * the unconfined prefix rule and the errors, through a policy of
 * hand-built profiles.
 */
#include <errno.h>

#include "blobs.h"
#include "harness.h"

/*
 * A label query's text (aa_label_query_parse(), as the kernel's
 * aa_label_strn_parse() without create): no "(mode)" taken off, no
 * learning profile made, a stack only while held.
 */
static void unit_labels_query(aamed_policy *pol, const aamed_label *a,
			      const aamed_label *ab)
{
	int error = 0;

	CHECK(aa_label_query_parse(pol, "a", false, &error) == to_label(a));
	CHECK(aa_label_query_parse(pol, "a (enforce)", false, &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	/* aamed_label_get() takes the printed form back */
	CHECK(aamed_label_get(pol, "a (enforce)", &error) == a);
	/* any prefix of "unconfined" that names no profile, as the kernel */
	CHECK(aa_label_query_parse(pol, "uncon", false, &error) ==
	      to_label(aamed_label_unconfined(pol)));
	CHECK(aa_label_query_parse(pol, "unconfined (unconfined)", false,
				   &error) == NULL);
	/* no learning profile of the complain-mode c */
	error = 0;
	CHECK(aa_label_query_parse(pol, "c//null-x", false, &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	/* a stack: held by the caller's word, by a declaration, or not */
	error = 0;
	CHECK(aa_label_query_parse(pol, "b//&a", false, &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	CHECK(aa_label_query_parse(pol, "b//&a", true, &error) == to_label(ab));
	CHECK_EQ(aamed_label_set_held(pol, ab, 1), 0);
	CHECK(aa_label_query_parse(pol, "a//&b", false, &error) == to_label(ab));
	/* a duplicate member makes no stack */
	CHECK(aa_label_query_parse(pol, "a//&a", false, &error) == to_label(a));
	CHECK_EQ(aamed_label_set_held(pol, ab, 0), 0);
	CHECK(aa_label_query_parse(pol, "a//&b", false, &error) == NULL);
	/* malformed stays malformed */
	error = 0;
	CHECK(aa_label_query_parse(pol, "a//&", false, &error) == NULL);
	CHECK_EQ(error, -EINVAL);
}

void unit_labels(void)
{
	aamed_policy *pol = aamed_policy_new();
	const aamed_label *a, *ab, *ba, *u;
	struct sbuf s = { .n = 0 };
	int error;

	CHECK(pol != NULL);
	if (!pol)
		return;

	/* unconfined exists in an empty policy */
	u = aamed_label_unconfined(pol);
	CHECK(u != NULL);
	CHECK_STR(aamed_label_name(u), "unconfined");
	CHECK(aamed_label_is_unconfined(u));
	CHECK(aamed_label_get(pol, "unconfined", &error) == u);
	CHECK_EQ(error, 0);
	CHECK(aamed_label_get(pol, "a", &error) == NULL);
	CHECK_EQ(error, -ENOENT);

	unit_profile(&s, NULL, "a", 0, 0);
	unit_profile(&s, NULL, "b", 0, 0);
	unit_profile(&s, NULL, "c", 0, 1);		/* complain */
	unit_profile(&s, NULL, "a//hat", 1, 0);
	unit_profile(&s, NULL, "/usr/bin/z", 0, 0);
	unit_profile(&s, NULL, "unc", 0, 0);
	CHECK_EQ(load_units(pol, &s, "root"), 0);
	s.n = 0;
	unit_profile(&s, "foo", "x", 0, 0);
	unit_profile(&s, "foo", "a", 0, 0);
	CHECK_EQ(load_units(pol, &s, "ns foo"), 0);
	CHECK_EQ(aamed_policy_profile_count(pol), 8);

	a = aamed_label_get(pol, "a", &error);
	CHECK(a != NULL);
	CHECK_STR(lname(pol, "a", &error), "a");
	CHECK(!aamed_label_is_unconfined(a));
	CHECK_STR(aamed_label_mode(a), "enforce");

	/* stacks print sorted: b//&a is a//&b, one interned label */
	ab = aamed_label_get(pol, "a//&b", &error);
	ba = aamed_label_get(pol, "b//&a", &error);
	CHECK(ab != NULL && ab == ba);
	CHECK_STR(lname(pol, "b//&a", &error), "a//&b");
	CHECK_STR(lname(pol, "c//&b//&a", &error), "a//&b//&c");
	CHECK_STR(lname(pol, "/usr/bin/z//&a", &error), "/usr/bin/z//&a");
	/* duplicates removed; a stack of one is the profile's label */
	CHECK_STR(lname(pol, "a//&b//&a//&b", &error), "a//&b");
	CHECK(aamed_label_get(pol, "a//&b//&a", &error) == ab);
	CHECK(aamed_label_get(pol, "a//&a", &error) == a);
	/* hats and children by their full name */
	CHECK_STR(lname(pol, "a//hat", &error), "a//hat");
	CHECK_STR(lname(pol, "a//hat//&a", &error), "a//&a//hat");
	CHECK_STR(lname(pol, "a//hat//&b", &error), "a//hat//&b");

	/* modes */
	CHECK_STR(aamed_label_mode(aamed_label_get(pol, "c", &error)), "complain");
	CHECK_STR(aamed_label_mode(aamed_label_get(pol, "a//&b", &error)), "enforce");
	CHECK_STR(aamed_label_mode(aamed_label_get(pol, "a//&c", &error)), "mixed");
	CHECK_STR(aamed_label_mode(u), "unconfined");

	/* the mode suffix as the kernel prints it is accepted */
	CHECK(aamed_label_get(pol, "a (enforce)", &error) == a);
	CHECK(aamed_label_get(pol, "b//&a (enforce)", &error) == ab);
	CHECK(aamed_label_get(pol, "a//&c (mixed)", &error) ==
	      aamed_label_get(pol, "c//&a", &error));
	CHECK(aamed_label_get(pol, "unconfined (unconfined)", &error) == u);

	/*
	 * Namespaces: a root profile sorts before any other namespace's, and
	 * a ":ns:" component switches the namespace for the components after
	 * it (the kernel's aa_label_strn_parse: the new ns becomes the base).
	 */
	CHECK_STR(lname(pol, ":foo:x", &error), ":foo:x");
	CHECK_STR(lname(pol, "b//&:foo:x", &error), "b//&:foo:x");
	CHECK_STR(lname(pol, "a//&:foo:a", &error), "a//&:foo:a");
	/* the prefix is printed only where the namespace changes */
	CHECK_STR(lname(pol, ":foo:x//&a", &error), ":foo:a//&x");
	CHECK_STR(lname(pol, ":foo:a//&a", &error), ":foo:a");
	CHECK(aamed_label_get(pol, ":foo:a", &error) != a);
	CHECK_STR(lname(pol, ":foo://x", &error), ":foo:x");
	error = 0;
	CHECK(aamed_label_get(pol, ":foo:x//&b", &error) == NULL);	/* no foo b */
	CHECK_EQ(error, -ENOENT);

	/*
	 * aa_lookupn_profile(): when no profile matches, any prefix of
	 * "unconfined" is the namespace's unconfined; a real profile wins.
	 */
	CHECK(aamed_label_get(pol, "u", &error) == u);
	CHECK(aamed_label_get(pol, "unconfine", &error) == u);
	CHECK(aamed_label_get(pol, "uncon", &error) == u);
	CHECK_STR(lname(pol, "unc", &error), "unc");
	CHECK_STR(lname(pol, "a//&u", &error), "a//&unconfined");
	CHECK_STR(lname(pol, ":foo:u", &error), ":foo:unconfined");
	error = 0;
	CHECK(aamed_label_get(pol, "unconfinedx", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, "uu", &error) == NULL);
	CHECK_EQ(error, -ENOENT);

	/* unknown profiles and namespaces: -ENOENT */
	error = 0;
	CHECK(aamed_label_get(pol, "nosuch", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, "a//&nosuch", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, "x", &error) == NULL);	/* only in foo */
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, ":bar:x", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, "a//nohat", &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	error = 0;
	CHECK(aamed_label_get(pol, "hat", &error) == NULL);
	CHECK_EQ(error, -ENOENT);

	/* malformed text: -EINVAL */
	error = 0;
	CHECK(aamed_label_get(pol, "", &error) == NULL);
	CHECK_EQ(error, -EINVAL);
	error = 0;
	CHECK(aamed_label_get(pol, "a//&", &error) == NULL);
	CHECK_EQ(error, -EINVAL);
	error = 0;
	CHECK(aamed_label_get(pol, "//&a", &error) == NULL);
	CHECK_EQ(error, -EINVAL);
	error = 0;
	CHECK(aamed_label_get(pol, "a//&//&b", &error) == NULL);
	CHECK_EQ(error, -EINVAL);
	/*
	 * not malformed for the kernel (aa_splitn_fqname(); the oracle's
	 * domain-bare-ns.cases): ":foo" is foo's unconfined, "::a" names
	 * no namespace, so a is the base's own
	 */
	CHECK_STR(lname(pol, ":foo", &error), ":foo:unconfined");
	CHECK_STR(lname(pol, "::a", &error), "a");

	unit_labels_query(pol, a, ab);
	aamed_policy_free(pol);
}
