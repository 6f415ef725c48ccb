// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * invariant: a profile that breaks a line of --invariants FILE, such as
 *
 *   never * file /etc/shadow w except passwd chpasswd unix-chkpwd
 *   never * capability sys_module except kmod
 *
 * (SELinux's neverallow for AppArmor). The rules are judged, not the
 * modes: a complain-mode profile is the complain check's finding.
 *
 * Exact: an invariant's path is compiled by apparmor_parser into a
 * matcher ("PATH r," in a profile of its own), and the product of the
 * matcher's DFA with each profile's file rules is walked breadth first;
 * a pair where the matcher accepts and the profile's owner or other
 * entry allows one of the invariant's permissions is a violation, its
 * input the witness. Capabilities are the profile's mask.
 */
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "check_invariant.h"
#include "check_pairs.h"
#include "check_rules.h"
#include "check_witness.h"

struct hit {
	const aamed_rules *pr, *mr;
	uint32_t perms;		/* the invariant's */
	bool found;
	int entry;
	uint32_t bits;
	uint8_t *w;
	size_t len;
};

static int on_pair(uint32_t sp, uint32_t sm, const uint8_t *w, size_t len,
		   void *arg)
{
	struct hit *h = arg;
	struct aamed_perms m, p;
	int o;

	if (aamed_rules_perms(h->mr, sm, 0, &m) || !(m.allow & AAMED_MAY_READ))
		return 0;	/* the matcher does not accept here */
	for (o = AAMED_ENTRY_OTHER; o >= AAMED_ENTRY_OWNER; o--) {
		if (aamed_rules_perms(h->pr, sp, o == AAMED_ENTRY_OWNER, &p) ||
		    !(p.allow & h->perms))
			continue;
		h->w = malloc(len + 1);
		if (!h->w) {
			fputs("aamed check: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		memcpy(h->w, w, len);
		h->len = len;
		h->entry = o;
		h->bits = p.allow & h->perms;
		h->found = true;
		return 1;
	}
	return 0;
}

static void file_inv(struct check_ctx *c, const struct invariant *inv,
		     const aamed_profile *matcher, const char *name,
		     const aamed_profile *p)
{
	struct hit h = { 0 };
	char wit[1024], l[16];

	h.pr = aamed_profile_rules(p, AAMED_RULES_FILE);
	h.mr = aamed_profile_rules(matcher, AAMED_RULES_FILE);
	h.perms = inv->perms;
	if (!h.pr || !h.mr)
		return;
	check_pairs(h.pr, aamed_rules_start(h.pr, AAMED_PCLASS_FILE), h.mr,
		    aamed_rules_start(h.mr, AAMED_PCLASS_FILE), on_pair, &h,
		    CHECK_MAX_PAIRS);
	if (!h.found)
		return;
	check_file_words(h.w, h.len, h.bits, h.entry, wit, sizeof(wit));
	check_file_letters(h.bits, l, sizeof(l));
	check_report(c, name,
		     check_granting_file(c, name, h.w, h.len, h.entry, h.bits),
		     wit, "breaks invariant %s:%d (%s): allows %s%s",
		     c->invariants, inv->line, inv->text, l,
		     h.entry == AAMED_ENTRY_OWNER ? " to the file's owner" : "");
	free(h.w);
}

static void cap_inv(struct check_ctx *c, const struct invariant *inv,
		    const char *name, const struct aamed_profile_info *info)
{
	uint64_t caps = info->caps_allow & inv->caps;
	char wit[128];

	if (!caps)
		return;
	check_cap_words(caps, wit, sizeof(wit));
	check_report(c, name, check_granting_cap(c, name, caps), wit,
		     "breaks invariant %s:%d (%s): allows %s", c->invariants,
		     inv->line, inv->text, wit);
}

/* The matchers of the file invariants, compiled in one parser run;
 * idx[i]: invariant i's profile in the batch. -1 after saying which
 * path the parser refused. */
static int matchers(const struct check_ctx *c, const struct invariant *v,
		    size_t n, aamed_policy **mp, size_t *idx)
{
	struct check_batch b = { 0 };
	bool vars = false;
	size_t i;

	for (i = 0; i < n; i++) {
		char body[1200];

		if (v[i].kind != INV_FILE)
			continue;
		vars |= strstr(v[i].path, "@{") != NULL;
		snprintf(body, sizeof(body), "  \"%s\" r,\n", v[i].path);
		idx[i] = check_batch_add(&b, body);
	}
	*mp = NULL;
	if (!b.n)
		return 0;
	*mp = check_batch_compile(&b, vars ? "include <tunables/global>\n" : NULL, c);
	check_batch_free(&b);
	for (i = 0; i < n; i++)
		if (v[i].kind == INV_FILE &&
		    (!*mp || !check_batch_profile(*mp, idx[i]))) {
			fprintf(stderr, "aamed check: %s:%d: apparmor_parser does not compile the path \"%s\"%s\n",
				c->invariants, v[i].line, v[i].path,
				vars ? " (variables come from <tunables/global>: -I DIR)" : "");
			if (*mp)
				aamed_policy_free(*mp);
			return -1;
		}
	return 0;
}

static void judge(struct check_ctx *c, const struct invariant *v, size_t n,
		  aamed_policy *mp, const size_t *idx)
{
	size_t i, j, np = aamed_policy_profile_count(c->policy);

	for (j = 0; j < np; j++) {
		const aamed_profile *p = aamed_policy_profile(c->policy, j);
		struct aamed_profile_info info;

		if (!p || check_info(p, &info) || !check_wanted(&info) ||
		    info.mode == AAMED_PROFILE_UNCONFINED)
			continue;
		for (i = 0; i < n; i++) {
			if (!inv_applies(&v[i], info.name))
				continue;
			if (v[i].kind == INV_FILE)
				file_inv(c, &v[i], check_batch_profile(mp, idx[i]),
					 info.name, p);
			else
				cap_inv(c, &v[i], info.name, &info);
		}
	}
}

CHECK_RUN(check_invariant)
{
	struct invariant *v;
	aamed_policy *mp;
	size_t n, *idx;

	if (inv_parse(c->invariants, &v, &n))
		return EXIT_USAGE;
	idx = calloc(n ? n : 1, sizeof(*idx));
	if (!idx) {
		inv_free(v, n);
		fputs("aamed check: out of memory\n", stderr);
		return EXIT_USAGE;
	}
	if (matchers(c, v, n, &mp, idx)) {
		free(idx);
		inv_free(v, n);
		return EXIT_USAGE;
	}
	judge(c, v, n, mp, idx);
	if (mp)
		aamed_policy_free(mp);
	free(idx);
	inv_free(v, n);
	return 0;
}
