// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ptrace mediation (the kernel's task.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define AA_PTRACE_PERM_MASK                                                \
	(AAMED_PTRACE_READ | AAMED_PTRACE_TRACE | AAMED_PTRACE_READBY |     \
	 AAMED_PTRACE_TRACEDBY)

size_t aa_ptrace_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s;

	/* audit_ptrace_mask(): exactly one bit, or nothing */
	switch (mask) {
	case AAMED_PTRACE_READ:
		s = "read";
		break;
	case AAMED_PTRACE_TRACE:
		s = "trace";
		break;
	case AAMED_PTRACE_READBY:
		s = "readby";
		break;
	case AAMED_PTRACE_TRACEDBY:
		s = "tracedby";
		break;
	default:
		s = "";
	}
	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

void aa_ptrace_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[16];

	if (r->request & AA_PTRACE_PERM_MASK) {
		aa_ptrace_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
		if (r->denied & AA_PTRACE_PERM_MASK) {
			aa_ptrace_perms_str(r->denied, s, sizeof(s));
			aa_put(o, " denied_mask=\"%s\"", s);
		}
	}
	aa_put(o, " peer=");
	aa_put_untrusted(o, r->peer ? r->peer : "");
}
