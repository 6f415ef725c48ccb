/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A file's extended attributes against a profile's attachment (the
 * kernel's aa_xattrs_match()). A leaf: it reads a profile's attachment
 * DFA and calls nothing of domain.c, which searches the attachments.
 */
#ifndef AAMED_XATTR_H
#define AAMED_XATTR_H

#include <stddef.h>
#include <stdint.h>

struct aamed_xattr;
struct aa_profile;

/* A file's extended attributes, as an exec or attach query gives them. */
struct aa_xattr_set {
	const struct aamed_xattr *v;
	size_t n;
};

/* xs names the n attributes at v; -EINVAL for a malformed one. */
int aa_xattr_set_init(struct aa_xattr_set *xs, const struct aamed_xattr *v,
		      size_t n);

/*
 * aa_xattrs_match(): the xattrs of profile p's attachment against xs
 * (NULL: a file without any) from the state after the path. Returns the
 * number that matched, or -1 when the profile does not attach.
 */
int aa_xattrs_match(const struct aa_profile *p, uint32_t state,
		    const struct aa_xattr_set *xs);

#endif
