// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signal mediation (the kernel's ipc.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "apparmor.h"
#include "audit.h"
#include "ipc.h"
#include "label.h"
#include "names.h"
#include "perms.h"
#include "policy.h"

static size_t signal_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s = (mask & AAMED_MAY_READ)	   ? "receive"
			: (mask & AAMED_MAY_WRITE) ? "send"
						   : "";

	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

static void signal_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & (AAMED_MAY_READ | AAMED_MAY_WRITE)) {
		signal_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & (AAMED_MAY_READ | AAMED_MAY_WRITE)) {
			signal_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	/* the kernel prints this one without a leading blank */
	if (r->signal == 0)
		aa_put(o, "signal=unknown(%d)", r->unmapped_signal);
	else if (r->signal <= AA_MAXMAPPED_SIG)
		aa_put(o, " signal=%s", aa_sig_names[r->signal]);
	else
		aa_put(o, " signal=rtmin+%d", r->signal - AA_SIGRT_BASE);
	aa_put(o, " peer=");
	aa_put_untrusted(o, r->peer ? r->peer : "");
}

static void signal_fill(struct aamed_audit *rec,
			const struct aa_audit_data *ad, char *buf, size_t len)
{
	rec->peer = aa_label_xaudit_name(ad->subj, ad->peer, buf, len);
	rec->signal = ad->sig.signal;
	rec->unmapped_signal = ad->sig.unmapped;
}

const struct aa_class_ops aa_signal_class = {
	.name = "signal",
	.perms_str = signal_perms_str,
	.fill = signal_fill,
	.print = signal_audit_fields,
};

/* ------------------------------------------------------------------ */
/*
 * Mediation (ipc.c aa_may_signal()). Signal numbers are the kernel's
 * (x86 and the other "generic" layouts: 1-31 are AppArmor's own numbers
 * too), SIGRTMIN 32, SIGRTMAX 64.
 */
#define K_SIGRTMIN 32
#define K_SIGRTMAX 64

/* map_signal_num() */
int aa_map_signal(int sig)
{
	if (sig < 0 || sig > K_SIGRTMAX)
		return 0;	/* SIGUNKNOWN */
	if (sig >= K_SIGRTMIN)
		return sig - K_SIGRTMIN + AA_SIGRT_BASE;
	if (sig == 0)
		return AA_MAXMAPPED_SIG;	/* the existence test */
	return sig;
}

/*
 * profile_signal_perm(): a profile that does not mediate signals (no
 * class start state) allows; otherwise the policydb is walked by class,
 * then the mapped signal byte, then the peer label.
 */
static int profile_signal_perm(const struct aa_profile *profile,
			       const struct aa_label *peer, uint32_t request,
			       struct aa_audit_data *ad)
{
	struct aa_perms perms;
	uint32_t state;

	if (profile_unconfined(profile) ||
	    !(profile->mediates & (1ull << AA_CLASS_SIGNAL)))
		return 0;
	state = aa_dfa_next(profile->policy->dfa,
			    profile->policy->start[AA_CLASS_SIGNAL],
			    (uint8_t)ad->sig.signal);
	aa_label_match(profile, peer, state, request, &perms);
	aa_apply_modes_to_perms(profile, &perms);
	ad->peer = peer;
	return aa_check_perms(profile, &perms, request, ad);
}

/*
 * xcheck_labels(): every member of the sender checks "send" to the
 * target label, then every member of the target checks "receive" from
 * the sender label; the last error wins. Each side is skipped as a
 * whole when its own label is unconfined.
 */
int aa_may_signal(const struct aa_label *sender, const struct aa_label *target,
		  int sig, unsigned sides, aamed_audit_fn fn, void *arg)
{
	struct aa_audit_data ad;
	int error = 0, e;
	uint32_t i;

	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_SIGNAL, "signal");
	ad.sig.signal = aa_map_signal(sig);
	ad.sig.unmapped = sig;
	if ((sides & AAMED_SIDE_SUBJECT) && !aa_label_unconfined(sender))
		for (i = 0; i < sender->size; i++) {
			e = profile_signal_perm(sender->vec[i], target,
						AAMED_MAY_WRITE, &ad);
			if (e)
				error = e;
		}
	if ((sides & AAMED_SIDE_PEER) && !aa_label_unconfined(target))
		for (i = 0; i < target->size; i++) {
			e = profile_signal_perm(target->vec[i], sender,
						AAMED_MAY_READ, &ad);
			if (e)
				error = e;
		}
	return error;
}

int aamed_signal_parse(const char *name)
{
	char *end;
	long n;
	int i;

	if (!name || !*name)
		return -1;
	if (!strncasecmp(name, "sig", 3) && name[3] && !strchr("0123456789", name[3]))
		name += 3;
	if (!strcasecmp(name, "exists"))
		return 0;
	if (!strncasecmp(name, "rtmin+", 6)) {
		if (!name[6] || !strchr("0123456789", name[6]))
			return -1;
		n = strtol(name + 6, &end, 10);
		if (*end || n < 0 || n > K_SIGRTMAX - K_SIGRTMIN)
			return -1;
		return K_SIGRTMIN + (int)n;
	}
	if (strchr("0123456789", name[0])) {
		n = strtol(name, &end, 10);
		if (*end || n < 0 || n > 0x7fffffff)
			return -1;
		return (int)n;
	}
	/* the names AppArmor knows for real signals: 1..31 */
	for (i = 1; i < 32; i++)
		if (!strcasecmp(aa_sig_names[i], name))
			return i;
	return -1;
}
