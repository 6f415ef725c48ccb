// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capability mediation (the kernel's capability.c).
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "apparmor.h"
#include "audit.h"
#include "capability.h"
#include "label.h"
#include "names.h"
#include "policy.h"

/*
 * The LSM common part prints " capability=N " (its trailing blank gives
 * the kernel's double space), then the class callback " capname=".
 */
static void cap_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	aa_put(o, " capability=%d ", r->cap);
	aa_put(o, " capname=");
	aa_put_untrusted(o, r->cap >= 0 && r->cap < AA_CAP_MAX ?
				    aa_cap_names[r->cap] : "unknown");
}

static void cap_fill(struct aamed_audit *rec, const struct aa_audit_data *ad,
		     char *buf, size_t len)
{
	(void)buf;
	(void)len;
	rec->cap = ad->cap;
}

const struct aa_class_ops aa_cap_class = {
	.name = "cap",
	.fill = cap_fill,
	.print = cap_audit_fields,
};

/* ------------------------------------------------------------------ */
/*
 * Mediation. profile_capable(): allowed when the profile's allow set has
 * the bit (caps.denied is never loaded, so it is always empty).
 * audit_caps(): a forced audit (audit mode all or an audit rule), a kill
 * (kill mode or caps.kill), a quiet denial (a plain deny rule; not in
 * audit modes noquiet/all) returned silently and before the complain
 * conversion, so it stays enforced in complain mode.
 *
 * The kernel also drops a record when the same profile asked for the
 * same capability last on this CPU (a per-CPU duplicate cache). That
 * depends on scheduling and on every earlier capability check on the
 * machine; a stateless engine cannot know it, so aamed emits every
 * record the modes and masks allow, i.e. what the kernel logs for the
 * first such check.
 */
static int audit_caps(const struct aa_profile *profile, int cap, int error,
		      const char *info, aamed_audit_fn fn, void *arg)
{
	uint64_t bit = 1ull << cap;
	enum aamed_audit_type type = AUDIT_AUTO;
	struct aa_audit_data ad;

	if (likely(!error)) {
		if (likely(profile->audit != AUDIT_ALL &&
			   !(profile->caps_audit & bit)))
			return 0;
		type = AAMED_AUDIT_AUDIT;
	} else if (profile->mode == APPARMOR_KILL ||
		   (profile->caps_kill & bit)) {
		type = AAMED_AUDIT_KILLED;
	} else if ((profile->caps_quiet & bit) &&
		   profile->audit != AUDIT_NOQUIET &&
		   profile->audit != AUDIT_ALL) {
		return error;
	}
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_CAP, "capable");
	ad.info = info;
	ad.cap = cap;
	ad.request = 0;
	ad.denied = 0;
	ad.error = error;
	return aa_audit(type, profile, &ad);
}

static int profile_capable(const struct aa_profile *profile, int cap,
			   unsigned opts, aamed_audit_fn fn, void *arg)
{
	int error = (profile->caps_allow & (1ull << cap)) ? 0 : -EPERM;
	const char *info = NULL;

	if (opts & AAMED_CAP_OPT_NOAUDIT) {
		if (profile->mode != APPARMOR_COMPLAIN)
			return error;
		/* complain mode logs it, noting it was optional */
		info = "optional: no audit";
	}
	return audit_caps(profile, cap, error, info, fn, arg);
}

static __attribute__((noinline)) int
capable_slow(const struct aa_label *label, int cap, unsigned opts,
	     aamed_audit_fn fn, void *arg)
{
	int error;

	for_each_confined(label, p, error,
			  profile_capable(p, cap, opts, fn, arg));
	return error;
}

/*
 * The common case first, without building any audit data: every
 * confined member allows cap and none audits it, so no record and no
 * error, whatever the options (audit_caps() returns 0 for it).
 */
int aa_capable(const struct aa_label *label, int cap, unsigned opts,
	       aamed_audit_fn fn, void *arg)
{
	uint64_t bit = 1ull << cap;
	uint32_t i;

	for (i = 0; i < label->size; i++) {
		const struct aa_profile *p = label->vec[i];

		if (profile_unconfined(p))
			continue;
		if (!(p->caps_allow & bit) || (p->caps_audit & bit) ||
		    p->audit == AUDIT_ALL)
			return capable_slow(label, cap, opts, fn, arg);
	}
	return 0;
}

int aamed_cap_parse(const char *name)
{
	int c;

	if (!name)
		return -1;
	if (!strncmp(name, "cap_", 4) || !strncmp(name, "CAP_", 4))
		name += 4;
	for (c = 0; c < AA_CAP_MAX; c++)
		if (!strcasecmp(aa_cap_names[c], name))
			return c;
	return -1;
}
