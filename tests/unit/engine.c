// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Live replacement (engine.c), single-threaded: what aamed.h promises an
 * engine, its readers, a replacement and a label reference.
 */
#include <errno.h>

#include "blobs.h"
#include "harness.h"

/* A policy of one profile named name (a fresh generation). */
static aamed_policy *policy_of(const char *name)
{
	struct sbuf s = { .n = 0 };
	aamed_policy *pol = aamed_policy_new();

	if (!pol)
		return NULL;
	unit_profile(&s, NULL, name, 0, 0);
	if (load_units(pol, &s, name)) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

void unit_engine(void)
{
	aamed_policy *one = policy_of("one"), *two = policy_of("two"), *cur;
	struct aamed_label_ref ref = { .text = "one" };
	aamed_reader *r, *r2;
	aamed_engine *e;
	const aamed_label *l, *l2;
	int error = 0;

	if (!CHECK(one && two))
		return;
	/* generations tell policies apart */
	CHECK(aamed_policy_generation(one) != aamed_policy_generation(two));
	CHECK(aamed_engine_new(NULL) == NULL);
	e = aamed_engine_new(one);
	if (!CHECK(e != NULL))
		return;
	r = aamed_reader_new(e);
	r2 = aamed_reader_new(e);
	if (!CHECK(r && r2))
		return;
	cur = aamed_read_begin(r);
	CHECK(cur == one);
	l = aamed_label_ref_get(&ref, cur, &error);
	CHECK_STR(l ? aamed_label_name(l) : NULL, "one");
	CHECK_EQ(ref.gen, aamed_policy_generation(one));
	/* unchanged policy: the same label, without resolving again */
	CHECK(aamed_label_ref_get(&ref, cur, &error) == l);
	aamed_read_end(r);

	CHECK_EQ(aamed_policy_replace(NULL, two), -EINVAL);
	CHECK_EQ(aamed_policy_replace(e, NULL), -EINVAL);
	/* r2 is registered but outside a section: no wait for it */
	CHECK_EQ(aamed_policy_replace(e, two), 0);
	cur = aamed_read_begin(r2);
	CHECK(cur == two);
	/* the reference follows the replacement by name: "one" is gone */
	error = 0;
	CHECK(aamed_label_ref_get(&ref, cur, &error) == NULL);
	CHECK_EQ(error, -ENOENT);
	CHECK_EQ(ref.gen, 0);
	ref.text = "two";
	l2 = aamed_label_ref_get(&ref, cur, &error);
	CHECK_STR(l2 ? aamed_label_name(l2) : NULL, "two");
	CHECK_EQ(ref.gen, aamed_policy_generation(two));
	aamed_read_end(r2);

	aamed_reader_free(r);
	aamed_reader_free(r2);
	aamed_reader_free(NULL);
	aamed_engine_free(e);
	aamed_engine_free(NULL);
}
