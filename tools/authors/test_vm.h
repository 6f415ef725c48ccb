/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed test --vm's parts (test_vm.c: the case files, the guest, the
 * judge; test_vm_dbus.c: dbus tests as dbus-daemon's label queries;
 * test_vm_mount.c: the mount calls).
 * Nothing here is public API.
 */
#ifndef AAMED_TEST_VM_H
#define AAMED_TEST_VM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "test.h"

/* A test as the oracle's case lines. */
struct vm_xlate {
	char setup[1024];	/* setup lines, each ending in '\n' */
	char op[1024];		/* [ok=...] OP ARGS */
};

/* The directory the probe's own files are made in. */
#define VM_DIR "/srv/aamed-vm"

/* Is p a path the guest may make (absolute, not a directory, not
 * under the pseudo file systems or the guest's own files)? */
bool vm_path_ok(const char *p);

/* test_vm_mount.c: mount, umount, pivot_root, move_mount (w: the
 * request words, n of them); NULL and x filled,
 * or why the probe cannot perform it. */
const char *vm_xl_mount(char **w, int n, struct vm_xlate *x);

/* One side of a dbus message as dbus-daemon asks the kernel about it. */
struct vm_dbus_side {
	bool asked;		/* confined: dbus-daemon asks its query */
	bool complain;		/* allowed whatever the kernel answers */
	bool own;		/* the test's label's side */
	const aamed_label *lab;	/* the side's label */
	const char *label;	/* its name, as the kernel prints it */
	uint32_t mask;		/* AAMED_DBUS_MAY_* asked */
	char op[1024];		/* the oracle's `query dbus FIELD...` */
};

struct vm_dbus {
	struct aamed_dbus_req req;	/* points into the test's words */
	struct vm_dbus_side side[2];	/* send/receive: sender, receiver;
					 * bind/eavesdrop: side[0] alone */
};

/* NULL and q filled, or why the kernel cannot judge t. */
const char *vm_dbus_plan(aamed_policy *p, const struct tcase *t,
			 struct vm_dbus *q);
/*
 * The kernel's verdict of a planned test from each asked side's masks
 * (kv[i]: the verdict column of side i's row) into out ("ALLOWED (...)",
 * "DENIED (...)", or the row's error); mism set when the subject's own
 * side's masks are not aamed's ("" when they are). -1: a side's row is
 * missing.
 */
int vm_dbus_verdict(aamed_policy *p,
		    const struct vm_dbus *q, char *const kv[2], char *out,
		    size_t len, char *mism, size_t mlen);

#endif
