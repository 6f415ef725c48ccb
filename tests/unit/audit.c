// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Audit record formatting (audit.c): the kernel's field order, its
 * escaping of untrusted strings and the file permission masks.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "aamed.h"
#include "internal.h"
#include "harness.h"

/* Audit record formatting (notes §4.1, §4.2, §2.3, §2.4). */

static const char *fmt(const struct aamed_audit *r, unsigned flags, long pid,
		       const char *comm)
{
	static char buf[2048];
	size_t n = aamed_audit_format(r, buf, sizeof(buf), flags, pid, comm);

	if (n != strlen(buf))
		printf("     (returned length %zu, string %zu)\n", n, strlen(buf));
	return buf;
}

static const char *mask(uint32_t m)
{
	static char buf[64];

	aamed_perms_str(AAMED_CLASS_FILE, m, buf, sizeof(buf));
	return buf;
}

static struct aamed_audit file_rec(void)
{
	struct aamed_audit r;

	memset(&r, 0, sizeof(r));
	r.type = AAMED_AUDIT_DENIED;
	r.class = AAMED_CLASS_FILE;
	r.op = "open";
	r.error = -EACCES;
	r.profile = "/usr/bin/foo";
	r.name = "/etc/shadow";
	r.request = AAMED_MAY_READ;
	r.denied = AAMED_MAY_READ;
	r.fsuid = 1000;
	r.ouid = 0;
	return r;
}

/* The fields, their order, and the kernel's record types. */
void unit_audit_fields(void)
{
	struct aamed_audit r;

	r = file_rec();
	CHECK_STR(fmt(&r, 0, 42, "cat"),
		  "apparmor=\"DENIED\" operation=\"open\" profile=\"/usr/bin/foo\""
		  " name=\"/etc/shadow\" pid=42 comm=\"cat\" requested_mask=\"r\""
		  " denied_mask=\"r\" fsuid=1000 ouid=0");
	/* class="file" only when asked (6.12 prints it, 6.1 does not) */
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, 42, "cat"),
		  "apparmor=\"DENIED\" operation=\"open\" class=\"file\""
		  " profile=\"/usr/bin/foo\" name=\"/etc/shadow\" pid=42"
		  " comm=\"cat\" requested_mask=\"r\" denied_mask=\"r\""
		  " fsuid=1000 ouid=0");
	/* no pid, no comm */
	CHECK_STR(fmt(&r, 0, -1, "cat"),
		  "apparmor=\"DENIED\" operation=\"open\" profile=\"/usr/bin/foo\""
		  " name=\"/etc/shadow\" requested_mask=\"r\" denied_mask=\"r\""
		  " fsuid=1000 ouid=0");

	/* info, and error only together with info */
	r.info = "Failed name lookup - deleted entry";
	r.error = -ENOENT;
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"open\" class=\"file\""
		  " info=\"Failed name lookup - deleted entry\" error=-2"
		  " profile=\"/usr/bin/foo\" name=\"/etc/shadow\""
		  " requested_mask=\"r\" denied_mask=\"r\" fsuid=1000 ouid=0");
	r.error = 0;
	r.type = AAMED_AUDIT_AUDIT;
	r.denied = 0;
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"AUDIT\" operation=\"open\""
		  " info=\"Failed name lookup - deleted entry\""
		  " profile=\"/usr/bin/foo\" name=\"/etc/shadow\""
		  " requested_mask=\"r\" fsuid=1000 ouid=0");
	r = file_rec();
	r.info = NULL;
	CHECK(!strstr(fmt(&r, 0, -1, NULL), "error="));

	/* a non-root namespace: namespace=root//ns before profile= */
	r = file_rec();
	r.ns = "foo";
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"open\" namespace=\"root//foo\""
		  " profile=\"/usr/bin/foo\" name=\"/etc/shadow\""
		  " requested_mask=\"r\" denied_mask=\"r\" fsuid=1000 ouid=0");

	/* types */
	r = file_rec();
	r.type = AAMED_AUDIT_ALLOWED;
	CHECK(!strncmp(fmt(&r, 0, -1, NULL), "apparmor=\"ALLOWED\" ", 19));
	r.type = AAMED_AUDIT_KILLED;
	CHECK(!strncmp(fmt(&r, 0, -1, NULL), "apparmor=\"KILLED\" ", 18));
	r.type = AAMED_AUDIT_STATUS;
	CHECK(!strncmp(fmt(&r, 0, -1, NULL), "apparmor=\"STATUS\" ", 18));
	r.type = AAMED_AUDIT_HINT;
	CHECK(!strncmp(fmt(&r, 0, -1, NULL), "apparmor=\"HINT\" ", 16));
	r.type = AAMED_AUDIT_ERROR;
	CHECK(!strncmp(fmt(&r, 0, -1, NULL), "apparmor=\"ERROR\" ", 17));

}

/* Untrusted strings: hex, upper case, no quotes, when needed. */
void unit_audit_escape(void)
{
	struct aamed_audit r;

	r = file_rec();
	r.name = "/tmp/a b";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702F612062 "));
	r.name = "/tmp/a\"b";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702F612262 "));
	r.name = "/tmp/\x01";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702F01 "));
	r.name = "/tmp/\t";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702F09 "));
	r.name = "/tmp/\x7f";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702F7F "));
	r.name = "/tmp/\xc3\xa9";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702FC3A9 "));
	r.name = "/tmp/\xff";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=2F746D702FFF "));
	r.name = "/tmp/~!'$\\{}";	/* printable, no double quote: quoted */
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=\"/tmp/~!'$\\{}\" "));
	r.name = "";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " name=\"\" "));
	r = file_rec();
	r.profile = "my profile";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " profile=6D792070726F66696C65 "));
	r = file_rec();
	CHECK(strstr(fmt(&r, 0, 7, "a b"), " pid=7 comm=612062 "));
	r.target = "/tmp/t x";
	CHECK(strstr(fmt(&r, 0, -1, NULL), " target=2F746D702F742078"));
	/* no name: no name= */
	r = file_rec();
	r.name = NULL;
	CHECK(!strstr(fmt(&r, 0, -1, NULL), "name="));

}

/* The permission masks: letters, uids, what is left out. */
void unit_audit_mask(void)
{
	struct aamed_audit r;

	/* requested_mask letters: always x w r a c d k m l */
	CHECK_STR(mask(AAMED_MAY_READ | AAMED_MAY_WRITE), "wr");
	CHECK_STR(mask(AAMED_MAY_LINK | AAMED_EXEC_MMAP | AAMED_MAY_LOCK |
		       AAMED_MAY_DELETE | AAMED_MAY_CREATE | AAMED_MAY_APPEND |
		       AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_EXEC),
		  "xwracdkml");
	CHECK_STR(mask(AAMED_MAY_LINK | AAMED_MAY_EXEC), "xl");
	CHECK_STR(mask(AAMED_MAY_GETATTR), "r");
	CHECK_STR(mask(AAMED_MAY_GETATTR | AAMED_MAY_READ), "r");
	CHECK_STR(mask(AAMED_MAY_SETATTR), "w");
	CHECK_STR(mask(AAMED_MAY_CHMOD), "w");
	CHECK_STR(mask(AAMED_MAY_CHOWN), "w");
	CHECK_STR(mask(AAMED_MAY_CHMOD | AAMED_MAY_GETATTR | AAMED_MAY_EXEC), "xwr");
	/* rename_src: read getattr write setattr delete */
	CHECK_STR(mask(AAMED_MAY_READ | AAMED_MAY_GETATTR | AAMED_MAY_WRITE |
		       AAMED_MAY_SETATTR | AAMED_MAY_DELETE),
		  "wrd");
	CHECK_STR(mask(AAMED_MAY_OPEN), "");
	CHECK_STR(mask(AAMED_MAY_CHGRP), "");
	CHECK_STR(mask(AAMED_MAY_CHANGE_PROFILE | AAMED_MAY_ONEXEC), "");
	CHECK_STR(mask(0), "");

	/* in records */
	r = file_rec();
	r.request = AAMED_MAY_WRITE | AAMED_MAY_SETATTR;
	r.denied = AAMED_MAY_SETATTR;
	CHECK(strstr(fmt(&r, 0, -1, NULL),
		     " requested_mask=\"w\" denied_mask=\"w\" fsuid=1000 ouid=0"));
	r.request = AAMED_MAY_EXEC | AAMED_MAY_LINK;
	r.denied = AAMED_MAY_LINK;
	CHECK(strstr(fmt(&r, 0, -1, NULL),
		     " requested_mask=\"xl\" denied_mask=\"l\" fsuid=1000 ouid=0"));

	/* file_audit_cb prints the uids with %d: 2^31 and up go negative */
	r = file_rec();
	r.fsuid = 0x80000000u;
	r.ouid = 0xffffffffu;
	CHECK(strstr(fmt(&r, 0, -1, NULL), " fsuid=-2147483648 ouid=-1"));
	r.fsuid = 0x7fffffffu;
	r.ouid = 65534;
	CHECK(strstr(fmt(&r, 0, -1, NULL), " fsuid=2147483647 ouid=65534"));

	/* a request of only open (or onexec...) prints no mask, no uids */
	r = file_rec();
	r.request = AAMED_MAY_OPEN;
	r.denied = AAMED_MAY_OPEN;
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"open\" profile=\"/usr/bin/foo\""
		  " name=\"/etc/shadow\"");
	r.op = "exec";
	r.request = AAMED_MAY_ONEXEC;
	r.denied = 0;
	r.target = "bar";
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"exec\" profile=\"/usr/bin/foo\""
		  " name=\"/etc/shadow\" target=\"bar\"");
	/* a denied mask of 0 is not printed; target comes last */
	r = file_rec();
	r.type = AAMED_AUDIT_AUDIT;
	r.error = 0;
	r.denied = 0;
	r.op = "link";
	r.request = AAMED_MAY_LINK;
	r.target = "/tmp/target";
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, 9, "ln"),
		  "apparmor=\"AUDIT\" operation=\"link\" class=\"file\""
		  " profile=\"/usr/bin/foo\" name=\"/etc/shadow\" pid=9"
		  " comm=\"ln\" requested_mask=\"l\" fsuid=1000 ouid=0"
		  " target=\"/tmp/target\"");

	/* a record with no class prints no file fields and no class= */
	r = file_rec();
	r.class = AAMED_CLASS_NONE;
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"open\" profile=\"/usr/bin/foo\""
		  " name=\"/etc/shadow\"");

}

/* snprintf-like: the needed length, a truncated NUL-terminated copy. */
void unit_audit_truncate(void)
{
	struct aamed_audit r;
	char small[16];
	size_t n;

	r = file_rec();
	n = aamed_audit_format(&r, small, sizeof(small), 0, -1, NULL);
	CHECK_EQ(n, strlen(fmt(&r, 0, -1, NULL)));
	CHECK_EQ(strlen(small), sizeof(small) - 1);
	CHECK(!strncmp(small, "apparmor=\"DENIE", sizeof(small) - 1));
	CHECK_EQ(aamed_audit_format(&r, NULL, 0, 0, -1, NULL), n);
}

/*
 * Masks of the other classes: a signal prints "receive" for read before
 * "send" for write (audit_signal_mask()), ptrace exactly one of its four
 * words (audit_ptrace_mask()), and a class with no mask names nothing.
 */
void unit_audit_class_masks(void)
{
	char buf[32];

	CHECK_EQ(aamed_perms_str(AAMED_CLASS_SIGNAL, AAMED_MAY_WRITE, buf,
				 sizeof(buf)), 4);
	CHECK_STR(buf, "send");
	aamed_perms_str(AAMED_CLASS_SIGNAL, AAMED_MAY_READ, buf, sizeof(buf));
	CHECK_STR(buf, "receive");
	aamed_perms_str(AAMED_CLASS_SIGNAL, AAMED_MAY_READ | AAMED_MAY_WRITE,
			buf, sizeof(buf));
	CHECK_STR(buf, "receive");
	aamed_perms_str(AAMED_CLASS_PTRACE, AAMED_MAY_READ, buf, sizeof(buf));
	CHECK_STR(buf, "read");
	aamed_perms_str(AAMED_CLASS_PTRACE, AAMED_MAY_WRITE, buf, sizeof(buf));
	CHECK_STR(buf, "trace");
	aamed_perms_str(AAMED_CLASS_PTRACE, AAMED_PTRACE_READBY, buf,
			sizeof(buf));
	CHECK_STR(buf, "readby");
	aamed_perms_str(AAMED_CLASS_PTRACE, AAMED_PTRACE_TRACEDBY, buf,
			sizeof(buf));
	CHECK_STR(buf, "tracedby");
	strcpy(buf, "x");
	CHECK_EQ(aamed_perms_str(AAMED_CLASS_CAP, AAMED_MAY_READ, buf,
				 sizeof(buf)), 0);
	CHECK_STR(buf, "");
	CHECK_EQ(aamed_perms_str(AAMED_CLASS_NONE, AAMED_MAY_READ, NULL, 0), 0);
}

/*
 * User namespace and io_uring records print the kernel's own keys
 * (audit_ns_cb(), audit_uring_cb()): requested= and denied= rather than
 * the _mask keys, one io_uring word with sqpoll first, tcontext= for the
 * target of override_creds, and 6.12's class names.
 */
void unit_audit_ns_uring(void)
{
	struct aamed_audit r;
	char buf[32];

	memset(&r, 0, sizeof(r));
	r.size = sizeof(r);
	r.type = AAMED_AUDIT_DENIED;
	r.class = AAMED_CLASS_NS;
	r.op = "userns_create";
	r.profile = "p";
	r.request = AAMED_USERNS_CREATE;
	r.denied = AAMED_USERNS_CREATE;
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, 7, "unshare"),
		  "apparmor=\"DENIED\" operation=\"userns_create\""
		  " class=\"namespace\" profile=\"p\" pid=7 comm=\"unshare\""
		  " requested=\"userns_create\" denied=\"userns_create\"");
	r.type = AAMED_AUDIT_AUDIT;
	r.denied = 0;
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"AUDIT\" operation=\"userns_create\" profile=\"p\""
		  " requested=\"userns_create\"");

	r.class = AAMED_CLASS_IO_URING;
	r.type = AAMED_AUDIT_DENIED;
	r.op = "uring_override";
	r.request = r.denied = AAMED_URING_OVERRIDE_CREDS;
	r.peer = "a//&b";
	CHECK_STR(fmt(&r, AAMED_FMT_CLASS, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"uring_override\""
		  " class=\"io_uring\" profile=\"p\""
		  " requested=\"override_creds\" denied=\"override_creds\""
		  " tcontext=\"a//&b\"");
	r.op = "uring_sqpoll";
	r.request = r.denied = AAMED_URING_SQPOLL;
	r.peer = NULL;
	CHECK_STR(fmt(&r, 0, -1, NULL),
		  "apparmor=\"DENIED\" operation=\"uring_sqpoll\" profile=\"p\""
		  " requested=\"sqpoll\" denied=\"sqpoll\"");

	aamed_perms_str(AAMED_CLASS_IO_URING,
			AAMED_URING_SQPOLL | AAMED_URING_OVERRIDE_CREDS, buf,
			sizeof(buf));
	CHECK_STR(buf, "sqpoll");
	CHECK_EQ(aamed_perms_str(AAMED_CLASS_NS, AAMED_MAY_READ, buf,
				 sizeof(buf)), 0);
	CHECK_STR(buf, "");
}
