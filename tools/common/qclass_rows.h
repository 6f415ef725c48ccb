/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The functions of the class table's rows (qclass.c) that exist only
 * for it: the answer decisions (qd_*) and the record decisions (qr_*) of
 * qclass_decide.c, explain's matchers (qp_*) of qclass_perms.c.
 */
#ifndef AAMED_QCLASS_ROWS_H
#define AAMED_QCLASS_ROWS_H

#include "qclass.h"

qclass_decide_fn qd_file, qd_exec, qd_ofile, qd_change, qd_hat, qd_mount,
	qd_net, qd_dbus, qd_rlimit, qd_cap, qd_signal, qd_ptrace, qd_userns,
	qd_uring;
qclass_replay_fn qr_file, qr_exec, qr_ofile, qr_change, qr_hat, qr_mount,
	qr_net, qr_dbus, qr_rlimit, qr_cap, qr_side, qr_userns,
	qr_uring;
qclass_side_fn qs_signal, qs_ptrace;
qclass_perms_fn qp_file, qp_ofile, qp_net, qp_cap, qp_signal, qp_ptrace,
	qp_userns, qp_uring, qp_dbus, qp_change;
/* aamed suggest's rules (qclass_rule.c) */
qclass_rule_fn qw_file, qw_exec, qw_ofile, qw_net, qw_unix, qw_cap,
	qw_signal, qw_ptrace, qw_userns, qw_uring, qw_dbus, qw_change, qw_hat,
	qw_rlimit, qw_mount;

#endif
