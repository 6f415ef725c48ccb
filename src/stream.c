// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tagged-element reader for policy streams.
 *
 * Every element is a one-byte code and a payload; integers are little
 * endian. A NAME element names the element after it. Readers behave as
 * the kernel's: a read that does not find what it expects restores the
 * position, so optional fields are simply tried in their fixed order.
 * Every read is bounds-checked; nothing here trusts a length.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"

size_t aa_ext_offset(const struct aa_ext *e, const uint8_t *at)
{
	return (size_t)(at - e->start);
}

bool aa_ext_fail(struct aa_ext *e, const uint8_t *at, const char *fmt, ...)
{
	va_list ap;

	if (e->failed)
		return false;
	e->failed = true;
	if (!e->err)
		return false;
	snprintf(e->err->origin, sizeof(e->err->origin), "%s",
		 e->origin ? e->origin : "<buffer>");
	e->err->offset = at ? (long long)aa_ext_offset(e, at) : -1;
	va_start(ap, fmt);
	vsnprintf(e->err->msg, sizeof(e->err->msg), fmt, ap);
	va_end(ap);
	return false;
}

bool aa_inbounds(const struct aa_ext *e, size_t n)
{
	return (size_t)(e->end - e->pos) >= n;
}

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

/* Read a u16 length-prefixed chunk; returns its size or 0. */
static size_t unpack_u16_chunk(struct aa_ext *e, const uint8_t **chunk)
{
	const uint8_t *pos = e->pos;
	size_t size;

	if (!aa_inbounds(e, 2))
		return 0;
	size = get_le16(e->pos);
	e->pos += 2;
	if (!aa_inbounds(e, size)) {
		e->pos = pos;
		return 0;
	}
	*chunk = e->pos;
	e->pos += size;
	return size;
}

static bool unpack_X(struct aa_ext *e, enum aa_code code)
{
	if (!aa_inbounds(e, 1) || *e->pos != code)
		return false;
	e->pos++;
	return true;
}

/*
 * Match an optional name, then the code. With name == NULL any name
 * element is skipped; with a name, it must be present and equal.
 */
bool aa_unpack_nameX(struct aa_ext *e, enum aa_code code, const char *name)
{
	const uint8_t *pos = e->pos;

	if (unpack_X(e, AA_NAME)) {
		const uint8_t *tag = NULL;
		size_t size = unpack_u16_chunk(e, &tag);

		/*
		 * The name must be NUL-terminated and equal to the one asked,
		 * compared as C strings as the kernel does (strcmp): bytes
		 * after an embedded NUL are ignored.
		 */
		if (name && (!size || tag[size - 1] != '\0' ||
			     strcmp(name, (const char *)tag) != 0))
			goto fail;
	} else if (name) {
		goto fail;
	}
	if (unpack_X(e, code))
		return true;
fail:
	e->pos = pos;
	return false;
}

bool aa_unpack_u8(struct aa_ext *e, uint8_t *v, const char *name)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_U8, name)) {
		if (!aa_inbounds(e, 1))
			goto fail;
		if (v)
			*v = *e->pos;
		e->pos += 1;
		return true;
	}
fail:
	e->pos = pos;
	return false;
}

bool aa_unpack_u16(struct aa_ext *e, uint16_t *v, const char *name)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_U16, name)) {
		if (!aa_inbounds(e, 2))
			goto fail;
		if (v)
			*v = get_le16(e->pos);
		e->pos += 2;
		return true;
	}
fail:
	e->pos = pos;
	return false;
}

bool aa_unpack_u32(struct aa_ext *e, uint32_t *v, const char *name)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_U32, name)) {
		if (!aa_inbounds(e, 4))
			goto fail;
		if (v)
			*v = get_le32(e->pos);
		e->pos += 4;
		return true;
	}
fail:
	e->pos = pos;
	return false;
}

bool aa_unpack_u64(struct aa_ext *e, uint64_t *v, const char *name)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_U64, name)) {
		if (!aa_inbounds(e, 8))
			goto fail;
		if (v)
			*v = get_le64(e->pos);
		e->pos += 8;
		return true;
	}
fail:
	e->pos = pos;
	return false;
}

bool aa_unpack_array(struct aa_ext *e, const char *name, uint16_t *size)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_ARRAY, name)) {
		if (!aa_inbounds(e, 2))
			goto fail;
		*size = get_le16(e->pos);
		e->pos += 2;
		return true;
	}
fail:
	e->pos = pos;
	return false;
}

size_t aa_unpack_blob(struct aa_ext *e, const uint8_t **blob, const char *name)
{
	const uint8_t *pos = e->pos;

	if (aa_unpack_nameX(e, AA_BLOB, name)) {
		uint32_t size;

		if (!aa_inbounds(e, 4))
			goto fail;
		size = get_le32(e->pos);
		e->pos += 4;
		if (!aa_inbounds(e, size))
			goto fail;
		*blob = e->pos;
		e->pos += size;
		return size;
	}
fail:
	e->pos = pos;
	return 0;
}

/* Returns the string's size including its NUL, or 0. */
int aa_unpack_str(struct aa_ext *e, const char **string, const char *name)
{
	const uint8_t *pos = e->pos;
	const uint8_t *src = NULL;
	size_t size;

	if (aa_unpack_nameX(e, AA_STRING, name)) {
		size = unpack_u16_chunk(e, &src);
		if (size) {
			/* embedded NULs are legal: xtable entries use them */
			if (src[size - 1] != '\0')
				goto fail;
			*string = (const char *)src;
			return (int)size;
		}
	}
fail:
	e->pos = pos;
	return 0;
}

int aa_unpack_strdup(struct aa_ext *e, char **string, const char *name)
{
	const char *tmp = NULL;
	const uint8_t *pos = e->pos;
	int res = aa_unpack_str(e, &tmp, name);

	*string = NULL;
	if (!res)
		return 0;
	*string = malloc((size_t)res);
	if (!*string) {
		e->pos = pos;
		aa_ext_fail(e, pos, "out of memory");
		return 0;
	}
	memcpy(*string, tmp, (size_t)res);
	return res;
}
