/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed - AppArmor's mediation engine, in userspace.
 *
 * The one public header. A program loads the policy blobs that
 * apparmor_parser compiles for the kernel into an aamed_policy, resolves
 * the labels it cares about once, and then asks for decisions as often as
 * it likes. Decisions are what the kernel would decide; audit records are
 * what the kernel would log.
 *
 * Ownership, stated once:
 *  - an aamed_policy owns every profile and every label resolved from it
 *    (a complain-mode learning profile aamed_label_get() makes too); a
 *    label pointer stays valid until the policy is freed;
 *  - decisions read only: they never allocate and never take a lock,
 *    except aamed_exec(), which takes the policy's lock and, when the
 *    new label is a stack the policy has not interned yet (the members
 *    of a stacked subject going different ways, or an "&profile" exec
 *    target), allocates that label once; it belongs to the policy like
 *    every other label, and the call returns -ENOMEM if it cannot be
 *    allocated;
 *  - an aamed_audit record handed to a callback lives until the callback
 *    returns; a callback may resolve labels (aamed_label_get) of the
 *    policy being decided against, but must not load into or free it;
 *  - versioned structures: every structure the caller fills for the
 *    library, or hands it to fill (a result), starts with size_t size.
 *    Set it to sizeof the structure as your header declares it, or
 *    leave it 0. One rule holds for all of them (the one Linux's
 *    copy_struct_from_user() applies to system call arguments):
 *      - 0 means the structure's first version;
 *      - a size below the first version's: -EINVAL;
 *      - a size above the one this library knows (a newer header's):
 *        accepted when every byte past the known part is zero (the
 *        caller asks nothing of fields this library lacks), else -E2BIG;
 *      - the library reads, and into a result writes, only the bytes the
 *        size covers: fields added later read as zero for older callers,
 *        and a result's bytes past them are left alone.
 *    A decision for an all-unconfined label returns before it looks at
 *    its structures (that is its speed), and a cache the library filled
 *    (aamed_sock_cache, aamed_label_ref) is checked when it is filled.
 *    aamed_rlimits_default() makes an aamed_rlimits: it sets the size.
 *    Fixed structures without size (struct aamed_perms, aamed_xtrans,
 *    aamed_query_masks, aamed_xattr, aamed_rlimit, aamed_error) mirror
 *    the kernel's and do not grow. A record the library hands to a
 *    callback carries the size it was built with, so a newer callback
 *    knows which fields are there.
 *
 * Errors are negative errno values, as in the kernel.
 */
#ifndef AAMED_H
#define AAMED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The library is built with hidden visibility: what this header declares
 * is its whole interface, and nothing else is exported.
 */
#if defined(__GNUC__) && __GNUC__ >= 4
#pragma GCC visibility push(default)
#endif

#define AAMED_VERSION_MAJOR 0
#define AAMED_VERSION_MINOR 1
#define AAMED_VERSION_PATCH 0
#define AAMED_VERSION_STRING "0.1.0"

/* Permission bits: the kernel's own values (security/apparmor/perms.h). */
#define AAMED_MAY_EXEC        0x00000001u
#define AAMED_MAY_WRITE       0x00000002u
#define AAMED_MAY_READ        0x00000004u
#define AAMED_MAY_APPEND      0x00000008u
#define AAMED_MAY_CREATE      0x00000010u
#define AAMED_MAY_DELETE      0x00000020u
#define AAMED_MAY_OPEN        0x00000040u
#define AAMED_MAY_RENAME      0x00000080u
#define AAMED_MAY_SETATTR     0x00000100u
#define AAMED_MAY_GETATTR     0x00000200u
#define AAMED_MAY_SETCRED     0x00000400u
#define AAMED_MAY_GETCRED     0x00000800u
#define AAMED_MAY_CHMOD       0x00001000u
#define AAMED_MAY_CHOWN       0x00002000u
#define AAMED_MAY_CHGRP       0x00004000u
#define AAMED_MAY_LOCK        0x00008000u
#define AAMED_EXEC_MMAP       0x00010000u
#define AAMED_MAY_LINK        0x00040000u
#define AAMED_MAY_ONEXEC      0x20000000u
#define AAMED_MAY_CHANGE_PROFILE 0x40000000u

/* Ptrace requests (security/apparmor/include/task.h). */
#define AAMED_PTRACE_TRACE    AAMED_MAY_WRITE
#define AAMED_PTRACE_READ     AAMED_MAY_READ
#define AAMED_PTRACE_TRACEDBY AAMED_MAY_APPEND	/* tracee side: (request << 2) */
#define AAMED_PTRACE_READBY   0x00000010u

/* Network aliases of the same bits (security/apparmor/include/net.h). */
#define AAMED_MAY_SEND        AAMED_MAY_WRITE
#define AAMED_MAY_RECEIVE     AAMED_MAY_READ
#define AAMED_MAY_SHUTDOWN    AAMED_MAY_DELETE
#define AAMED_MAY_CONNECT     AAMED_MAY_OPEN
#define AAMED_MAY_ACCEPT      0x00100000u
#define AAMED_MAY_BIND        0x00200000u
#define AAMED_MAY_LISTEN      0x00400000u
#define AAMED_MAY_SETOPT      0x01000000u
#define AAMED_MAY_GETOPT      0x02000000u

/* =====================================================================
 * Loading: policy sets, the errors of a load, live replacement.
 */

/* ---------------------------------------------------------------------
 * Errors from loading.
 */
struct aamed_error {
	char origin[256];	/* file or buffer name the problem is in */
	long long offset;	/* byte offset in it, -1 when not known */
	char msg[512];		/* what was expected or found */
};

/* "origin: offset 0x2f: msg" (or without offset), into buf. */
const char *aamed_error_str(const struct aamed_error *err, char *buf, size_t len);

/* ---------------------------------------------------------------------
 * Policy sets.
 */
typedef struct aamed_policy aamed_policy;
typedef struct aamed_label aamed_label;

aamed_policy *aamed_policy_new(void);
void aamed_policy_free(aamed_policy *policy);

/*
 * Load one stream (the bytes apparmor_parser -S writes, the bytes the
 * kernel reads from .replace) under the name origin. All of it or none:
 * on error the policy set is left exactly as it was. A profile that is
 * already in the set is replaced, as .replace does.
 */
int aamed_policy_load_blob(aamed_policy *policy, const void *data,
			   size_t len, const char *origin,
			   struct aamed_error *err);

/*
 * Load a file, or every policy file of a directory: a directory of
 * blobs, apparmor_parser's cache directory, or a live AppArmor system's
 * /sys/kernel/security/apparmor/policy (its raw_data). All or none.
 */
int aamed_policy_load_path(aamed_policy *policy, const char *path,
			   struct aamed_error *err);

/*
 * The kernel whose behaviour to reproduce where Linux versions differ
 * (see README "Kernel versions"). Default AAMED_KERNEL_6_1, Debian 12's.
 * Set it before loading.
 */
enum aamed_kernel {
	AAMED_KERNEL_6_1 = 0,
	AAMED_KERNEL_6_12 = 1,
	/*
	 * Linux >= 6.17 (upstream af_unix.c): 6.12 behaviour plus fine-grained
	 * AF_UNIX mediation where a profile carries class 15 (NETV9), the
	 * info= strings of aa_match_to_prot() and unix addr=/peer_addr=.
	 */
	AAMED_KERNEL_UPSTREAM = 2,
};
void aamed_policy_set_kernel(aamed_policy *policy, enum aamed_kernel k);
enum aamed_kernel aamed_policy_kernel(const aamed_policy *policy);
/*
 * The filesystem types the kernel knows, as /proc/filesystems lists them
 * (a new mount of another type fails with -ENODEV); NULL restores the
 * built-in list of Debian's kernels. 0, -EINVAL or -ENOMEM.
 */
int aamed_policy_set_fstypes(aamed_policy *policy, const char *text);

/* Profiles in load order; name is the full name (parent//child). */
size_t aamed_policy_profile_count(const aamed_policy *policy);
const char *aamed_policy_profile_name(const aamed_policy *policy, size_t i);
/* Namespace of profile i, or "" for the root namespace. */
const char *aamed_policy_profile_ns(const aamed_policy *policy, size_t i);

/* Header ABI (kernel ABI number) of the streams loaded, highest seen. */
unsigned aamed_policy_abi(const aamed_policy *policy);

/* ---------------------------------------------------------------------
 * Live replacement.
 *
 * An engine holds the current policy. Each reader thread registers once
 * (aamed_reader_new) and brackets its decisions with aamed_read_begin(),
 * which returns the policy to decide against, and aamed_read_end().
 * Readers take no lock and write only their own slot. A replacement
 * swaps the policy in, waits until no reader can still see the old one,
 * then frees it: every section decides wholly against one policy.
 * Labels come from the policy of the section; aamed_label_ref follows
 * replacements by name at the cost of a compare when nothing changed.
 */
typedef struct aamed_engine aamed_engine;
typedef struct aamed_reader aamed_reader;

aamed_engine *aamed_engine_new(aamed_policy *policy);	/* takes ownership */
void aamed_engine_free(aamed_engine *engine);	/* after all readers */
aamed_reader *aamed_reader_new(aamed_engine *engine);
void aamed_reader_free(aamed_reader *reader);
aamed_policy *aamed_read_begin(aamed_reader *reader);
void aamed_read_end(aamed_reader *reader);
/*
 * Install policy (ownership passes). The old one is freed once no reader
 * can still see it: at once when the readers leave their sections within
 * a short spin, else by a later replacement or aamed_engine_free() (at
 * most 16 are held; past that the call sleeps until readers leave). It
 * may wait for readers, so it must not be called from inside one of the
 * caller's own read sections. -EINVAL for the engine's current policy.
 */
int aamed_policy_replace(aamed_engine *engine, aamed_policy *policy);
/* A number no other policy of this process has. */
uint64_t aamed_policy_generation(const aamed_policy *policy);

/* =====================================================================
 * Labels: resolved once, then used for every decision.
 */

/* ---------------------------------------------------------------------
 * Labels.
 *
 * Parse "unconfined", "name", ":ns:name", "a//&b" or "a//&:ns:b" (a mode
 * suffix " (enforce)" is accepted) against the policy. The result is
 * owned by the policy and is the same pointer for the same label. NULL
 * with *error = -ENOENT when a profile does not exist, -EINVAL when the
 * text is malformed, -ENOMEM.
 *
 * A complain-mode profile's learning profile "PROFILE//null-NAME" (the
 * label a task has after a change_hat to a hat PROFILE lacks, or an exec
 * PROFILE has no rule for: NAME is then the executable's path, starting
 * with '/') resolves too: the first call makes it as the kernel's
 * aa_new_learning_profile() does (complain mode, no rules, a hat unless
 * NAME is a path), owned by the policy like an interned stack. Decisions
 * never make one: they name a learning label in their results only.
 */
const aamed_label *aamed_label_get(aamed_policy *policy, const char *text,
				   int *error);
/* The unconfined label of the root namespace. Never NULL. */
const aamed_label *aamed_label_unconfined(aamed_policy *policy);
/* The kernel's printed form: "a//&b", "unconfined". */
const char *aamed_label_name(const aamed_label *label);
int aamed_label_is_unconfined(const aamed_label *label);

/* Mode of a profile-or-label as the kernel prints it in attr/current. */
const char *aamed_label_mode(const aamed_label *label);

struct aamed_label_ref {
	size_t size;		/* see "versioned structures" above */
	const char *text;		/* the label, as for aamed_label_get */
	uint64_t gen;			/* policy it was resolved in */
	const aamed_label *label;
};
const aamed_label *aamed_label_ref_get(struct aamed_label_ref *ref,
				       aamed_policy *policy, int *error);

/* =====================================================================
 * Decisions, one part per mediation class. Each takes an audit
 * callback (NULL: no record is built) that receives the records
 * the kernel would log ("Records" below).
 */

struct aamed_audit;
typedef void (*aamed_audit_fn)(const struct aamed_audit *rec, void *arg);

/* ---------------------------------------------------------------------
 * File mediation.
 */
enum aamed_file_op {
	AAMED_OP_OPEN = 0,	/* operation="open" */
	AAMED_OP_FILE_PERM,	/* "file_perm": read/write on an open file */
	AAMED_OP_FILE_LOCK,	/* "file_lock" */
	AAMED_OP_FILE_MMAP,	/* "file_mmap" */
	AAMED_OP_FILE_MPROT,	/* "file_mprotect" */
	AAMED_OP_GETATTR,
	AAMED_OP_SETATTR,
	AAMED_OP_CHMOD,
	AAMED_OP_CHOWN,
	AAMED_OP_TRUNC,		/* "truncate" */
	AAMED_OP_UNLINK,
	AAMED_OP_RMDIR,
	AAMED_OP_MKDIR,
	AAMED_OP_MKNOD,
	AAMED_OP_SYMLINK,
	AAMED_OP_CREATE,
	AAMED_OP_LINK,		/* path is the new name, target the existing file */
	AAMED_OP_RENAME,	/* src then dest checks; path=src, target=dest */
	AAMED_OP_RENAME_SRC,
	AAMED_OP_RENAME_DEST,
	AAMED_OP_EXEC,		/* see aamed_exec() for the transition */
	AAMED_OP_FILE_INHERIT,	/* "file_inherit": see aamed_file_inherit() */
	AAMED_OP_FILE_RECEIVE,	/* "file_receive": see aamed_open_file_perm() */
	AAMED_OP__COUNT
};

struct aamed_file_req {
	size_t size;		/* see "versioned structures" above */
	const char *path;	/* absolute; a directory ends in '/' */
	const char *target;	/* LINK / RENAME: the other path */
	uint32_t request;	/* AAMED_MAY_* bits */
	uint32_t fsuid;		/* subject's fsuid */
	uint32_t ouid;		/* object owner's uid */
	enum aamed_file_op op;
};

/*
 * Decide a file request for label. Returns 0 when allowed (complain mode
 * included) or a negative errno (-EACCES). audit may be NULL: then no
 * record is built at all. Each denying member of a stack logs its own
 * record, as the kernel does.
 */
int aamed_file_perm(const aamed_label *label, const struct aamed_file_req *req,
		    aamed_audit_fn audit, void *arg);

/* Name of an operation as printed in operation="". */
const char *aamed_file_op_name(enum aamed_file_op op);
/* Parse "open", "link", ... Returns -1 when unknown. */
int aamed_file_op_parse(const char *name);

/* ---------------------------------------------------------------------
 * Exec: the domain transition.
 */
enum aamed_xmode {
	AAMED_X_DENIED = 0,	/* exec denied */
	AAMED_X_INHERIT,	/* ix (or an ix fallback) */
	AAMED_X_PROFILE,	/* px: a profile by name, attachment or xtable */
	AAMED_X_CHILD,		/* cx */
	AAMED_X_UNCONFINED,	/* ux (or a ux fallback) */
	AAMED_X_STACK,		/* a stacked target ("&name") */
	AAMED_X_ATTACH,		/* unconfined task: attachment decided */
	AAMED_X_LEARN,		/* complain mode without x: null profile */
};

struct aamed_exec_result {
	size_t size;		/* set by the caller: sizeof, or 0 */
	enum aamed_xmode mode;
	int unsafe;		/* 0: AppArmor sets the secure-exec flag
				 * (AT_SECURE) of the new image; see
				 * "Domain changes" below */
	const aamed_label *label;	/* the new label, owned by the policy
					 * (interned by this call if new);
					 * NULL when denied or for a learning
					 * profile */
	char name[512];		/* the new label's printed name */
	const char *info;	/* the kernel's info string, or NULL */
};

int aamed_exec(const aamed_label *label, const char *path, uint32_t fsuid,
	       uint32_t ouid, struct aamed_exec_result *res,
	       aamed_audit_fn audit, void *arg);

/*
 * The profile an unconfined exec of path attaches to, in the root
 * namespace (or ns), or the unconfined label. info is set to the kernel's
 * reason on a conflict.
 */
const aamed_label *aamed_attach(aamed_policy *policy, const char *ns,
				const char *path, const char **info);

/* ---------------------------------------------------------------------
 * Domain changes: change_profile (now, on the next exec, as a stack),
 * the exec that follows one, no_new_privs, and the secure-exec flag.
 *
 * The kernel's aa_change_profile() (the "changeprofile", "stack" and
 * "exec" commands written to /proc/self/attr/{current,exec}) and
 * apparmor_bprm_creds_for_exec(). Like aamed_exec() these take the
 * policy's lock and may intern a stack the policy has not seen (owned
 * by the policy); nothing else is allocated.
 *
 * The secure-exec flag (AT_SECURE in the new image's auxiliary vector,
 * set by AppArmor as bprm->secureexec) of an allowed exec is
 * !res->unsafe: AppArmor sets it when some member's transition is
 * "safe" (Px, Cx, Ux, Pix, Pux, an onexec rule without the unsafe
 * bit), never for an unconfined task, ix, an ix fallback, a learning
 * (complain) exec, or an exec no_new_privs kept in its label. Other
 * LSMs and setuid bits may set it too; aamed answers for AppArmor.
 */

/* aamed_change_req.flags and aamed_exec_req.flags */
#define AAMED_CHANGE_ONEXEC 0x1u /* at the next exec ("exec" to attr/exec) */
#define AAMED_CHANGE_STACK  0x2u /* stack target on the current label */
#define AAMED_CHANGE_NNP    0x4u /* the task has no_new_privs set */

struct aamed_change_req {
	size_t size;		/* see "versioned structures" above */
	const char *target;	/* label text as written to attr; a leading
				 * '&' stacks, as the kernel reads it */
	unsigned flags;		/* AAMED_CHANGE_* */
	/* the label of the task tracing this one (the kernel's
	 * ptrace_parent()); NULL: not traced. Once the rules allow the
	 * change, a confined tracer must be allowed to trace the target
	 * (ptrace "trace" and "tracedby", their records logged), else
	 * -EACCES with info "ptrace prevents transition" (no file record
	 * when the rules allowed it) -- unless a profile of the task's
	 * namespace is in complain mode: then the change is made. */
	const aamed_label *tracer;
};

struct aamed_change_result {
	size_t size;		/* set by the caller: sizeof, or 0 */
	/*
	 * On success: the label the task now has (immediate), or the label
	 * an onexec change will exec into (pass it to aamed_exec_request()
	 * with AAMED_EXEC_ONEXEC, and AAMED_EXEC_ONEXEC_STACK when
	 * stack is set). NULL for complain mode's learning null profile,
	 * whose name is in name.
	 */
	const aamed_label *label;
	int stack;		/* the onexec change was a stack */
	char name[512];		/* the printed name of that label */
	const char *info;	/* the kernel's info string, or NULL */
};

/*
 * Decide a change_profile of label to req->target. 0 when allowed
 * (complain mode included); -EACCES denied by policy; -ENOENT the
 * target does not exist; -EPERM refused by no_new_privs (the kernel
 * logs nothing for it); -EINVAL an empty target. Each profile of the
 * label logs its own record.
 */
int aamed_change_profile(const aamed_label *label,
			 const struct aamed_change_req *req,
			 struct aamed_change_result *res,
			 aamed_audit_fn audit, void *arg);

/* aamed_exec_req.flags, besides AAMED_CHANGE_NNP */
#define AAMED_EXEC_NNP AAMED_CHANGE_NNP
#define AAMED_EXEC_ONEXEC_STACK 0x10u /* the onexec label is a stack */

struct aamed_xattr {
	const char *name;	/* "security.foo" */
	const void *value;	/* the bytes the kernel reads: no NUL added */
	size_t len;
};

struct aamed_exec_req {
	size_t size;		/* see "versioned structures" above */
	const char *path;	/* absolute path of the executable */
	uint32_t fsuid, ouid;
	unsigned flags;		/* AAMED_EXEC_NNP, AAMED_EXEC_ONEXEC_STACK */
	/* the label a change_profile onexec set, NULL: none */
	const aamed_label *onexec;
	/* the file's extended attributes (see aamed_attach_xattrs()) */
	const struct aamed_xattr *xattrs;	/* NULL: none */
	size_t nxattrs;
	/* the label of the task tracing this one (LSM_UNSAFE_PTRACE);
	 * NULL: not traced. After no_new_privs, a confined tracer must be
	 * allowed to trace the new label, else every profile of the task
	 * logs an exec record, info "ptrace prevents transition", and the
	 * exec fails (-EACCES); in complain mode it goes on in the task's
	 * own label. A learning exec (complain mode, no rule) is not
	 * checked. */
	const aamed_label *tracer;
};

/*
 * aamed_exec() with no_new_privs and a pending onexec change: an onexec
 * transition replaces the exec's own (the profile must allow the pair
 * "exec PATH, then change_profile to it"); with no_new_privs a confined
 * task fails with -EPERM (logged, info="no new privs") unless the new
 * label keeps all its profiles; in complain mode that exec goes on in
 * the task's own label. req->xattrs decide attachment by xattrs, as for
 * aamed_attach_xattrs().
 */
int aamed_exec_request(const aamed_label *label,
		       const struct aamed_exec_req *req,
		       struct aamed_exec_result *res, aamed_audit_fn audit,
		       void *arg);
/* (domain changes: section end) */

/* ---------------------------------------------------------------------
 * Hats: the "changehat TOKEN^HAT..." and "changehat TOKEN^" writes to
 * /proc/self/attr/current (the kernel's aa_change_hat()), the same in
 * Linux 6.1 and 6.12.
 *
 * A task in a profile changes into one of its hats (the first of the
 * names every member of its label has a hat for), or from a hat into a
 * sibling hat; it keeps the label it came from and the token, and only
 * the same token brings it back (a wrong one kills the task). A
 * complain-mode profile without the hat gets a learning hat
 * "PROFILE//null-NAME" (logged ALLOWED). Asking for one name that does
 * not exist is not logged (programs probe for hats): -ENOENT ("hat not
 * found") or -ECHILD ("no hats defined"). An entry into an existing hat
 * is never logged, whatever the audit mode.
 */
#define AAMED_MAY_CHANGEHAT 0x80000000u	/* the request of its records */
#define AAMED_HAT_MAX 16	/* the names the kernel reads from a write */
#define AAMED_HAT_TEST 0x1u	/* "permhat": decide only, keep the label */

struct aamed_hat_req {
	size_t size;		/* see "versioned structures" above */
	const char *const *hats;	/* the names, tried in order */
	size_t count;		/* 0: return to previous; AAMED_HAT_MAX read */
	uint64_t token;		/* the token written */
	/* the label saved when the task entered its first hat (NULL: none,
	 * the task is not in a hat) and the token saved with it */
	const aamed_label *previous;
	uint64_t saved_token;
	/* no_new_privs: the label the kernel recorded when it first saw
	 * the flag (the current label, if set before this change); NULL:
	 * the flag is not set. A change to a label that does not keep all
	 * of it is refused with -EPERM, without a record. */
	const aamed_label *nnp;
	unsigned flags;		/* AAMED_HAT_* */
	/* the label of the task tracing this one (the kernel's
	 * ptrace_parent()); NULL: not traced. A confined tracer must be
	 * allowed to trace the new label (ptrace "trace", both sides
	 * asked, their records logged), else the change fails (-EACCES)
	 * with a record "ptrace prevents transition". An unconfined
	 * tracer is not asked. */
	const aamed_label *tracer;
};

struct aamed_hat_result {
	size_t size;		/* set by the caller: sizeof, or 0 */
	const aamed_label *label;	/* the new label (owned by the policy,
					 * interned if new); NULL when denied
					 * and for a learning hat */
	char name[512];		/* the new label's name */
	const char *info;	/* the kernel's info string, or NULL */
	int killed;		/* 1: the kernel kills the task (token) */
};

/*
 * Decide a change_hat for a task in label. Returns 0 when the change
 * (or the return) is made, or a negative errno: -EPERM (unconfined, a
 * target that is not a hat, conflicting stack members, no_new_privs),
 * -ENOENT, -ECHILD, -EACCES (wrong token: res->killed; a tracer that may
 * not trace the hat: res->info "ptrace prevents transition", checked
 * before no_new_privs and the token), -EINVAL (a return
 * with token 0, which the kernel cannot parse). A return with no saved
 * label changes nothing and succeeds.
 */
int aamed_change_hat(const aamed_label *label, const struct aamed_hat_req *req,
		     struct aamed_hat_result *res, aamed_audit_fn audit,
		     void *arg);
/* (hats: section end) */

/* ---------------------------------------------------------------------
 * Exec and attachment with the file's extended attributes: profiles
 * that attach by xattrs (`profile p /usr/bin/x xattrs=(security.x=y)`)
 * attach only when the file has them, and the more of them match, the
 * better (the kernel's find_attach() and aa_xattrs_match(), the same in
 * 6.1 and 6.12). aamed_exec() and aamed_attach() ask about a file
 * without any; aamed_exec_request() takes the file's xattrs too
 * (struct aamed_xattr, in "Domain changes" above).
 */
/* aamed_attach() of a file with xattrs (n of them; NULL: none). */
const aamed_label *aamed_attach_xattrs(aamed_policy *policy, const char *ns,
				       const char *path,
				       const struct aamed_xattr *xattrs,
				       size_t n, const char **info);
/* (xattr attachment: section end) */

/* ---------------------------------------------------------------------
 * Sockets (the kernel's net.c and af_unix.c).
 */
enum aamed_net_op {
	AAMED_NET_CREATE = 0,
	AAMED_NET_BIND,
	AAMED_NET_CONNECT,
	AAMED_NET_LISTEN,
	AAMED_NET_ACCEPT,
	AAMED_NET_SENDMSG,
	AAMED_NET_RECVMSG,
	AAMED_NET_GETSOCKNAME,
	AAMED_NET_GETPEERNAME,
	AAMED_NET_GETSOCKOPT,
	AAMED_NET_SETSOCKOPT,
	AAMED_NET_SHUTDOWN,
	AAMED_NET__COUNT
};

/* operation="" of a net op, and back. */
const char *aamed_net_op_name(enum aamed_net_op op);
int aamed_net_op_parse(const char *name);

/*
 * A socket as mediation sees it. The caller owns it. label is the label
 * the socket was created under (NULL: a kernel socket, never mediated).
 */
struct aamed_sock {
	size_t size;		/* see "versioned structures" above */
	const aamed_label *label;
	uint16_t family;	/* AF_* */
	uint16_t type;		/* SOCK_* */
	uint16_t protocol;
	const char *addr;	/* AF_UNIX: "/path", "@abstract" or NULL
				 * (unnamed or not bound); for bind, the
				 * address being bound (NULL: autobind) */
	uint32_t ouid;		/* AF_UNIX path socket: inode owner */
	uint32_t fsuid;		/* fsuid of the task asking (the kernel's
				 * current_fsuid()) for owner rules on path
				 * sockets; read from the subject's socket */
};

/*
 * A socket's cached decisions (the kernel keeps the like in aa_sk_ctx):
 * a confined socket that was allowed, without a record, to send to a
 * peer label remembers it, and asks again only when either label or the
 * policy changes (only aamed_unix_send_cached() uses it). The caller owns it, one per socket, zeroed
 * to start; it needs the socket's own lock if threads share the socket.
 */
struct aamed_sock_cache {
	size_t size;		/* see "versioned structures" above */
	uint64_t gen;			/* policy generation; 0: empty */
	const aamed_label *subj;
	const aamed_label *peer;
	uint32_t ops;			/* 1 << AAMED_NET_SENDMSG, ... */
};

int aamed_unix_send_cached(const aamed_label *sender,
			   const struct aamed_sock *sk,
			   const struct aamed_sock *peer,
			   struct aamed_sock_cache *cache,
			   aamed_audit_fn audit, void *arg);

/* Request bits an operation asks for (AAMED_MAY_CREATE for create...). */
uint32_t aamed_net_op_request(enum aamed_net_op op);

/*
 * A request by subj on its socket sk (create: sk describes the socket
 * to be created). 0 or a negative errno.
 */
int aamed_net_perm(const aamed_label *subj, enum aamed_net_op op,
		   const struct aamed_sock *sk, aamed_audit_fn audit,
		   void *arg);

/*
 * AF_UNIX peer checks: a datagram from sender's socket sk to peer
 * (unix_may_send), and a stream connect from sk to the listening peer
 * (unix_stream_connect). The kernel checks both sides; the receiver's
 * side uses the label stored on the receiving socket (peer->label).
 *
 * Which kernel: Linux 6.1 and 6.12 have no unix peer hooks; there a send
 * is the sender's own sendmsg check and a connect the connector's own
 * connect check (coarse "network unix" rules). AAMED_KERNEL_UPSTREAM
 * performs the af_unix.c cross check: fine-grained unix rules where a
 * profile has class 15, path sockets judged by file rules on the path,
 * and the coarse rule for profiles without class 15.
 */
int aamed_unix_send(const aamed_label *sender, const struct aamed_sock *sk,
		    const struct aamed_sock *peer, aamed_audit_fn audit,
		    void *arg);
int aamed_unix_connect(const aamed_label *subj, const struct aamed_sock *sk,
		       const struct aamed_sock *peer, aamed_audit_fn audit,
		       void *arg);

/* ---------------------------------------------------------------------
 * Open files: a descriptor inherited across an exec, used after its task
 * changed label, or received over a unix socket (SCM_RIGHTS). The kernel
 * stores on each open file the label it was opened (or the socket made)
 * under and the permissions granted so far, and asks again only when the
 * label using it is not covered by them (the kernel's aa_file_perm()).
 */
#define AAMED_OFILE_NULL       0x1u	/* the null device file_inherit put in
					 * place of a revoked descriptor: every
					 * use is refused, without a record */
#define AAMED_OFILE_UNMEDIATED 0x2u	/* on a file system AppArmor does not
					 * mediate by path (a pipe, an anonymous
					 * inode) and not a socket: never asked */
#define AAMED_OFILE_CTTY       0x4u	/* file_inherit: the task's controlling
					 * terminal (checked first, for read and
					 * write, whatever it was opened for) */
#define AAMED_OFILE_ELSEWHERE  0x8u	/* label is ignored: the file was opened
					 * under some confined label sharing no
					 * profile with the user's, which granted
					 * nothing asked: each member of the
					 * user's label checks, and only those
					 * (what one kernel record shows) */

struct aamed_open_file {
	size_t size;		/* see "versioned structures" above */
	const aamed_label *label;	/* opened (or made) under; NULL:
					 * unconfined, never asked again */
	uint32_t allow;		/* granted so far: what the open asked when
				 * it was made confined (aamed_open_mode()),
				 * 0 when unconfined and for a socket */
	uint32_t mode;		/* what it was opened for, aamed_open_mode():
				 * file_inherit and file_receive ask this */
	const char *path;	/* the file's path; NULL: sock describes it */
	uint32_t fsuid;		/* the fsuid of the task using it */
	uint32_t ouid;		/* the file's owner */
	uint32_t exec_fsuid;	/* file_inherit: the fsuid the exec gives
				 * the new image (its euid); 6.12 prints it
				 * in fsuid=, the owner test uses fsuid */
	const struct aamed_sock *sock;	/* a socket's family, type, protocol
					 * (its label is not asked) */
	unsigned flags;		/* AAMED_OFILE_* */
};

/*
 * The kernel's aa_map_file_to_perms(): the AAMED_MAY_* bits of open(2)
 * flags (O_ACCMODE, O_APPEND, O_TRUNC, O_CREAT).
 */
uint32_t aamed_open_mode(int open_flags);

/*
 * label uses the open file f for request under op: AAMED_OP_FILE_PERM
 * (read/write: AAMED_MAY_READ or AAMED_MAY_WRITE), AAMED_OP_FILE_LOCK,
 * AAMED_OP_FILE_MMAP, AAMED_OP_FILE_MPROT, AAMED_OP_FILE_RECEIVE
 * (request ignored: f->mode without AAMED_MAY_CREATE, since O_CREAT does
 * not outlive the open). Nothing is asked when label or the file's label
 * is unconfined, or when label is a subset of the file's label and the
 * request was granted before. Otherwise every member of label that is
 * not in the file's label checks the request; a request beyond what was
 * granted is then also checked by the members of the file's label that
 * are not in label (by every member when they are the same label), and
 * those log under their own names. 0 or -EACCES.
 */
int aamed_open_file_perm(const aamed_label *label, enum aamed_file_op op,
			 const struct aamed_open_file *f, uint32_t request,
			 aamed_audit_fn audit, void *arg);

/* What became of an inherited descriptor. */
#define AAMED_INHERIT_REPLACED    0x1u	/* now the null device (the kernel's
					 * /sys/kernel/security/apparmor/.null) */
#define AAMED_INHERIT_TTY_DROPPED 0x2u	/* the task lost its controlling
					 * terminal (AAMED_OFILE_CTTY) */
#define AAMED_INHERIT_CLOSED      0x4u	/* closed: the null device could not
					 * be opened (Linux 6.12 asks the new
					 * label, which refuses its
					 * disconnected path, and logs an
					 * "open" of "apparmor/.null") */

/*
 * apparmor_bprm_committing_creds(): an exec moved the task from another
 * label to label and f is one of its open descriptors. Nothing happens
 * when label is unconfined (or the same as before: do not ask then).
 * Otherwise f is checked for f->mode (operation="file_inherit"; without
 * AAMED_MAY_CREATE: O_CREAT does not outlive the open) and, if refused,
 * replaced by the null device, or closed where the new label may not
 * open that (as the first refused descriptor of the exec: the kernel
 * opens the null device once per exec). *outcome (may be NULL) gets
 * AAMED_INHERIT_* bits, 0 when kept. Returns 0 when kept, -EACCES when
 * replaced or closed.
 */
int aamed_file_inherit(const aamed_label *label,
		       const struct aamed_open_file *f, unsigned *outcome,
		       aamed_audit_fn audit, void *arg);
/* (open files: section end) */

/* ---------------------------------------------------------------------
 * Capabilities, signals, ptrace.
 */
#define AAMED_CAP_OPT_NOAUDIT 0x1u	/* the kernel's CAP_OPT_NOAUDIT */

int aamed_capable(const aamed_label *subj, int cap, unsigned opts,
		  aamed_audit_fn audit, void *arg);
/* Capability number of "sys_admin" etc., or -1. */
int aamed_cap_parse(const char *name);

/* sig is the kernel's signal number (SIGTERM, SIGRTMIN+n, 0). */
int aamed_signal(const aamed_label *sender, const aamed_label *target,
		 int sig, aamed_audit_fn audit, void *arg);
/* Kernel signal number of "term", "usr1", "rtmin+3", "exists"..., or -1. */
int aamed_signal_parse(const char *name);

/* request: AAMED_PTRACE_READ or AAMED_PTRACE_TRACE. */
int aamed_ptrace(const aamed_label *tracer, const aamed_label *tracee,
		 uint32_t request, aamed_audit_fn audit, void *arg);

/* ---------------------------------------------------------------------
 * One-sided decisions and the kernel's records as requests (for replay).
 */
/*
 * A signal or ptrace check has two sides: the sender's (tracer's) profiles
 * decide "send" ("trace", "read"), the target's (tracee's) decide
 * "receive" ("tracedby", "readby"), and each side logs its own records.
 * An audit log holds one side's record; to decide that record again, ask
 * for that side only. sides is a mask of AAMED_SIDE_*; AAMED_SIDE_BOTH is
 * what aamed_signal() and aamed_ptrace() decide.
 */
#define AAMED_SIDE_SUBJECT 0x1u	/* the sender's or tracer's profiles */
#define AAMED_SIDE_PEER    0x2u	/* the target's or tracee's profiles */
#define AAMED_SIDE_BOTH    (AAMED_SIDE_SUBJECT | AAMED_SIDE_PEER)

int aamed_signal_side(const aamed_label *sender, const aamed_label *target,
		      int sig, unsigned sides, aamed_audit_fn audit, void *arg);
int aamed_ptrace_side(const aamed_label *tracer, const aamed_label *tracee,
		      uint32_t request, unsigned sides, aamed_audit_fn audit,
		      void *arg);
/* (one-sided API: section end) */

/* ---------------------------------------------------------------------
 * User namespaces and io_uring (the hooks Linux 6.12 adds).
 *
 * Linux 6.1's AppArmor has neither hook: there the operations go ahead
 * without AppArmor being asked, and these functions return
 * AAMED_NOT_MEDIATED (positive: not a policy decision, neither an allow
 * by the policy nor an error) for every label. Otherwise they return 0
 * or a negative errno as every decision does. A profile whose policy has
 * no rules of the class (no start state: compiled by a parser or for a
 * kernel that does not know it) does not mediate it and allows.
 */
#define AAMED_NOT_MEDIATED 1

/* Request bits (security/apparmor/include/task.h, perms.h). */
#define AAMED_USERNS_CREATE        AAMED_MAY_APPEND	/* "userns_create" */
#define AAMED_URING_SQPOLL         AAMED_MAY_CREATE	/* "sqpoll" */
#define AAMED_URING_OVERRIDE_CREDS AAMED_MAY_APPEND	/* "override_creds" */

/* apparmor_userns_create(): label creates a user namespace. */
int aamed_userns_create(const aamed_label *label, aamed_audit_fn audit,
			void *arg);

enum aamed_uring_op {
	AAMED_URING_OP_SQPOLL = 0,	/* operation="uring_sqpoll" */
	AAMED_URING_OP_OVERRIDE_CREDS,	/* operation="uring_override" */
};
/*
 * apparmor_uring_sqpoll() (target ignored, may be NULL) and
 * apparmor_uring_override_creds(): label, submitting to a ring, takes
 * the credentials of target (a personality registered under target).
 */
int aamed_io_uring(const aamed_label *label, enum aamed_uring_op op,
		   const aamed_label *target, aamed_audit_fn audit, void *arg);

/* ---------------------------------------------------------------------
 * Resource limits (rlimit rules; the kernel's resource.c).
 *
 * A profile's rlimit rules cap the hard limits of its tasks: a task may
 * not raise a hard limit above its profile's, and an exec into a profile
 * lowers the new task's hard limits to the profile's (soft limits follow).
 * Resources are numbered as Linux's include/uapi/asm-generic/resource.h
 * (x86, arm and most architectures), named as rlimit rules name them.
 */
enum aamed_rlimit_resource {
	AAMED_RLIMIT_CPU = 0,
	AAMED_RLIMIT_FSIZE,
	AAMED_RLIMIT_DATA,
	AAMED_RLIMIT_STACK,
	AAMED_RLIMIT_CORE,
	AAMED_RLIMIT_RSS,
	AAMED_RLIMIT_NPROC,
	AAMED_RLIMIT_NOFILE,
	AAMED_RLIMIT_MEMLOCK,
	AAMED_RLIMIT_AS,
	AAMED_RLIMIT_LOCKS,
	AAMED_RLIMIT_SIGPENDING,
	AAMED_RLIMIT_MSGQUEUE,
	AAMED_RLIMIT_NICE,
	AAMED_RLIMIT_RTPRIO,
	AAMED_RLIMIT_RTTIME,
	AAMED_RLIMIT__COUNT,
};
#define AAMED_RLIM_INFINITY UINT64_MAX

/* "cpu", "nofile", ... as rlimit rules and records (rlimit=) spell them;
 * NULL out of range. */
const char *aamed_rlimit_name(int resource);
/* The resource named name, or -1. */
int aamed_rlimit_parse(const char *name);

/* One resource's limits: soft (rlim_cur) and hard (rlim_max). */
struct aamed_rlimit {
	uint64_t cur, max;
};
/* Every resource's limits of one task. */
struct aamed_rlimits {
	size_t size;		/* see "versioned structures" above */
	struct aamed_rlimit lim[AAMED_RLIMIT__COUNT];
};
/*
 * Linux's limits of its first task (the kernel's INIT_RLIMITS): what a
 * task has when nothing changed them. nproc and sigpending are computed
 * from memory at boot; here they are unlimited.
 */
void aamed_rlimits_default(struct aamed_rlimits *r);

/* One setrlimit(2) or prlimit(2) call. */
struct aamed_setrlimit_req {
	size_t size;		/* see "versioned structures" above */
	int resource;		/* AAMED_RLIMIT_* */
	uint64_t soft, hard;	/* the new limits */
	uint64_t old_hard;	/* the task's hard limit before the call */
	/* prlimit on another task: that task's label; NULL: the caller's own
	 * limits (or another task of the same label) */
	const aamed_label *target;
};
/*
 * The kernel's do_prlimit() as far as AppArmor takes part, in its order:
 * a new hard limit above old_hard needs CAP_SYS_RESOURCE (capable(),
 * AppArmor's capability check with its record; the task is assumed to
 * hold the capability otherwise), then apparmor_task_setrlimit(): a
 * target of another label needs the capability rule sys_resource (asked
 * without a record) or every member logs a denial; otherwise each
 * confined member refuses a hard limit above its rlimit rule. Records:
 * operation="setrlimit" rlimit=NAME value=HARD [peer=...]. 0, -EACCES,
 * -EPERM (the capability, or nofile above Linux's default fs.nr_open,
 * 1048576, checked first), -EINVAL (resource out of range, soft above
 * hard), or the size rule's -EINVAL, -E2BIG. Never allocates.
 */
int aamed_setrlimit(const aamed_label *label,
		    const struct aamed_setrlimit_req *req,
		    aamed_audit_fn audit, void *arg);
/*
 * The limits a task of label from has after an exec into label to
 * (apparmor_bprm_committing_creds(), __aa_transition_rlimits()): lim
 * holds the task's limits before and is updated in place. to NULL is the
 * learning profile complain mode makes for the exec (AAMED_X_LEARN, no
 * label returned): it has no rules. Unless to is from itself or
 * unconfined: for each resource an rlimit rule of a
 * member of from sets, the soft limit becomes the lesser of the hard
 * limit and init's soft limit (init: NULL for aamed_rlimits_default());
 * then each member of to with an rlimit rule lowers the hard limit to
 * it, and the soft limit to the hard limit. The stack limit is the
 * exception: execve() pins it before AppArmor's hook and writes it back
 * when it sets up the new image, so neither the reset nor a stack rule
 * changes it. Returns 1 when the kernel applies rlimits (the labels
 * differ), 0 when it leaves them, -EINVAL. Never allocates.
 */
int aamed_exec_rlimits(const aamed_label *from, const aamed_label *to,
		       const struct aamed_rlimits *init,
		       struct aamed_rlimits *lim);
/* (resource limits: section end) */

/* ---------------------------------------------------------------------
 * Mounts: mount(2), umount(2), pivot_root(2) and (Linux 6.12) the
 * move_mount(2) of a detached mount.
 *
 * Each function decides the whole system call as far as AppArmor takes
 * part in it, in the kernel's order: the mount rule (class "mount") and
 * the capability sys_admin the kernel's may_mount() asks for (a record
 * of class AAMED_CLASS_CAP). mount(2) asks the mount rule first, then
 * the capability; umount(2), pivot_root(2) and move_mount(2) ask the
 * capability first. Both are asked of every confined member of a stack;
 * the first step that fails ends the call. 0 (allowed), -EACCES (mount
 * rule), -EPERM (capability), -EINVAL (malformed request).
 *
 * Paths are the names the kernel builds: absolute, and a directory
 * (a mount point always is one) ends in '/', except "/" itself.
 */
/* mount(2)'s MS_* flags (uapi linux/mount.h). */
#define AAMED_MS_RDONLY      0x1ul
#define AAMED_MS_NOSUID      0x2ul
#define AAMED_MS_NODEV       0x4ul
#define AAMED_MS_NOEXEC      0x8ul
#define AAMED_MS_SYNCHRONOUS 0x10ul
#define AAMED_MS_REMOUNT     0x20ul
#define AAMED_MS_MANDLOCK    0x40ul
#define AAMED_MS_DIRSYNC     0x80ul
#define AAMED_MS_NOSYMFOLLOW 0x100ul
#define AAMED_MS_NOATIME     0x400ul
#define AAMED_MS_NODIRATIME  0x800ul
#define AAMED_MS_BIND        0x1000ul
#define AAMED_MS_MOVE        0x2000ul
#define AAMED_MS_REC         0x4000ul
#define AAMED_MS_SILENT      0x8000ul
#define AAMED_MS_POSIXACL    0x10000ul
#define AAMED_MS_UNBINDABLE  0x20000ul
#define AAMED_MS_PRIVATE     0x40000ul
#define AAMED_MS_SLAVE       0x80000ul
#define AAMED_MS_SHARED      0x100000ul
#define AAMED_MS_RELATIME    0x200000ul
#define AAMED_MS_I_VERSION   0x800000ul
#define AAMED_MS_STRICTATIME 0x1000000ul
#define AAMED_MS_NOUSER      0x80000000ul

/* Request bits of the mount class (the kernel's mount.h). */
#define AAMED_MAY_PIVOTROOT 0x01u
#define AAMED_MAY_MOUNT     0x02u
#define AAMED_MAY_UMOUNT    0x04u

/* How the kernel's path_mount() classifies a mount(2) call. */
enum aamed_mount_kind {
	AAMED_MOUNT_NEW = 0,	/* a new mount of fstype */
	AAMED_MOUNT_REMOUNT,	/* MS_REMOUNT (with or without MS_BIND) */
	AAMED_MOUNT_BIND,	/* MS_BIND: source is a path */
	AAMED_MOUNT_PROPAGATION,/* MS_SHARED, MS_PRIVATE, MS_SLAVE,
				 * MS_UNBINDABLE */
	AAMED_MOUNT_MOVE,	/* MS_MOVE: source is the mount moved */
};

struct aamed_mount_req {
	size_t size;		/* see "versioned structures" above */
	const char *source;	/* mount(2)'s source; NULL: none. For a
				 * bind, a move and a filesystem that needs
				 * a device: the path it names */
	const char *target;	/* the mount point */
	const char *fstype;	/* NULL: none. With MS_REMOUNT: the type
				 * mounted there (only to know whether its
				 * data is binary) */
	unsigned long flags;	/* AAMED_MS_* */
	const char *data;	/* the options string; NULL: none */
};

/* The class of a mount(2) call with these flags, as path_mount() sees it. */
enum aamed_mount_kind aamed_mount_kind(unsigned long flags);

/* apparmor_sb_mount(), then may_mount(): label calls mount(2). */
int aamed_mount(const aamed_label *label, const struct aamed_mount_req *req,
		aamed_audit_fn audit, void *arg);
/* may_mount(), then apparmor_sb_umount(): label unmounts target. */
int aamed_umount(const aamed_label *label, const char *target,
		 aamed_audit_fn audit, void *arg);
/*
 * may_mount(), then apparmor_sb_pivotroot(): label calls
 * pivot_root(new_root, put_old). A pivot_root rule's "-> profile" is
 * compiled but the kernel never changes the label: an allowed call
 * leaves the task's label as it was.
 */
int aamed_pivot_root(const aamed_label *label, const char *new_root,
		     const char *put_old, aamed_audit_fn audit, void *arg);
/*
 * may_mount(), then (Linux 6.12) apparmor_move_mount(): label moves the
 * mount from (NULL: a detached mount, as open_tree(OPEN_TREE_CLONE) or
 * fsmount() make) onto to. Linux 6.1 has no such hook: only the
 * capability is asked.
 */
int aamed_move_mount(const aamed_label *label, const char *from,
		     const char *to, aamed_audit_fn audit, void *arg);

/*
 * Mount flag names: AppArmor's option names as mount rules and records
 * write them ("ro", "nosuid", "bind", "rbind", "rec", "rprivate", ...).
 * Returns the AAMED_MS_* bits of name (0 for "rw"), or -1 if unknown.
 */
long aamed_mount_flag_parse(const char *name);
/* The record's flags="" text of flags ("rw, nosuid, rbind"), as snprintf. */
size_t aamed_mount_flags_str(unsigned long flags, char *buf, size_t len);
/* (mounts: section end) */

/* ---------------------------------------------------------------------
 * The kernel's label queries (apparmorfs .access), as libapparmor's
 * aa_query_label() asks them: query holds AA_QUERY_CMD_LABEL_SIZE
 * reserved bytes, then the label, a NUL, the class byte and the class's
 * match bytes (dbus-daemon builds them for every message); size counts
 * all of it. *allowed is 1 when every bit of mask is allowed, *audited
 * 1 when an allowed request is audited or a denied one is not quiet.
 * The label is read as the kernel reads it: "name (enforce)" names no
 * profile, and a stack ("a//&b") is found only while held
 * (aamed_label_set_held()). 0, or a negative errno (-ENOENT: no such
 * label; -EINVAL: malformed).
 */
int aamed_query_label(aamed_policy *policy, uint32_t mask, char *query,
		      size_t size, int *allowed, int *audited);

/* AA_QUERY_CMD_LABEL_SIZE: the bytes aa_query_label() reserves ("label"). */
#define AAMED_QUERY_CMD_LABEL_SIZE 6
/*
 * The other commands of .access a query may start with instead (their
 * NUL included: sizeof): "profile" asks as "label" does, the members of
 * the label in its namespace; "labelall" asks every member, whatever
 * its namespace. Other bytes in the first AAMED_QUERY_CMD_LABEL_SIZE
 * are read as "label" (libapparmor's reserved bytes).
 */
#define AAMED_QUERY_CMD_PROFILE "profile"
#define AAMED_QUERY_CMD_LABELALL "labelall"
/* The match classes a label query names in its class byte. */
#define AAMED_QUERY_CLASS_FILE AAMED_CLASS_FILE
#define AAMED_QUERY_CLASS_DBUS AAMED_CLASS_DBUS

/*
 * A stack of profiles exists for the kernel only while a task (or an
 * object) holds it; its label queries find no other. Declare label held
 * (held 1: a task of the caller's is in it, as aa_change_profile() or an
 * exec would have put it) or no longer (0). A label of one profile always
 * exists. 0, or -EINVAL.
 */
int aamed_label_set_held(aamed_policy *policy, const aamed_label *label,
			 int held);

/* The four masks the kernel writes back ("allow 0x... deny 0x..."). */
struct aamed_query_masks {
	uint32_t allow, deny, audit, quiet;
};
/*
 * The same query, answered with the kernel's four masks instead of the
 * two verdicts (query laid out as for aamed_query_label()).
 */
int aamed_query_label_masks(aamed_policy *policy, const char *query,
			    size_t size, struct aamed_query_masks *out);

/*
 * aa_query_file_path() and aa_query_link_path(): a file-class query for
 * path (mask: AAMED_MAY_* bits), and the hard link link -> target
 * (AAMED_MAY_LINK). label is label text as for aamed_label_get(). The
 * kernel answers a file query with the owner permissions when the
 * querying task's fsuid is 0 and the other permissions otherwise; these
 * answer as for fsuid 0, the querier of the kernel oracle. The full path
 * is asked: libapparmor 3.0 sends one byte short of it.
 */
int aamed_query_file_path(aamed_policy *policy, uint32_t mask,
			  const char *label, const char *path, int *allowed,
			  int *audited);
int aamed_query_link_path(aamed_policy *policy, const char *label,
			  const char *target, const char *link, int *allowed,
			  int *audited);

/*
 * D-Bus mediation as dbus-daemon does it (bus/apparmor.c): it asks the
 * kernel one label query per side of a message, and logs its own
 * records (apparmor="DENIED" operation="dbus_method_call" bus=...).
 */
#define AAMED_DBUS_MAY_SEND      0x02u
#define AAMED_DBUS_MAY_RECEIVE   0x04u
#define AAMED_DBUS_MAY_EAVESDROP 0x20u
#define AAMED_DBUS_MAY_BIND      0x40u

enum aamed_dbus_op {
	AAMED_DBUS_SEND = 0,	/* subj sends a message to peer_label */
	AAMED_DBUS_RECEIVE,	/* subj receives a message from peer_label */
	AAMED_DBUS_BIND,	/* subj acquires name */
	AAMED_DBUS_EAVESDROP,	/* subj eavesdrops on bus */
};

struct aamed_dbus_req {
	size_t size;		/* see "versioned structures" above */
	enum aamed_dbus_op op;
	const char *bus;	/* "session", "system"; NULL: "" */
	const char *path;	/* NULL: not in the message */
	const char *interface;
	const char *member;
	/* send: the destination name; receive: the sender's name (the
	 * source); bind: the name acquired */
	const char *name;
	/* send/receive: the other end's name for its own check (receive:
	 * the destination, send: the source); NULL: none */
	const char *peer_name;
	const char *peer_label;	/* send/receive: NULL is "unconfined" */
	const char *msgtype;	/* NULL: "method_call" */
	long pid, peer_pid;	/* for records; < 0: not printed */
};

/*
 * Decide req for subj as dbus-daemon does, both sides of a message: the
 * sender's send and the receiver's receive query, an unconfined side
 * allowed unasked, a complain-mode side allowed with its record; the
 * records dbus-daemon would log go to audit (class
 * AAMED_CLASS_DBUS, formatted by aamed_audit_format). 0 (allowed),
 * -EACCES, or a negative errno (-ENOENT: peer label unknown, -EINVAL).
 */
int aamed_dbus_perm(aamed_policy *policy, const aamed_label *subj,
		    const struct aamed_dbus_req *req, aamed_audit_fn audit,
		    void *arg);
/*
 * The one label query subj's own side of req asks (send: the sender's,
 * receive: the receiver's; peer_label as given, NULL: "unconfined"),
 * answered with the kernel's four masks.
 */
int aamed_dbus_query_masks(aamed_policy *policy, const aamed_label *subj,
			   const struct aamed_dbus_req *req,
			   struct aamed_query_masks *out);
/* The request words: "send", "receive", "bind", "eavesdrop"; -1 unknown. */
int aamed_dbus_op_parse(const char *word);
const char *aamed_dbus_op_name(enum aamed_dbus_op op);
/* (label query API: section end) */

/* =====================================================================
 * Records: what a decision hands to its audit callback, and the
 * kernel's text of it.
 */

/* ---------------------------------------------------------------------
 * Audit records, built only when one will be emitted.
 */
enum aamed_audit_type {
	AAMED_AUDIT_AUDIT = 0,	/* apparmor="AUDIT": a forced audit of an allow */
	AAMED_AUDIT_ALLOWED,	/* complain mode */
	AAMED_AUDIT_DENIED,
	AAMED_AUDIT_HINT,
	AAMED_AUDIT_STATUS,
	AAMED_AUDIT_ERROR,
	AAMED_AUDIT_KILLED,
};

/*
 * Mediation classes: the kernel's AA_CLASS_* values. They name a record's
 * class, the first byte of a walk of a profile's policy rules
 * (AAMED_RULES_POLICY) from its root, and the class byte of a label
 * query. Records use the classes the kernel logs; DOMAIN, NETV9 and
 * LABEL only appear in rules.
 */
enum aamed_class {
	AAMED_CLASS_NONE = 0,
	AAMED_CLASS_FILE = 2,
	AAMED_CLASS_CAP = 3,
	AAMED_CLASS_RLIMITS = 5,	/* class="rlimits" */
	AAMED_CLASS_DOMAIN = 6,
	AAMED_CLASS_MOUNT = 7,		/* mount, umount, pivotroot */
	AAMED_CLASS_PTRACE = 9,
	AAMED_CLASS_SIGNAL = 10,
	AAMED_CLASS_NET = 14,
	AAMED_CLASS_NETV9 = 15,		/* fine-grained network (upstream) */
	AAMED_CLASS_LABEL = 16,
	AAMED_CLASS_NS = 21,		/* user namespaces: class="namespace" */
	AAMED_CLASS_IO_URING = 22,
	AAMED_CLASS_DBUS = 32,		/* records dbus-daemon logs */
	AAMED_CLASS_MAX = 32,		/* the highest */
};

struct aamed_audit {
	size_t size;		/* sizeof(struct aamed_audit) it was built with */
	enum aamed_audit_type type;
	enum aamed_class class;
	const char *op;		/* operation="" */
	const char *info;	/* NULL or info="" */
	int error;		/* printed with info only, as the kernel does */
	const char *ns;		/* NULL for the root namespace */
	const char *profile;	/* hname of the profile that logs */
	const char *name;	/* NULL or name= */
	uint32_t request;	/* requested_mask, after the kernel's masking */
	uint32_t denied;	/* denied_mask, 0 when not printed */
	uint32_t fsuid, ouid;	/* file class */
	const char *target;	/* NULL or target= (link/rename target,
				 * exec's new label) */
	/* net class */
	uint16_t family, sock_type, protocol;
	const char *addr;	/* AF_UNIX local address, NULL: none */
	const char *peer_addr;	/* AF_UNIX peer address, NULL: none */
	/* net, signal, ptrace: the other side's label, NULL: none;
	 * io_uring override_creds: the target label (tcontext=) */
	const char *peer;
	/* capability class */
	int cap;
	/* signal class: AppArmor's signal number and the raw one */
	int signal;
	int unmapped_signal;
	/* dbus class (dbus-daemon's record; label= is profile, peer_label=
	 * is peer, name= is name, mask= from request) */
	const char *bus, *path, *interface, *member;
	const char *msgtype;
	long pid, peer_pid;	/* < 0: not printed */
	/* rlimits class: the resource (AAMED_RLIMIT_*) and the hard limit
	 * asked for (value=) */
	int rlimit;
	uint64_t rlimit_value;
	/* mount class: fstype=, srcname=, trans=, flags="", options=
	 * (NULL, 0: not printed) */
	const char *fstype, *srcname, *trans, *options;
	unsigned long mnt_flags;
};

/* Formatting flags. */
#define AAMED_FMT_CLASS 0x1u	/* print class="" as Linux >= 6.12 does */

/*
 * The record as the kernel prints it after "audit(…): ", without pid=
 * and comm= (pass them in pid/comm to get them: pid < 0 omits both).
 * Returns the length it needed; truncates at len like snprintf.
 */
size_t aamed_audit_format(const struct aamed_audit *rec, char *buf,
			  size_t len, unsigned flags, long pid,
			  const char *comm);

/* Mask as the kernel prints it in requested_mask= for this class. */
size_t aamed_perms_str(enum aamed_class class, uint32_t mask, char *buf,
		       size_t len);

/* =====================================================================
 * Introspection: what a loaded policy says.
 */

/* ---------------------------------------------------------------------
 * Introspection: profiles, rule sets and their permissions (for tools
 * that explain, compare or cover policy).
 *
 * Everything here reads a loaded policy and never changes it. Pointers
 * (profiles, rule sets, strings) are owned by the policy and stay valid
 * until it is freed. Nothing applies a profile's modes: the permissions
 * are what the rules say, before complain, kill or audit modes.
 */
typedef struct aamed_profile aamed_profile;

/* Profile i in load order (as aamed_policy_profile_name), NULL past the end. */
const aamed_profile *aamed_policy_profile(const aamed_policy *policy,
					  size_t i);
/* The profile hname ("parent//child") of namespace ns (NULL or "": root). */
const aamed_profile *aamed_policy_profile_find(const aamed_policy *policy,
					       const char *ns,
					       const char *hname);
/*
 * The members of a label, in the label's order. The unconfined label has
 * one: its namespace's unconfined profile (AAMED_PROFILE_UNCONFINED).
 */
size_t aamed_label_profile_count(const aamed_label *label);
const aamed_profile *aamed_label_profile(const aamed_label *label, size_t i);
/* The label of the profile alone. */
const aamed_label *aamed_profile_label(const aamed_profile *profile);

/* Profile modes and audit modes: the kernel's values. */
enum aamed_profile_mode {
	AAMED_PROFILE_ENFORCE = 0,
	AAMED_PROFILE_COMPLAIN = 1,
	AAMED_PROFILE_KILL = 2,
	AAMED_PROFILE_UNCONFINED = 3,
	AAMED_PROFILE_USER = 4,
};
enum aamed_audit_mode {
	AAMED_AUDIT_MODE_NORMAL = 0,
	AAMED_AUDIT_MODE_QUIET_DENIED = 1,
	AAMED_AUDIT_MODE_QUIET = 2,
	AAMED_AUDIT_MODE_NOQUIET = 3,
	AAMED_AUDIT_MODE_ALL = 4,
};

/*
 * Policy classes: the former enum aamed_policy_class, now enum
 * aamed_class (the same numbers); the old names stay.
 */
#define aamed_policy_class aamed_class
#define AAMED_PCLASS_NONE AAMED_CLASS_NONE
#define AAMED_PCLASS_FILE AAMED_CLASS_FILE
#define AAMED_PCLASS_CAP AAMED_CLASS_CAP
#define AAMED_PCLASS_RLIMITS AAMED_CLASS_RLIMITS
#define AAMED_PCLASS_DOMAIN AAMED_CLASS_DOMAIN
#define AAMED_PCLASS_MOUNT AAMED_CLASS_MOUNT
#define AAMED_PCLASS_PTRACE AAMED_CLASS_PTRACE
#define AAMED_PCLASS_SIGNAL AAMED_CLASS_SIGNAL
#define AAMED_PCLASS_NET AAMED_CLASS_NET
#define AAMED_PCLASS_NETV9 AAMED_CLASS_NETV9
#define AAMED_PCLASS_LABEL AAMED_CLASS_LABEL
#define AAMED_PCLASS_NS AAMED_CLASS_NS
#define AAMED_PCLASS_IO_URING AAMED_CLASS_IO_URING
#define AAMED_PCLASS_DBUS AAMED_CLASS_DBUS
#define AAMED_PCLASS_MAX AAMED_CLASS_MAX

/* path_flags bits (apparmor_parser's, as the kernel reads them). */
#define AAMED_PATH_ATTACH_DISCONNECTED 0x4u
#define AAMED_PATH_CHROOT_RELATIVE 0x8u

/*
 * What a profile says besides its rule sets. Strings belong to the
 * policy.
 */
struct aamed_profile_info {
	size_t size;		/* set by the caller: sizeof, or 0 */
	const char *name;	/* hname: "parent//child" */
	const char *ns;		/* namespace, "" for the root one */
	const char *attach;	/* attachment expression, NULL: none */
	const char *disconnected; /* attach_disconnected path, NULL: none */
	enum aamed_profile_mode mode;
	enum aamed_audit_mode audit;
	int hat;		/* 1: a hat (change_hat target) */
	uint32_t path_flags;	/* AAMED_PATH_* */
	uint64_t caps_allow, caps_audit, caps_quiet, caps_kill; /* bit = cap */
	uint64_t mediates;	/* bit c: policy class c has rules */
	unsigned abi;		/* kernel ABI of the stream it came in */
	uint32_t xattr_count;	/* xattr conditions of the attachment */
	uint32_t rlimit_mask;	/* bit r: rlimit r is set */
	uint64_t rlimits[16];	/* its value where rlimit_mask has bit r */
};
/* 0, -EINVAL or -E2BIG (see "versioned structures"). */
int aamed_profile_info(const aamed_profile *profile,
		       struct aamed_profile_info *info);
/*
 * The hard limit profile's rlimit rule sets for resource into *hard:
 * 1, or 0 when it has none for resource; -EINVAL.
 */
int aamed_profile_rlimit(const aamed_profile *profile, int resource,
			 uint64_t *hard);
/* xattr condition i ("name" or "name value"), NULL past the end. */
const char *aamed_profile_xattr(const aamed_profile *profile, size_t i);

/*
 * Rule sets: a DFA and its permission table. A walk is a state number
 * (0 is the trap state: nothing matches from it) stepped byte by byte.
 * Functions accept a NULL rule set and behave as for an empty one.
 */
typedef struct aamed_rules aamed_rules;
enum aamed_rules_kind {
	AAMED_RULES_POLICY = 0,	/* every class, the class byte first */
	AAMED_RULES_FILE = 1,	/* file rules (owner and other entries) */
	AAMED_RULES_ATTACH = 2,	/* attachment (xmatch): executable paths */
};
/* NULL when the profile has no such rule set. */
const aamed_rules *aamed_profile_rules(const aamed_profile *profile,
				       enum aamed_rules_kind kind);
/*
 * Start state of a policy class (the state after its class byte), or of
 * the root with AAMED_PCLASS_NONE; for file rules, AAMED_PCLASS_FILE gives
 * the start of path matching. 0: the class has no rules.
 */
uint32_t aamed_rules_start(const aamed_rules *rules, int pclass);
uint32_t aamed_rules_state_count(const aamed_rules *rules);
/* One step, and len steps; state 0 or out of range gives 0. */
uint32_t aamed_rules_next(const aamed_rules *rules, uint32_t state,
			  uint8_t byte);
uint32_t aamed_rules_match(const aamed_rules *rules, uint32_t state,
			   const void *bytes, size_t len);
/*
 * Every step from state at once: next[b] = aamed_rules_next(rules,
 * state, b) for each byte b (a walk that tries every byte, such as a
 * product of DFAs, makes one call instead of 256). 0, or -EINVAL (next
 * NULL).
 */
int aamed_rules_row(const aamed_rules *rules, uint32_t state,
		    uint32_t next[256]);

/* Permissions of a state (the kernel's struct aa_perms). */
struct aamed_perms {
	uint32_t allow, deny, audit, quiet, kill, complain;
	uint32_t xindex;	/* exec transition: see aamed_rules_xtrans */
};
/*
 * The entry of state: file rules keep two, the one for a subject that
 * owns the object (owner nonzero) and the one for others. 0, or -EINVAL
 * (state out of range: perms zeroed).
 */
int aamed_rules_perms(const aamed_rules *rules, uint32_t state, int owner,
		      struct aamed_perms *perms);

/* An exec transition, without table indices. */
enum aamed_xtrans_mode {
	AAMED_XT_NONE = 0,	/* no transition: exec denied */
	AAMED_XT_INHERIT,	/* ix */
	AAMED_XT_PROFILE,	/* px: named, or by attachment without target */
	AAMED_XT_CHILD,		/* cx: a child, named or by attachment */
	AAMED_XT_UNCONFINED,	/* ux */
	AAMED_XT_STACK,		/* stack the target ("&name") */
};
struct aamed_xtrans {
	enum aamed_xtrans_mode mode;
	/* when no target profile is found: AAMED_XT_INHERIT (pix, cix),
	 * AAMED_XT_UNCONFINED (pux, cux) or AAMED_XT_NONE */
	enum aamed_xtrans_mode fallback;
	int unsafe;		/* 1: environment not scrubbed (px, not Px) */
	const char *target;	/* named target ("&" stripped), NULL: none */
};
/* xindex from aamed_rules_perms of file rules; 0 or -EINVAL (bad index). */
int aamed_rules_xtrans(const aamed_rules *rules, uint32_t xindex,
		       struct aamed_xtrans *x);

/*
 * Matched permissions of one request for one profile, modes not applied
 * (what explain and coverage show). Each returns 0, -ENOENT when the
 * profile does not mediate that class (perms zeroed), or -EINVAL.
 *
 * File: path for a subject fsuid and object owner ouid (the owner entry
 * when they are equal). A profile without any file rules allows getattr
 * under 6.1 and nothing under 6.12.
 */
int aamed_profile_file_perms(const aamed_profile *profile, const char *path,
			     uint32_t fsuid, uint32_t ouid,
			     struct aamed_perms *perms);
/* Capability: each mask is 1 when the profile allows (audits, ...) it. */
int aamed_profile_cap_perms(const aamed_profile *profile, int cap,
			    struct aamed_perms *perms);
/* Network: the family and type walk of Linux 6.1 and 6.12 (class NET). */
int aamed_profile_net_perms(const aamed_profile *profile, uint16_t family,
			    uint16_t type, struct aamed_perms *perms);
/*
 * Signal sig (the kernel's number) and ptrace towards peer, as the
 * kernel matches a peer label: the compound name first, then each
 * component on its own when that does not grant request.
 */
int aamed_profile_signal_perms(const aamed_profile *profile,
			       const aamed_label *peer, int sig,
			       uint32_t request, struct aamed_perms *perms);
int aamed_profile_ptrace_perms(const aamed_profile *profile,
			       const aamed_label *peer, uint32_t request,
			       struct aamed_perms *perms);

/*
 * User namespace creation and io_uring (override_creds matches target
 * as signal and ptrace match a peer; sqpoll ignores it): the entry the
 * kernel reads right after the class byte.
 */
int aamed_profile_userns_perms(const aamed_profile *profile,
			       struct aamed_perms *perms);
int aamed_profile_io_uring_perms(const aamed_profile *profile,
				 enum aamed_uring_op op,
				 const aamed_label *target,
				 struct aamed_perms *perms);

/*
 * Names as the kernel prints them; NULL when the number has none.
 * Signal numbers are AppArmor's (the byte of a signal rule: 1-31 as the
 * kernel's, 35 the existence test, 128 + n for rtmin+n, which has no
 * name here).
 */
const char *aamed_cap_name(int cap);
const char *aamed_family_name(int family);
const char *aamed_sock_type_name(int type);
const char *aamed_signal_name(int aa_sig);
/* "enforce", "complain", "kill", "unconfined", "user"; NULL out of range. */
const char *aamed_profile_mode_name(enum aamed_profile_mode mode);
/* "normal", "quiet_denied", "quiet", "noquiet", "all"; NULL out of range. */
const char *aamed_audit_mode_name(enum aamed_audit_mode mode);
/* A record type as apparmor="" prints it ("DENIED"...); NULL out of range. */
const char *aamed_audit_type_name(enum aamed_audit_type type);
#define AAMED_SIGRT_BASE 128

/* =====================================================================
 * Analysis: comparing policies.
 */

/*
 * The semantic difference of two profiles' rule sets: the product of
 * their DFAs walked breadth first from the file start, the policy root
 * and the attachment start, so each reported state pair comes with a
 * shortest input reaching it. A pair is reported when the permissions
 * that decide differ: allow, deny, audit, quiet, kill (for signal and
 * ptrace only the bits requests use), for file rules in the owner or the
 * other entry, or the exec transition where either side allows exec.
 * File rules are reported once, as AAMED_RULES_FILE, even when they live
 * in the policy rules. Network and mount rules are compared at the states
 * the kernel looks up (a pair inside a request's encoding is carried on to
 * the first whole request that differs, and reported with that input).
 * Attachments are compared by what they accept: allow is AAMED_MAY_EXEC
 * where an attachment accepts, 0 elsewhere; a profile without an
 * attachment DFA accepts its own name only.
 */
#define AAMED_ENTRY_OWNER 0
#define AAMED_ENTRY_OTHER 1
struct aamed_diff_state {
	enum aamed_rules_kind rules;
	int pclass;		/* AAMED_PCLASS_*: FILE for file rules, the
				 * class byte for policy rules (PTRACE for
				 * ptrace rules under LABEL), NONE for
				 * attachments */
	const uint8_t *witness;	/* the input, len bytes (file: the path) */
	size_t len;
	/* [AAMED_ENTRY_*]; policy and attachment rules have one entry,
	 * repeated in both, and no transitions (zeroed) */
	struct aamed_perms a[2], b[2];
	struct aamed_xtrans xa[2], xb[2];
	int owner_distinct;	/* an owner entry differs from its other one */
	int xtrans_differ[2];	/* either side allows exec, transitions differ */
};
/* Return nonzero to stop the walk. */
typedef int (*aamed_diff_fn)(const struct aamed_diff_state *st, void *arg);
/*
 * Walks with at most max_states pairs each. Returns the pairs visited,
 * -E2BIG when max_states was hit or memory ran out (what was reported
 * stands), or -EINVAL. A NULL profile is one without rules.
 */
long aamed_profile_diff(const aamed_profile *a, const aamed_profile *b,
			size_t max_states, aamed_diff_fn fn, void *arg);
/* (introspection API: section end) */

#if defined(__GNUC__) && __GNUC__ >= 4
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif
#endif /* AAMED_H */
