# SPDX-License-Identifier: GPL-2.0-or-later
# a complain-mode tracer without ptrace rules
profile i_htc flags=(complain) {
}
