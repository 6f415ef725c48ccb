/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Untrusted text inside markup (markup.c): the HTML report and the JUnit
 * file escape names and paths from blobs, sources and manifests alike.
 */
#ifndef AAMED_MARKUP_H
#define AAMED_MARKUP_H

#include <stdbool.h>
#include <stdio.h>

/*
 * s for an element's text or a quoted attribute: & < > " as entities,
 * ' as apos (the entity the format prefers), control bytes and DEL as
 * \xHH so they stay visible and never become markup; newline and tab
 * are kept as they are when keep_space.
 */
void markup_text(FILE *f, const char *s, const char *apos, bool keep_space);

#endif
