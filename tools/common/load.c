// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The policies a command names: every --policy blob loaded, in order,
 * into one new policy set, failures said in the command's name.
 */
#include "cli.h"

aamed_policy *load_policies(const char *const *paths, int n,
			    enum aamed_kernel k, const char *who)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char msg[1024];
	int i;

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", who);
		return NULL;
	}
	aamed_policy_set_kernel(p, k);
	for (i = 0; i < n; i++)
		if (aamed_policy_load_path(p, paths[i], &err)) {
			fprintf(stderr, "%s: cannot load policy: %s\n", who,
				aamed_error_str(&err, msg, sizeof(msg)));
			aamed_policy_free(p);
			return NULL;
		}
	return p;
}
