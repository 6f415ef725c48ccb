// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Resource limits outside mediation: their names, Linux's limits of its
 * first task, and a profile's rlimit rules as introspection shows them.
 */
#include <errno.h>
#include <string.h>

#include "apparmor.h"
#include "introspect.h"
#include "policy.h"
#include "resource.h"

const char *aamed_rlimit_name(int resource)
{
	return (unsigned)resource < AAMED_RLIMIT__COUNT
		       ? aa_rlimit_names[resource]
		       : NULL;
}

int aamed_rlimit_parse(const char *name)
{
	int i;

	if (!name)
		return -1;
	for (i = 0; i < AAMED_RLIMIT__COUNT; i++)
		if (!strcmp(name, aa_rlimit_names[i]))
			return i;
	return -1;
}

#define INF AAMED_RLIM_INFINITY
#define STK_LIM (8ull << 20)		/* _STK_LIM */
#define MLOCK_LIMIT (8ull << 20)	/* since Linux 5.16 */
#define MQ_BYTES_MAX 819200ull

/* INIT_RLIMITS (include/asm-generic/resource.h) */
static const struct aamed_rlimit init_rlimits[AAMED_RLIMIT__COUNT] = {
	[AAMED_RLIMIT_CPU] = { INF, INF },
	[AAMED_RLIMIT_FSIZE] = { INF, INF },
	[AAMED_RLIMIT_DATA] = { INF, INF },
	[AAMED_RLIMIT_STACK] = { STK_LIM, INF },
	[AAMED_RLIMIT_CORE] = { 0, INF },
	[AAMED_RLIMIT_RSS] = { INF, INF },
	[AAMED_RLIMIT_NPROC] = { INF, INF },	/* max_threads / 2 at boot */
	[AAMED_RLIMIT_NOFILE] = { 1024, 4096 },	/* INR_OPEN_CUR, _MAX */
	[AAMED_RLIMIT_MEMLOCK] = { MLOCK_LIMIT, MLOCK_LIMIT },
	[AAMED_RLIMIT_AS] = { INF, INF },
	[AAMED_RLIMIT_LOCKS] = { INF, INF },
	[AAMED_RLIMIT_SIGPENDING] = { INF, INF },	/* as nproc */
	[AAMED_RLIMIT_MSGQUEUE] = { MQ_BYTES_MAX, MQ_BYTES_MAX },
	[AAMED_RLIMIT_NICE] = { 0, 0 },
	[AAMED_RLIMIT_RTPRIO] = { 0, 0 },
	[AAMED_RLIMIT_RTTIME] = { INF, INF },
};

void aamed_rlimits_default(struct aamed_rlimits *r)
{
	if (!r)
		return;
	r->size = sizeof(*r);
	memcpy(r->lim, init_rlimits, sizeof(r->lim));
}

int aamed_profile_rlimit(const aamed_profile *profile, int resource,
			 uint64_t *hard)
{
	const struct aa_profile *p = to_profile(profile);

	if (!p || !hard || (unsigned)resource >= AAMED_RLIMIT__COUNT)
		return -EINVAL;
	if (!(p->rlimit_mask & (1u << resource)))
		return 0;
	*hard = p->rlimits[resource];
	return 1;
}
