/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Labels: sorted vectors of profiles (the kernel's label.h).
 *
 * A single-profile label is owned by its profile; a stack is interned
 * in (and owned by) its policy, so one label text always gives the same
 * pointer.
 */
#ifndef AAMED_LABEL_H
#define AAMED_LABEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"
#include "policy.h"

/*
 * flags comes first so the unconfined test on the hot path is a single
 * load and bit test.
 */
#define LFLAG_UNCONFINED 0x2u

struct aa_label {
	uint32_t flags;
	uint32_t size;
	char *name;		/* as the kernel prints it */
	uint64_t gen;		/* generation of the policy it belongs to */
	/* a stack some task holds (aamed_label_set_held()): the kernel's
	 * label queries find no other; read and written atomically */
	int held;
	struct aa_profile *vec[];
};

/* aamed_label is the public name of struct aa_label. */
struct aamed_label;

static inline const struct aa_label *to_label(const aamed_label *l)
{
	return (const struct aa_label *)(const void *)l;
}

static inline const aamed_label *from_label(const struct aa_label *l)
{
	return (const aamed_label *)(const void *)l;
}

static inline bool aa_label_unconfined(const struct aa_label *l)
{
	return l->flags & LFLAG_UNCONFINED;
}

/* An unconfined label, or none (a kernel socket's): nothing to ask. */
static inline bool aa_label_unconfined_or_none(const aamed_label *l)
{
	return !l || aa_label_unconfined(to_label(l));
}

/*
 * The label for a vector of profiles: sorted, made unique, interned.
 * May allocate a new stack; the caller holds policy->lock.
 */
struct aa_label *aa_label_for_vec(aamed_policy *policy,
				  struct aa_profile **vec, size_t n);
/* Parse label text relative to base's namespace; interns like above. */
struct aa_label *aa_label_parse(aamed_policy *policy,
				const struct aa_profile *base,
				const char *text, int *error);
/*
 * The kernel's aa_label_parse(..., create=false) as apparmorfs.c's
 * query_label() calls it: the text as written (a "name (mode)" suffix is
 * looked up with the name, and found in no policy), no learning profile
 * made, and a stack of more than one profile only when held (or held is
 * true: the caller vouches for it), else -ENOENT. Takes policy->lock.
 */
struct aa_label *aa_label_query_parse(aamed_policy *policy, const char *text,
				      bool held, int *error);
/*
 * aamed_query_label() and aamed_query_label_masks() (label_query.c), with
 * held: the label is one the caller holds (dbus.c: a peer of the bus).
 */
int aa_lq_verdict(aamed_policy *policy, uint32_t mask, const char *query,
		   size_t size, bool held, int *allowed, int *audited);
int aa_lq_masks(aamed_policy *policy, const char *query, size_t size,
			 bool held, struct aamed_query_masks *out);
void aa_label_free(struct aa_label *l);

/*
 * aa_label_match(): the permissions profile's policydb grants towards
 * peer from state (labelmatch.c).
 */
void aa_label_match(const struct aa_profile *profile,
		    const struct aa_label *peer, uint32_t state,
		    uint32_t request, struct aa_perms *perms);

/*
 * peer= as aa_label_xaudit() prints it, viewed from profile's namespace:
 * the label's own name, or the visible components written into buf.
 */
const char *aa_label_xaudit_name(const struct aa_profile *profile,
				 const struct aa_label *peer, char *buf,
				 size_t len);

/*
 * The kernel's fn_for_each_confined(): evaluate CALL, with p bound to
 * each member of label that is not unconfined, for every one of them
 * (each logs its own record, there is no short cut), and leave the last
 * non-zero result in err.
 */
#define for_each_confined(label, p, err, CALL)                             \
	do {                                                               \
		uint32_t i_;                                               \
		(err) = 0;                                                 \
		for (i_ = 0; i_ < (label)->size; i_++) {                   \
			const struct aa_profile *p = (label)->vec[i_];     \
			int e_;                                            \
			if (profile_unconfined(p))                         \
				continue;                                  \
			e_ = (CALL);                                       \
			if (e_)                                            \
				(err) = e_;                                \
		}                                                          \
	} while (0)

#endif
