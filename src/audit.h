/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Audit data and records (the kernel's audit.h, audit.c).
 *
 * Every check fills one struct aa_audit_data on its stack: the hook the
 * caller's callback, the operation and the class part; the check its
 * info and peer; aa_audit() the rest, and only when a record is due.
 * Then aa_audit() turns it into the public struct aamed_audit, which
 * lives on aa_audit()'s stack until the callback returns.
 */
#ifndef AAMED_AUDIT_H
#define AAMED_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

struct aa_profile;
struct aa_label;

/* The kernel's apparmor_audit_data. */
struct aa_audit_data {
	aamed_audit_fn fn;	/* the caller's callback; NULL: no records */
	void *arg;
	enum aamed_class class;
	const char *op;
	const char *info;	/* persists across the profiles of a check */
	int error;
	uint32_t request;	/* what the record prints, set by the check */
	uint32_t denied;
	const struct aa_profile *subj;	/* the profile that logs */
	const struct aa_label *peer;	/* signal, ptrace: the other side;
					 * io_uring: the target label;
					 * rlimits: the other task's */
	const char *name;	/* file: the path */
	union {
		struct {
			const char *target;
			uint32_t fsuid, ouid;
		} fs;
		struct {
			const struct aamed_sock *sk;	/* NULL: create */
			uint16_t family, type, protocol;
			bool upstream;		/* upstream records */
			bool has_addr;		/* bind: addr is the address */
			const char *addr;	/* bind address, NULL: autobind */
			const char *peer_addr;	/* NULL: none */
			const struct aa_profile *peer;	/* unix peer profile */
		} net;
		int cap;
		struct {
			int signal;		/* AppArmor's number */
			int unmapped;		/* the kernel's number */
		} sig;
		struct {
			int resource;		/* AAMED_RLIMIT_* */
			uint64_t max;		/* the hard limit asked for */
		} rlim;
		struct {
			const char *src_name;	/* NULL: none */
			const char *type;
			const char *trans;
			const char *data;	/* options=, NULL: none */
			unsigned long flags;
		} mnt;
	};
};

/*
 * The kernel's DEFINE_AUDIT_DATA(): the common part. The class part is
 * the caller's to fill; fields the class does not print are never read.
 */
static inline void aa_audit_data_init(struct aa_audit_data *ad,
				      aamed_audit_fn fn, void *arg,
				      enum aamed_class class, const char *op)
{
	ad->fn = fn;
	ad->arg = arg;
	ad->class = class;
	ad->op = op;
	ad->info = NULL;
}

/* "Decide the type from the profile's modes" (AUDIT_APPARMOR_AUTO). */
#define AUDIT_AUTO ((enum aamed_audit_type) - 1)

/*
 * The kernel's aa_audit(): decide the record type from the profile's
 * modes, emit the record when the modes allow (ad->request, ad->denied
 * and ad->error as the check set them), and return ad->error mapped the
 * way the kernel does (complain mode turns -EACCES into 0).
 */
int aa_audit(enum aamed_audit_type type, const struct aa_profile *profile,
	     struct aa_audit_data *ad);

/* A bounded printer for records; n counts what was needed. */
struct aa_abuf {
	char *buf;
	size_t len;
	size_t n;
};
void aa_put(struct aa_abuf *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void aa_put_untrusted(struct aa_abuf *o, const char *s);

/*
 * What a class adds to records (the kernel's per-class audit_cb and
 * mask printers): one row per class in audit.c's table. fill writes
 * the class fields of a zeroed record from ad (buf: scratch that lives
 * as long as the record); print writes them after the common fields.
 */
struct aa_class_ops {
	const char *name;	/* class="" */
	size_t (*perms_str)(uint32_t mask, char *buf, size_t len);
	void (*fill)(struct aamed_audit *rec, const struct aa_audit_data *ad,
		     char *buf, size_t len);
	void (*print)(struct aa_abuf *o, const struct aamed_audit *r);
	/* a record that is not the kernel's (dbus-daemon's): printed whole */
	void (*format)(struct aa_abuf *o, const struct aamed_audit *r);
};

extern const struct aa_class_ops aa_file_class;
extern const struct aa_class_ops aa_cap_class;
extern const struct aa_class_ops aa_net_class;
extern const struct aa_class_ops aa_signal_class;
extern const struct aa_class_ops aa_ptrace_class;
extern const struct aa_class_ops aa_ns_class;
extern const struct aa_class_ops aa_uring_class;
extern const struct aa_class_ops aa_rlimit_class;
extern const struct aa_class_ops aa_dbus_class;
extern const struct aa_class_ops aa_mount_class;

#endif
