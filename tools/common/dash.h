/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "-" as a file argument (dash.c): stdin where a command reads a file,
 * stdout where it writes one, as cat, apparmor_parser -o and the systemd
 * tools take it. Every FILE of every command goes through these.
 */
#ifndef AAMED_DASH_H
#define AAMED_DASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* path names stdin or stdout */
bool dash(const char *path);
/* The whole of path ("-": stdin, read to its end) in a malloc'd buffer
 * with a NUL behind its *len bytes; NULL with errno set. */
char *dash_read_all(const char *path, size_t *len);
/* fopen(path, mode), or stdin ("r" modes) or stdout for "-"; stdin
 * once a run (a second "-" to read: NULL, EBUSY, after a message). */
FILE *dash_open(const char *path, const char *mode);
/* fclose, or for stdin/stdout a flush that reports a write error;
 * 0 or EOF as fclose. */
int dash_close(FILE *f);
/*
 * stdin copied into a new file of dir (a private temporary directory),
 * named name, for a program that needs a path (apparmor_parser); the
 * path in buf. 0, or -1 with errno set.
 */
int dash_stdin_to_file(const char *dir, const char *name, char *buf,
		       size_t len);

#endif
