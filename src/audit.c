// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Audit records: deciding whether one is emitted (the kernel's
 * aa_audit()), building it from the audit data, and printing it in the
 * kernel's own field order, names and quoting. What differs by class
 * comes from the class table below.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "policy.h"

/* The classes records can carry, one row each. */
static const struct aa_class_ops *const class_ops[AA_CLASS_LAST + 1] = {
	[AA_CLASS_FILE] = &aa_file_class,
	[AA_CLASS_CAP] = &aa_cap_class,
	[AA_CLASS_RLIMITS] = &aa_rlimit_class,
	[AA_CLASS_NET] = &aa_net_class,
	[AA_CLASS_SIGNAL] = &aa_signal_class,
	[AA_CLASS_PTRACE] = &aa_ptrace_class,
	[AA_CLASS_NS] = &aa_ns_class,
	[AA_CLASS_IO_URING] = &aa_uring_class,
	[AA_CLASS_DBUS] = &aa_dbus_class,
	[AA_CLASS_MOUNT] = &aa_mount_class,
};

static const struct aa_class_ops *ops_of(enum aamed_class class)
{
	return (unsigned)class < ARRAY_SIZE(class_ops) ? class_ops[class]
						       : NULL;
}

/* Complain mode turns a permission error into success, nothing else. */
static int complain_error(int error)
{
	return (error == -EPERM || error == -EACCES) ? 0 : error;
}

/*
 * aa_audit_msg(): the public record from the audit data, handed to the
 * caller. peer[] is scratch for the class fill (the peer's text).
 */
static void audit_msg(enum aamed_audit_type type, const struct aa_audit_data *ad)
{
	const struct aa_class_ops *ops = ops_of(ad->class);
	const struct aa_profile *profile = ad->subj;
	struct aamed_audit rec;
	char peer[1024];

	memset(&rec, 0, sizeof(rec));
	rec.size = sizeof(rec);
	rec.type = type;
	rec.class = ad->class;
	rec.op = ad->op;
	rec.info = ad->info;
	rec.error = ad->error;
	rec.ns = profile->ns->name[0] ? profile->ns->name : NULL;
	rec.profile = profile->hname;
	rec.request = ad->request;
	rec.denied = ad->denied;
	if (ops && ops->fill)
		ops->fill(&rec, ad, peer, sizeof(peer));
	ad->fn(&rec, ad->arg);
}

int aa_audit(enum aamed_audit_type type, const struct aa_profile *profile,
	     struct aa_audit_data *ad)
{
	if (type == AUDIT_AUTO) {
		if (likely(!ad->error)) {
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
		return ad->error;
	if (profile->mode == APPARMOR_KILL && type == AAMED_AUDIT_DENIED)
		type = AAMED_AUDIT_KILLED;
	ad->subj = profile;
	if (ad->fn)
		audit_msg(type, ad);
	if (type == AAMED_AUDIT_ALLOWED)
		ad->error = complain_error(ad->error);
	return ad->error;
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
	const struct aa_class_ops *ops = ops_of(class);

	if (ops && ops->perms_str)
		return ops->perms_str(mask, buf, len);
	if (len)
		buf[0] = '\0';
	return 0;
}

static const char *const type_names[] = {
	[AAMED_AUDIT_AUDIT] = "AUDIT",	   [AAMED_AUDIT_ALLOWED] = "ALLOWED",
	[AAMED_AUDIT_DENIED] = "DENIED",   [AAMED_AUDIT_HINT] = "HINT",
	[AAMED_AUDIT_STATUS] = "STATUS",   [AAMED_AUDIT_ERROR] = "ERROR",
	[AAMED_AUDIT_KILLED] = "KILLED",
};

const char *aamed_audit_type_name(enum aamed_audit_type type)
{
	return (unsigned)type < ARRAY_SIZE(type_names) ? type_names[type] : NULL;
}

size_t aamed_audit_format(const struct aamed_audit *r, char *buf, size_t len,
			  unsigned flags, long pid, const char *comm)
{
	const struct aa_class_ops *ops = ops_of(r->class);
	struct aa_abuf o = { buf, len, 0 };

	if (len)
		buf[0] = '\0';
	if (ops && ops->format) {
		ops->format(&o, r);
		return o.n;
	}
	aa_put(&o, "apparmor=\"%s\"",
	       aamed_audit_type_name(r->type) ? aamed_audit_type_name(r->type)
					      : "AUTO");
	if (r->op)
		aa_put(&o, " operation=\"%s\"", r->op);
	if ((flags & AAMED_FMT_CLASS) && ops)
		aa_put(&o, " class=\"%s\"", ops->name);
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
	if (ops && ops->print)
		ops->print(&o, r);
	return o.n;
}
