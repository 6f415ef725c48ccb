// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The façade's records: every field of a struct aamed_audit the kernel
 * would print, by its audit name, as a JSON object (Decision.records).
 */
#include <stdio.h>

#include "aamed_py_int.h"

static void str_field(FILE *f, bool *first, const char *key, const char *v)
{
	if (!v)
		return;
	json_key(f, first, key);
	json_str(f, v);
}

static void long_field(FILE *f, bool *first, const char *key, long long v)
{
	json_key(f, first, key);
	fprintf(f, "%lld", v);
}

static void mask_field(FILE *f, bool *first, const char *key,
		       enum aamed_class c, uint32_t mask)
{
	char buf[200];

	/* a class without permission words prints no mask (capable) */
	if (aamed_perms_str(c, mask, buf, sizeof(buf)) && buf[0])
		str_field(f, first, key, buf);
}

/* The fields of a record of class c that only that class prints. */
static void class_fields(FILE *f, bool *first, const struct aamed_audit *r)
{
	if (r->class == AAMED_CLASS_FILE) {
		long_field(f, first, "fsuid", r->fsuid);
		long_field(f, first, "ouid", r->ouid);
	}
	if (r->class == AAMED_CLASS_NET || r->class == AAMED_CLASS_NETV9) {
		str_field(f, first, "family", aamed_family_name(r->family));
		str_field(f, first, "sock_type", aamed_sock_type_name(r->sock_type));
		long_field(f, first, "protocol", r->protocol);
		str_field(f, first, "addr", r->addr);
		str_field(f, first, "peer_addr", r->peer_addr);
	}
	if (r->class == AAMED_CLASS_CAP) {
		long_field(f, first, "capability", r->cap);
		str_field(f, first, "capname", aamed_cap_name(r->cap));
	}
	if (r->class == AAMED_CLASS_SIGNAL) {
		str_field(f, first, "signal", aamed_signal_name(r->signal));
		long_field(f, first, "signal_number", r->unmapped_signal);
	}
	if (r->class == AAMED_CLASS_DBUS) {
		str_field(f, first, "bus", r->bus);
		str_field(f, first, "path", r->path);
		str_field(f, first, "interface", r->interface);
		str_field(f, first, "member", r->member);
	}
	if (r->class == AAMED_CLASS_MOUNT) {
		str_field(f, first, "fstype", r->fstype);
		str_field(f, first, "srcname", r->srcname);
		str_field(f, first, "options", r->options);
	}
}

/* One record: every field the kernel would print, by its audit name. */
void py_record_json(FILE *f, const struct aamed_audit *r,
			const char *text)
{
	bool first = true;

	fputc('{', f);
	str_field(f, &first, "apparmor", aamed_audit_type_name(r->type));
	str_field(f, &first, "operation", r->op);
	long_field(f, &first, "class_id", r->class);
	str_field(f, &first, "namespace", r->ns);
	str_field(f, &first, "profile", r->profile);
	str_field(f, &first, "name", r->name);
	str_field(f, &first, "info", r->info);
	if (r->info && r->error)
		long_field(f, &first, "error", r->error);
	mask_field(f, &first, "requested_mask", r->class, r->request);
	if (r->denied)
		mask_field(f, &first, "denied_mask", r->class, r->denied);
	str_field(f, &first, "target", r->target);
	str_field(f, &first, "peer", r->peer);
	class_fields(f, &first, r);
	str_field(f, &first, "text", text);
	fputc('}', f);
}
