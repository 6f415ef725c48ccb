// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capability mediation (the kernel's capability.c).
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "labelmatch.h"

/*
 * The LSM common part prints " capability=N " (its trailing blank gives
 * the kernel's double space), then the class callback " capname=".
 */
void aa_cap_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	aa_put(o, " capability=%d ", r->cap);
	aa_put(o, " capname=");
	aa_put_untrusted(o, r->cap >= 0 && r->cap < AA_CAP_MAX ?
				    aa_cap_names[r->cap] : "unknown");
}

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
static int audit_caps(const struct aa_audit_ctx *ctx,
		      const struct aa_profile *profile, int cap, int error,
		      const char *info)
{
	uint64_t bit = 1ull << cap;
	enum aamed_audit_type type = AUDIT_AUTO;
	struct aa_ipc_info ii = {
		.class = AAMED_CLASS_CAP, .op = "capable", .info = info,
		.cap = cap,
	};

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
	return aa_ipc_audit(ctx, type, profile, error, &ii);
}

static int profile_capable(const struct aa_audit_ctx *ctx,
			   const struct aa_profile *profile, int cap,
			   unsigned opts)
{
	int error = (profile->caps_allow & (1ull << cap)) ? 0 : -EPERM;
	const char *info = NULL;

	if (opts & AAMED_CAP_OPT_NOAUDIT) {
		if (profile->mode != APPARMOR_COMPLAIN)
			return error;
		/* complain mode logs it, noting it was optional */
		info = "optional: no audit";
	}
	return audit_caps(ctx, profile, cap, error, info);
}

int aamed_capable(const aamed_label *subj, int cap, unsigned opts,
		  aamed_audit_fn audit, void *arg)
{
	const struct aa_label *l = to_label(subj);
	struct aa_audit_ctx ctx = { audit, arg };
	int error;

	/* apparmor_capable(): an unconfined label is never asked */
	if (likely(aa_label_unconfined(l)))
		return 0;
	if ((unsigned)cap >= 64)
		return -EINVAL;
	for_each_confined(l, p, error, profile_capable(&ctx, p, cap, opts));
	return error;
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
