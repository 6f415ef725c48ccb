// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capability mediation (the kernel's capability.c).
 */
#include <errno.h>
#include <string.h>

#include "internal.h"

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
