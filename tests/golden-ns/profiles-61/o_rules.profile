# SPDX-License-Identifier: GPL-2.0-or-later
# the rules are dropped for a kernel without the features
profile o_rules {
  deny userns,
  deny io_uring,
}
