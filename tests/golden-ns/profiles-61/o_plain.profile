# SPDX-License-Identifier: GPL-2.0-or-later
# compiled for the 6.1 feature set: no class 21 or 22 start state
profile o_plain {
  /tmp/** r,
}
