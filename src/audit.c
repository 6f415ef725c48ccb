// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Audit records: deciding whether one is emitted (the kernel's
 * aa_audit()) and printing it in the kernel's own field order, names and
 * quoting.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Complain mode turns a permission error into success, nothing else. */
static int complain_error(int error)
{
	return (error == -EPERM || error == -EACCES) ? 0 : error;
}

int aa_audit(const struct aa_audit_ctx *ctx, enum aamed_audit_type type,
	     const struct aa_profile *profile, struct aamed_audit *rec)
{
	if (type == AUDIT_AUTO) {
		if (!rec->error) {
			if (profile->audit != AUDIT_ALL)
				return 0;
			type = AAMED_AUDIT_AUDIT;
		} else if (profile->mode == APPARMOR_COMPLAIN) {
			type = AAMED_AUDIT_ALLOWED;
		} else {
			type = AAMED_AUDIT_DENIED;
		}
	}
	if (profile->audit == AUDIT_QUIET ||
	    (type == AAMED_AUDIT_DENIED && profile->audit == AUDIT_QUIET_DENIED))
		return rec->error;
	if (profile->mode == APPARMOR_KILL && type == AAMED_AUDIT_DENIED)
		type = AAMED_AUDIT_KILLED;
	rec->type = type;
	rec->ns = profile->ns->name[0] ? profile->ns->name : NULL;
	rec->profile = profile->hname;
	if (ctx && ctx->fn)
		ctx->fn(rec, ctx->arg);
	if (type == AAMED_AUDIT_ALLOWED)
		return complain_error(rec->error);
	return rec->error;
}

/* ------------------------------------------------------------------ */
/* Printing. */

struct out {
	char *buf;
	size_t len;
	size_t n;	/* needed so far */
};

static void put(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(o->n < o->len ? o->buf + o->n : NULL,
		      o->n < o->len ? o->len - o->n : 0, fmt, ap);
	va_end(ap);
	if (r > 0)
		o->n += (size_t)r;
}

/*
 * audit_log_untrustedstring(): quoted, unless a byte is a double quote,
 * a space or control character, or above 0x7e: then upper-case hex.
 */
static void put_untrusted(struct out *o, const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (*p == '"' || *p < 0x21 || *p > 0x7e)
			break;
	if (!*p) {
		put(o, "\"%s\"", s);
		return;
	}
	for (p = (const unsigned char *)s; *p; p++)
		put(o, "%02X", *p);
}

static const char *const type_names[] = {
	[AAMED_AUDIT_AUDIT] = "AUDIT",	   [AAMED_AUDIT_ALLOWED] = "ALLOWED",
	[AAMED_AUDIT_DENIED] = "DENIED",   [AAMED_AUDIT_HINT] = "HINT",
	[AAMED_AUDIT_STATUS] = "STATUS",   [AAMED_AUDIT_ERROR] = "ERROR",
	[AAMED_AUDIT_KILLED] = "KILLED",
};

static const char *class_name(enum aamed_class c)
{
	switch (c) {
	case AAMED_CLASS_FILE:
		return "file";
	case AAMED_CLASS_CAP:
		return "cap";
	case AAMED_CLASS_NET:
		return "net";
	case AAMED_CLASS_SIGNAL:
		return "signal";
	case AAMED_CLASS_PTRACE:
		return "ptrace";
	default:
		return NULL;
	}
}

/* Bits the file record prints (AA_AUDIT_FILE_MASK). */
#define AUDIT_FILE_MASK                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_EXEC |               \
	 AAMED_MAY_APPEND | AAMED_MAY_CREATE | AAMED_MAY_DELETE |          \
	 AAMED_MAY_GETATTR | AAMED_MAY_SETATTR | AAMED_MAY_CHMOD |         \
	 AAMED_MAY_CHOWN | AAMED_MAY_LOCK | AAMED_EXEC_MMAP | AAMED_MAY_LINK)

#define PERMS_CHRS_MASK                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_CREATE |             \
	 AAMED_MAY_DELETE | AAMED_MAY_LINK | AAMED_MAY_LOCK |              \
	 AAMED_MAY_EXEC | AAMED_EXEC_MMAP | AAMED_MAY_APPEND)

/* aa_file_perm_chrs: one character per bit, ' ' for none. */
static const char file_chrs[] = "xwracd         km l     ";

size_t aamed_perms_str(enum aamed_class class, uint32_t mask, char *buf,
		       size_t len)
{
	char tmp[40];
	size_t n = 0;
	unsigned i;

	if (class == AAMED_CLASS_FILE) {
		uint32_t m = mask & PERMS_CHRS_MASK;

		if (mask & AAMED_MAY_GETATTR)
			m |= AAMED_MAY_READ;
		if (mask & (AAMED_MAY_SETATTR | AAMED_MAY_CHMOD |
			    AAMED_MAY_CHOWN))
			m |= AAMED_MAY_WRITE;
		for (i = 0; i < sizeof(file_chrs) - 1; i++)
			if ((m & (1u << i)) && file_chrs[i] != ' ')
				tmp[n++] = file_chrs[i];
	}
	tmp[n] = '\0';
	if (len)
		snprintf(buf, len, "%s", tmp);
	return n;
}

static void file_fields(struct out *o, const struct aamed_audit *r)
{
	char s[40];

	if (r->request & AUDIT_FILE_MASK) {
		aamed_perms_str(AAMED_CLASS_FILE, r->request, s, sizeof(s));
		put(o, " requested_mask=\"%s\"", s);
	}
	if (r->denied & AUDIT_FILE_MASK) {
		aamed_perms_str(AAMED_CLASS_FILE, r->denied, s, sizeof(s));
		put(o, " denied_mask=\"%s\"", s);
	}
	if (r->request & AUDIT_FILE_MASK)
		put(o, " fsuid=%u ouid=%u", r->fsuid, r->ouid);
	if (r->target) {
		put(o, " target=");
		put_untrusted(o, r->target);
	}
}

size_t aamed_audit_format(const struct aamed_audit *r, char *buf, size_t len,
			  unsigned flags, long pid, const char *comm)
{
	struct out o = { buf, len, 0 };
	const char *cn = class_name(r->class);

	if (len)
		buf[0] = '\0';
	put(&o, "apparmor=\"%s\"",
	    (unsigned)r->type < ARRAY_SIZE(type_names) ? type_names[r->type]
						       : "AUTO");
	if (r->op)
		put(&o, " operation=\"%s\"", r->op);
	if ((flags & AAMED_FMT_CLASS) && cn)
		put(&o, " class=\"%s\"", cn);
	if (r->info) {
		put(&o, " info=\"%s\"", r->info);
		if (r->error)
			put(&o, " error=%d", r->error);
	}
	if (r->profile) {
		if (r->ns) {
			/* the kernel prints the namespace's hname: root//ns */
			char ns[300];

			snprintf(ns, sizeof(ns), "root//%s", r->ns);
			put(&o, " namespace=");
			put_untrusted(&o, ns);
		}
		put(&o, " profile=");
		put_untrusted(&o, r->profile);
	}
	if (r->name) {
		put(&o, " name=");
		put_untrusted(&o, r->name);
	}
	if (pid >= 0) {
		put(&o, " pid=%ld comm=", pid);
		put_untrusted(&o, comm ? comm : "");
	}
	if (r->class == AAMED_CLASS_FILE)
		file_fields(&o, r);
	return o.n;
}
