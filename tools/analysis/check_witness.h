/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Witnesses of the checks in the words of `aamed query` (after
 * --label): what a DFA walk read, as the request it encodes
 * (check_witness.c).
 */
#ifndef AAMED_CHECK_WITNESS_H
#define AAMED_CHECK_WITNESS_H

#include "check.h"

/* A file walk's input (path, or path NUL link target) for bits of entry
 * owner (AAMED_ENTRY_*): "file /etc/x w", "file /bin/x x",
 * "change_profile t", "file /a l --target /b", "... --ouid 1" for the
 * entry of a file the task does not own. */
void check_file_words(const uint8_t *w, size_t n, uint32_t bits, int entry,
		      char *out, size_t len);
/* A policy walk's input (class byte first) for bits. */
void check_policy_words(const uint8_t *w, size_t n, uint32_t bits,
			char *out, size_t len);
/* "capability NAME" of the lowest capability of caps. */
void check_cap_words(uint64_t caps, char *out, size_t len);

#endif
