# SPDX-License-Identifier: GPL-2.0-or-later
# change_profile and exec of a traced task (domain-traced.queries): i_htr
# may trace i_dta and i_dtb, and they let it
profile i_dta {
  change_profile -> i_dt{b,c},
  change_profile -> &i_dt{b,c},
  /srv/gi/dt/b px -> i_dtb,
  /srv/gi/dt/c px -> i_dtc,
  /srv/gi/dt/i ix,
  /srv/gi/dt/u ux,
  ptrace (tracedby) peer=i_htr,
}
profile i_dtb {
  ptrace (tracedby) peer=i_htr,
}
profile i_dtc {
}
profile i_dtm flags=(complain) {
  change_profile -> i_dtc,
  /srv/gi/dt/c px -> i_dtc,
}
