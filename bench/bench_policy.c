// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench's policies: the bench profile (bench/aamed_bench.sd)
 * compiled by apparmor_parser for a feature set, and loading a compiled
 * policy through the public API.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_int.h"

int bench_load_policy(aamed_policy *policy, const char *path)
{
	struct aamed_error err;
	char msg[1024];

	if (aamed_policy_load_path(policy, path, &err)) {
		fprintf(stderr, "aamed-bench: cannot load policy: %s\n",
			aamed_error_str(&err, msg, sizeof(msg)));
		return -1;
	}
	return 0;
}

const char *bench_features(const char *name, char *buf, size_t len)
{
	if (strchr(name, '/'))
		return name;
	snprintf(buf, len, "%s/tests/features/%s", bench_srcdir(), name);
	return buf;
}

int bench_compile(const char *features, const char *out)
{
	char fbuf[4096], cmd[16384];
	const char *f = bench_features(features, fbuf, sizeof(fbuf));

	snprintf(cmd, sizeof(cmd),
		 "%s -Q -S --features-file '%s' '%s/bench/aamed_bench.sd' >'%s' 2>'%s.log'",
		 getenv("APPARMOR_PARSER") ? getenv("APPARMOR_PARSER") :
					     "apparmor_parser",
		 f, bench_srcdir(), out, out);
	if (system(cmd) != 0) {
		fprintf(stderr, "aamed-bench: apparmor_parser failed (%s.log)\n", out);
		return -1;
	}
	return 0;
}

/*
 * bench/aamed_bench_ec.sd compiled with equivalence classes and diff
 * encoding (-O equiv -O diff-encode, a feature set with diff_encode),
 * which apparmor_parser writes only when asked. -1 without a parser:
 * the caller skips the cases that need it.
 */
int bench_compile_ec(const char *out)
{
	char fbuf[4096], cmd[16384];
	const char *f = bench_features("diff-encode", fbuf, sizeof(fbuf));

	snprintf(cmd, sizeof(cmd),
		 "%s -Q -S -O equiv -O diff-encode --features-file '%s' "
		 "'%s/bench/aamed_bench_ec.sd' >'%s' 2>/dev/null",
		 getenv("APPARMOR_PARSER") ? getenv("APPARMOR_PARSER") :
					     "apparmor_parser",
		 f, bench_srcdir(), out);
	return system(cmd) == 0 ? 0 : -1;
}
