// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signal mediation (the kernel's ipc.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

size_t aa_signal_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s = (mask & AAMED_MAY_READ)	   ? "receive"
			: (mask & AAMED_MAY_WRITE) ? "send"
						   : "";

	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

void aa_signal_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & (AAMED_MAY_READ | AAMED_MAY_WRITE)) {
		aa_signal_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & (AAMED_MAY_READ | AAMED_MAY_WRITE)) {
			aa_signal_perms_str(r->denied, s, sizeof(s));
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
