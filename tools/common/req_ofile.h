/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Queries about open files (tools/common/req_ofile.c). */
#ifndef AAMED_REQ_OFILE_H
#define AAMED_REQ_OFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "aamed.h"

struct ofile_query {
	const char *opened_by;	/* --opened-by, NULL: unconfined */
	const char *open_perms;	/* --open-perms, NULL: the request */
	bool ctty;		/* --ctty */
	bool revoked;		/* --revoked: the null device */
	bool unmediated;	/* --unmediated: a pipe and the like */
	bool elsewhere;		/* --opened-elsewhere */
	const char *exec_fsuid;	/* --exec-fsuid, NULL: --fsuid */
	bool is_sock;		/* PATH was socket:FAMILY:TYPE[:PROTO] */
	uint32_t exec_uid;	/* parsed --exec-fsuid */
	uint32_t mode;		/* what the file was opened for */
	struct aamed_sock sk;
};

#endif
