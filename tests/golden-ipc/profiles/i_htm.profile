# SPDX-License-Identifier: GPL-2.0-or-later
# a complain-mode parent whose hat lets i_htr trace it
profile i_htm flags=(complain) {
  ^h1 {
    ptrace (tracedby) peer=i_htr,
  }
}
