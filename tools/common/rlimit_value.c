// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A limit's value in the words apparmor_parser takes in rlimit rules
 * (apparmor.d(5), parser_yacc.y), so that a query can be written as
 * the rule is: "infinity", or a decimal number followed, without a
 * blank, by the resource's unit:
 *   fsize data stack core rss as memlock msgqueue: K or KB (x1024),
 *     M or MB (x1024^2), G or GB (x1024^3); bytes without one;
 *   cpu: a time unit, the value then in whole seconds (the parser
 *     truncates 1500ms to 1 and refuses less than 1s); seconds without;
 *   rttime: a time unit, the value then in microseconds (at least 1);
 *     microseconds without;
 *   the counts (nofile nproc locks sigpending rtprio) and nice: plain
 *     numbers (nice as setrlimit(2) takes it, 20 - nice: the parser's
 *     -20..19 is a rule's notation, not the system call's).
 * Lower-case size units and other abbreviations are refused, as the
 * parser refuses them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"

static const struct unit {
	const char *name;
	uint64_t us;
} time_units[] = {
	{ "us", 1ULL }, { "microsecond", 1ULL }, { "microseconds", 1ULL },
	{ "ms", 1000ULL }, { "millisecond", 1000ULL },
	{ "milliseconds", 1000ULL },
	{ "s", 1000000ULL }, { "sec", 1000000ULL }, { "second", 1000000ULL },
	{ "seconds", 1000000ULL },
	{ "min", 60000000ULL }, { "minute", 60000000ULL },
	{ "minutes", 60000000ULL },
	{ "h", 3600000000ULL }, { "hour", 3600000000ULL },
	{ "hours", 3600000000ULL },
	{ "d", 86400000000ULL }, { "day", 86400000000ULL },
	{ "days", 86400000000ULL },
	{ "week", 604800000000ULL }, { "weeks", 604800000000ULL },
};

static bool size_resource(int r)
{
	return r == RLIMIT_FSIZE || r == RLIMIT_DATA || r == RLIMIT_STACK ||
	       r == RLIMIT_CORE || r == RLIMIT_RSS || r == RLIMIT_AS ||
	       r == RLIMIT_MEMLOCK || r == RLIMIT_MSGQUEUE;
}

static int mul(uint64_t x, uint64_t by, uint64_t *v)
{
	if (x && by > (AAMED_RLIM_INFINITY - 1) / x)
		return -1;	/* would reach or pass infinity */
	*v = x * by;
	return 0;
}

static int size_unit(const char *u, uint64_t x, uint64_t *v)
{
	if (!strcmp(u, "K") || !strcmp(u, "KB"))
		return mul(x, 1024ULL, v);
	if (!strcmp(u, "M") || !strcmp(u, "MB"))
		return mul(x, 1024ULL * 1024, v);
	if (!strcmp(u, "G") || !strcmp(u, "GB"))
		return mul(x, 1024ULL * 1024 * 1024, v);
	return -1;
}

/* base: the resource's unit in microseconds (cpu 1000000, rttime 1) */
static int time_unit(const char *u, uint64_t x, uint64_t base, uint64_t *v)
{
	size_t i;
	uint64_t us;

	for (i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++) {
		if (strcmp(u, time_units[i].name))
			continue;
		if (mul(x, time_units[i].us, &us))
			return -1;
		*v = us / base;
		return *v ? 0 : -1;	/* the parser's minimum: one unit */
	}
	return -1;
}

int rlimit_number(const char *s, uint64_t *v, const char **rest)
{
	unsigned long long x;
	char *end;

	if (!strcmp(s, "infinity") || !strcmp(s, "unlimited")) {
		*v = AAMED_RLIM_INFINITY;
		*rest = s + strlen(s);
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno)
		return -1;
	*v = (uint64_t)x;
	*rest = end;
	return 0;
}

int rlimit_value_parse(int resource, const char *s, uint64_t *v)
{
	const char *end;
	uint64_t x;

	if (rlimit_number(s, &x, &end))
		return -1;
	if (!*end) {
		*v = x;
		return 0;
	}
	if (size_resource(resource))
		return size_unit(end, x, v);
	if (resource == RLIMIT_CPU)
		return time_unit(end, x, 1000000ULL, v);
	if (resource == RLIMIT_RTTIME)
		return time_unit(end, x, 1ULL, v);
	return -1;
}
