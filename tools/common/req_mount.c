// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount queries (docs/query-language.md):
 *   mount SOURCE TARGET [--fstype TYPE] [--flags F1,F2,...] [--data STRING]
 *   mount --no-source TARGET [...]
 *   umount TARGET
 *   pivot_root NEW_ROOT PUT_OLD
 *   move_mount TARGET      (a detached mount moved onto TARGET)
 * SOURCE is the string mount(2) receives, as rules and records spell it:
 * "none" is the string mount(8) passes for `mount -t tmpfs none /mnt`;
 * --no-source is a NULL source. Paths are the kernel's names: absolute,
 * a directory with its trailing slash.
 */
#include <string.h>

#include "cli.h"

/* --flags: AppArmor's option names, comma separated. */
static int parse_flags(const char *s, unsigned long *flags, char *err,
		       size_t errlen)
{
	char word[32];

	*flags = 0;
	while (*s) {
		const char *e = strchr(s, ',');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		long f;

		if (n == 0 || n >= sizeof(word)) {
			snprintf(err, errlen, "bad mount flag list");
			return -1;
		}
		memcpy(word, s, n);
		word[n] = 0;
		f = aamed_mount_flag_parse(word);
		if (f < 0) {
			snprintf(err, errlen, "unknown mount flag \"%s\"", word);
			return -1;
		}
		*flags |= (unsigned long)f;
		s += n;
		if (*s == ',' && !*++s) {
			snprintf(err, errlen, "bad mount flag list");
			return -1;
		}
	}
	return 0;
}

/* The options only mount takes; argv[*i] is one of them. */
static int mount_option(int argc, char **argv, int *i, struct mount_query *m,
			char *err, size_t errlen)
{
	const char *a = argv[*i];

	if (*i + 1 >= argc) {
		snprintf(err, errlen, "%s needs a value", a);
		return -1;
	}
	(*i)++;
	if (!strcmp(a, "--fstype")) {
		m->req.fstype = argv[*i];
	} else if (!strcmp(a, "--data")) {
		m->req.data = argv[*i];
	} else {
		m->flags_text = argv[*i];
		return parse_flags(argv[*i], &m->req.flags, err, errlen);
	}
	return 0;
}

static const struct {
	const char *word, *usage;
	int nargs;
} ops[] = {
	[MQ_MOUNT] = { "mount",
		       "mount SOURCE|--no-source TARGET [--fstype TYPE] [--flags F1,F2,...] [--data STRING]",
		       2 },
	[MQ_UMOUNT] = { "umount", "umount TARGET", 1 },
	[MQ_PIVOT_ROOT] = { "pivot_root", "pivot_root NEW_ROOT PUT_OLD", 2 },
	[MQ_MOVE_MOUNT] = { "move_mount", "move_mount TARGET", 1 },
};

/* The query class word's operation, or -1. */
int mount_query_op(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(word, ops[i].word))
			return (int)i;
	return -1;
}

static int check_path(const char *what, const char *p, char *err,
		      size_t errlen)
{
	if (p[0] == '/')
		return 0;
	snprintf(err, errlen, "%s \"%s\" is not absolute", what, p);
	return -1;
}

int mount_parse(int argc, char **argv, struct query *q, char *err,
		size_t errlen)
{
	struct mount_query *m = &q->mnt;
	const char *pos[2] = { 0 };
	int i, n = 0, nargs;
	bool no_source = false;

	m->op = (enum mount_query_op)mount_query_op(q->class_word);
	m->req.size = sizeof(m->req);
	nargs = ops[m->op].nargs;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (m->op == MQ_MOUNT && !strcmp(a, "--no-source")) {
			/* the TARGET is then the only word */
			if (!no_source)
				nargs--;
			no_source = true;
		} else if (m->op == MQ_MOUNT && (!strcmp(a, "--fstype") ||
					  !strcmp(a, "--flags") ||
					  !strcmp(a, "--data"))) {
			if (mount_option(argc, argv, &i, m, err, errlen))
				return -1;
		} else if (a[0] == '-' && a[1] == '-') {
			snprintf(err, errlen, "unknown option %s", a);
			return -1;
		} else if (n >= nargs) {
			/* >=: a --no-source after both words lowers nargs
			 * below n, and pos[] has room for two */
			snprintf(err, errlen, "unexpected word \"%s\"", a);
			return -1;
		} else {
			pos[n++] = a;
		}
	}
	if (n != nargs) {
		snprintf(err, errlen, "usage: %s", ops[m->op].usage);
		return -1;
	}
	if (q->peer_label) {
		snprintf(err, errlen, "no --peer-label for %s", ops[m->op].word);
		return -1;
	}
	switch (m->op) {
	case MQ_MOUNT:
		m->req.source = no_source ? NULL : pos[0];
		m->req.target = no_source ? pos[0] : pos[1];
		break;
	case MQ_PIVOT_ROOT:
		m->req.target = pos[0];
		m->put_old = pos[1];
		return check_path("new root", pos[0], err, errlen) ||
		       check_path("put_old", pos[1], err, errlen) ? -1 : 0;
	case MQ_UMOUNT:
	case MQ_MOVE_MOUNT:
		m->req.target = pos[0];
		break;
	}
	return check_path("target", m->req.target, err, errlen);
}

int mount_decide(const aamed_label *label, const struct query *q,
		 aamed_audit_fn fn, void *arg)
{
	const struct mount_query *m = &q->mnt;

	switch (m->op) {
	case MQ_MOUNT:
		return aamed_mount(label, &m->req, fn, arg);
	case MQ_UMOUNT:
		return aamed_umount(label, m->req.target, fn, arg);
	case MQ_PIVOT_ROOT:
		return aamed_pivot_root(label, m->req.target, m->put_old, fn,
					arg);
	case MQ_MOVE_MOUNT:
		break;
	}
	return aamed_move_mount(label, NULL, m->req.target, fn, arg);
}

uint32_t mount_request(const struct query *q)
{
	switch (q->mnt.op) {
	case MQ_UMOUNT:
		return AAMED_MAY_UMOUNT;
	case MQ_PIVOT_ROOT:
		return AAMED_MAY_PIVOTROOT;
	case MQ_MOUNT:
	case MQ_MOVE_MOUNT:
		break;
	}
	return AAMED_MAY_MOUNT;
}

static const char *const kind_words[] = {
	[AAMED_MOUNT_NEW] = "new",
	[AAMED_MOUNT_REMOUNT] = "remount",
	[AAMED_MOUNT_BIND] = "bind",
	[AAMED_MOUNT_PROPAGATION] = "propagation",
	[AAMED_MOUNT_MOVE] = "move",
};

void mount_json(FILE *f, bool *first, const struct query *q)
{
	const struct mount_query *m = &q->mnt;

	if (m->op == MQ_MOUNT) {
		json_key(f, first, "kind");
		json_str(f, kind_words[aamed_mount_kind(m->req.flags)]);
		json_key(f, first, "source");
		json_str(f, m->req.source);
	}
	json_key(f, first, m->op == MQ_PIVOT_ROOT ? "new_root" : "target");
	json_str(f, m->req.target);
	if (m->op == MQ_PIVOT_ROOT) {
		json_key(f, first, "put_old");
		json_str(f, m->put_old);
	}
	if (m->op != MQ_MOUNT)
		return;
	json_key(f, first, "fstype");
	json_str(f, m->req.fstype);
	json_key(f, first, "flags");
	json_str(f, m->flags_text);
	json_key(f, first, "data");
	json_str(f, m->req.data);
}
