/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Writing static HTML from untrusted text (html.c): profile names, paths
 * and rules come from policy blobs and sources, so every byte goes
 * through html_text(), and file names are built from them only through
 * html_file_name().
 */
#ifndef AAMED_HTML_H
#define AAMED_HTML_H

#include <stddef.h>
#include <stdio.h>

/* s escaped for an element's text or a quoted attribute: & < > " ' as
 * entities, control bytes and DEL as \xHH (visible, never markup). */
void html_text(FILE *f, const char *s);
/* The document's start (doctype, charset, title, the stylesheet at css,
 * a path relative to the page) and its <body>; html_end() closes it. */
void html_begin(FILE *f, const char *title, const char *css);
void html_end(FILE *f);
/*
 * A file name for name, safe on any file system and in a URL without
 * escaping: its letters, digits, '-' and '_' kept, every other byte '_',
 * cut at 64 bytes, then "-N" (n: unique per name, so two names that
 * read alike stay two files) and ext. Never starts with '.'.
 */
void html_file_name(const char *name, size_t n, const char *ext, char *out,
		    size_t len);

#endif
