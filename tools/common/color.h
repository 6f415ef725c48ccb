/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Color on the terminal, one helper for every command (color.c): the
 * verdict words ALLOWED, DENIED and NOT-MEDIATED are the only colored
 * text, as systemctl colors a unit's state. --color=WHEN chooses (every
 * command takes it through opt_next(), opts.h): auto (the default)
 * colors only a terminal, and never with NO_COLOR set to a non-empty
 * value (no-color.org) or TERM=dumb; always and never are what they say
 * and win over the environment, as no-color.org asks of an explicit
 * option.
 */
#ifndef AAMED_COLOR_H
#define AAMED_COLOR_H

#include <stdbool.h>
#include <stdio.h>

/* --color's value (NULL: a bare --color, which is auto as grep's is);
 * 0, or -1 for a word other than auto, always, never. */
int color_set(const char *when);
/* f is a terminal that understands the line-editing escapes of a
 * progress line (TERM set and not dumb); color or not. */
bool color_term(FILE *f);
/* Whether what is written to f gets color. */
bool color_on(FILE *f);
/* The verdict word to f, colored when color_on(f). */
void color_verdict(FILE *f, const char *word);

#endif
