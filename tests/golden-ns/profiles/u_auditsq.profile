# SPDX-License-Identifier: GPL-2.0-or-later
profile u_auditsq {
  audit io_uring sqpoll,
  audit deny io_uring override_creds label=u_target,
  io_uring override_creds,
}
