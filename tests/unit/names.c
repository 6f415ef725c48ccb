// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Name tables (names.c): AppArmor's signal numbering (the kernel's
 * sig_names.h), looked up by name.
 */
#include "aamed.h"
#include "internal.h"
#include "harness.h"

void unit_names(void)
{
	const size_t n = AA_MAXMAPPED_SIG + 1;

	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "hup"), 1);
	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "kill"), 9);
	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "term"), 15);
	/* signal 0 (existence check) maps to the last entry */
	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "exists"), AA_MAXMAPPED_SIG);
	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "KILL"), -1);
	CHECK_EQ(aa_lookup_name(aa_sig_names, n, "nosuch"), -1);
	CHECK_EQ(aa_lookup_name(aa_sig_names, 0, "hup"), -1);
}
