# SPDX-License-Identifier: GPL-2.0-or-later
profile n_kill flags=(kill) {
  /tmp/** r,
}
