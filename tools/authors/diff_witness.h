/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Witnesses of aamed diff as text (diff_witness.c): bytes a DFA walk
 * read, printed as the request they encode.
 */
#ifndef AAMED_DIFF_WITNESS_H
#define AAMED_DIFF_WITNESS_H

#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

/* Printable bytes as they are, the others (and "\\") as \xNN. */
void diff_put_bytes(char *out, size_t len, const uint8_t *w, size_t n);
/* A file path, and a link's target after its NUL. */
void diff_file_witness(const uint8_t *w, size_t n, char *out, size_t len);
/* A policy witness (class byte first) in the words of its class. */
void diff_policy_witness(const uint8_t *w, size_t n, char *out, size_t len);
/* Mount permission bits as the kernel's mount.h names them. */
void diff_mount_words(uint32_t m, char *buf, size_t len);

#endif
