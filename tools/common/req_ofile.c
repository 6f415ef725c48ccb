// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Queries about open files (docs/query-language.md):
 *   file PATH PERMS --op file_perm|file_receive|file_inherit
 *        [--opened-by LABEL] [--open-perms PERMS] [--ctty] [--revoked]
 *        [--unmediated] [--exec-fsuid N] [--opened-elsewhere]
 * PATH may be socket:FAMILY:TYPE[:PROTOCOL] for a socket's descriptor
 * (PERMS: r is receive, w is send).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* An option of the open-file words; 1 when it took val, 0 when a flag. */
int ofile_option(struct query *q, const char *a, const char *val, char *err,
		 size_t errlen)
{
	struct ofile_query *o = &q->ofile;

	if (!strcmp(a, "--ctty") || !strcmp(a, "--revoked") ||
	    !strcmp(a, "--unmediated") || !strcmp(a, "--opened-elsewhere")) {
		if (a[2] == 'o')
			o->elsewhere = true;
		else if (a[2] == 'c')
			o->ctty = true;
		else if (a[2] == 'r')
			o->revoked = true;
		else
			o->unmediated = true;
		return 0;
	}
	if (!val) {
		snprintf(err, errlen, "%s needs a value", a);
		return -1;
	}
	if (!strcmp(a, "--opened-by"))
		o->opened_by = val;
	else if (!strcmp(a, "--exec-fsuid"))
		o->exec_fsuid = val;
	else
		o->open_perms = val;
	return 1;
}

bool ofile_is_option(const char *a)
{
	return !strcmp(a, "--opened-by") || !strcmp(a, "--open-perms") ||
	       !strcmp(a, "--exec-fsuid") || !strcmp(a, "--opened-elsewhere") ||
	       !strcmp(a, "--ctty") || !strcmp(a, "--revoked") ||
	       !strcmp(a, "--unmediated");
}

bool ofile_takes_value(const char *a)
{
	return !strcmp(a, "--opened-by") || !strcmp(a, "--open-perms") ||
	       !strcmp(a, "--exec-fsuid");
}

/* A family or type by the library's name, or a small number. */
static int name_or_num(const char *(*name)(int), const char *s, int max)
{
	char *end;
	long v;
	int i;

	for (i = 0; i < max; i++) {
		const char *n = name(i);

		if (n && !strcmp(n, s))
			return i;
	}
	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 0 || v >= max)
		return -1;
	return (int)v;
}

/* socket:FAMILY:TYPE[:PROTOCOL] */
static int parse_sock(const char *path, struct aamed_sock *sk, char *err,
		      size_t errlen)
{
	char buf[96], *fam, *type, *proto;
	int f, t;
	long p = 0;

	if (strlen(path) >= sizeof(buf))
		goto bad;
	memcpy(buf, path, strlen(path) + 1);
	fam = buf + 7;
	type = strchr(fam, ':');
	if (!type)
		goto bad;
	*type++ = 0;
	proto = strchr(type, ':');
	if (proto) {
		char *end;

		*proto++ = 0;
		errno = 0;
		p = strtol(proto, &end, 10);
		if (!*proto || errno || *end || p < 0 || p > 0xffff)
			goto bad;
	}
	f = name_or_num(aamed_family_name, fam, 46);
	t = name_or_num(aamed_sock_type_name, type, 11);
	if (f < 0 || t < 0)
		goto bad;
	memset(sk, 0, sizeof(*sk));
	sk->size = sizeof(*sk);
	sk->family = (uint16_t)f;
	sk->type = (uint16_t)t;
	sk->protocol = (uint16_t)p;
	return 0;
bad:
	snprintf(err, errlen,
		 "bad socket \"%s\" (socket:FAMILY:TYPE[:PROTOCOL], e.g. socket:unix:stream)",
		 path);
	return -1;
}

/* After the file words: is this an open-file query? 0, or -1 with err. */
int ofile_finish(struct query *q, char *err, size_t errlen)
{
	struct ofile_query *o = &q->ofile;
	enum aamed_file_op op = q->file.op;
	uint32_t m;
	int rop;

	if (op != AAMED_OP_FILE_PERM && op != AAMED_OP_FILE_RECEIVE &&
	    op != AAMED_OP_FILE_INHERIT && !o->opened_by && !o->is_sock &&
	    !o->elsewhere) {
		if (o->open_perms || o->ctty || o->revoked || o->unmediated) {
			snprintf(err, errlen,
				 "--open-perms, --ctty, --revoked and --unmediated need an open file (--op file_perm, file_receive, file_inherit or --opened-by)");
			return -1;
		}
		return 0;
	}
	if (op != AAMED_OP_FILE_PERM && op != AAMED_OP_FILE_RECEIVE &&
	    op != AAMED_OP_FILE_INHERIT && op != AAMED_OP_FILE_LOCK &&
	    op != AAMED_OP_FILE_MMAP && op != AAMED_OP_FILE_MPROT) {
		snprintf(err, errlen,
			 "operation \"%s\" is not a use of an open file",
			 aamed_file_op_name(op));
		return -1;
	}
	if (o->elsewhere && o->opened_by) {
		snprintf(err, errlen,
			 "--opened-elsewhere and --opened-by exclude each other");
		return -1;
	}
	if ((o->ctty || o->exec_fsuid) && op != AAMED_OP_FILE_INHERIT) {
		snprintf(err, errlen,
			 "--ctty and --exec-fsuid go with --op file_inherit");
		return -1;
	}
	o->exec_uid = q->file.fsuid;
	if (o->exec_fsuid) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(o->exec_fsuid, &end, 10);
		if (!*o->exec_fsuid || *o->exec_fsuid == '-' || errno ||
		    *end || v > 0xffffffffUL) {
			snprintf(err, errlen, "--exec-fsuid: \"%s\" is not a uid",
				 o->exec_fsuid);
			return -1;
		}
		o->exec_uid = (uint32_t)v;
	}
	o->mode = q->file.request;
	if (o->open_perms) {
		if (parse_perms(o->open_perms, &m, &rop) || rop >= 0) {
			snprintf(err, errlen, "bad permissions \"%s\"",
				 o->open_perms);
			return -1;
		}
		o->mode = m;
	}
	q->class = Q_OFILE;
	return 0;
}

/* PATH: absolute, or socket:...; 0 or -1 with err */
int ofile_path(struct query *q, const char *path, char *err, size_t errlen)
{
	if (strncmp(path, "socket:", 7))
		return 1;
	q->ofile.is_sock = true;
	return parse_sock(path, &q->ofile.sk, err, errlen);
}

int ofile_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, aamed_audit_fn fn, void *arg,
		 unsigned *outcome, char *err, size_t errlen)
{
	const struct ofile_query *o = &q->ofile;
	struct aamed_open_file f;
	int lerr = 0;

	memset(&f, 0, sizeof(f));
	f.size = sizeof(f);
	if (o->opened_by) {
		f.label = aamed_label_get(policy, o->opened_by, &lerr);
		if (!f.label) {
			snprintf(err, errlen, "opened-by label \"%s\": %s",
				 o->opened_by,
				 lerr == -ENOENT ? "no such profile" :
						   "malformed label");
			return 1;
		}
	}
	f.mode = o->mode;
	/* apparmor_file_open() caches the open's request; sockets start empty */
	if (f.label && !aamed_label_is_unconfined(f.label) && !o->is_sock)
		f.allow = o->mode;
	f.path = o->is_sock ? NULL : q->file.path;
	f.sock = o->is_sock ? &o->sk : NULL;
	f.fsuid = q->file.fsuid;
	f.ouid = q->file.ouid;
	f.exec_fsuid = o->exec_uid;
	f.flags = (o->ctty ? AAMED_OFILE_CTTY : 0) |
		  (o->revoked ? AAMED_OFILE_NULL : 0) |
		  (o->unmediated ? AAMED_OFILE_UNMEDIATED : 0) |
		  (o->elsewhere ? AAMED_OFILE_ELSEWHERE : 0);
	if (q->file.op == AAMED_OP_FILE_INHERIT)
		return aamed_file_inherit(label, &f, outcome, fn, arg);
	return aamed_open_file_perm(label, q->file.op, &f, q->file.request,
				    fn, arg);
}

const struct query *ofile_alone(const struct query *q, struct query *tmp)
{
	*tmp = *q;
	tmp->ofile.opened_by = NULL;
	tmp->ofile.elsewhere = true;
	return tmp;
}

void ofile_json(FILE *f, bool *first, const struct query *q,
		unsigned outcome)
{
	const struct ofile_query *o = &q->ofile;

	json_key(f, first, "opened_by");
	json_str(f, o->elsewhere ? NULL :
		    o->opened_by ? o->opened_by : "unconfined");
	if (o->is_sock) {
		json_key(f, first, "socket");
		fprintf(f, "{\"family\":");
		json_str(f, aamed_family_name(o->sk.family));
		fprintf(f, ",\"type\":");
		json_str(f, aamed_sock_type_name(o->sk.type));
		fprintf(f, ",\"protocol\":%u}", o->sk.protocol);
	}
	if (q->file.op != AAMED_OP_FILE_INHERIT)
		return;
	json_key(f, first, "inherit");
	json_str(f, (outcome & AAMED_INHERIT_REPLACED) ? "replaced" :
		    (outcome & AAMED_INHERIT_CLOSED)   ? "closed" :
							 "kept");
	if (o->ctty) {
		json_key(f, first, "tty");
		json_str(f, (outcome & AAMED_INHERIT_TTY_DROPPED) ? "dropped" :
								   "kept");
	}
}
