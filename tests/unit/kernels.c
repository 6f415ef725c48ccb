// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where the 6.1 and 6.12 loaders part ways, from their sources
 * (policy_unpack.c verify_header() and unpack_profile(); 6.1 file.c
 * aa_compute_fperms(); 6.12 policy_compat.c and file.c
 * aa_lookup_fperms(); lsm.c nullpdb): the header ABI each accepts, the
 * file rules of a profile without a file DFA, and the null file rules.
 * The kernel oracle shows the layout apparmor_parser 3.0.8 writes
 * (tests/kernel/cases/kexact.cases); the layouts here no parser at hand
 * writes: a policydb without the class-file marker, a path ending in the
 * last state, header ABI 9, no policydb at all.
 */
#include <errno.h>

#include "harness.h"
#include "tdfa.h"

#define GETATTR AAMED_MAY_GETATTR
#define LOCK AAMED_MAY_LOCK
#define R_ALL (AAMED_MAY_READ | GETATTR | AAMED_MAY_OPEN)
#define W_ALL (AAMED_MAY_WRITE | AAMED_MAY_SETATTR | AAMED_MAY_CREATE | \
	       AAMED_MAY_DELETE | AAMED_MAY_CHMOD | AAMED_MAY_CHOWN |     \
	       AAMED_MAY_OPEN)

/*
 * A policydb DFA with file rules in it: 1 -(class file)-> 2 -'/'-> 3,
 * then 'a' -> 4 (owner r, other w) and 'b' -> 6 (owner w, the last
 * state); 5 (owner w) is only ever read as 4's "next" entry. Without
 * marker, 1 -'/'-> 3 directly.
 */
static size_t policydb_dfa(struct sbuf *out, bool marker)
{
	static struct tdfa t;

	td_init(&t, 7);
	if (marker) {
		td_edge(&t, 1, 2, 2);
		td_edge(&t, 2, '/', 3);
	} else {
		td_edge(&t, 1, '/', 3);
	}
	td_edge(&t, 3, 'a', 4);
	td_edge(&t, 3, 'b', 6);
	t.accept[4] = 0x4 | (0x2u << 14);
	t.accept[5] = 0x2;
	t.accept[6] = 0x2;
	return td_blob(&t, out);
}

/* One profile "kx" with that policydb and no file DFA, header ABI abi. */
static void policydb_profile(struct sbuf *s, bool marker, uint32_t abi)
{
	static struct sbuf dfa;
	size_t n = policydb_dfa(&dfa, marker);

	s->n = 0;
	s_u32(s, "version", 0x00202000u | abi);
	prof_begin(s, NULL, "kx");
	prof_flags(s, 0, 0);
	prof_caps(s, 0);
	prof_policydb(s, dfa.b, n);
	prof_end(s);
}

static aamed_policy *load_for(enum aamed_kernel k, const struct sbuf *s,
			      const char *what)
{
	aamed_policy *pol = aamed_policy_new();

	if (!pol)
		return NULL;
	aamed_policy_set_kernel(pol, k);
	if (load_units(pol, s, what)) {
		aamed_policy_free(pol);
		return NULL;
	}
	return pol;
}

/* allow of path for the owner (uid 0) or another fsuid (1000) */
static uint32_t allow(aamed_policy *pol, const char *path, bool owner)
{
	const aamed_profile *p = aamed_policy_profile_find(pol, NULL, "kx");
	struct aamed_perms perms;

	if (!p || aamed_profile_file_perms(p, path, owner ? 0 : 1000, 0,
					   &perms))
		return 0xdeadbeefu;
	return perms.allow;
}

/* aamed_file_perm() of request on path, by fsuid against owner 0 */
static int decide(aamed_policy *pol, const char *path, uint32_t request,
		  enum aamed_file_op op, uint32_t fsuid)
{
	struct aamed_file_req req = {
		.size = sizeof(req),
		.path = path,
		.request = request,
		.fsuid = fsuid,
		.op = op,
	};
	int error;
	const aamed_label *l = aamed_label_get(pol, "kx", &error);

	return l ? aamed_file_perm(l, &req, NULL, NULL) : error;
}

void unit_kernels_abi9(void)
{
	static struct sbuf s;
	aamed_policy *pol;

	policydb_profile(&s, true, 9);
	pol = aamed_policy_new();
	if (!CHECK(pol != NULL))
		return;
	/* 6.1's verify_header() stops at v8 */
	CHECK_EQ(aamed_policy_load_blob(pol, s.b, s.n, "abi9", NULL), -EPROTO);
	CHECK_EQ(aamed_policy_profile_count(pol), 0);
	aamed_policy_free(pol);
	pol = load_for(AAMED_KERNEL_6_12, &s, "abi9 on 6.12");
	CHECK(pol != NULL);
	aamed_policy_free(pol);
	pol = load_for(AAMED_KERNEL_UPSTREAM, &s, "abi9 upstream");
	CHECK(pol != NULL);
	aamed_policy_free(pol);
}

void unit_kernels_policydb_file(void)
{
	static struct sbuf s;
	aamed_policy *pol;

	policydb_profile(&s, true, 7);
	/* 6.1: the packed words with the file layout, getattr everywhere */
	pol = load_for(AAMED_KERNEL_6_1, &s, "policydb file rules, 6.1");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true), R_ALL);
		CHECK_EQ(allow(pol, "/a", false), W_ALL | GETATTR);
		CHECK_EQ(allow(pol, "/zz", true), GETATTR);
		CHECK_EQ(allow(pol, "/zz", false), GETATTR);
		CHECK_EQ(decide(pol, "/zz", GETATTR, AAMED_OP_GETATTR, 0), 0);
		CHECK_EQ(decide(pol, "/zz", LOCK, AAMED_OP_FILE_LOCK, 1000),
			 -EACCES);
	}
	aamed_policy_free(pol);
	/*
	 * 6.12: the policydb's own entries (ABI <= 8: lock always), the
	 * other one at index + 1, the next state's; past the last, none
	 */
	pol = load_for(AAMED_KERNEL_6_12, &s, "policydb file rules, 6.12");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true),
			 AAMED_MAY_READ | GETATTR | LOCK);
		CHECK_EQ(allow(pol, "/a", false), AAMED_MAY_WRITE | LOCK);
		CHECK_EQ(allow(pol, "/zz", true), 0);
		CHECK_EQ(allow(pol, "/zz", false), LOCK);
		CHECK_EQ(allow(pol, "/b", true), AAMED_MAY_WRITE | LOCK);
		CHECK_EQ(allow(pol, "/b", false), 0);
		CHECK_EQ(decide(pol, "/zz", GETATTR, AAMED_OP_GETATTR, 0),
			 -EACCES);
		CHECK_EQ(decide(pol, "/zz", LOCK, AAMED_OP_FILE_LOCK, 1000), 0);
		CHECK_EQ(decide(pol, "/b", AAMED_MAY_WRITE, AAMED_OP_OPEN,
				1000), -EACCES);
	}
	aamed_policy_free(pol);
	/* ABI 9 on 6.12: the owner exec bits instead of lock */
	policydb_profile(&s, true, 9);
	pol = load_for(AAMED_KERNEL_6_12, &s, "policydb file rules, ABI 9");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true), AAMED_MAY_READ | GETATTR);
		CHECK_EQ(allow(pol, "/zz", false), 0);
	}
	aamed_policy_free(pol);
}

void unit_kernels_policydb_nomarker(void)
{
	static struct sbuf s;
	aamed_policy *pol;

	policydb_profile(&s, false, 5);
	/* 6.1: no class-file state, the null DFA */
	pol = load_for(AAMED_KERNEL_6_1, &s, "no marker, 6.1");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true), GETATTR);
		CHECK_EQ(allow(pol, "/a", false), GETATTR);
	}
	aamed_policy_free(pol);
	/* 6.12: the policydb from its default file start, state 1 */
	pol = load_for(AAMED_KERNEL_6_12, &s, "no marker, 6.12");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true),
			 AAMED_MAY_READ | GETATTR | LOCK);
		CHECK_EQ(allow(pol, "/a", false), AAMED_MAY_WRITE | LOCK);
		CHECK_EQ(allow(pol, "/zz", true), 0);
	}
	aamed_policy_free(pol);
}

void unit_kernels_null_file(void)
{
	static struct sbuf s;
	aamed_policy *pol;

	/* no policydb and no file DFA: 6.1's nulldfa, 6.12's nullpdb */
	s.n = 0;
	unit_profile(&s, NULL, "kx", 0, 0);
	pol = load_for(AAMED_KERNEL_6_1, &s, "null file rules, 6.1");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true), GETATTR);
		CHECK_EQ(decide(pol, "/a", GETATTR, AAMED_OP_GETATTR, 1000), 0);
	}
	aamed_policy_free(pol);
	pol = load_for(AAMED_KERNEL_6_12, &s, "null file rules, 6.12");
	if (CHECK(pol != NULL)) {
		CHECK_EQ(allow(pol, "/a", true), 0);
		CHECK_EQ(decide(pol, "/a", GETATTR, AAMED_OP_GETATTR, 0),
			 -EACCES);
	}
	aamed_policy_free(pol);
}
