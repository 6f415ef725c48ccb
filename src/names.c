// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Name tables the kernel's records use: address families and socket types
 * (generated at kernel build from include/linux/socket.h and
 * include/linux/net.h, lower-cased; AF_LOCAL and AF_ROUTE are aliases
 * and left out), capabilities (from include/uapi/linux/capability.h) and
 * AppArmor's signal numbering (the hand-written include/sig_names.h);
 * the profile and audit modes as apparmorfs and the records print them.
 */
#include "names.h"

const char *const aa_family_names[AA_AF_MAX] = {
	"unspec", "unix", "inet", "ax25", "ipx", "appletalk", "netrom",
	"bridge", "atmpvc", "x25", "inet6", "rose", "decnet", "netbeui",
	"security", "key", "netlink", "packet", "ash", "econet", "atmsvc",
	"rds", "sna", "irda", "pppox", "wanpipe", "llc", "ib", "mpls", "can",
	"tipc", "bluetooth", "iucv", "rxrpc", "isdn", "phonet", "ieee802154",
	"caif", "alg", "nfc", "vsock", "kcm", "qipcrtr", "smc", "xdp", "mctp",
};

const char *const aa_sock_type_names[AA_SOCK_MAX] = {
	[1] = "stream", [2] = "dgram", [3] = "raw", [4] = "rdm",
	[5] = "seqpacket", [6] = "dccp", [10] = "packet",
};

const char *const aa_cap_names[AA_CAP_MAX] = {
	"chown", "dac_override", "dac_read_search", "fowner", "fsetid",
	"kill", "setgid", "setuid", "setpcap", "linux_immutable",
	"net_bind_service", "net_broadcast", "net_admin", "net_raw",
	"ipc_lock", "ipc_owner", "sys_module", "sys_rawio", "sys_chroot",
	"sys_ptrace", "sys_pacct", "sys_admin", "sys_boot", "sys_nice",
	"sys_resource", "sys_time", "sys_tty_config", "mknod", "lease",
	"audit_write", "audit_control", "setfcap", "mac_override",
	"mac_admin", "syslog", "wake_alarm", "block_suspend", "audit_read",
	"perfmon", "bpf", "checkpoint_restore",
};

/* Indexed by AppArmor's signal number (after aa_map_signal()). */
const char *const aa_sig_names[AA_MAXMAPPED_SIG + 1] = {
	"unknown", "hup", "int", "quit", "ill", "trap", "abrt", "bus", "fpe",
	"kill", "usr1", "segv", "usr2", "pipe", "alrm", "term", "stkflt",
	"chld", "cont", "stop", "stp", "ttin", "ttou", "urg", "xcpu", "xfsz",
	"vtalrm", "prof", "winch", "io", "pwr", "sys", "emt", "lost", "unused",
	"exists",
};

/* The kernel's aa_profile_mode_names[] and aa_audit_type[] (policy.c). */
const char *const aa_profile_mode_names[AA_MODE_MAX] = {
	"enforce", "complain", "kill", "unconfined", "user",
};

const char *const aa_audit_mode_names[AA_AUDIT_MODE_MAX] = {
	"normal", "quiet_denied", "quiet", "noquiet", "all",
};
