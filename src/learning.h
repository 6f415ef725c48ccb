/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Learning profiles ("PARENT//null-NAME", learning.c), made when a caller
 * resolves their name.
 */
#ifndef AAMED_LEARNING_H
#define AAMED_LEARNING_H

#include <stddef.h>

#include "policy.h"

/*
 * The learning profile name[0..n) names in ns: "PARENT//null-BASE" with
 * PARENT a complain-mode profile (or learning profile) of ns; made and
 * owned by the policy on first use. NULL when name is no such name, or
 * with *error = -ENOMEM. The caller holds policy->lock.
 */
struct aa_profile *aa_learning_profile(aamed_policy *policy,
				       const struct aa_ns *ns,
				       const char *name, size_t n, int *error);

#endif
