# SPDX-License-Identifier: GPL-2.0-or-later
profile u_deny {
  io_uring override_creds,
  deny io_uring sqpoll,
}
