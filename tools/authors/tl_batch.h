/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Profiles of the tools' own from many sources, each distinct one
 * compiled once, all in one apparmor_parser run per abi (tl_batch.c).
 * A body is the inside of a profile (rule lines) written under one
 * source's preamble (its variables, abi and alias lines); two bodies
 * that would compile to the same profile share one.
 */
#ifndef AAMED_TL_BATCH_H
#define AAMED_TL_BATCH_H

#include "tl.h"

struct tl_batch;

/* An empty batch whose policy decides as kernel k; one reference. */
struct tl_batch *tl_batch_new(enum aamed_kernel k);
void tl_batch_ref(struct tl_batch *b);
/* Drop a reference; the last frees the batch and its policy. */
void tl_batch_unref(struct tl_batch *b);
/*
 * body under s's preamble: its id, the same for every body that compiles
 * to the same profile (unique: never shared, for a body whose DFA names
 * its own profile); (size_t)-1 when it cannot be shared (the caller
 * compiles it with its source, as before).
 */
size_t tl_batch_add(struct tl_batch *b, const struct tl_source *s,
		    const char *body, bool unique);
size_t tl_batch_count(const struct tl_batch *b);
/* apparmor_parser runs so far (a batch it refuses is split in halves) */
size_t tl_batch_runs(const struct tl_batch *b);
/* Compile every body added since the last call: 0, or -1 when a blob
 * cannot be loaded (said on stderr). */
int tl_batch_compile(struct tl_batch *b, const char *features,
		     const char *const *incdirs, int nincs);
/* Body id's profile, NULL when it did not compile (alone, it fails). */
const aamed_profile *tl_batch_profile(const struct tl_batch *b, size_t id);
aamed_policy *tl_batch_policy(const struct tl_batch *b);

#endif
