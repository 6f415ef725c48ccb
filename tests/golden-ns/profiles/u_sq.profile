# SPDX-License-Identifier: GPL-2.0-or-later
profile u_sq {
  io_uring sqpoll,
}
