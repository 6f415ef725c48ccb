/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The byte strings the kernel feeds a policy class's DFA (src/diff_enc.c),
 * for the diff walk: a state reached part way through an encoding is
 * never looked up, so a difference there is no difference of a request
 * until the input is completed to one.
 */
#ifndef AAMED_DIFF_ENC_H
#define AAMED_DIFF_ENC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Classes modelled here (network, mount); others are taken as they are. */
bool aa_enc_known(int pclass);
/*
 * The position after input w (len bytes, class byte first), or -1 when
 * no request of the class reads those bytes; one more byte c; and
 * whether the kernel looks permissions up at a position.
 */
int aa_enc_of(const uint8_t *w, size_t len);
int aa_enc_step(int pclass, int pos, uint8_t c);
bool aa_enc_lookup(int pclass, int pos);

#endif
