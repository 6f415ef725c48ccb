# SPDX-License-Identifier: GPL-2.0-or-later
# change_hat of a traced task (hat-traced.queries): the hats are traced
# by i_htr, which may trace ^h1 and ^h2; ^h1 also lets i_htr trace it
profile i_ht {
  ^h1 {
    ptrace (tracedby) peer=i_htr,
  }
  ^h2 {
  }
  ^h3 flags=(complain) {
  }
}
