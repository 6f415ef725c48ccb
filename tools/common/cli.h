/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The aamed command line: shared pieces of the subcommands.
 */
#ifndef AAMED_CLI_H
#define AAMED_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "aamed.h"
#include "req_change.h"
#include "req_dbus.h"
#include "req_hat.h"
#include "req_ipc.h"
#include "req_net.h"
#include "req_xattr.h"
#include "req_mount.h"
#include "req_ns.h"
#include "req_ofile.h"
#include "req_rlimit.h"

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
	Q_OFILE,	/* a use of an open file (req_ofile.c) */
	Q_CHANGE,
	Q_HAT,
	Q_RLIMIT,
	Q_MOUNT,	/* mount, umount, pivot_root, move_mount */
	Q__COUNT	/* the rows of the class table (qclass.c) */
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
	struct ofile_query ofile;
	struct change_query change;	/* change_profile; exec --onexec/--nnp */
	struct rlimit_query rl;
	struct hat_query hat;
	struct xattr_list xattrs;	/* exec: --xattr NAME=VALUE */
	struct mount_query mnt;
	bool masks;		/* --masks: the kernel's four masks */
	/* file --masks: --access CMD, the .access command ("label",
	 * "profile", "labelall"); --held: a task holds the --label */
	const char *access_cmd;
	bool held;
};

/* A request about a path (a file, an exec, an open file's path). */
bool query_is_path(const struct query *q);

/*
 * The bits an open-file query asks: a receive or an inherit asks what
 * the file is open for (O_CREAT does not outlive the open).
 */
static inline uint32_t ofile_request(const struct query *q)
{
	return q->file.op == AAMED_OP_FILE_RECEIVE ||
			       q->file.op == AAMED_OP_FILE_INHERIT ?
		       q->ofile.mode & ~AAMED_MAY_CREATE :
		       q->file.request;
}

/* request.c: the words common to every class, then the class's own
 * (through the class table, qclass.h); file_parse() the file words */
int parse_query(int argc, char **argv, struct query *q, char *err,
		size_t errlen);
/* perms_words.c: the permission words of file queries ("rw", "read,...") */
int parse_perms(const char *s, uint32_t *mask, int *op);
int file_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen);
/* The class of a file request of operation op (an exec is its own). */
enum query_class file_class(enum aamed_file_op op);

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
/* unix: net's words with --type and the peer's; its JSON adds the
 * addresses */
int unix_parse(int argc, char **argv, struct query *q, char *err,
	       size_t errlen);
void unix_json(FILE *f, bool *first, const struct query *q);
/* The i-th socket operation word of the query language and its
 * enum aamed_net_op; NULL past the last (for tables built from them). */
const char *net_op_word(size_t i, int *op);
/* req_ipc.c: capability, signal, ptrace */
int cap_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen);
int signal_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen);
int ptrace_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen);
int cap_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, aamed_audit_fn fn, void *arg, char *err,
	       size_t errlen);
int signal_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen);
int ptrace_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen);
void cap_json(FILE *f, bool *first, const struct query *q);
void signal_json(FILE *f, bool *first, const struct query *q);
void ptrace_json(FILE *f, bool *first, const struct query *q);
/*
 * req_ns.c: userns, io_uring. decide as the others, and *unmediated set
 * (with 0) when the kernel has no hook for the request
 * (AAMED_NOT_MEDIATED).
 */
int userns_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen);
int uring_parse(int argc, char **argv, struct query *q, char *err,
		size_t errlen);
int userns_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  bool *unmediated, char *err, size_t errlen);
int uring_decide(aamed_policy *policy, const aamed_label *label,
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
/*
 * A dbus rule is judged on the subject's own label query (the other end
 * of the message is a label text in the query, not a profile of a
 * one-rule policy): the bits of request profile denies.
 */
uint32_t dbus_denied(aamed_policy *policy, const char *profile,
		     const struct query *q, uint32_t request);
/* req_ofile.c: open files; the file words hand their options over */
bool ofile_is_option(const char *a);
bool ofile_takes_value(const char *a);
int ofile_option(struct query *q, const char *a, const char *val, char *err,
		 size_t errlen);
/* 1: PATH is not a socket; 0: a socket, parsed; -1 with err */
int ofile_path(struct query *q, const char *path, char *err, size_t errlen);
int ofile_finish(struct query *q, char *err, size_t errlen);
/* as the others; *outcome gets the AAMED_INHERIT_* bits of an inherit */
int ofile_decide(aamed_policy *policy, const aamed_label *label,
		 const struct query *q, aamed_audit_fn fn, void *arg,
		 unsigned *outcome, char *err, size_t errlen);
void ofile_json(FILE *f, bool *first, const struct query *q,
		unsigned outcome);
/* an open-file query: a copy in tmp asked of its user alone, as if the
 * file was opened elsewhere: for one-rule profiles */
const struct query *ofile_alone(const struct query *q, struct query *tmp);
/* req_change.c: change_profile, and the exec with --onexec / --nnp */
int change_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen);
int change_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, struct aamed_change_result *res,
		  aamed_audit_fn fn, void *arg, char *err, size_t errlen);
int exec_decide(aamed_policy *policy, const aamed_label *label,
		const struct query *q, struct aamed_exec_result *res,
		aamed_audit_fn fn, void *arg, char *err, size_t errlen);
void change_json(FILE *f, bool *first, const struct query *q,
		 const struct aamed_change_result *res, int error);
/* The AAMED_MAY_* bit a change asks, and the permissions a profile's
 * file rules give the target's name (the plain match explain shows). */
uint32_t change_request(const struct query *q);
int change_perms(const aamed_profile *p, const struct query *q,
		 struct aamed_perms *perms);
/* The bits of request profile's file rules do not grant the target (a
 * rule judged alone, when the target is no profile of that policy). */
uint32_t change_denied(aamed_policy *policy, const char *profile,
		       const struct query *q, uint32_t request);
/*
 * req_rlimit.c: rlimit_opt consumes --rlimit V of another class's words
 * (0; 1: not its option; -1 with err set); rlimit_exec fills out with
 * the limits after an allowed exec from into to (NULL: a learning
 * profile).
 */
int rlimit_opt(const char *a, const char *v, struct query *q, char *err,
	       size_t errlen);
/*
 * rlimit_value.c: a limit of resource (RLIMIT_*) as an rlimit rule writes
 * it ("infinity", a number, with the parser's units); 0 or -1.
 */
int rlimit_value_parse(int resource, const char *s, uint64_t *v);
/* "infinity", "unlimited" or a decimal number at the start of s, *rest
 * what follows it; 0 or -1. */
int rlimit_number(const char *s, uint64_t *v, const char **rest);
int rlimit_parse(int argc, char **argv, struct query *q, char *err,
		 size_t errlen);
int rlimit_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, aamed_audit_fn fn, void *arg,
		  char *err, size_t errlen);
void rlimit_json(FILE *f, bool *first, const struct query *q);
void rlimit_exec(const aamed_label *from, const aamed_label *to,
		 const struct query *q, struct rlimit_answer *out);
void rlimit_exec_text(FILE *f, const struct rlimit_answer *a, char sep);
void rlimit_exec_json(FILE *f, bool *first, const struct rlimit_answer *a);
/* req_hat.c: change_hat; decide returns as aamed_change_hat(), or 1 */
int hat_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen);
int hat_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_hat_result *res,
	       aamed_audit_fn fn, void *arg, char *err, size_t errlen);
void hat_json(FILE *f, bool *first, const struct query *q,
	      const struct aamed_hat_result *res, int error);
/* req_masks.c: --masks; -1 with err set when the query cannot be asked;
 * the label queries of a file path and of a dbus request */
int file_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m);
int dbus_masks(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_query_masks *m);
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
	bool have_inherit;	/* file_inherit: kept or replaced */
	unsigned inherit;	/* AAMED_INHERIT_* */
	bool have_x;
	struct aamed_exec_result x;
	bool have_change;		/* change_profile: its result */
	struct aamed_change_result change;
	struct rlimit_answer rl;	/* with have_x: the limits after exec */
	bool have_hat;			/* change_hat: hat is the answer */
	struct aamed_hat_result hat;
	struct records recs;		/* set fmt and want_text first */
};
/* An empty answer whose records are formatted as fmt (AAMED_FMT_*), their
 * text only with want_text; answer_decide() then fills it. */
void answer_init(struct answer *a, unsigned fmt, bool want_text);
/* Decide q for label; -1 with err set when the query cannot be asked. */
int answer_decide(aamed_policy *policy, const aamed_label *label,
		  const struct query *q, struct answer *a, char *err,
		  size_t errlen);
/*
 * The label the task has after an allowed exec, change_profile or
 * change_hat: the name query prints as transition=MODE:NAME, label=NAME
 * or transition=hat:NAME (and JSON's transition.label). NULL: the query
 * changes no label, or was denied.
 */
/* Allowed only by a complain-mode profile (an ALLOWED record). */
bool answer_complain_allowed(const struct answer *a);
const char *answer_label_after(const struct answer *a);
const char *cli_xmode_name(enum aamed_xmode m);
const char *cli_type_name(enum aamed_audit_type t);

/*
 * load.c: every path loaded into a new policy following kernel k; NULL
 * after "WHO: out of memory" or "WHO: cannot load policy: ..." was printed.
 * The caller owns the policy.
 */
aamed_policy *load_policies(const char *const *paths, int n,
			    enum aamed_kernel k, const char *who);
/* load.c: the filesystem types of a /proc/filesystems file at path into
 * p (aamed_policy_set_fstypes()); 0, or -1 after saying why. */
int load_fstypes(aamed_policy *p, const char *path, const char *who);

/* query.c */
struct outopts {
	bool json;
	unsigned fmt;		/* AAMED_FMT_* */
	enum aamed_kernel kernel;
};
int cmd_query(int argc, char **argv);
/* aamed query --json's object for an answer (the Python bindings'
 * Decision too) */
void query_json(FILE *f, const struct query *q, const struct answer *a);
int cmd_attach(int argc, char **argv);

/* label_hint.c: "; did you mean ..." naming the profiles of policy that
 * the unknown label typed probably meant, into buf; "" when none. */
void label_hint(const aamed_policy *policy, const char *typed, char *buf,
		size_t len);

/* cli_error.c: "WHO: message" on stderr, the message kept for --json. */
void cli_error(const char *who, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* With --json among argv, exit rc 2 or 3 of cmd (the commands that print
 * nothing before such an error) also as one JSON object on stdout; rc. */
int cli_json_error(const char *cmd, int argc, char **argv, int rc);

/* profiles.c */
int cmd_profiles(int argc, char **argv);

/* compile.c */
int cmd_compile(int argc, char **argv);

#endif
