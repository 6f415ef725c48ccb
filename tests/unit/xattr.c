// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aa_xattrs_match() (xattr.c) against the kernel's (domain.c, 6.1 and
 * 6.12 alike) on a hand-built attachment DFA: "/x", then out of band one
 * element for security.a: a NUL, then "one". A present xattr must reach
 * an accepting state; a missing one needs the element's out-of-band
 * transition (optional) and then does not count.
 */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "dfa.h"
#include "harness.h"
#include "policy.h"
#include "tdfa.h"
#include "xattr.h"

/* The xmatch policydb, its accept words mapped as the loader maps them. */
static struct aa_policydb *xattr_pdb(bool optional)
{
	static struct tdfa t;
	struct aamed_error err;
	struct aa_policydb *pdb;
	struct aa_ext e;
	uint8_t dummy = 0;

	td_init(&t, 10);
	t.hflags = 2;			/* out-of-band transitions */
	td_edge(&t, 1, '/', 2);
	td_edge(&t, 2, 'x', 3);
	td_edge(&t, 4, 0, 5);
	td_edge(&t, 5, 'o', 6);
	td_edge(&t, 6, 'n', 7);
	td_edge(&t, 7, 'e', 8);
	t.accept[3] = 0x1;		/* exec: the path matches */
	t.accept[8] = 0x1;		/* exec: the value matches */
	/* out of band: after the path, after the value, and (optional)
	 * past a missing xattr; the slot is the one before the row */
	t.base[3] |= B_OOB;
	td_edge(&t, 2, 255, 4);
	t.chk[(t.base[3] & 0xffffff) - 1] = 3;
	t.base[8] |= B_OOB;
	td_edge(&t, 7, 255, 9);
	t.chk[(t.base[8] & 0xffffff) - 1] = 8;
	if (optional) {
		t.base[4] |= B_OOB;
		td_edge(&t, 3, 255, 9);
		t.chk[(t.base[4] & 0xffffff) - 1] = 4;
	}
	pdb = calloc(1, sizeof(*pdb));
	if (!pdb)
		return NULL;
	pdb->dfa = td_load(&t, true, &err);
	ext_init(&e, &dummy, 1);
	if (!pdb->dfa || !aa_compat_xmatch(&e, pdb)) {
		aa_policydb_free(pdb);
		return NULL;
	}
	return pdb;
}

static int match(struct aa_profile *p, const char *name, const char *v)
{
	struct aamed_xattr x = { name, v, v ? strlen(v) : 0 };
	struct aa_xattr_set xs = { &x, name ? 1 : 0 };
	uint32_t state = aa_dfa_match(p->xmatch->dfa, DFA_START, "/x");

	return aa_xattrs_match(p, state, name ? &xs : NULL);
}

void unit_xattr_match(void)
{
	char *names[] = { "security.a" };
	struct aa_profile p;
	int optional;

	for (optional = 0; optional < 2; optional++) {
		memset(&p, 0, sizeof(p));
		p.xmatch = xattr_pdb(optional);
		p.xattr_count = 1;
		p.xattrs = names;
		if (!CHECK(p.xmatch != NULL))
			return;
		CHECK_EQ(match(&p, "security.a", "one"), 1);
		/* present with another value: the profile is out */
		CHECK_EQ(match(&p, "security.a", "two"), -1);
		CHECK_EQ(match(&p, "security.a", "on"), -1);
		CHECK_EQ(match(&p, "security.a", ""), -1);
		/* missing: out, or optional and not counted */
		CHECK_EQ(match(&p, NULL, NULL), optional ? 0 : -1);
		CHECK_EQ(match(&p, "security.b", "one"), optional ? 0 : -1);
		aa_policydb_free(p.xmatch);
	}
}
