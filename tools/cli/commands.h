/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subcommands of aamed, one row each (commands.c): what `aamed CMD`
 * runs, what `aamed --help` lists, and what `aamed help CMD` shows. A new
 * subcommand is a new row; nothing else names the subcommands.
 */
#ifndef AAMED_COMMANDS_H
#define AAMED_COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

struct subcommand {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;	/* its line of `aamed --help` */
	bool page;		/* a manual page man/aamed-NAME.1 of its own */
};

/* The row named name, or NULL. */
const struct subcommand *subcommand_find(const char *name);
/* The "Commands:" lines of `aamed --help`, in the table's order. */
void subcommand_list(FILE *f);

#endif
