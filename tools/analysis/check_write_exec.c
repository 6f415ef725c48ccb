// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write-exec: a path the profile may both write and execute (exec, or
 * mmap with PROT_EXEC: the m permission) under one label. A task that
 * can write a file and then run or map it runs code of its own choosing
 * under the profile: W^X for policy.
 *
 * Exact on the blob: a DFA state holds the permissions of every path
 * that ends in it, so the profile's file rules have such a path exactly
 * when a state reachable from the file start has an entry allowing w
 * (or a) together with x or m. The owner and the other entry are judged
 * apart (one of them applies to a given task and file). The states are
 * scanned first; only a profile with such a state is walked, breadth
 * first, for the shortest path to it. With --source, the finding is
 * placed on a rule granting the execution and names one granting the
 * write.
 */
#include <stdlib.h>
#include <string.h>

#include "check_rules.h"
#include "check_walk.h"
#include "check_witness.h"
#include "diff_witness.h"

#define WRITE_BITS (AAMED_MAY_WRITE | AAMED_MAY_APPEND)
#define EXEC_BITS (AAMED_MAY_EXEC | AAMED_EXEC_MMAP)
#define MAX_PER_PROFILE 3

struct wx {
	struct check_ctx *c;
	const struct aamed_profile_info *info;
	const aamed_rules *r;
	size_t n;		/* findings of this profile */
};

/* The entry (AAMED_ENTRY_*) of state s allowing write and exec, other
 * first; -1 when none does. */
static int wx_entry(const aamed_rules *r, uint32_t s, uint32_t *allow)
{
	struct aamed_perms p;
	int o;

	for (o = AAMED_ENTRY_OTHER; o >= AAMED_ENTRY_OWNER; o--)
		if (!aamed_rules_perms(r, s, o == AAMED_ENTRY_OWNER, &p) &&
		    (p.allow & WRITE_BITS) && (p.allow & EXEC_BITS)) {
			*allow = p.allow;
			return o;
		}
	return -1;
}

static bool want(uint32_t s, void *arg)
{
	struct wx *x = arg;
	uint32_t allow;

	return wx_entry(x->r, s, &allow) >= 0;
}

static int found(uint32_t s, const uint8_t *w, size_t len, void *arg)
{
	struct wx *x = arg;
	const struct tl_rule *xr, *wr;
	char wit[1024], wl[16], xl[16], path[600], owner[32] = "";
	uint32_t allow = 0;
	int o = wx_entry(x->r, s, &allow);

	check_file_letters(allow & WRITE_BITS, wl, sizeof(wl));
	check_file_letters(allow & EXEC_BITS, xl, sizeof(xl));
	check_file_words(w, len, allow & WRITE_BITS, o, wit, sizeof(wit));
	diff_put_bytes(path, sizeof(path), w, len);
	if (o == AAMED_ENTRY_OWNER)
		snprintf(owner, sizeof(owner), " by its owner");
	xr = check_granting_file(x->c, x->info->name, w, len, o, allow & EXEC_BITS);
	wr = check_granting_file(x->c, x->info->name, w, len, o, allow & WRITE_BITS);
	if (wr && xr != wr)
		check_report(x->c, x->info->name, xr, wit,
			     "%s may be written (%s) and executed (%s)%s; the write: %s:%d: %s",
			     path, wl, xl, owner, wr->file, wr->line, wr->text);
	else
		check_report(x->c, x->info->name, xr ? xr : wr, wit,
			     "%s may be written (%s) and executed (%s)%s",
			     path, wl, xl, owner);
	return ++x->n >= MAX_PER_PROFILE;
}

/* Any state of r allowing both (reachable or not): the cheap test. */
static bool any_state(const aamed_rules *r)
{
	uint32_t s, n = aamed_rules_state_count(r), allow;

	for (s = 1; s < n; s++)
		if (wx_entry(r, s, &allow) >= 0)
			return true;
	return false;
}

CHECK_RUN(check_write_exec)
{
	size_t i, n = aamed_policy_profile_count(c->policy);

	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_policy_profile(c->policy, i);
		struct aamed_profile_info info;
		struct wx x = { .c = c, .info = &info };

		if (!p || check_info(p, &info) || !check_wanted(&info) ||
		    info.mode == AAMED_PROFILE_UNCONFINED)
			continue;
		x.r = aamed_profile_rules(p, AAMED_RULES_FILE);
		if (!x.r || !any_state(x.r))
			continue;
		if (check_walk(x.r, aamed_rules_start(x.r, AAMED_PCLASS_FILE),
			       want, found, &x) < 0) {
			fputs("aamed check: out of memory\n", stderr);
			return EXIT_USAGE;
		}
	}
	return 0;
}
