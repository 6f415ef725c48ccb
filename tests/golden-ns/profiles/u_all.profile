# SPDX-License-Identifier: GPL-2.0-or-later
profile u_all {
  io_uring,
}
