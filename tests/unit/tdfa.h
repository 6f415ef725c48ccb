// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * DFA blobs, built by hand: a big-endian table-set header (magic, header
 * size, total size, u16 flags, the parser's "notflex" version string,
 * padded to 24) and 8-aligned tables, each a 12-byte header (u16 id,
 * u16 width, u32 unused, u32 count) and its big-endian entries.
 */
#ifndef UNIT_TDFA_H
#define UNIT_TDFA_H

#include "blobs.h"

enum {
	ID_ACCEPT = 1,
	ID_BASE = 2,
	ID_CHK = 3,
	ID_DEF = 4,
	ID_EC = 5,
	ID_META = 6,
	ID_ACCEPT2 = 7,
	ID_NXT = 8,
	ID_LAST = 9,
};

#define TD_MAXS 40
#define TD_MAXT (TD_MAXS * 256 + 256)

#define B_DIFF 0x80000000u
#define B_OOB 0x20000000u

struct tdfa {
	uint32_t nstates, ntrans;
	uint16_t hflags;
	uint16_t wide;		/* width of DEF/NXT/CHK: 2 or 4 */
	uint32_t accept[TD_MAXS], accept2[TD_MAXS];
	uint32_t base[TD_MAXS];	/* full BASE word: index | flags */
	uint32_t def[TD_MAXS];
	uint32_t nxt[TD_MAXT], chk[TD_MAXT];
	bool has_ec;
	uint8_t ec[256];

	/* ways to break it */
	uint32_t magic;
	uint32_t hsize;
	bool omit[ID_LAST + 1];		/* leave a table out */
	uint32_t count[ID_LAST + 1];	/* entry count written, 0: the real one */
	uint16_t width[ID_LAST + 1];	/* element width, 0: the real one */
	bool empty[ID_LAST + 1];	/* write the table with 0 entries */
	bool dup_base;			/* write BASE twice */
	bool extra;			/* write an extra table, id extra_id */
	uint16_t extra_id;
	bool no_final_pad;		/* leave the last table unpadded */
	size_t cut;			/* drop this many bytes at the end */
};

/* A DFA of nstates states, each owning a whole row: base = 256 * state. */
void td_init(struct tdfa *t, uint32_t nstates);
/* Transition from on input symbol c (a byte, or a class with EC). */
void td_edge(struct tdfa *t, uint32_t from, unsigned c, uint32_t to);
/* Serialize into s; returns the blob size (the blob starts at s->b). */
size_t td_blob(const struct tdfa *t, struct sbuf *s);
/* The buffer td_load() serializes into. */
extern struct sbuf td_buf;
/* Build and unpack; NULL when aa_dfa_unpack() rejects it. */
struct aa_dfa *td_load(const struct tdfa *t, bool accept2,
		       struct aamed_error *err);
/* It loads (and is freed again); it is rejected with an error message. */
bool td_accepts(const struct tdfa *t, bool accept2);
bool td_rejects(const struct tdfa *t, bool accept2);

#endif
