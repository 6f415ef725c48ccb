// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Witness requests in the words of `aamed query`: a check's finding
 * carries a request a user can ask to see the defect. The bytes a walk
 * read are turned back into the request they encode (diff_witness.c
 * does it for diff's own lines; this adds the permission words a query
 * asks).
 */
#include <string.h>

#include "check_witness.h"
#include "diff_witness.h"

/* change_profile bits of the file DFA (aamed diff's pseudo class) */
#define CP_BITS (AAMED_MAY_CHANGE_PROFILE | AAMED_MAY_ONEXEC)

void check_file_words(const uint8_t *w, size_t n, uint32_t bits, int entry,
		      char *out, size_t len)
{
	const uint8_t *z = memchr(w, 0, n);
	const char *other = entry == AAMED_ENTRY_OTHER ? " --ouid 1" : "";
	char a[512], b[512], l[16];

	diff_put_bytes(a, sizeof(a), w, z ? (size_t)(z - w) : n);
	if (z) {
		diff_put_bytes(b, sizeof(b), z + 1, n - (size_t)(z - w) - 1);
		snprintf(out, len, "file %s l --target %s%s", a, b, other);
		return;
	}
	if ((bits & CP_BITS) && !(bits & ~CP_BITS)) {
		snprintf(out, len, "change_profile %s%s", a,
			 bits & AAMED_MAY_CHANGE_PROFILE ? "" : " --onexec");
		return;
	}
	/* an exec is a query of its own ("file PATH x"): the other letters
	 * first, so that the witness asks what is plainly a file access */
	check_file_letters(bits & ~AAMED_MAY_EXEC, l, sizeof(l));
	if (!l[0])
		snprintf(l, sizeof(l), "%s", bits & AAMED_MAY_EXEC ? "x" : "r");
	snprintf(out, len, "file %s %s%s", a, l, other);
}

/* The first operation word of net bits, as req_net.c's table names it. */
static const char *net_op(uint32_t bits)
{
	static const struct {
		uint32_t bit;
		const char *w;
	} ops[] = {
		{ AAMED_MAY_CREATE, "create" },	 { AAMED_MAY_CONNECT, "connect" },
		{ AAMED_MAY_SEND, "send" },	 { AAMED_MAY_RECEIVE, "receive" },
		{ AAMED_MAY_BIND, "bind" },	 { AAMED_MAY_LISTEN, "listen" },
		{ AAMED_MAY_ACCEPT, "accept" },	 { AAMED_MAY_SHUTDOWN, "shutdown" },
		{ AAMED_MAY_SETOPT, "setopt" },	 { AAMED_MAY_GETOPT, "getopt" },
		{ AAMED_MAY_GETATTR, "getattr" },
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (bits & ops[i].bit)
			return ops[i].w;
	return "create";
}

void check_policy_words(const uint8_t *w, size_t n, uint32_t bits,
			char *out, size_t len)
{
	int cls = n ? w[0] : 0;
	char t[600];

	diff_policy_witness(w, n, t, sizeof(t));
	if (cls == AAMED_PCLASS_NET) {
		if (!strncmp(t, "unix ", 5))
			snprintf(out, len, "unix %s --type %s", net_op(bits), t + 5);
		else
			snprintf(out, len, "net %s %s", t, net_op(bits));
	} else if (cls == AAMED_PCLASS_LABEL || cls == AAMED_PCLASS_PTRACE) {
		snprintf(out, len, "ptrace %s --peer-label %s",
			 bits & AAMED_PTRACE_TRACE ? "trace" : "read",
			 strncmp(t, "peer=", 5) ? t : t + 5);
	} else if (cls == AAMED_PCLASS_DBUS) {
		snprintf(out, len, "dbus %s", t);
	} else {
		snprintf(out, len, "%s", t);
	}
}

void check_cap_words(uint64_t caps, char *out, size_t len)
{
	int i;

	for (i = 0; i < 64; i++)
		if (caps & (1ull << i)) {
			const char *nm = aamed_cap_name(i);

			if (nm)
				snprintf(out, len, "capability %s", nm);
			else
				snprintf(out, len, "capability %d", i);
			return;
		}
	snprintf(out, len, "capability");
}
