# SPDX-License-Identifier: GPL-2.0-or-later
# Profiles of the robustness tests: named exec transitions (an xtable),
# a child profile and an attachment, none of them in the golden set.
profile robust_x /usr/bin/robust-x {
  /usr/bin/robust-t       px -> robust_t,
  /usr/bin/robust-c       cx -> kid,
  /usr/bin/robust-u       pux -> robust_missing,
  /srv/robust/**          rw,
  owner /srv/robust/own/* rwl,

  profile kid {
    /srv/robust/kid/**    r,
  }
}

profile robust_t /usr/bin/robust-t {
  /srv/robust/t/**        rwk,
  /usr/bin/robust-x       ix,
}
