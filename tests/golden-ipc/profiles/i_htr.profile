# SPDX-License-Identifier: GPL-2.0-or-later
# a tracer allowed to trace two hats of i_ht, and i_dta, i_dtb, i_dtm
profile i_htr {
  ptrace (trace) peer=i_ht//h1,
  ptrace (trace) peer=i_ht//h2,
  ptrace (trace) peer=i_dt{a,b,m},
}
