// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(2) flags by AppArmor's names: the record's flags="" text (the
 * kernel's audit_mnt_flags() in mount.c), the names read back from it
 * and from queries, and path_mount()'s classification of a call.
 */
#include <stdio.h>
#include <string.h>

#include "aamed.h"
#include "apparmor.h"

/*
 * audit_mnt_flags()'s order. rec_name: the name when MS_REC is also
 * set (MS_REC itself prints nothing).
 */
static const struct {
	unsigned long flag;
	const char *name, *rec_name;
} flag_names[] = {
	{ AAMED_MS_NOSUID, "nosuid", NULL },
	{ AAMED_MS_NODEV, "nodev", NULL },
	{ AAMED_MS_NOEXEC, "noexec", NULL },
	{ AAMED_MS_SYNCHRONOUS, "sync", NULL },
	{ AAMED_MS_REMOUNT, "remount", NULL },
	{ AAMED_MS_MANDLOCK, "mand", NULL },
	{ AAMED_MS_DIRSYNC, "dirsync", NULL },
	{ AAMED_MS_NOSYMFOLLOW, "nosymfollow", NULL },
	{ AAMED_MS_NOATIME, "noatime", NULL },
	{ AAMED_MS_NODIRATIME, "nodiratime", NULL },
	{ AAMED_MS_BIND, "bind", "rbind" },
	{ AAMED_MS_MOVE, "move", NULL },
	{ AAMED_MS_SILENT, "silent", NULL },
	{ AAMED_MS_POSIXACL, "acl", NULL },
	{ AAMED_MS_UNBINDABLE, "unbindable", "runbindable" },
	{ AAMED_MS_PRIVATE, "private", "rprivate" },
	{ AAMED_MS_SLAVE, "slave", "rslave" },
	{ AAMED_MS_SHARED, "shared", "rshared" },
	{ AAMED_MS_RELATIME, "relatime", NULL },
	{ AAMED_MS_I_VERSION, "iversion", NULL },
	{ AAMED_MS_STRICTATIME, "strictatime", NULL },
	{ AAMED_MS_NOUSER, "nouser", NULL },
};

size_t aamed_mount_flags_str(unsigned long flags, char *buf, size_t len)
{
	size_t i, n;
	int r;

	r = snprintf(buf, len, "%s", (flags & AAMED_MS_RDONLY) ? "ro" : "rw");
	n = (size_t)r;
	for (i = 0; i < ARRAY_SIZE(flag_names); i++) {
		const char *name = flag_names[i].name;

		if (!(flags & flag_names[i].flag))
			continue;
		if ((flags & AAMED_MS_REC) && flag_names[i].rec_name)
			name = flag_names[i].rec_name;
		r = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0,
			     ", %s", name);
		n += (size_t)r;
	}
	return n;
}

long aamed_mount_flag_parse(const char *name)
{
	size_t i;

	if (!name)
		return -1;
	if (!strcmp(name, "rw"))
		return 0;
	if (!strcmp(name, "ro"))
		return (long)AAMED_MS_RDONLY;
	if (!strcmp(name, "rec"))
		return (long)AAMED_MS_REC;
	for (i = 0; i < ARRAY_SIZE(flag_names); i++) {
		if (!strcmp(name, flag_names[i].name))
			return (long)flag_names[i].flag;
		if (flag_names[i].rec_name &&
		    !strcmp(name, flag_names[i].rec_name))
			return (long)(flag_names[i].flag | AAMED_MS_REC);
	}
	return -1;
}

/* path_mount()'s (and apparmor_sb_mount()'s) order of tests. */
enum aamed_mount_kind aamed_mount_kind(unsigned long flags)
{
	if (flags & AAMED_MS_REMOUNT)
		return AAMED_MOUNT_REMOUNT;
	if (flags & AAMED_MS_BIND)
		return AAMED_MOUNT_BIND;
	if (flags & (AAMED_MS_SHARED | AAMED_MS_PRIVATE | AAMED_MS_SLAVE |
		     AAMED_MS_UNBINDABLE))
		return AAMED_MOUNT_PROPAGATION;
	if (flags & AAMED_MS_MOVE)
		return AAMED_MOUNT_MOVE;
	return AAMED_MOUNT_NEW;
}
