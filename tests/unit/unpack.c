// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The profile unpacker (unpack.c): the optional elements of a profile in
 * the order the kernel's unpack_profile() reads them (attach,
 * disconnected, path_flags, caps64, capsx, xattrs, rlimits, secmark,
 * data) and the malformed ones it rejects: the load fails with -EPROTO,
 * an error at an offset inside the blob, and nothing loaded.
 *
 * A "kill" signal element is left out of the accepted cases: 6.1 does not
 * read one (it is an unexpected element before the flags there), later
 * kernels do. Out of range (0, above MAXMAPPED_SIG) it is rejected by
 * both 6.1 and the fixed upstream check.
 */
#include <errno.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"

#define CAP_CHOWN 0
#define CAP_SYSLOG 34		/* the first capability of caps64's word */
#define CAP_WAKE_ALARM 35
#define RLIM_NLIMITS 16

/* Which element to write, and how to break it. */
enum part {
	OK_ALL,			/* every optional element, well formed */
	OK_RLIMITS_ALL,		/* RLIM_NLIMITS rlimits */
	BAD_KILL_0,
	BAD_KILL_BIG,
	BAD_CAPS_SHORT,
	BAD_CAPS64_SHORT,
	BAD_CAPS64_OPEN,
	BAD_CAPSX_SHORT,
	BAD_XATTRS_NO_ARRAY,
	BAD_XATTR_NOT_STRING,
	BAD_XATTRS_OPEN,
	BAD_RLIMITS_NO_MASK,
	BAD_RLIMITS_TOO_MANY,
	BAD_RLIMITS_SHORT,
	BAD_RLIMITS_OPEN,
	BAD_SECMARK_NO_ARRAY,
	BAD_SECMARK_ENTRY,
	BAD_SECMARK_OPEN,
	BAD_DATA_OPEN,
	BAD_PROFILE_OPEN,
	BAD_PROFILE_EXTRA,
	BAD_NAME_EMPTY,
};

static void s_array(struct sbuf *s, uint16_t n)
{
	s_code(s, NULL, AA_ARRAY);
	s_le(s, n, 2);
}

static void s_u8(struct sbuf *s, uint8_t v)
{
	s_code(s, NULL, AA_U8);
	s_byte(s, v);
}

static void s_blob(struct sbuf *s, const void *p, uint32_t n)
{
	s_code(s, NULL, AA_BLOB);
	s_le(s, n, 4);
	s_bytes(s, p, n);
}

/* attach, disconnected, kill: before the flags */
static void early(struct sbuf *s, enum part v)
{
	if (v == OK_ALL) {
		s_str(s, "attach", "/usr/bin/unit");
		s_str(s, "disconnected", "/disconnected");
	}
	if (v == BAD_KILL_0)
		s_u32(s, "kill", 0);
	if (v == BAD_KILL_BIG)
		s_u32(s, "kill", AA_MAXMAPPED_SIG + 1);
}

static void caps(struct sbuf *s, enum part v)
{
	int i;

	if (v == BAD_CAPS_SHORT) {
		for (i = 0; i < 3; i++)
			s_u32(s, NULL, 0);
		return;
	}
	prof_caps(s, 1u << CAP_CHOWN);
	if (v == OK_ALL || v == BAD_CAPS64_SHORT || v == BAD_CAPS64_OPEN) {
		s_code(s, "caps64", AA_STRUCT);
		s_u32(s, NULL, 1u << (CAP_SYSLOG - 32));
		for (i = 0; i < (v == BAD_CAPS64_SHORT ? 2 : 3); i++)
			s_u32(s, NULL, 0);
		if (v != BAD_CAPS64_OPEN)
			s_code(s, NULL, AA_STRUCTEND);
	}
	if (v == OK_ALL || v == BAD_CAPSX_SHORT) {
		s_code(s, "capsx", AA_STRUCT);
		s_u32(s, NULL, 0);
		if (v != BAD_CAPSX_SHORT)
			s_u32(s, NULL, 0);
		s_code(s, NULL, AA_STRUCTEND);
	}
}

static void xattrs(struct sbuf *s, enum part v)
{
	if (v != OK_ALL && v != BAD_XATTRS_NO_ARRAY &&
	    v != BAD_XATTR_NOT_STRING && v != BAD_XATTRS_OPEN)
		return;
	s_code(s, "xattrs", AA_STRUCT);
	if (v == BAD_XATTRS_NO_ARRAY) {
		s_str(s, NULL, "security.unit");
		s_code(s, NULL, AA_STRUCTEND);
		return;
	}
	s_array(s, 2);
	s_str(s, NULL, "security.unit");
	if (v == BAD_XATTR_NOT_STRING)
		s_u32(s, NULL, 7);
	else
		s_str(s, NULL, "user.unit");
	if (v != BAD_XATTRS_OPEN)
		s_code(s, NULL, AA_ARRAYEND);
	s_code(s, NULL, AA_STRUCTEND);
}

static void rlimits(struct sbuf *s, enum part v)
{
	unsigned n = v == OK_RLIMITS_ALL ? RLIM_NLIMITS :
		     v == BAD_RLIMITS_TOO_MANY ? RLIM_NLIMITS + 1 : 2;
	unsigned i;

	if (v != OK_ALL && v != OK_RLIMITS_ALL && v != BAD_RLIMITS_NO_MASK &&
	    v != BAD_RLIMITS_TOO_MANY && v != BAD_RLIMITS_SHORT &&
	    v != BAD_RLIMITS_OPEN)
		return;
	s_code(s, "rlimits", AA_STRUCT);
	if (v != BAD_RLIMITS_NO_MASK)
		s_u32(s, NULL, (1u << n) - 1);
	s_array(s, (uint16_t)n);
	for (i = 0; i < (v == BAD_RLIMITS_SHORT ? n - 1 : n); i++)
		s_u64(s, NULL, 1024 + i);
	if (v != BAD_RLIMITS_OPEN)
		s_code(s, NULL, AA_ARRAYEND);
	s_code(s, NULL, AA_STRUCTEND);
}

static void secmark(struct sbuf *s, enum part v)
{
	if (v != OK_ALL && v != BAD_SECMARK_NO_ARRAY &&
	    v != BAD_SECMARK_ENTRY && v != BAD_SECMARK_OPEN)
		return;
	s_code(s, "secmark", AA_STRUCT);
	if (v != BAD_SECMARK_NO_ARRAY)
		s_array(s, 1);
	s_u8(s, 0);		/* audit */
	s_u8(s, 0);		/* deny */
	if (v != BAD_SECMARK_ENTRY)
		s_str(s, NULL, "system_u:object_r:unit_t");
	if (v != BAD_SECMARK_OPEN)
		s_code(s, NULL, AA_ARRAYEND);
	s_code(s, NULL, AA_STRUCTEND);
}

/* the key/value data table, last before the end of the profile */
static void data(struct sbuf *s, enum part v)
{
	if (v != OK_ALL && v != BAD_DATA_OPEN)
		return;
	s_code(s, "data", AA_STRUCT);
	s_str(s, NULL, "key1");
	s_blob(s, "value", 5);
	s_str(s, NULL, "key2");
	s_blob(s, "\0\1\2", 3);
	if (v == BAD_DATA_OPEN)
		s_u32(s, NULL, 0);
	else
		s_code(s, NULL, AA_STRUCTEND);
}

static void build(struct sbuf *s, enum part v)
{
	s->n = 0;
	prof_begin(s, NULL, v == BAD_NAME_EMPTY ? "" : "p");
	early(s, v);
	prof_flags(s, 0, 0);
	if (v == OK_ALL)
		s_u32(s, "path_flags", 0);
	caps(s, v);
	xattrs(s, v);
	rlimits(s, v);
	secmark(s, v);
	data(s, v);
	if (v == BAD_PROFILE_EXTRA)
		s_u32(s, NULL, 1);
	if (v != BAD_PROFILE_OPEN)
		prof_end(s);
}

/* Load variant v into a fresh policy; a failure must leave it empty. */
static int load_part(enum part v, aamed_policy **out)
{
	static struct sbuf s;
	struct aamed_error err;
	aamed_policy *pol = aamed_policy_new();
	int rc;

	if (!CHECK(pol != NULL))
		return -ENOMEM;
	build(&s, v);
	memset(&err, 0, sizeof(err));
	rc = aamed_policy_load_blob(pol, s.b, s.n, "unpack", &err);
	if (rc) {
		CHECK_EQ(aamed_policy_profile_count(pol), 0);
		CHECK(err.msg[0] != '\0');
		CHECK_STR(err.origin, "unpack");
		CHECK(err.offset >= 0 && err.offset <= (long long)s.n);
	}
	if (out && !rc)
		*out = pol;
	else
		aamed_policy_free(pol);
	return rc;
}

void unit_unpack_optional(void)
{
	aamed_policy *pol = NULL;
	const aamed_label *p;
	int error;

	if (!CHECK_EQ(load_part(OK_ALL, &pol), 0))
		return;
	CHECK_EQ(aamed_policy_profile_count(pol), 1);
	CHECK_STR(aamed_policy_profile_name(pol, 0), "p");
	p = aamed_label_get(pol, "p", &error);
	if (CHECK(p != NULL)) {
		/* caps64 carries the capabilities from 32 up */
		CHECK_EQ(aamed_capable(p, CAP_CHOWN, 0, NULL, NULL), 0);
		CHECK_EQ(aamed_capable(p, CAP_SYSLOG, 0, NULL, NULL), 0);
		CHECK_EQ(aamed_capable(p, CAP_WAKE_ALARM, 0, NULL, NULL),
			 -EPERM);
		CHECK_EQ(aamed_capable(p, 1, 0, NULL, NULL), -EPERM);
	}
	aamed_policy_free(pol);
	/* RLIM_NLIMITS rlimits are allowed */
	CHECK_EQ(load_part(OK_RLIMITS_ALL, NULL), 0);
}

void unit_unpack_malformed(void)
{
	static const enum part bad[] = {
		BAD_KILL_0, BAD_KILL_BIG, BAD_CAPS_SHORT, BAD_CAPS64_SHORT,
		BAD_CAPS64_OPEN, BAD_CAPSX_SHORT, BAD_XATTRS_NO_ARRAY,
		BAD_XATTR_NOT_STRING, BAD_XATTRS_OPEN, BAD_RLIMITS_NO_MASK,
		BAD_RLIMITS_TOO_MANY, BAD_RLIMITS_SHORT, BAD_RLIMITS_OPEN,
		BAD_SECMARK_NO_ARRAY, BAD_SECMARK_ENTRY, BAD_SECMARK_OPEN,
		BAD_DATA_OPEN, BAD_PROFILE_OPEN, BAD_PROFILE_EXTRA,
		BAD_NAME_EMPTY,
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!CHECK_EQ(load_part(bad[i], NULL), -EPROTO))
			printf("     (variant %d)\n", (int)bad[i]);
}
