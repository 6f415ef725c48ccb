// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * complain: a profile in complain or unconfined mode (flags=(complain),
 * flags=(unconfined)). Such a profile allows what its rules deny (only
 * logging it, or not even that): worth knowing before shipping, hence
 * an info. A child or hat in the same mode as its parent is said once,
 * with the parent.
 */
#include <string.h>

#include "check.h"

static bool lax(enum aamed_profile_mode m)
{
	return m == AAMED_PROFILE_COMPLAIN || m == AAMED_PROFILE_UNCONFINED;
}

/* The mode of hname's parent, when it has one in the set. */
static bool parent_same(const aamed_policy *pol,
			const struct aamed_profile_info *info)
{
	const char *cut = strstr(info->name, "//");
	const aamed_profile *pp;
	struct aamed_profile_info pi;
	char parent[1024];

	if (!cut)
		return false;
	/* the nearest parent: up to the last "//" */
	while (strstr(cut + 2, "//"))
		cut = strstr(cut + 2, "//");
	snprintf(parent, sizeof(parent), "%.*s", (int)(cut - info->name),
		 info->name);
	pp = aamed_policy_profile_find(pol, info->ns, parent);
	return pp && !check_info(pp, &pi) && pi.mode == info->mode;
}

CHECK_RUN(check_complain)
{
	size_t i, n = aamed_policy_profile_count(c->policy);

	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_policy_profile(c->policy, i);
		struct aamed_profile_info info;

		if (!p || check_info(p, &info) || !check_wanted(&info) ||
		    !lax(info.mode) || parent_same(c->policy, &info))
			continue;
		check_report(c, info.name, NULL, NULL,
			     info.mode == AAMED_PROFILE_COMPLAIN ?
				     "profile is in complain mode: what its rules deny is allowed and logged" :
				     "profile is in unconfined mode: its rules are not enforced");
	}
	return 0;
}
