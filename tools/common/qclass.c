// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The query classes of the tools: one row per class (qclass.h says what
 * each field is for). The rows are indexed by enum query_class, so the
 * table is where a new class starts: its words, its parser, its
 * decisions, its JSON, and what explain, diff, coverage and replay ask
 * of it.
 */
#include <string.h>

#include "qclass.h"
#include "qclass_rows.h"

/* ---- the bits each class asks */

static uint32_t rq_file(const struct query *q)
{
	return q->file.request;
}

static uint32_t rq_net(const struct query *q)
{
	return aamed_net_op_request((enum aamed_net_op)q->net.op);
}

/* a capability or a resource: one thing asked */
static uint32_t rq_one(const struct query *q)
{
	(void)q;
	return 1;
}

static uint32_t rq_signal(const struct query *q)
{
	(void)q;
	return AAMED_MAY_WRITE;
}

static uint32_t rq_ptrace(const struct query *q)
{
	return q->ipc.request;
}

static uint32_t rq_ns(const struct query *q)
{
	return q->ns.request;
}

/* ---- the class's own keys of query's JSON */

#define QJ(name, fn)                                                         \
	static void name(FILE *f, bool *first, const struct query *q,        \
			 const struct answer *a)                             \
	{                                                                    \
		(void)a;                                                     \
		fn(f, first, q);                                             \
	}
QJ(qj_net, net_json)
QJ(qj_unix, unix_json)
QJ(qj_cap, cap_json)
QJ(qj_signal, signal_json)
QJ(qj_ptrace, ptrace_json)
QJ(qj_ns, ns_json)
QJ(qj_dbus, dbus_json)
QJ(qj_rlimit, rlimit_json)
QJ(qj_mount, mount_json)

static void qj_ofile(FILE *f, bool *first, const struct query *q,
		     const struct answer *a)
{
	ofile_json(f, first, q, a->inherit);
}

static void qj_change(FILE *f, bool *first, const struct query *q,
		      const struct answer *a)
{
	change_json(f, first, q, &a->change, a->error);
}

static void qj_hat(FILE *f, bool *first, const struct query *q,
		   const struct answer *a)
{
	hat_json(f, first, q, &a->hat, a->error);
}

/* ---- the table */

#define WORDS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const struct qclass rows[] = {
	[Q_FILE] = {
		.name = "file", .words = WORDS("file"),
		.usage = "file PATH PERMS [--op OP] [--target PATH] [--fsuid N] [--ouid N]",
		.parse = file_parse, .decide = qd_file, .replay = qr_file,
		.request = rq_file, .masks = file_masks, .perms = qp_file,
		.aclass = AAMED_CLASS_FILE, .pclass = AAMED_PCLASS_FILE,
		.cover = QCOV_PATH, .flags = QF_PATH | QF_FILE_KEYS,
		.rule = qw_file,
	},
	[Q_EXEC] = {	/* file PATH x: the file words say so */
		.name = "file",
		.decide = qd_exec, .replay = qr_exec, .request = rq_file,
		.masks = file_masks, .perms = qp_file,
		.aclass = AAMED_CLASS_FILE, .pclass = AAMED_PCLASS_FILE,
		.cover = QCOV_PATH, .flags = QF_PATH | QF_FILE_KEYS | QF_EXEC,
		.rule = qw_exec,
	},
	[Q_NET] = {
		/* "network", the profile's keyword, is the same class */
		.name = "net", .words = WORDS("net", "network"),
		.usage = "net|network FAMILY TYPE OP",
		.parse = net_parse, .decide = qd_net, .replay = qr_net,
		.request = rq_net, .json = qj_net, .perms = qp_net,
		.aclass = AAMED_CLASS_NET, .pclass = AAMED_PCLASS_NET,
		.rule = qw_net,
	},
	[Q_UNIX] = {
		.name = "unix", .words = WORDS("unix"),
		.usage = "unix OP --type T [--addr A] [--peer-label L]",
		.join = true,
		.parse = unix_parse, .decide = qd_net, .replay = qr_net,
		.request = rq_net, .json = qj_unix,
		.aclass = AAMED_CLASS_NET, .pclass = AAMED_PCLASS_NET,
		.rule = qw_unix,
	},
	[Q_CAP] = {
		.name = "capability", .words = WORDS("capability"),
		.usage = "capability NAME",
		.parse = cap_parse, .decide = qd_cap, .replay = qr_cap,
		.request = rq_one, .json = qj_cap, .perms = qp_cap,
		.aclass = AAMED_CLASS_CAP, .pclass = AAMED_PCLASS_CAP,
		.cover = QCOV_CAP,
		.rule = qw_cap,
	},
	[Q_SIGNAL] = {
		.name = "signal", .words = WORDS("signal"),
		.usage = "signal NAME --peer-label L", .join = true,
		.parse = signal_parse, .decide = qd_signal, .replay = qr_side,
		.side = qs_signal,
		.request = rq_signal, .json = qj_signal, .perms = qp_signal,
		.aclass = AAMED_CLASS_SIGNAL, .pclass = AAMED_PCLASS_SIGNAL,
		.flags = QF_TWO_SIDED,
		.rule = qw_signal,
	},
	[Q_PTRACE] = {
		.name = "ptrace", .words = WORDS("ptrace"),
		.usage = "ptrace read|trace --peer-label L", .join = true,
		.parse = ptrace_parse, .decide = qd_ptrace, .replay = qr_side,
		.side = qs_ptrace,
		.request = rq_ptrace, .json = qj_ptrace, .perms = qp_ptrace,
		.aclass = AAMED_CLASS_PTRACE, .pclass = AAMED_PCLASS_PTRACE,
		.flags = QF_TWO_SIDED,
		.rule = qw_ptrace,
	},
	[Q_USERNS] = {
		.name = "userns", .words = WORDS("userns"),
		.usage = "userns create",
		.parse = userns_parse, .decide = qd_userns, .replay = qr_userns,
		.request = rq_ns, .json = qj_ns, .perms = qp_userns,
		.aclass = AAMED_CLASS_NS, .pclass = AAMED_PCLASS_NS,
		.cover = QCOV_USERNS,
		.rule = qw_userns,
	},
	[Q_URING] = {
		.name = "io_uring", .words = WORDS("io_uring"),
		.usage = "io_uring sqpoll | io_uring override_creds --peer-label L",
		.join = true,
		.parse = uring_parse, .decide = qd_uring, .replay = qr_uring,
		.request = rq_ns, .json = qj_ns, .perms = qp_uring,
		.aclass = AAMED_CLASS_IO_URING, .pclass = AAMED_PCLASS_IO_URING,
		.cover = QCOV_URING,
		.rule = qw_uring,
	},
	[Q_DBUS] = {
		.name = "dbus", .words = WORDS("dbus"),
		.usage = "dbus send|receive|bind|eavesdrop --bus B [--path P] [--interface I]\n"
			 "     [--member M] [--name N] [--peer-label L] [--peer-name N]\n"
			 "     [--type T] [--pid N] [--peer-pid N] [--masks]",
		.parse = dbus_parse, .decide = qd_dbus, .replay = qr_dbus,
		.request = dbus_request, .json = qj_dbus, .masks = dbus_masks,
		.perms = qp_dbus, .denied = dbus_denied,
		.aclass = AAMED_CLASS_DBUS, .pclass = AAMED_PCLASS_DBUS,
		.rule = qw_dbus,
	},
	[Q_OFILE] = {	/* file PATH with an open file's options */
		.name = "file",
		.decide = qd_ofile, .replay = qr_ofile, .request = ofile_request,
		.json = qj_ofile, .perms = qp_ofile, .alone = ofile_alone,
		.aclass = AAMED_CLASS_FILE, .pclass = AAMED_PCLASS_FILE,
		.cover = QCOV_PATH,
		.flags = QF_PATH | QF_SOCK | QF_OWN_OP | QF_FILE_KEYS,
		.rule = qw_ofile,
	},
	[Q_CHANGE] = {
		.name = "change_profile", .words = WORDS("change_profile"),
		.usage = "change_profile TARGET [--onexec] [--stack] [--nnp] [--traced L]",
		.parse = change_parse, .decide = qd_change, .replay = qr_change,
		.request = change_request, .json = qj_change, .perms = qp_change,
		.denied = change_denied,
		.aclass = AAMED_CLASS_FILE, .pclass = AAMED_PCLASS_FILE,
		.cover = QCOV_CHANGE,
		.rule = qw_change,
	},
	[Q_HAT] = {	/* the hats decide, no rule: aclass, pclass unused */
		.name = "change_hat", .words = WORDS("change_hat"),
		.usage = "change_hat HAT [HAT...] [--token T] [--saved-token T] [--previous L|none]\n"
			 "     [--nnp] [--test] [--traced L]\n"
			 "change_hat --return [--token T] [--saved-token T] [--previous L|none] [--nnp]",
		.parse = hat_parse, .decide = qd_hat, .replay = qr_hat,
		.json = qj_hat,
		.aclass = AAMED_CLASS_PTRACE, .pclass = AAMED_PCLASS_PTRACE,
		.flags = QF_NO_RULES,
		.rule = qw_hat,
	},
	[Q_RLIMIT] = {
		.name = "rlimit", .words = WORDS("rlimit"),
		.usage = "rlimit RESOURCE HARD [--soft N] [--rlimit NAME=SOFT:HARD]",
		.parse = rlimit_parse, .decide = qd_rlimit, .replay = qr_rlimit,
		.request = rq_one, .json = qj_rlimit,
		.cap_reason = "a raised hard limit needs capability sys_resource",
		.aclass = AAMED_CLASS_RLIMITS, .pclass = AAMED_PCLASS_RLIMITS,
		.cover = QCOV_RLIMIT, .flags = QF_LIMIT,
		.rule = qw_rlimit,
	},
	[Q_MOUNT] = {	/* explain prints the word as typed */
		.words = WORDS("mount", "umount", "pivot_root", "move_mount"),
		.usage = "mount SOURCE TARGET [--fstype TYPE] [--flags F1,F2,...] [--data STRING]\n"
			 "mount --no-source TARGET [--fstype TYPE] [--flags F1,F2,...] [--data STRING]\n"
			 "umount TARGET | pivot_root NEW_ROOT PUT_OLD | move_mount TARGET",
		.parse = mount_parse, .decide = qd_mount, .replay = qr_mount,
		.request = mount_request, .json = qj_mount,
		/* may_mount()'s CAP_SYS_ADMIN */
		.cap_reason = "the rules allow it, capability sys_admin is denied",
		.aclass = AAMED_CLASS_MOUNT, .pclass = AAMED_PCLASS_MOUNT,
		.rule = qw_mount,
	},
};

_Static_assert(sizeof(rows) / sizeof(rows[0]) == Q__COUNT,
	       "a query class without its row");

const struct qclass *qclass_of(const struct query *q)
{
	return &rows[q->class];
}

const struct qclass *qclass_row(size_t c)
{
	return c < Q__COUNT ? &rows[c] : NULL;
}

void qclass_set(struct query *q, enum query_class c)
{
	q->class = c;
	q->class_word = rows[c].name;
}

const struct qclass *qclass_find(const char *word, enum query_class *c)
{
	size_t i;
	const char *const *w;

	for (i = 0; i < Q__COUNT; i++)
		for (w = rows[i].words; w && *w; w++)
			if (!strcmp(*w, word)) {
				*c = (enum query_class)i;
				return &rows[i];
			}
	return NULL;
}

/* A row's usage, its further lines under the first (a "\n" in it). */
static void usage_lines(FILE *f, const char *u)
{
	for (; *u; u++) {
		fputc(*u, f);
		if (*u == '\n')
			fputs("       ", f);
	}
}

void qclass_usage(FILE *f)
{
	const char *lead = "QUERY: ";
	size_t i;

	for (i = 0; i < Q__COUNT; i++) {
		if (!rows[i].usage)
			continue;
		if (rows[i].join)
			fputs(" | ", f);
		else
			fprintf(f, "%s%s", i ? "\n" : "", lead);
		usage_lines(f, rows[i].usage);
		lead = "       ";
	}
	fputc('\n', f);
}

/* An open socket asks the net class and is no path. */
static bool is_sock(const struct qclass *r, const struct query *q)
{
	return (r->flags & QF_SOCK) && q->ofile.is_sock;
}

bool query_is_path(const struct query *q)
{
	const struct qclass *r = qclass_of(q);

	return (r->flags & QF_PATH) && !is_sock(r, q);
}

const char *qclass_name(const struct query *q)
{
	const char *n = qclass_of(q)->name;

	return n ? n : q->class_word;
}

uint32_t qclass_request(const struct query *q)
{
	const struct qclass *r = qclass_of(q);

	return r->request ? r->request(q) : 0;
}

int qclass_pclass(const struct query *q)
{
	const struct qclass *r = qclass_of(q);

	return is_sock(r, q) ? AAMED_PCLASS_NET : r->pclass;
}

enum aamed_class qclass_aclass(const struct query *q)
{
	const struct qclass *r = qclass_of(q);

	return is_sock(r, q) ? AAMED_CLASS_NET : r->aclass;
}
