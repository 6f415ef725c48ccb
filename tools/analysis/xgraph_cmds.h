/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The commands built on the exec model (xgraph.h): graph and who-can,
 * and the names their outputs share. Nothing here is public API.
 */
#ifndef AAMED_XGRAPH_CMDS_H
#define AAMED_XGRAPH_CMDS_H

#include <stdio.h>

#include "xgraph.h"

int cmd_graph(int argc, char **argv);
int cmd_who_can(int argc, char **argv);

/* "ix", "ux" (the fallback a pix/pux/cix/cux rule names) or NULL. */
const char *xg_fallback_name(const struct xg_edge *e);
/* "exec", "change_profile", "onexec" */
const char *xg_kind_name(enum xg_edge_kind k);
/* an ix edge to the profile itself is not drawn */
bool xgraph_edge_shown(const struct xg_edge *e);
/* aamed graph's DOT of the nodes keep marks and the shown edges between
 * them; around: (size_t)-1, or only the edges of that node (check
 * --format html draws each profile's part so) */
void xgraph_print_dot(FILE *f, const struct xgraph *g, const bool *keep,
		      size_t around);

#endif
