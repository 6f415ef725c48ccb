# SPDX-License-Identifier: GPL-2.0-or-later
profile u_ocunc {
  io_uring override_creds label=unconfined,
}
