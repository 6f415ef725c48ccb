/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tagged-element reader of policy streams (the kernel's
 * policy_unpack.h and the reader half of policy_unpack.c).
 */
#ifndef AAMED_STREAM_H
#define AAMED_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

enum aa_code {
	AA_U8 = 0,
	AA_U16,
	AA_U32,
	AA_U64,
	AA_NAME,
	AA_STRING,
	AA_BLOB,
	AA_STRUCT,
	AA_STRUCTEND,
	AA_LIST,
	AA_LISTEND,
	AA_ARRAY,
	AA_ARRAYEND,
};

/* A cursor over one stream; the bytes belong to the caller. */
struct aa_ext {
	const uint8_t *start;
	const uint8_t *end;
	const uint8_t *pos;
	const char *origin;
	struct aamed_error *err;
	bool failed;	/* the first error recorded wins */
	enum aamed_kernel kernel;	/* whose loader to follow (0: 6.1) */
	struct aa_arena *arena;	/* NULL, or where the DFA tables go */
};

bool aa_ext_fail(struct aa_ext *e, const uint8_t *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool aa_inbounds(const struct aa_ext *e, size_t n);
bool aa_unpack_nameX(struct aa_ext *e, enum aa_code code, const char *name);
bool aa_unpack_u8(struct aa_ext *e, uint8_t *v, const char *name);
bool aa_unpack_u16(struct aa_ext *e, uint16_t *v, const char *name);
bool aa_unpack_u32(struct aa_ext *e, uint32_t *v, const char *name);
bool aa_unpack_u64(struct aa_ext *e, uint64_t *v, const char *name);
bool aa_unpack_array(struct aa_ext *e, const char *name, uint16_t *size);
size_t aa_unpack_blob(struct aa_ext *e, const uint8_t **blob, const char *name);
int aa_unpack_str(struct aa_ext *e, const char **string, const char *name);
int aa_unpack_strdup(struct aa_ext *e, char **string, const char *name);
size_t aa_ext_offset(const struct aa_ext *e, const uint8_t *at);

#endif
