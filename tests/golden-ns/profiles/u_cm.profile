# SPDX-License-Identifier: GPL-2.0-or-later
profile u_cm flags=(complain) {
  /tmp/** r,
}
