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

int aa_audit_type(enum aamed_audit_type type, const struct aa_profile *profile,
		  int error)
{
	if (type == AUDIT_AUTO) {
		if (!error) {
			if (profile->audit != AUDIT_ALL)
				return -1;
			type = AAMED_AUDIT_AUDIT;
		} else if (profile->mode == APPARMOR_COMPLAIN) {
			type = AAMED_AUDIT_ALLOWED;
		} else {
			type = AAMED_AUDIT_DENIED;
		}
	}
	if (profile->audit == AUDIT_QUIET ||
	    (type == AAMED_AUDIT_DENIED && profile->audit == AUDIT_QUIET_DENIED))
		return -1;
	if (profile->mode == APPARMOR_KILL && type == AAMED_AUDIT_DENIED)
		type = AAMED_AUDIT_KILLED;
	return (int)type;
}

int aa_audit_result(int type, int error)
{
	return type == AAMED_AUDIT_ALLOWED ? complain_error(error) : error;
}

int aa_audit(const struct aa_audit_ctx *ctx, enum aamed_audit_type type,
	     const struct aa_profile *profile, struct aamed_audit *rec)
{
	int t = aa_audit_type(type, profile, rec->error);

	if (t < 0)
		return rec->error;
	rec->type = (enum aamed_audit_type)t;
	rec->ns = profile->ns->name[0] ? profile->ns->name : NULL;
	rec->profile = profile->hname;
	if (ctx && ctx->fn)
		ctx->fn(rec, ctx->arg);
	return aa_audit_result(t, rec->error);
}

/* ------------------------------------------------------------------ */
/* Printing. */

void aa_put(struct aa_abuf *o, const char *fmt, ...)
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
void aa_put_untrusted(struct aa_abuf *o, const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (*p == '"' || *p < 0x21 || *p > 0x7e)
			break;
	if (!*p) {
		aa_put(o, "\"%s\"", s);
		return;
	}
	for (p = (const unsigned char *)s; *p; p++)
		aa_put(o, "%02X", *p);
}

size_t aamed_perms_str(enum aamed_class class, uint32_t mask, char *buf,
		       size_t len)
{
	switch (class) {
	case AAMED_CLASS_FILE:
		return aa_file_perms_str(mask, buf, len);
	case AAMED_CLASS_NET:
		return aa_net_perms_str(mask, buf, len);
	case AAMED_CLASS_SIGNAL:
		return aa_signal_perms_str(mask, buf, len);
	case AAMED_CLASS_PTRACE:
		return aa_ptrace_perms_str(mask, buf, len);
	default:
		if (len)
			buf[0] = '\0';
		return 0;
	}
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

size_t aamed_audit_format(const struct aamed_audit *r, char *buf, size_t len,
			  unsigned flags, long pid, const char *comm)
{
	struct aa_abuf o = { buf, len, 0 };
	const char *cn = class_name(r->class);

	if (len)
		buf[0] = '\0';
	aa_put(&o, "apparmor=\"%s\"",
	    (unsigned)r->type < ARRAY_SIZE(type_names) ? type_names[r->type]
						       : "AUTO");
	if (r->op)
		aa_put(&o, " operation=\"%s\"", r->op);
	if ((flags & AAMED_FMT_CLASS) && cn)
		aa_put(&o, " class=\"%s\"", cn);
	if (r->info) {
		aa_put(&o, " info=\"%s\"", r->info);
		if (r->error)
			aa_put(&o, " error=%d", r->error);
	}
	if (r->profile) {
		if (r->ns) {
			/* the kernel prints the namespace's hname: root//ns */
			char ns[300];

			snprintf(ns, sizeof(ns), "root//%s", r->ns);
			aa_put(&o, " namespace=");
			aa_put_untrusted(&o, ns);
		}
		aa_put(&o, " profile=");
		aa_put_untrusted(&o, r->profile);
	}
	if (r->name) {
		aa_put(&o, " name=");
		aa_put_untrusted(&o, r->name);
	}
	if (pid >= 0) {
		aa_put(&o, " pid=%ld comm=", pid);
		aa_put_untrusted(&o, comm ? comm : "");
	}
	switch (r->class) {
	case AAMED_CLASS_FILE:
		aa_file_audit_fields(&o, r);
		break;
	case AAMED_CLASS_NET:
		aa_net_audit_fields(&o, r);
		break;
	case AAMED_CLASS_CAP:
		aa_cap_audit_fields(&o, r);
		break;
	case AAMED_CLASS_SIGNAL:
		aa_signal_audit_fields(&o, r);
		break;
	case AAMED_CLASS_PTRACE:
		aa_ptrace_audit_fields(&o, r);
		break;
	default:
		break;
	}
	return o.n;
}
