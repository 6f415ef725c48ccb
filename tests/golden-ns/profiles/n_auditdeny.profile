# SPDX-License-Identifier: GPL-2.0-or-later
profile n_auditdeny {
  audit deny userns create,
}
