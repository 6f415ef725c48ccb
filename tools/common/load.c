// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The policies a command names: every --policy blob loaded, in order,
 * into one new policy set, failures said in the command's name.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dash.h"

#define NAMED_MAX 3	/* profiles named in a warning, then a count */

/*
 * The confined profiles whose rules mediate a class of mask: how many,
 * the first NAMED_MAX named into buf; *all (may be NULL) gets every class
 * they mediate.
 */
static size_t mediating(aamed_policy *p, uint64_t mask, uint64_t *all,
			char *buf, size_t len)
{
	size_t i, n = 0, o = 0;

	buf[0] = 0;
	for (i = 0; i < aamed_policy_profile_count(p); i++) {
		struct aamed_profile_info in = { .size = sizeof(in) };

		if (aamed_profile_info(aamed_policy_profile(p, i), &in) ||
		    in.mode == AAMED_PROFILE_UNCONFINED ||
		    !(in.mediates & mask))
			continue;
		if (all)
			*all |= in.mediates;
		if (n++ < NAMED_MAX && o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? ", " : "", in.name);
	}
	if (n > NAMED_MAX && o < len)
		snprintf(buf + o, len - o, ", ...");
	return n;
}

/*
 * The policy classes of the kernels aamed follows, each decided by some
 * call of the library (the kernel's include/apparmor.h numbers).
 */
static const uint64_t known_classes =
	(1ull << AAMED_PCLASS_FILE) | (1ull << AAMED_PCLASS_CAP) |
	(1ull << AAMED_PCLASS_RLIMITS) | (1ull << AAMED_PCLASS_DOMAIN) |
	(1ull << AAMED_PCLASS_MOUNT) | (1ull << AAMED_PCLASS_PTRACE) |
	(1ull << AAMED_PCLASS_SIGNAL) | (1ull << AAMED_PCLASS_NET) |
	(1ull << AAMED_PCLASS_NETV9) | (1ull << AAMED_PCLASS_LABEL) |
	(1ull << AAMED_PCLASS_NS) | (1ull << AAMED_PCLASS_IO_URING) |
	(1ull << AAMED_PCLASS_DBUS);

/*
 * Say once per class which loaded profiles mediate a class aamed does
 * not know (a newer kernel's or parser's), rather than let a reader
 * think everything there was checked. No query word reaches such a
 * class, so a query for it is refused as an unknown class.
 */
static void warn_undecided(aamed_policy *p, const char *who)
{
	const uint64_t unknown = ~known_classes & ~1ull;
	uint64_t all = 0;
	char names[512];
	size_t n;
	int c;

	if (!mediating(p, unknown, &all, names, sizeof(names)))
		return;
	for (c = 1; c < 64; c++) {
		if (!(all & unknown & (1ull << c)))
			continue;
		n = mediating(p, 1ull << c, NULL, names, sizeof(names));
		fprintf(stderr, "%s: warning: policy class %d is mediated by "
			"%zu profile%s (%s); aamed does not decide it\n", who,
			c, n, n == 1 ? "" : "s", names);
	}
}

/* One --policy: a path, or "-", a blob read from stdin. */
static int load_one(aamed_policy *p, const char *path,
		    struct aamed_error *err)
{
	size_t len;
	char *data;
	int rc;

	if (!dash(path))
		return aamed_policy_load_path(p, path, err);
	data = dash_read_all(path, &len);
	if (!data) {
		snprintf(err->origin, sizeof(err->origin), "-");
		err->offset = -1;
		snprintf(err->msg, sizeof(err->msg), "cannot read stdin: %s",
			 strerror(errno));
		return -1;
	}
	rc = aamed_policy_load_blob(p, data, len, "-", err);
	free(data);
	return rc;
}

aamed_policy *load_policies(const char *const *paths, int n,
			    enum aamed_kernel k, const char *who)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char msg[1024];
	int i;

	if (!p) {
		cli_error(who, "out of memory");
		return NULL;
	}
	aamed_policy_set_kernel(p, k);
	for (i = 0; i < n; i++)
		if (load_one(p, paths[i], &err)) {
			cli_error(who, "cannot load policy: %s",
				  aamed_error_str(&err, msg, sizeof(msg)));
			aamed_policy_free(p);
			return NULL;
		}
	warn_undecided(p, who);
	return p;
}

int load_fstypes(aamed_policy *p, const char *path, const char *who)
{
	char text[65536];
	FILE *f = dash_open(path, "r");
	size_t n;
	int bad;

	if (!f) {
		cli_error(who, "cannot read --fstypes %s: %s", path,
			  strerror(errno));
		return -1;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	bad = ferror(f) || !feof(f);
	dash_close(f);
	if (bad) {
		cli_error(who, "cannot read --fstypes %s: %s", path,
			  n == sizeof(text) - 1 ? "too long" : "read error");
		return -1;
	}
	text[n] = '\0';
	if (aamed_policy_set_fstypes(p, text)) {
		cli_error(who, "out of memory");
		return -1;
	}
	return 0;
}
