# SPDX-License-Identifier: GPL-2.0-or-later
# a tracer without ptrace rules
profile i_htn {
}
