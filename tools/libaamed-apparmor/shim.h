/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libaamed-apparmor: libapparmor's query and context entry points,
 * answered by aamed from a policy directory instead of the kernel.
 *
 * Environment (read once, at the first call that needs it):
 *   AAMED_POLICY      policy blobs: a file or a directory (as aamed loads)
 *   AAMED_KERNEL      6.1 (default), 6.12 or upstream
 *   AAMED_RELOAD      SECONDS: reload AAMED_POLICY when it has changed,
 *                     looking every SECONDS from a thread of the
 *                     library's own (policy.c)
 *   AAMED_LABELS      the file that says which label each process has
 *                     (see labels.c); without it every process is
 *                     unconfined
 *   AAMED_SECURITYFS  what aa_find_mountpoint() answers (default: the
 *                     installed tree that advertises dbus mediation)
 *
 * The policy is loaded once per process and belongs to the library until
 * the process exits, or until a reload replaces it (AAMED_RELOAD):
 * libapparmor's callers may ask at any time.
 */
#ifndef SHIM_H
#define SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "aamed.h"

/* Whether the process has a policy; false with errno set (why it could
 * not load). */
bool shim_have_policy(void);

/*
 * The policy to answer one question with, kept from being freed by a
 * reload until shim_policy_put() (no lock: libaamed's engine); NULL with
 * errno set, without the need of a put, when there is none (or, the
 * first time a thread asks, no memory to register it).
 */
aamed_policy *shim_policy_get(void);
void shim_policy_put(void);

/* A one-line diagnostic on stderr, prefixed with the library's name. */
void shim_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The label text AAMED_LABELS gives the process pid whose effective uid
 * is uid, into buf ("unconfined" when nothing matches). 0, or -errno
 * (-EINVAL: a malformed line, -ENAMETOOLONG: buf too small).
 */
int shim_label_text(aamed_policy *policy, pid_t pid, uid_t uid, char *buf,
		    size_t len);

/*
 * The context of that process as the kernel prints it ("name (mode)" or
 * "unconfined"), malloc'ed: the caller frees it. Its length with the NUL
 * in *size. 0, or -errno (-ENOENT: the label is not in the policy).
 */
int shim_context(pid_t pid, uid_t uid, char **context, size_t *size);

/*
 * libapparmor's split of a context: the label in place, *mode at the mode
 * (NULL when none). Returns the label, or NULL when the text has neither
 * a mode nor is "unconfined".
 */
char *shim_splitcon(char *con, size_t len, char **mode);

#endif /* SHIM_H */
