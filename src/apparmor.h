/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every file of the library shares (the kernel's
 * include/apparmor.h): the policy classes and a few helpers.
 */
#ifndef AAMED_APPARMOR_H
#define AAMED_APPARMOR_H

#include <stdbool.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aamed.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/*
 * Policy classes: the first byte of a policydb walk. The public
 * enum aamed_class uses the same numbers for the classes it names.
 */
enum {
	AA_CLASS_NONE = 0,
	AA_CLASS_UNKNOWN = 1,
	AA_CLASS_FILE = 2,
	AA_CLASS_CAP = 3,
	AA_CLASS_DEPRECATED = 4,
	AA_CLASS_RLIMITS = 5,
	AA_CLASS_DOMAIN = 6,
	AA_CLASS_MOUNT = 7,
	AA_CLASS_PTRACE = 9,
	AA_CLASS_SIGNAL = 10,
	AA_CLASS_XMATCH = 11,
	AA_CLASS_NET = 14,
	AA_CLASS_NETV9 = 15,
	AA_CLASS_LABEL = 16,
	AA_CLASS_POSIX_MQUEUE = 17,
	AA_CLASS_MODULE = 19,
	AA_CLASS_DISPLAY_LSM = 20,
	AA_CLASS_NS = 21,
	AA_CLASS_IO_URING = 22,
	AA_CLASS_X = 31,
	AA_CLASS_DBUS = 32,
	AA_CLASS_LAST = AA_CLASS_DBUS,
};

#endif
