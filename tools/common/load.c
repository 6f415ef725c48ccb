// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The policies a command names: every --policy blob loaded, in order,
 * into one new policy set, failures said in the command's name.
 */
#include <string.h>

#include "cli.h"

#define NAMED_MAX 3	/* profiles named in a warning, then a count */

/* The names of the profiles that match, up to NAMED_MAX, into buf. */
static size_t matching(aamed_policy *p, bool (*match)(const struct aamed_profile_info *),
		       char *buf, size_t len)
{
	size_t i, n = 0, o = 0;

	buf[0] = 0;
	for (i = 0; i < aamed_policy_profile_count(p); i++) {
		struct aamed_profile_info in = { .size = sizeof(in) };

		if (aamed_profile_info(aamed_policy_profile(p, i), &in) ||
		    !match(&in))
			continue;
		if (n++ < NAMED_MAX && o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? ", " : "", in.name);
	}
	if (n > NAMED_MAX && o < len)
		snprintf(buf + o, len - o, ", ...");
	return n;
}

static bool has_rlimits(const struct aamed_profile_info *in)
{
	return in->mode != AAMED_PROFILE_UNCONFINED && in->rlimit_mask;
}

/*
 * Say once which loaded profiles carry rules of a kind the kernel
 * enforces and aamed cannot decide yet, rather than let a reader think
 * everything there was checked. Queries of those kinds are refused.
 */
static void warn_undecided(aamed_policy *p, const char *who)
{
	static const struct {
		bool (*match)(const struct aamed_profile_info *);
		const char *what;
	} kinds[] = {
		{ has_rlimits, "resource limits are set" },
	};
	char names[512];
	size_t i, n;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		n = matching(p, kinds[i].match, names, sizeof(names));
		if (n)
			fprintf(stderr, "%s: warning: %s by %zu profile%s (%s); "
				"aamed does not decide them yet\n", who,
				kinds[i].what, n, n == 1 ? "" : "s", names);
	}
}

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
	warn_undecided(p, who);
	return p;
}
