# SPDX-License-Identifier: GPL-2.0-or-later
profile u_ocglob {
  io_uring override_creds label=u_*,
}
