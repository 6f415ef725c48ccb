// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Parsing one query from its words (docs/query-language.md):
 *   [--label L] file PATH PERMS [--op OP] [--target T] [--fsuid N] [--ouid N]
 *                    [--masks] [open-file options: req_ofile.c]
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "qclass.h"

static int parse_uint(const char *s, uint32_t *v)
{
	char *end;
	unsigned long x;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	x = strtoul(s, &end, 10);
	if (errno || *end || x > 0xffffffffUL)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* The operation the kernel would name for a plain request on path. */
static enum aamed_file_op default_op(uint32_t m, const char *path)
{
	bool dir = path[strlen(path) - 1] == '/';

	if (m == AAMED_MAY_LINK)
		return AAMED_OP_LINK;
	if (m == AAMED_MAY_DELETE)
		return dir ? AAMED_OP_RMDIR : AAMED_OP_UNLINK;
	if (m == AAMED_MAY_CREATE)
		return dir ? AAMED_OP_MKDIR : AAMED_OP_MKNOD;
	if (m == AAMED_MAY_GETATTR)
		return AAMED_OP_GETATTR;
	if (m == AAMED_MAY_CHMOD)
		return AAMED_OP_CHMOD;
	if (m == AAMED_MAY_CHOWN)
		return AAMED_OP_CHOWN;
	if (m == (AAMED_MAY_WRITE | AAMED_MAY_SETATTR))
		return AAMED_OP_TRUNC;
	if (m == AAMED_MAY_LOCK || m == (AAMED_MAY_LOCK | AAMED_MAY_WRITE))
		return AAMED_OP_FILE_LOCK;
	if ((m & AAMED_EXEC_MMAP) &&
	    !(m & ~(AAMED_EXEC_MMAP | AAMED_MAY_READ | AAMED_MAY_WRITE)))
		return AAMED_OP_FILE_MMAP;
	return AAMED_OP_OPEN;
}

/* an exec is a row of its own (its transition) */
enum query_class file_class(enum aamed_file_op op)
{
	return op == AAMED_OP_EXEC ? Q_EXEC : Q_FILE;
}

int file_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen)
{
	const char *perms = NULL, *op = NULL;
	int i = 0, pos = 0;
	const char *positional[2] = { 0 };
	bool exec;
	int rop;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--op") ||
		    !strcmp(a, "--target") || !strcmp(a, "--fsuid") ||
		    !strcmp(a, "--ouid")) {
			if (!v) {
				snprintf(err, errlen, "%s needs a value", a);
				return -1;
			}
			i++;
			if (!strcmp(a, "--op")) {
				op = v;
			} else if (!strcmp(a, "--target")) {
				q->file.target = v;
			} else if (parse_uint(v, !strcmp(a, "--fsuid") ?
							&q->file.fsuid :
							&q->file.ouid)) {
				snprintf(err, errlen, "%s: \"%s\" is not a uid", a, v);
				return -1;
			}
		} else if (!strcmp(a, "--masks")) {
			q->masks = true;
		} else if (!strcmp(a, "--held")) {
			q->held = true;
		} else if (!strcmp(a, "--access")) {
			if (!v || (strcmp(v, "label") && strcmp(v, "profile") &&
				   strcmp(v, "labelall"))) {
				snprintf(err, errlen, "--access takes label, profile or labelall");
				return -1;
			}
			q->access_cmd = v;
			q->masks = true;
			i++;
		} else if (ofile_is_option(a)) {
			int r = ofile_option(q, a, v, err, errlen);

			if (r < 0)
				return -1;
			i += r;
		} else if (!strcmp(a, "--nnp")) {
			q->change.flags |= AAMED_CHANGE_NNP;
		} else if (!strcmp(a, "--traced")) {
			if (!v) {
				snprintf(err, errlen, "--traced needs a label");
				return -1;
			}
			q->change.traced = v;
			i++;
		} else if (!strcmp(a, "--onexec")) {
			if (!v || !v[0] || !strcmp(v, "&")) {
				snprintf(err, errlen, "--onexec needs a label");
				return -1;
			}
			q->change.onexec = v;
			i++;
		} else if ((rop = rlimit_opt(a, v, q, err, errlen)) <= 0) {
			if (rop < 0)
				return -1;
			i++;
		} else if (!strcmp(a, "--xattr")) {
			if (!v) {
				snprintf(err, errlen, "%s needs a value", a);
				return -1;
			}
			if (xattr_parse(argv[++i], &q->xattrs, err, errlen))
				return -1;
		} else if (a[0] == '-' && a[1] == '-') {
			snprintf(err, errlen, "unknown option %s", a);
			return -1;
		} else {
			if (pos == 2) {
				snprintf(err, errlen, "unexpected word \"%s\"", a);
				return -1;
			}
			positional[pos++] = a;
		}
	}
	if (pos != 2) {
		snprintf(err, errlen, "usage: file PATH PERMS [options]");
		return -1;
	}
	q->file.path = positional[0];
	perms = positional[1];
	rop = ofile_path(q, q->file.path, err, errlen);
	if (rop < 0)
		return -1;
	if (rop && q->file.path[0] != '/') {
		snprintf(err, errlen, "path \"%s\" is not absolute", q->file.path);
		return -1;
	}
	if (parse_perms(perms, &q->file.request, &rop)) {
		snprintf(err, errlen,
			 "bad permissions \"%s\" (letters rwaxmlkcd or names read,write,...)",
			 perms);
		return -1;
	}
	snprintf(q->perms_text, sizeof(q->perms_text), "%s", perms);
	if (op) {
		int o = aamed_file_op_parse(op);

		if (o < 0) {
			snprintf(err, errlen, "unknown operation \"%s\"", op);
			return -1;
		}
		q->file.op = (enum aamed_file_op)o;
	} else if (rop >= 0) {
		q->file.op = (enum aamed_file_op)rop;
	} else if (q->file.request == AAMED_MAY_EXEC) {
		q->file.op = AAMED_OP_EXEC;
	} else {
		q->file.op = default_op(q->file.request, q->file.path);
	}
	if ((q->file.op == AAMED_OP_LINK || q->file.op == AAMED_OP_RENAME) &&
	    !q->file.target) {
		snprintf(err, errlen, "%s needs --target PATH",
			 aamed_file_op_name(q->file.op));
		return -1;
	}
	if (q->file.target && q->file.target[0] != '/') {
		snprintf(err, errlen, "target \"%s\" is not absolute",
			 q->file.target);
		return -1;
	}
	q->class = file_class(q->file.op);
	exec = q->file.op == AAMED_OP_EXEC;
	if (!exec && (q->change.flags || q->change.onexec || q->change.traced)) {
		snprintf(err, errlen, "--nnp, --onexec and --traced are for exec (x) queries");
		return -1;
	}
	if (q->xattrs.n && !exec) {
		snprintf(err, errlen, "--xattr is for exec queries");
		return -1;
	}
	if (q->file.op == AAMED_OP_EXEC && !q->file.request)
		q->file.request = AAMED_MAY_EXEC;
	if (q->ofile.is_sock && q->masks) {
		snprintf(err, errlen, "--masks asks about paths, not sockets");
		return -1;
	}
	return q->masks ? 0 : ofile_finish(q, err, errlen);
}

/*
 * "no query class" or "unknown query class" with the class words of the
 * table (no lasting buffer: replay's workers parse at the same time).
 */
static int class_error(const char *cls, char *err, size_t errlen)
{
	size_t n, i;
	const struct qclass *r;
	const char *sep = "";

	if (cls)
		snprintf(err, errlen, "unknown query class \"%s\" (expected: ", cls);
	else
		snprintf(err, errlen, "no query class (expected: ");
	for (i = 0; (r = qclass_row(i)); i++) {
		const char *const *w;

		for (w = r->words; w && *w; w++) {
			n = strlen(err);
			snprintf(err + n, errlen - n, "%s%s", sep, *w);
			sep = ", ";
		}
	}
	n = strlen(err);
	snprintf(err + n, errlen - n, ")");
	return -1;
}

/*
 * The words every class shares (--label, --peer-label), then the class
 * word, then the class's own words (its row's parser).
 */
int parse_query(int argc, char **argv, struct query *q, char *err,
		size_t errlen)
{
	char *rest[MAX_WORDS + 2];
	int n = 0, i;
	const char *cls = NULL;
	const struct qclass *r;

	memset(q, 0, sizeof(*q));
	q->label = "unconfined";
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--label") || !strcmp(argv[i], "--peer-label")) {
			if (i + 1 >= argc) {
				snprintf(err, errlen, "%s needs a value", argv[i]);
				return -1;
			}
			if (!strcmp(argv[i], "--label"))
				q->label = argv[++i];
			else
				q->peer_label = argv[++i];
		} else if (!cls && argv[i][0] != '-') {
			cls = argv[i];
		} else if (n < MAX_WORDS) {
			rest[n++] = argv[i];
		} else {
			snprintf(err, errlen, "too many words");
			return -1;
		}
	}
	if (!cls)
		return class_error(NULL, err, errlen);
	r = qclass_find(cls, &q->class);
	if (!r)
		return class_error(cls, err, errlen);
	/* a row's other words are aliases ("network"): its name is the class */
	q->class_word = r->name ? r->name : cls;
	return r->parse(n, rest, q, err, errlen);
}
