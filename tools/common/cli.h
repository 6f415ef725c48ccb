/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The aamed command line: shared pieces of the subcommands.
 */
#ifndef AAMED_CLI_H
#define AAMED_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "aamed.h"
#include "req_dbus.h"
#include "req_ipc.h"
#include "req_net.h"
#include "req_mount.h"
#include "req_ns.h"

/* Documented exit codes. */
enum {
	EXIT_ALLOWED = 0,
	EXIT_DENIED = 1,
	EXIT_USAGE = 2,
	EXIT_POLICY = 3,
};

/* words.c: split a line like a POSIX shell, without expansion. */
#define MAX_WORDS 64
int split_words(const char *line, char *buf, size_t buflen, char **argv,
		int max, const char **err);

/* json.c: a tiny JSON writer. */
void json_str(FILE *f, const char *s);
/* The comma before every member or element but the first. */
void json_sep(FILE *f, bool *first);
void json_key(FILE *f, bool *first, const char *key);
/* An array of n strings: pointers (NULL: null), or n rows of a char
 * array of width bytes each (text[N][width]). */
void json_str_array(FILE *f, const char *const *v, size_t n);
void json_str_rows(FILE *f, const char *rows, size_t width, size_t n);

/* request.c: one query, parsed from words. */
enum query_class {
	Q_FILE,
	Q_EXEC,
	Q_NET,
	Q_UNIX,
	Q_CAP,
	Q_SIGNAL,
	Q_PTRACE,
	Q_USERNS,
	Q_URING,
	Q_DBUS,
	Q_MOUNT,	/* mount, umount, pivot_root, move_mount */
};

struct query {
	const char *label;
	enum query_class class;
	const char *class_word;	/* as typed: file, net, unix, ... */
	const char *peer_label;	/* --peer-label, for two-sided classes */
	struct aamed_file_req file;
	char perms_text[64];
	struct net_query net;
	struct ipc_query ipc;
	struct ns_query ns;
	struct dbus_query dbus;
	struct mount_query mnt;
	bool masks;		/* --masks: the kernel's four masks */
};

/* request.c: the words common to every class, then the class's own */
int parse_query(int argc, char **argv, struct query *q, char *err,
		size_t errlen);
int parse_perms(const char *s, uint32_t *mask, int *op);

/*
 * A class module parses the words after the class word (options may be
 * mixed in), decides, and adds its JSON keys. decide returns 0 or a
 * negative errno, or sets err and returns 1 for a query it cannot ask.
 */
int net_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen);
int net_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen);
void net_json(FILE *f, bool *first, const struct query *q);
/* The i-th socket operation word of the query language and its
 * enum aamed_net_op; NULL past the last (for tables built from them). */
const char *net_op_word(size_t i, int *op);
int ipc_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen);
int ipc_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen);
void ipc_json(FILE *f, bool *first, const struct query *q);
/*
 * ns_decide: as the others, and *unmediated set (with 0) when the
 * kernel has no hook for the request (AAMED_NOT_MEDIATED).
 */
int ns_parse(int argc, char **argv, struct query *q, char *err,
	     size_t errlen);
int ns_decide(aamed_policy *policy, const aamed_label *label,
	      const struct query *q, aamed_audit_fn fn, void *arg,
	      bool *unmediated, char *err, size_t errlen);
void ns_json(FILE *f, bool *first, const struct query *q);
int dbus_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen);
int dbus_decide(aamed_policy *policy, const aamed_label *label,
		const struct query *q, aamed_audit_fn fn, void *arg, char *err,
		size_t errlen);
void dbus_json(FILE *f, bool *first, const struct query *q);
/* req_mount.c: mount_query_op() is the operation of a class word or -1;
 * mount_decide() returns the library's answer (never 1). */
int mount_query_op(const char *word);
int mount_parse(int argc, char **argv, struct query *q, char *err,
		size_t errlen);
int mount_decide(const aamed_label *label, const struct query *q,
		 aamed_audit_fn fn, void *arg);
void mount_json(FILE *f, bool *first, const struct query *q);
/* The AAMED_MAY_* bit of the mount class the query asks. */
uint32_t mount_request(const struct query *q);
/* The AAMED_DBUS_MAY_* bit of the request. */
uint32_t dbus_request(const struct query *q);
/* req_masks.c: --masks; -1 with err set when the query cannot be asked */
int masks_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, struct aamed_query_masks *m, char *err,
		 size_t errlen);

/* answer.c: one decision and the records it emits */
#define MAX_RECORDS 16
struct records {
	struct aamed_audit rec[MAX_RECORDS];
	char text[MAX_RECORDS][2048];	/* formatted only with want_text */
	int n;
	unsigned fmt;			/* AAMED_FMT_* */
	bool want_text;
};
void answer_collect(const struct aamed_audit *rec, void *arg);

struct answer {
	int error;
	bool not_mediated;	/* the kernel has no hook: no decision */
	bool have_masks;	/* --masks: masks instead of a decision */
	struct aamed_query_masks masks;
	bool have_x;
	struct aamed_exec_result x;
	struct records recs;		/* set fmt and want_text first */
};
/* Decide q for label; -1 with err set when the query cannot be asked. */
int answer_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, struct answer *a, char *err,
		  size_t errlen);
const char *cli_xmode_name(enum aamed_xmode m);
const char *cli_type_name(enum aamed_audit_type t);

/*
 * load.c: every path loaded into a new policy following kernel k; NULL
 * after "WHO: out of memory" or "WHO: cannot load policy: ..." was printed.
 * The caller owns the policy.
 */
aamed_policy *load_policies(const char *const *paths, int n,
			    enum aamed_kernel k, const char *who);

/* query.c */
struct outopts {
	bool json;
	unsigned fmt;		/* AAMED_FMT_* */
	enum aamed_kernel kernel;
};
int cmd_query(int argc, char **argv);
int cmd_attach(int argc, char **argv);

/* compile.c */
int cmd_compile(int argc, char **argv);

#endif
