// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Learning profiles (the kernel's aa_new_learning_profile() and
 * aa_alloc_null()): a complain-mode profile that meets an exec with no
 * rule, or a change_hat to a hat it lacks, puts the task in a new child
 * "PARENT//null-NAME": complain mode, no rules (the null DFA for files
 * and policy), the parent's path flags, a hat when change_hat made it.
 * The kernel makes one when a task first needs it; aamed makes one when
 * a caller resolves its name (aamed_label_get), so questions can be asked
 * from the label a task then runs as. Decisions never make one: they
 * report the learning label by name only.
 *
 * Ownership: the policy owns them (policy->learning), as it owns its
 * interned stacks; one per parent profile and name, so resolving the
 * same name again gives the same label.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"
#include "learning.h"

#define NULL_PREFIX "//null-"

static struct aa_profile *find(const aamed_policy *policy,
			       const struct aa_profile *parent,
			       const char *base, size_t n)
{
	size_t i;

	for (i = 0; i < policy->nlearning; i++) {
		struct aa_profile *p = policy->learning[i];

		/* bname is "null-" BASE */
		if (p->parent == parent && !strncmp(p->bname + 5, base, n) &&
		    p->bname[5 + n] == '\0')
			return p;
	}
	return NULL;
}

static struct aa_profile *make(aamed_policy *policy, struct aa_profile *parent,
			       const char *base, size_t n)
{
	size_t pl = strlen(parent->hname);
	struct aa_profile *p = calloc(1, sizeof(*p)), **v;

	if (!p || !(p->hname = malloc(pl + sizeof(NULL_PREFIX) + n))) {
		free(p);
		return NULL;
	}
	memcpy(p->hname, parent->hname, pl);
	memcpy(p->hname + pl, NULL_PREFIX, sizeof(NULL_PREFIX) - 1);
	memcpy(p->hname + pl + sizeof(NULL_PREFIX) - 1, base, n);
	p->hname[pl + sizeof(NULL_PREFIX) - 1 + n] = '\0';
	p->bname = p->hname + pl + 2;
	p->ns = parent->ns;
	p->parent = parent;
	/*
	 * An exec's learning profile is named after the executable's path,
	 * a change_hat's after the hat: only the hat's is a hat.
	 */
	p->flags = base[0] == '/' ? 0 : PFLAG_HAT;
	p->mode = APPARMOR_COMPLAIN;
	p->path_flags = parent->path_flags;
	p->abi = parent->abi;
	v = realloc(policy->learning, (policy->nlearning + 1) * sizeof(*v));
	if (!v || !(p->label = aa_label_for_vec(policy, &p, 1))) {
		if (v)
			policy->learning = v;
		aa_profile_free(p);
		return NULL;
	}
	policy->learning = v;
	v[policy->nlearning++] = p;
	return p;
}

struct aa_profile *aa_learning_profile(aamed_policy *policy,
				       const struct aa_ns *ns,
				       const char *name, size_t n, int *error)
{
	struct aa_profile *parent, *p;
	const char *base = NULL;
	size_t i, bl;

	/* the last "//null-": a learning profile's parent may be one too */
	for (i = n; i-- > 0;)
		if (i + sizeof(NULL_PREFIX) - 1 <= n &&
		    !strncmp(name + i, NULL_PREFIX, sizeof(NULL_PREFIX) - 1)) {
			base = name + i + sizeof(NULL_PREFIX) - 1;
			break;
		}
	if (!base || i == 0)
		return NULL;
	bl = n - (size_t)(base - name);
	if (!bl)
		return NULL;
	parent = aa_policy_find_n(policy, ns, name, i);
	if (!parent)
		parent = aa_learning_profile(policy, ns, name, i, error);
	/* only a complain-mode profile learns */
	if (!parent || parent->mode != APPARMOR_COMPLAIN)
		return NULL;
	p = find(policy, parent, base, bl);
	if (!p && !(p = make(policy, parent, base, bl)))
		*error = -ENOMEM;
	return p;
}
