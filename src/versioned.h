/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one rule for the structures a caller hands in or has filled
 * (aamed.h, "Versioned structures"), as Linux's copy_struct_from_user()
 * and Landlock's copy_min_struct_from_user() apply it to system call
 * arguments. Every such structure starts with a size_t size.
 */
#ifndef AAMED_VERSIONED_H
#define AAMED_VERSIONED_H

#include <stddef.h>
#include <string.h>

/*
 * The size of a structure's first version, the one size 0 stands for:
 * the end of last, its last field then, rounded up to the structure's
 * alignment as sizeof rounds it. Fields added later leave it unchanged.
 */
#define AA_VER0(type, last)                                                \
	((offsetof(type, last) + sizeof(((type *)0)->last) +               \
	  _Alignof(type) - 1) / _Alignof(type) * _Alignof(type))

/*
 * Each structure's first version, named once: the last field it had.
 * When a structure grows, its line stays as it is.
 */
#define AA_V0_FILE_REQ         AA_VER0(struct aamed_file_req, op)
#define AA_V0_SOCK             AA_VER0(struct aamed_sock, fsuid)
#define AA_V0_SOCK_CACHE       AA_VER0(struct aamed_sock_cache, ops)
#define AA_V0_OPEN_FILE        AA_VER0(struct aamed_open_file, flags)
#define AA_V0_MOUNT_REQ        AA_VER0(struct aamed_mount_req, data)
#define AA_V0_SETRLIMIT_REQ    AA_VER0(struct aamed_setrlimit_req, target)
#define AA_V0_RLIMITS          AA_VER0(struct aamed_rlimits, lim)
#define AA_V0_EXEC_REQ         AA_VER0(struct aamed_exec_req, nxattrs)
#define AA_V0_EXEC_RESULT      AA_VER0(struct aamed_exec_result, info)
#define AA_V0_CHANGE_REQ       AA_VER0(struct aamed_change_req, flags)
#define AA_V0_CHANGE_RESULT    AA_VER0(struct aamed_change_result, info)
#define AA_V0_HAT_REQ          AA_VER0(struct aamed_hat_req, flags)
#define AA_V0_HAT_RESULT       AA_VER0(struct aamed_hat_result, killed)
#define AA_V0_DBUS_REQ         AA_VER0(struct aamed_dbus_req, peer_pid)
#define AA_V0_LABEL_REF        AA_VER0(struct aamed_label_ref, label)
#define AA_V0_PROFILE_INFO     AA_VER0(struct aamed_profile_info, rlimits)

/*
 * The bytes of the caller's structure u (its size first) the library
 * reads or writes, at most known (the library's sizeof): its size, or
 * ver0 for 0. -EINVAL below ver0 (or a NULL u), -E2BIG when it is larger
 * than known and a byte past known is not zero, or larger than
 * AA_STRUCT_MAX (no structure will grow that far: a garbage size).
 */
#define AA_STRUCT_MAX 4096
long aa_struct_len(const void *u, size_t known, size_t ver0);

/*
 * A copy of u in local (known bytes): the fields its size covers, zero
 * past them, and size set to known (the copy is this version's). 0,
 * -EINVAL or -E2BIG (local is then all zero).
 */
int aa_struct_copy_in(void *local, size_t known, size_t ver0, const void *u);

/*
 * Whether the caller's u can be read as it is: its size is 0 and the
 * first version is this one (what the compiler folds to one test of the
 * size, the whole cost on a decision's path), or its size is this
 * version's.
 */
#define AA_STRUCT_ZERO_OK(u, ver0) ((ver0) == sizeof(*(u)) && !(u)->size)
#define AA_STRUCT_AS_IS(u, ver0)                                           \
	(AA_STRUCT_ZERO_OK(u, ver0) || (u)->size == sizeof(*(u)))

/*
 * The one size a decision's path tests (the others go out of line): 0
 * while the first version is this one, then this version's.
 */
#define AA_STRUCT_FAST(u, ver0) ((ver0) == sizeof(*(u)) ? 0 : sizeof(*(u)))
#define AA_STRUCT_SLOW(u, ver0) ((u)->size != AA_STRUCT_FAST(u, ver0))
/* Both of a pair, in one test while the fast size is 0 (an OR). */
#define AA_STRUCT_PAIR_SLOW(a, b, ver0)                                    \
	(AA_STRUCT_FAST(a, ver0) == 0 ? ((a)->size | (b)->size) != 0       \
				      : AA_STRUCT_SLOW(a, ver0) ||         \
						AA_STRUCT_SLOW(b, ver0))

/*
 * The structure to read for the caller's u: u itself when it can be
 * read as it is, otherwise the copy made in local, or NULL with *err
 * set. For the paths that are not hot; a decision instead tests
 * AA_STRUCT_SLOW() and leaves the rest to an out-of-line function.
 */
static inline const void *aa_struct_in(const void *u, void *local,
				       size_t known, size_t ver0, int *err)
{
	size_t sz;

	memcpy(&sz, u, sizeof(sz));
	if (sz == known || (ver0 == known && !sz))
		return u;
	*err = aa_struct_copy_in(local, known, ver0, u);
	return *err ? NULL : local;
}

/* The same for typed pointers: AA_STRUCT_IN(req, &local, AA_V0_X, &err). */
#define AA_STRUCT_IN(u, local, ver0, err)                                  \
	((__typeof__(u))aa_struct_in((u), (local), sizeof(*(u)), (ver0),  \
				     (err)))

/* aa_struct_copy_in() for a typed local: AA_STRUCT_COPY(&local, u, AA_V0_X). */
#define AA_STRUCT_COPY(local, u, ver0)                                     \
	aa_struct_copy_in((local), sizeof(*(local)), (ver0), (u))

/*
 * A result structure: copies the first len bytes of the library's full
 * result from, bar its size, into the caller's res (len from
 * aa_struct_len()).
 */
void aa_struct_copy_out(void *res, const void *from, size_t len);

#endif
