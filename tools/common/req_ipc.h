/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Capability, signal and ptrace queries (tools/common/req_ipc.c). */
#ifndef AAMED_REQ_IPC_H
#define AAMED_REQ_IPC_H

#include <stdint.h>

struct ipc_query {
	int cap;		/* capability number */
	unsigned cap_opts;	/* AAMED_CAP_OPT_* */
	int sig;		/* kernel signal number */
	uint32_t request;	/* ptrace: AAMED_PTRACE_READ or _TRACE */
	const char *word;	/* the capability, signal or ptrace word */
};

#endif
