# SPDX-License-Identifier: GPL-2.0-or-later
profile n_cmdeny flags=(complain) {
  deny userns,
}
