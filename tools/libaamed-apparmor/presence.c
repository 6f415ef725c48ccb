// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whether AppArmor is there: it is when the policy loads and the
 * securityfs stand-in exists (programs read its features/ tree, as
 * dbus-daemon reads features/dbus/mask to decide to mediate).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/apparmor.h>
#include <sys/stat.h>

#include "shim.h"

#ifndef AAMED_SECURITYFS_DIR
#define AAMED_SECURITYFS_DIR "/usr/local/share/aamed/securityfs"
#endif

static const char *securityfs_dir(void)
{
	const char *dir = getenv("AAMED_SECURITYFS");

	return dir && *dir ? dir : AAMED_SECURITYFS_DIR;
}

int aa_find_mountpoint(char **mnt)
{
	const char *dir = securityfs_dir();
	struct stat st;

	if (!mnt) {
		errno = EINVAL;
		return -1;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		errno = ENOENT;
		return -1;
	}
	*mnt = strdup(dir);
	return *mnt ? 0 : -1;
}

/* 1, or 0 with errno: ENOSYS (no policy), ENOENT (no securityfs tree). */
int aa_is_enabled(void)
{
	char *mnt;

	if (!shim_have_policy())
		return 0;
	if (aa_find_mountpoint(&mnt) != 0)
		return 0;
	free(mnt);
	return 1;
}
