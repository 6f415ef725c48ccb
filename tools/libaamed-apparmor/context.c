// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The contexts libapparmor reads from the kernel (attr/current,
 * SO_PEERSEC), made from AAMED_LABELS and the policy: "name (mode)" for a
 * confined label, "unconfined" for the unconfined one, as the kernel
 * prints them. Buffers handed out follow libapparmor: one allocation, the
 * mode pointing inside it, freed with the label.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/apparmor.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shim.h"

#define LABEL_TEXT_MAX 4096

/* shim_context() with the policy held */
static int context_of(aamed_policy *policy, pid_t pid, uid_t uid,
		      char **context, size_t *size)
{
	char text[LABEL_TEXT_MAX];
	const aamed_label *l;
	int rc, err = 0;

	rc = shim_label_text(policy, pid, uid, text, sizeof(text));
	if (rc < 0)
		return rc;
	l = aamed_label_get(policy, text, &err);
	if (!l) {
		shim_warn("label \"%s\" of process %ld: %s", text, (long)pid,
			  err == -ENOENT ? "no such profile in AAMED_POLICY"
			  : "malformed");
		return err ? err : -EINVAL;
	}
	/* a process is in it: the kernel's label queries (aa_query_label(),
	 * which dbus-daemon asks about its peers) now find the stack */
	aamed_label_set_held(policy, l, 1);
	if (aamed_label_is_unconfined(l))
		rc = asprintf(context, "%s", aamed_label_name(l));
	else
		rc = asprintf(context, "%s (%s)", aamed_label_name(l),
			      aamed_label_mode(l));
	if (rc < 0)
		return -ENOMEM;
	*size = (size_t)rc + 1;
	return 0;
}

int shim_context(pid_t pid, uid_t uid, char **context, size_t *size)
{
	aamed_policy *policy = shim_policy_get();
	int rc;

	if (!policy)
		return -errno;
	rc = context_of(policy, pid, uid, context, size);
	shim_policy_put();
	return rc;
}

char *shim_splitcon(char *con, size_t len, char **mode)
{
	char *label = NULL, *m = NULL;
	size_t pos;

	if (len == strlen("unconfined") && !strncmp(con, "unconfined", len)) {
		label = con;
	} else if (len > 3 && con[len - 1] == ')') {
		for (pos = len - 2; pos > 0; pos--)
			if (con[pos] == ' ' && con[pos + 1] == '(')
				break;
		if (pos > 0) {
			con[pos] = 0;
			con[len - 1] = 0;
			m = con + pos + 2;
			label = con;
		}
	}
	if (mode)
		*mode = m;
	return label;
}

char *aa_splitcon(char *con, char **mode)
{
	size_t len = strlen(con);
	char *label;

	if (len && con[len - 1] == '\n') {
		len--;
		label = shim_splitcon(con, len, mode);
		if (label)
			con[len] = 0;
		return label;
	}
	return shim_splitcon(con, len, mode);
}

/* Hand out a context of pid: label and mode in one allocation. */
static int give_context(pid_t pid, uid_t uid, char **label, char **mode)
{
	char *con = NULL;
	size_t size;
	int rc;

	if (!label) {
		errno = EINVAL;
		return -1;
	}
	rc = shim_context(pid, uid, &con, &size);
	if (rc == 0 && !shim_splitcon(con, size - 1, mode))
		rc = -EINVAL;
	if (rc < 0) {
		free(con);
		*label = NULL;
		if (mode)
			*mode = NULL;
		errno = -rc;
		return -1;
	}
	*label = con;
	return (int)size;
}

int aa_getcon(char **label, char **mode)
{
	return give_context(getpid(), geteuid(), label, mode);
}

int aa_gettaskcon(pid_t target, char **label, char **mode)
{
	char proc[64];
	struct stat st;

	snprintf(proc, sizeof(proc), "/proc/%ld", (long)target);
	if (stat(proc, &st) != 0)
		return -1;	/* errno: ENOENT, no such task */
	return give_context(target, st.st_uid, label, mode);
}

static int peer_cred(int fd, struct ucred *cred)
{
	socklen_t len = sizeof(*cred);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, cred, &len) != 0)
		return -errno;
	return len == sizeof(*cred) && cred->pid > 0 ? 0 : -ENOPROTOOPT;
}

int aa_getpeercon_raw(int fd, char *buf, socklen_t *len, char **mode)
{
	struct ucred cred;
	char *con = NULL;
	size_t size;
	int rc;

	if (!len || !buf || *len <= 0) {
		errno = EINVAL;
		return -1;
	}
	rc = peer_cred(fd, &cred);
	if (rc == 0)
		rc = shim_context(cred.pid, cred.uid, &con, &size);
	if (rc == 0 && size > (size_t)*len) {
		*len = (socklen_t)size;	/* the size it needs */
		rc = -ERANGE;
	}
	if (rc == 0) {
		memcpy(buf, con, size);
		if (!shim_splitcon(buf, size - 1, mode))
			rc = -EINVAL;
		*len = (socklen_t)size;
	}
	free(con);
	if (rc < 0) {
		errno = -rc;
		return -1;
	}
	return (int)size;
}

int aa_getpeercon(int fd, char **label, char **mode)
{
	struct ucred cred;
	int rc;

	if (!label) {
		errno = EINVAL;
		return -1;
	}
	rc = peer_cred(fd, &cred);
	if (rc < 0) {
		*label = NULL;
		if (mode)
			*mode = NULL;
		errno = -rc;
		return -1;
	}
	return give_context(cred.pid, cred.uid, label, mode);
}
