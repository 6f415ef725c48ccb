// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Attachment by extended attributes: the kernel's aa_xattrs_match().
 * domain.c's attachment search calls it; nothing here calls back.
 *
 * After the path, the attachment DFA goes on out of band to one element
 * per xattr the profile names: a present xattr is a NUL then its value,
 * which must reach an accepting state; a missing one is only allowed
 * when the out-of-band transition to the next element exists, and it
 * does not count.
 */
#include <errno.h>
#include <string.h>

#include "aamed.h"
#include "dfa.h"
#include "policy.h"
#include "xattr.h"

static const struct aamed_xattr *xattr_find(const struct aa_xattr_set *xs,
					    const char *name)
{
	size_t i;

	for (i = 0; xs && i < xs->n; i++)
		if (xs->v[i].name && !strcmp(xs->v[i].name, name))
			return &xs->v[i];
	return NULL;
}

int aa_xattrs_match(const struct aa_profile *p, uint32_t state,
		    const struct aa_xattr_set *xs)
{
	const struct aa_dfa *dfa = p->xmatch->dfa;
	int ret = (int)p->xattr_count;
	uint32_t i;

	state = aa_dfa_outofband(dfa, state);
	for (i = 0; i < p->xattr_count; i++) {
		const struct aamed_xattr *x = xattr_find(xs, p->xattrs[i]);

		if (x) {
			/* presence first: a missing xattr is not an empty one */
			state = aa_dfa_null_transition(dfa, state);
			state = aa_dfa_match_len(dfa, state, x->value, x->len);
			if (!(aa_lookup_perms(p->xmatch, state)->allow &
			      AAMED_MAY_EXEC))
				return -1;
		}
		state = aa_dfa_outofband(dfa, state);
		if (!x) {
			if (!state)
				return -1;
			ret--;	/* an optional one, missing: not matched */
		}
	}
	return ret;
}

int aa_xattr_set_init(struct aa_xattr_set *xs, const struct aamed_xattr *v,
		      size_t n)
{
	size_t i;

	if (n && !v)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (!v[i].name || (v[i].len && !v[i].value))
			return -EINVAL;
	xs->v = v;
	xs->n = n;
	return 0;
}
