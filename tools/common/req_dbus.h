/* SPDX-License-Identifier: GPL-2.0-or-later */
/* D-Bus queries (tools/common/req_dbus.c). */
#ifndef AAMED_REQ_DBUS_H
#define AAMED_REQ_DBUS_H

#include "aamed.h"

struct dbus_query {
	struct aamed_dbus_req req;	/* strings point into the words */
	const char *word;		/* send, receive, bind, eavesdrop */
};

#endif
