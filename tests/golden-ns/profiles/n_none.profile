# SPDX-License-Identifier: GPL-2.0-or-later
# no userns rule: a 6.12 feature set makes the parser mediate the class
profile n_none {
  /tmp/** r,
}
