// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Name tables (names.c): AppArmor's signal numbering (the kernel's
 * sig_names.h: 1-31 as the generic signal numbers, 35 for the existence
 * test, 128 and up for the real-time signals), both directions; the
 * capabilities the library asks for itself (capability.h) under their
 * kernel names.
 */
#include <string.h>

#include "aamed.h"
#include "capability.h"
#include "internal.h"
#include "harness.h"

void unit_names(void)
{
	CHECK(!strcmp(aa_sig_names[1], "hup"));
	CHECK(!strcmp(aa_sig_names[9], "kill"));
	CHECK(!strcmp(aa_sig_names[15], "term"));
	/* signal 0 (existence check) maps to the last entry */
	CHECK(!strcmp(aa_sig_names[AA_MAXMAPPED_SIG], "exists"));
	CHECK(aamed_signal_name(9) && !strcmp(aamed_signal_name(9), "kill"));
	/* parsing gives the kernel's numbers back */
	CHECK_EQ(aamed_signal_parse("hup"), 1);
	CHECK_EQ(aamed_signal_parse("kill"), 9);
	CHECK_EQ(aamed_signal_parse("term"), 15);
	CHECK_EQ(aamed_signal_parse("exists"), 0);
	CHECK_EQ(aamed_signal_parse("rtmin+3"), 35);
	CHECK_EQ(aamed_signal_parse("nosuch"), -1);
	CHECK_EQ(aamed_signal_parse(""), -1);
	/* capability.h's numbers are the names table's */
	CHECK_EQ(aamed_cap_parse("sys_ptrace"), CAP_SYS_PTRACE);
	CHECK_EQ(aamed_cap_parse("sys_admin"), CAP_SYS_ADMIN);
	CHECK_EQ(aamed_cap_parse("sys_resource"), CAP_SYS_RESOURCE);
	CHECK(!strcmp(aa_cap_names[CAP_SYS_ADMIN], "sys_admin"));
}
