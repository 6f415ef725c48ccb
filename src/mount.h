/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mount mediation (the kernel's mount.c): mount(2) by kind, umount(2),
 * pivot_root(2) and move_mount(2), each on every confined member of a
 * label, each member logging its own record.
 */
#ifndef AAMED_MOUNT_H
#define AAMED_MOUNT_H

#include <stdbool.h>

#include "aamed.h"

struct aa_label;

/*
 * apparmor_sb_mount(): req classified as path_mount() does and asked of
 * the mount rules (req->target non-NULL).
 */
int aa_sb_mount(const struct aa_label *label,
		const struct aamed_mount_req *req, aamed_audit_fn fn,
		void *arg);
/* aa_umount(): the mount at target. */
int aa_umount(const struct aa_label *label, const char *target,
	      aamed_audit_fn fn, void *arg);
/* aa_pivotroot(): pivot_root(new_root, put_old); stops at the first
 * member that denies, as fn_label_build() does. */
int aa_pivotroot(const struct aa_label *label, const char *new_root,
		 const char *put_old, aamed_audit_fn fn, void *arg);
/* aa_move_mount(): from NULL is a detached mount. */
int aa_move_mount(const struct aa_label *label, const char *from,
		  const char *to, aamed_audit_fn fn, void *arg);

/*
 * fstypes.c: whether get_fs_type() knows TYPE under policy's list (a
 * /proc/filesystems given to aamed_policy_set_fstypes(), or Debian's).
 */
bool aa_fstype_known(const struct aamed_policy *policy, const char *type);

#endif
