/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The commands built on the exec model (xgraph.h): graph and who-can,
 * and the names their outputs share. Nothing here is public API.
 */
#ifndef AAMED_XGRAPH_CMDS_H
#define AAMED_XGRAPH_CMDS_H

#include "xgraph.h"

int cmd_graph(int argc, char **argv);
int cmd_who_can(int argc, char **argv);

/* "ix", "ux" (the fallback a pix/pux/cix/cux rule names) or NULL. */
const char *xg_fallback_name(const struct xg_edge *e);
/* "exec", "change_profile", "onexec" */
const char *xg_kind_name(enum xg_edge_kind k);

#endif
