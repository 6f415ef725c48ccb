// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Policy streams written by hand for the unit tests (blobs.c): the
 * element writer the stream, label and namespace cases build on.
 */
#ifndef UNIT_BLOBS_H
#define UNIT_BLOBS_H

#include <stdint.h>
#include <stdio.h>

#include "aamed.h"
#include "internal.h"

/* A reader over buf[0..len), its errors named "unit". */
void ext_init(struct aa_ext *e, const uint8_t *buf, size_t len);

/* A little-endian stream writer (the policy stream's element format). */
struct sbuf {
	uint8_t b[32768];
	size_t n;	/* may run past b: bytes beyond it are dropped */
};

void s_byte(struct sbuf *s, uint8_t v);
void s_le(struct sbuf *s, uint64_t v, int bytes);
void s_bytes(struct sbuf *s, const void *p, size_t n);
/* NAME element: code, u16 size counting the NUL, the bytes and NUL. */
void s_name(struct sbuf *s, const char *name);
void s_u32(struct sbuf *s, const char *name, uint32_t v);
void s_u64(struct sbuf *s, const char *name, uint64_t v);
void s_str(struct sbuf *s, const char *name, const char *v);
void s_code(struct sbuf *s, const char *name, enum aa_code c);

/*
 * A profile in pieces, in the order the unpacker reads them: the version
 * header when s is empty, the namespace when ns, the "profile" struct and
 * name; ...; the flags struct (hat, mode); ...; the four capability words;
 * ...; the end of the struct. The tests put other elements in the gaps.
 */
void prof_begin(struct sbuf *s, const char *ns, const char *name);
void prof_flags(struct sbuf *s, uint32_t hat, uint32_t mode);
void prof_caps(struct sbuf *s, uint32_t allow);
/* The "policydb" struct holding the n-byte DFA blob at dfa, 8-aligned. */
void prof_policydb(struct sbuf *s, const void *dfa, size_t n);
void prof_end(struct sbuf *s);

/*
 * Appends one minimal profile (name, flags hat/mode, no capabilities) to
 * s, with the version header when s is empty and a namespace when ns.
 */
void unit_profile(struct sbuf *s, const char *ns, const char *name,
		  uint32_t hat, uint32_t mode);
/* aamed_policy_load_blob() of s; prints the error when it fails. */
int load_units(aamed_policy *pol, const struct sbuf *s, const char *what);
/* The name of the label text resolves to, or NULL (*error set). */
const char *lname(aamed_policy *pol, const char *text, int *error);

/* An audit callback keeping the count and the last record's text. */
struct unit_log {
	int n;
	char last[512];
};
void unit_log_fn(const struct aamed_audit *rec, void *arg);

#endif
