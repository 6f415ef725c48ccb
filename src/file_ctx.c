// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Open files: the kernel's aa_file_perm(), __file_path_perm(),
 * __file_sock_perm() and aa_inherit_files().
 *
 * The kernel keeps on each open file the label it was opened under and
 * the permissions granted so far, and asks the policy only for what
 * those do not cover. A file opened unconfined is never asked again:
 * that is how an unconfined task hands descriptors to confined ones.
 * Nothing here allocates; the caller describes the file's cache and
 * keeps it (the kernel widens it after each allowed use).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "dfa.h"
#include "file.h"
#include "file_ctx.h"
#include "label.h"
#include "names.h"
#include "net.h"
#include "perms.h"
#include "policy.h"

uint32_t aamed_open_mode(int flags)
{
	uint32_t perms = 0;
	int acc = flags & O_ACCMODE;

	if (acc == O_WRONLY || acc == O_RDWR)
		perms |= AAMED_MAY_WRITE;
	if (acc == O_RDONLY || acc == O_RDWR)
		perms |= AAMED_MAY_READ;
	if ((flags & O_APPEND) && (perms & AAMED_MAY_WRITE))
		perms = (perms & ~AAMED_MAY_WRITE) | AAMED_MAY_APPEND;
	if (flags & O_TRUNC)
		perms |= AAMED_MAY_WRITE;
	if (flags & O_CREAT)
		perms |= AAMED_MAY_CREATE;
	return perms;
}

static bool in_label(const struct aa_label *l, const struct aa_profile *p)
{
	uint32_t i;

	for (i = 0; i < l->size; i++)
		if (l->vec[i] == p)
			return true;
	return false;
}

/* aa_label_is_subset(set, sub): every member of sub is in set. */
static bool is_subset(const struct aa_label *set, const struct aa_label *sub)
{
	uint32_t i;

	if (set == sub)
		return true;
	for (i = 0; i < sub->size; i++)
		if (!in_label(set, sub->vec[i]))
			return false;
	return true;
}

/*
 * profile_path_perm() of one member. The owner test is the task's fsuid
 * (current_fsuid()) against the file's owner, whichever fsuid the record
 * prints (ad->fs.fsuid).
 */
static int path_perm(const struct aa_profile *profile, uint32_t request,
		     bool owner, struct aa_audit_data *ad)
{
	const struct aa_policydb *file = profile->file;
	const struct aa_perms *perms;
	uint32_t state;

	if (profile_unconfined(profile))
		return 0;
	if (file) {
		state = aa_dfa_match(file->dfa, file->start[AA_CLASS_FILE],
				     ad->name);
		perms = aa_lookup_fperms(file, state, owner);
	} else {
		perms = aa_null_fperms(profile);
	}
	if (!(request & ~perms->allow) && !(request & perms->audit) &&
	    profile->audit != AUDIT_ALL)
		return 0;
	ad->info = NULL;
	ad->fs.target = NULL;
	return aa_audit_file(profile, perms, request,
			     (request & ~perms->allow) ? -EACCES : 0, ad);
}

/* fn_for_each_not_in_set(set, sub, profile_path_perm()): last error wins */
static int path_not_in_set(const struct aa_label *set,
			   const struct aa_label *sub, uint32_t request,
			   bool owner, struct aa_audit_data *ad)
{
	int error = 0, e;
	uint32_t i;

	for (i = 0; i < sub->size; i++) {
		if (set && in_label(set, sub->vec[i]))
			continue;
		e = path_perm(sub->vec[i], request, owner, ad);
		if (e)
			error = e;
	}
	return error;
}

/*
 * __file_path_perm(): the members of label the file's label lacks check
 * the request; a request beyond what was granted is then checked by the
 * file's own members too ("not in label", or all when they are one).
 */
static int file_path_perm(const struct aa_label *label,
			  const struct aa_label *flabel,
			  const struct aamed_open_file *f, uint32_t request,
			  uint32_t denied, struct aa_audit_data *ad)
{
	bool owner = f->fsuid == f->ouid;
	int error;

	ad->name = f->path;
	ad->fs.fsuid = f->fsuid;
	ad->fs.ouid = f->ouid;
	/*
	 * 6.12 prints the fsuid of the credentials being checked: for an
	 * inherited file those of the new image, the exec's (euid).
	 */
	if (!strcmp(ad->op, "file_inherit") &&
	    aa_kernel_has(aa_profile_kernel(label->vec[0]),
			  AA_K_INHERIT_EXEC_FSUID))
		ad->fs.fsuid = f->exec_fsuid;
	error = path_not_in_set(flabel, label, request, owner, ad);
	if (denied && !error)
		error = path_not_in_set(label == flabel ? NULL : label, flabel,
					request, owner, ad);
	return error;
}

/* A socket's records in upstream's af_unix.c form (aa_audit_net_init()). */
static inline bool af_unix_records(const struct aa_label *label)
{
	return aa_kernel_has(aa_profile_kernel(label->vec[0]), AA_K_AF_UNIX);
}

/* aa_sock_file_perm() -> aa_label_sk_perm(): every confined member */
static int sock_perm(const struct aa_label *label, uint32_t request,
		     const struct aamed_sock *sk, struct aa_audit_data *ad)
{
	int error;

	for_each_confined(label, p, error,
			  aa_profile_af_perm(p, request, sk->family, sk->type,
					     sk->protocol, ad));
	return error;
}

/*
 * __file_sock_perm(): label checks; a request beyond what was granted
 * (always, the first time: a socket starts with nothing granted) is
 * checked by the whole file label again.
 */
static int file_sock_perm(const struct aa_label *label,
			  const struct aa_label *flabel,
			  const struct aamed_open_file *f, const char *op,
			  uint32_t request, uint32_t denied, aamed_audit_fn fn,
			  void *arg)
{
	struct aa_audit_data ad;
	int error, e;

	if (f->sock->family >= AA_AF_MAX || f->sock->type >= AA_SOCK_MAX)
		return -EINVAL;
	aa_audit_net_init(&ad, fn, arg, op, AAMED_NET_SENDMSG, f->sock,
			  af_unix_records(label));
	error = sock_perm(label, request, f->sock, &ad);
	if (denied) {
		e = sock_perm(flabel, request, f->sock, &ad);
		if (e)
			error = e;
	}
	return error;
}

/* Opened under a label disjoint from label's: label's members decide. */
static int elsewhere_perm(const struct aa_label *label, const char *op,
			  const struct aamed_open_file *f, uint32_t request,
			  aamed_audit_fn fn, void *arg)
{
	struct aa_audit_data ad;

	if (f->flags & AAMED_OFILE_UNMEDIATED)
		return 0;
	if (!f->path) {
		if (!f->sock || f->sock->family >= AA_AF_MAX ||
		    f->sock->type >= AA_SOCK_MAX)
			return -EINVAL;
		aa_audit_net_init(&ad, fn, arg, op, AAMED_NET_SENDMSG, f->sock,
				  af_unix_records(label));
		return sock_perm(label, request, f->sock, &ad);
	}
	if (f->path[0] != '/')
		return -EINVAL;
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_FILE, op);
	ad.name = f->path;
	ad.fs.fsuid = f->fsuid;
	ad.fs.ouid = f->ouid;
	if (!strcmp(op, "file_inherit") &&
	    aa_kernel_has(aa_profile_kernel(label->vec[0]),
			  AA_K_INHERIT_EXEC_FSUID))
		ad.fs.fsuid = f->exec_fsuid;
	return path_not_in_set(NULL, label, request, f->fsuid == f->ouid,
			       &ad);
}

int aa_file_ctx_perm(const struct aa_label *label, const char *op,
		     const struct aamed_open_file *f, uint32_t request,
		     aamed_audit_fn fn, void *arg)
{
	const struct aa_label *flabel;
	struct aa_audit_data ad;
	uint32_t denied;

	/* common_file_perm(): a revoked descriptor, silently */
	if (f->flags & AAMED_OFILE_NULL)
		return -EACCES;
	if (f->flags & AAMED_OFILE_ELSEWHERE)
		return elsewhere_perm(label, op, f, request, fn, arg);
	if (!f->label || aa_label_unconfined(to_label(f->label)))
		return 0;
	flabel = to_label(f->label);
	denied = request & ~f->allow;
	if (!denied && is_subset(flabel, label))
		return 0;
	if (f->flags & AAMED_OFILE_UNMEDIATED)
		return 0;
	if (!f->path) {
		if (!f->sock)
			return -EINVAL;
		return file_sock_perm(label, flabel, f, op, request, denied,
				      fn, arg);
	}
	if (f->path[0] != '/')
		return -EINVAL;
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_FILE, op);
	return file_path_perm(label, flabel, f, request, denied, &ad);
}

/*
 * The null device put in place of a refused descriptor is opened
 * (dentry_open() of AppArmor's .null, read-write) with the new
 * credentials. 6.1 does not ask (apparmor_file_open() skips every open
 * during an exec); later kernels do, and the path is disconnected (the
 * node lives in securityfs), so each member of the new label refuses it
 * unless it attaches disconnected paths: the descriptor is then closed
 * instead. Complain mode lets the open through.
 */
static int null_open(const struct aa_label *label,
		     const struct aamed_open_file *f, aamed_audit_fn fn,
		     void *arg)
{
	static const struct aa_perms none;
	const uint32_t rw = AAMED_MAY_READ | AAMED_MAY_WRITE;
	struct aa_audit_data ad;
	int error = 0, e;
	uint32_t i;

	if (!aa_kernel_has(aa_profile_kernel(label->vec[0]),
			   AA_K_EXEC_NULL_OPEN))
		return 0;
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_FILE, "open");
	ad.fs.fsuid = f->exec_fsuid;
	ad.fs.ouid = 0;
	for (i = 0; i < label->size; i++) {
		const struct aa_profile *p = label->vec[i];

		if (profile_unconfined(p))
			continue;
		if (p->path_flags & PATH_ATTACH_DISCONNECTED) {
			ad.name = "/apparmor/.null";
			e = path_perm(p, rw, f->exec_fsuid == 0, &ad);
		} else {
			ad.name = "apparmor/.null";
			ad.info = "Failed name lookup - disconnected path";
			ad.fs.target = NULL;
			e = aa_audit_file(p, &none, rw, -EACCES, &ad);
		}
		if (e)
			error = e;
	}
	return error;
}

/*
 * aa_inherit_files(): revalidate_tty() first (read and write, whatever
 * the terminal was opened for; a refusal only drops the terminal, and
 * an allowed check widens the file's cache so that the descriptor's own
 * check then passes unasked), then match_file() with the open's mode.
 */
int aa_file_ctx_inherit(const struct aa_label *label,
			const struct aamed_open_file *f, unsigned *outcome,
			aamed_audit_fn fn, void *arg)
{
	const char *op = "file_inherit";
	int error;

	if (f->flags & AAMED_OFILE_CTTY) {
		error = aa_file_ctx_perm(label, op, f,
					 AAMED_MAY_READ | AAMED_MAY_WRITE, fn,
					 arg);
		if (error == -EINVAL)
			return error;
		if (!error)
			return 0;
		*outcome |= AAMED_INHERIT_TTY_DROPPED;
	}
	/* O_CREAT is gone from the flags once the file is open */
	error = aa_file_ctx_perm(label, op, f, f->mode & ~AAMED_MAY_CREATE,
				 fn, arg);
	if (error == -EINVAL)
		return error;
	if (!error)
		return 0;
	*outcome |= null_open(label, f, fn, arg) ? AAMED_INHERIT_CLOSED :
						   AAMED_INHERIT_REPLACED;
	return -EACCES;
}
