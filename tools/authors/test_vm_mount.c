// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test --vm: mount requests as the probe's mount operations
 * (tests/kernel/README.md, mount.cases). The probe makes each call in a
 * private mount namespace of its own, after mounting a tmpfs where the
 * call needs a mount (a remount's, a propagation change's and an
 * umount's target, a move's source, pivot_root's new root); the setup
 * lines here make the directories. The kernel asks the mount rules, then
 * CAP_SYS_ADMIN (mount), or the capability first (umount, pivot_root,
 * move_mount): aamed's mount query asks both, so the verdicts compare.
 *
 * An error after AppArmor's hook is not its refusal: mount(2) of a new
 * mount without a type and a propagation change with other flags fail
 * with EINVAL after it, and pivot_root in the guest's initramfs always
 * does (rootfs has no parent), so EINVAL counts as allowed (ok=EINVAL;
 * the hook itself refuses with EACCES, the capability with EPERM).
 */
#include <stdlib.h>
#include <string.h>

#include "test_vm.h"

/* New mounts of these types are made by the guests' kernels (built in
 * on Debian's 6.1 and 6.12, without a device); others are not tried. */
static const char *const fstypes[] = { "tmpfs", "ramfs", "proc", "sysfs",
				       "devpts", "cgroup2", "mqueue", NULL };

/* A mount point as the kernel names it ("/a/b/"), made in the guest:
 * its setup line appended to x->setup. */
static bool dir_ok(const char *p, struct vm_xlate *x)
{
	size_t l = strlen(p), at = strlen(x->setup);
	char d[512];

	if (l < 2 || l >= sizeof(d) || p[l - 1] != '/' || strpbrk(p, ","))
		return false;
	memcpy(d, p, l - 1);
	d[l - 1] = '\0';
	if (!vm_path_ok(d))
		return false;
	snprintf(x->setup + at, sizeof(x->setup) - at, "setup mkdir %s\n", d);
	return true;
}

static bool has_flag(const char *flags, const char *f)
{
	size_t l = strlen(f);
	const char *s;

	for (s = flags; s && (s = strstr(s, f)); s += l)
		if ((s == flags || s[-1] == ',') && (!s[l] || s[l] == ','))
			return true;
	return false;
}

static bool fstype_ok(const char *t)
{
	int i;

	for (i = 0; fstypes[i]; i++)
		if (!strcmp(t, fstypes[i]))
			return true;
	return false;
}

#define NO_DIR "the probe makes the mount point: a directory (its name ending in /) not under /proc, /sys, /dev, /tmp itself or the guest's own files"

static const char *xl_mount(char **w, int n, struct vm_xlate *x)
{
	const char *fstype = NULL, *flags = NULL, *data = NULL, *src = w[1];
	int i;

	if (n < 3 || (n - 3) % 2)
		return "the probe mounts with mount SOURCE|--no-source TARGET [--fstype T] [--flags F] [--data D]";
	for (i = 3; i + 1 < n; i += 2) {
		if (!strcmp(w[i], "--fstype"))
			fstype = w[i + 1];
		else if (!strcmp(w[i], "--flags"))
			flags = w[i + 1];
		else if (!strcmp(w[i], "--data"))
			data = w[i + 1];
		else
			return "a mount option the probe does not pass";
	}
	for (i = 1; i < n; i++)
		if (!strcmp(w[i], "-") || !*w[i])
			return "a word `-` or empty: the probe reads it as none";
	if (!strcmp(src, "--no-source"))
		src = "-";
	if (!dir_ok(w[2], x))
		return NO_DIR;
	if (!flags)
		flags = "";
	if (has_flag(flags, "remount")) {
		/* the probe mounts the tmpfs remounted */
	} else if (has_flag(flags, "bind") || has_flag(flags, "rbind") ||
		   has_flag(flags, "move")) {
		/* the source is a path the kernel looks up */
		if (!strcmp(src, "-") || !dir_ok(src, x))
			return "a bind or move's source is a directory the probe makes: " NO_DIR;
	} else if (fstype && !fstype_ok(fstype)) {
		return "a new mount of a type the probe does not make (tmpfs, ramfs, proc, sysfs, devpts, cgroup2, mqueue)";
	}
	snprintf(x->op, sizeof(x->op), "ok=EINVAL mount %s %s %s %s %s", src,
		 w[2], fstype ? fstype : "-", *flags ? flags : "-",
		 data ? data : "-");
	return NULL;
}

const char *vm_xl_mount(char **w, int n, struct vm_xlate *x)
{
	if (!strcmp(w[0], "mount"))
		return xl_mount(w, n, x);
	if (!strcmp(w[0], "umount")) {
		if (n != 2)
			return "umount TARGET only";
		if (!dir_ok(w[1], x))
			return NO_DIR;
		snprintf(x->op, sizeof(x->op), "umount %s", w[1]);
		return NULL;
	}
	if (!strcmp(w[0], "pivot_root")) {
		if (n != 3)
			return "pivot_root NEW_ROOT PUT_OLD only";
		/* the probe makes PUT_OLD in the tmpfs it mounts at NEW */
		if (strncmp(w[2], w[1], strlen(w[1])) || !strcmp(w[1], w[2]) ||
		    !dir_ok(w[1], x))
			return "the probe makes pivot_root's new root, and PUT_OLD in it: " NO_DIR;
		snprintf(x->op, sizeof(x->op), "ok=EINVAL pivot_root %s %s", w[1],
			 w[2]);
		return NULL;
	}
	if (n != 2)
		return "move_mount TARGET only";
	if (!dir_ok(w[1], x))
		return NO_DIR;
	snprintf(x->setup + strlen(x->setup), sizeof(x->setup) - strlen(x->setup),
		 "setup mkdir %s/tree\n", VM_DIR);
	snprintf(x->op, sizeof(x->op), "move_mount %s/tree/ %s", VM_DIR, w[1]);
	return NULL;
}
