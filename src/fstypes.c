// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The filesystem types get_fs_type() knows. The kernel's aa_new_mount()
 * asks get_fs_type() for a new mount's type before it matches any rule,
 * and an unknown type fails there with ENODEV and no record (unconfined
 * tasks get the same ENODEV from do_new_mount(), after the hook).
 *
 * The built-in list is what Debian's 6.1 and 6.12 amd64 kernels register,
 * built in or as a module that get_fs_type() loads on demand
 * ("fs-NAME" aliases), checked against 6.12's config and its module tree
 * (linux-image-6.12.118+deb12-amd64-unsigned: /boot/config-*, fs/); a
 * type only one of the two kernels has is listed, so aamed never refuses
 * a type a Debian kernel knows. A system's own /proc/filesystems, read
 * with aamed_policy_set_fstypes(), replaces it (a system without modules
 * knows fewer types).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "apparmor.h"
#include "mount.h"
#include "policy.h"

static const char *const debian_fstypes[] = {
	"9p", "adfs", "affs", "afs", "autofs",
	"bcachefs", "bdev", "befs", "bfs", "binder",
	"binfmt_misc", "bpf", "btrfs", "ceph", "cgroup",
	"cgroup2", "cifs", "coda", "configfs", "cpuset",
	"cramfs", "debugfs", "devpts", "devtmpfs", "ecryptfs",
	"efivarfs", "efs", "erofs", "exfat", "ext2",
	"ext3", "ext4", "f2fs", "freevxfs", "functionfs",
	"fuse", "fuseblk", "fusectl", "gadgetfs", "gfs2",
	"gfs2meta", "hfs", "hfsplus", "hpfs", "hugetlbfs",
	"ibmasmfs", "ipathfs", "iso9660", "jffs2", "jfs",
	"minix", "mqueue", "msdos", "nfs", "nfs4",
	"nfsd", "nilfs2", "ntfs", "ntfs3", "ocfs2",
	"ocfs2_dlmfs", "omfs", "orangefs", "overlay", "pipefs",
	"proc", "pstore", "qnx4", "qnx6", "ramfs",
	"reiserfs", "resctrl", "romfs", "rpc_pipefs", "securityfs",
	"selinuxfs", "smb3", "sockfs", "squashfs", "sysfs",
	"sysv", "tmpfs", "tracefs", "ubifs", "udf",
	"ufs", "v7", "vboxsf", "vfat", "virtiofs",
	"xenfs", "xfs", "zonefs",
};

/* One name of a /proc/filesystems line ("nodev\tNAME" or "\tNAME"). */
static size_t line_name(const char *s, size_t n, const char **name)
{
	const char *tab = memchr(s, '\t', n);

	if (tab) {
		n -= (size_t)(tab + 1 - s);
		s = tab + 1;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	*name = s;
	return n;
}

int aamed_policy_set_fstypes(aamed_policy *policy, const char *text)
{
	char *list = NULL, *o;
	const char *s, *nl, *name;
	size_t len, n;

	if (!policy)
		return -EINVAL;
	if (text) {
		len = strlen(text);
		list = malloc(len + 2);
		if (!list)
			return -ENOMEM;
		/* names, each followed by a NUL, then an empty name */
		for (o = list, s = text; *s; s = nl ? nl + 1 : s + strlen(s)) {
			nl = strchr(s, '\n');
			n = line_name(s, nl ? (size_t)(nl - s) : strlen(s), &name);
			if (!n)
				continue;
			memcpy(o, name, n);
			o += n;
			*o++ = '\0';
		}
		*o = '\0';
	}
	free(policy->fstypes);
	policy->fstypes = list;
	return 0;
}

bool aa_fstype_known(const struct aamed_policy *policy, const char *type)
{
	const char *s;
	size_t i;

	if (policy && policy->fstypes) {
		for (s = policy->fstypes; *s; s += strlen(s) + 1)
			if (!strcmp(s, type))
				return true;
		return false;
	}
	for (i = 0; i < ARRAY_SIZE(debian_fstypes); i++)
		if (!strcmp(debian_fstypes[i], type))
			return true;
	return false;
}
