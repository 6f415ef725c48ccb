// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The policy stream reader (stream.c): bounds, names, codes and each
 * element type, as the kernel's policy_unpack.c reads them.
 */
#include <stdlib.h>
#include <string.h>

#include "blobs.h"
#include "harness.h"

/*
 * Stream reader: the cases of the kernel's KUnit suite
 * (policy_unpack_test.c), rebuilt here. The fixture is the same sequence
 * of elements: a named string, a named u32, a named u64, a named blob
 * (5 bytes with an embedded NUL, plus the literal's NUL: 6) and a named
 * array header of 16 elements; the offsets are recorded while writing.
 */
#define FX_STRING "testing"
#define FX_U32 0x01020304u
#define FX_U64 0x0102030405060708ull
#define FX_ARRAY 16
static const uint8_t fx_blob[] = { 0xde, 0xad, 0x00, 0xbe, 0xef, 0x00 };

struct fixture {
	struct sbuf s;
	size_t named_string;	/* the NAME "TEST_STRING" */
	size_t string;		/* its STRING code */
	size_t named_u32, u32;
	size_t named_u64, u64;
	size_t named_blob, blob;
	size_t named_array, array;
	size_t size;
};

static void fixture_build(struct fixture *f)
{
	struct sbuf *s = &f->s;

	memset(f, 0, sizeof(*f));
	f->named_string = s->n;
	s_name(s, "TEST_STRING");
	f->string = s->n;
	s_str(s, NULL, FX_STRING);
	f->named_u32 = s->n;
	s_name(s, "U32_TEST");
	f->u32 = s->n;
	s_u32(s, NULL, FX_U32);
	f->named_u64 = s->n;
	s_name(s, "U64_TEST");
	f->u64 = s->n;
	s_u64(s, NULL, FX_U64);
	f->named_blob = s->n;
	s_name(s, "BLOB_TEST");
	f->blob = s->n;
	s_byte(s, AA_BLOB);
	s_le(s, sizeof(fx_blob), 4);
	s_bytes(s, fx_blob, sizeof(fx_blob));
	f->named_array = s->n;
	s_name(s, "ARRAY_TEST");
	f->array = s->n;
	s_byte(s, AA_ARRAY);
	s_le(s, FX_ARRAY, 2);
	/* the kernel fixture ends one byte past the array header */
	s_byte(s, 0);
	f->size = s->n;
}

void unit_stream(void)
{
	struct fixture f;
	struct aa_ext e;
	const uint8_t *base;
	const uint8_t *blob;
	const char *str;
	char *dup;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
	uint8_t u8;

	fixture_build(&f);
	base = f.s.b;

	/* inbounds */
	ext_init(&e, base, f.size);
	CHECK(aa_inbounds(&e, 0));
	CHECK(aa_inbounds(&e, f.size / 2));
	CHECK(aa_inbounds(&e, f.size));
	CHECK(!aa_inbounds(&e, f.size + 1));
	e.pos = e.end;
	CHECK(aa_inbounds(&e, 0));
	CHECK(!aa_inbounds(&e, 1));

	/* array, without and with a name */
	ext_init(&e, base, f.size);
	e.pos = base + f.array;
	u16 = 0;
	CHECK(aa_unpack_array(&e, NULL, &u16));
	CHECK_EQ(u16, FX_ARRAY);
	CHECK(e.pos == base + f.array + 3);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_array;
	u16 = 0;
	CHECK(aa_unpack_array(&e, "ARRAY_TEST", &u16));
	CHECK_EQ(u16, FX_ARRAY);
	CHECK(e.pos == base + f.array + 3);

	/* array count cut off by the end: fails, position restored */
	ext_init(&e, base, f.size);
	e.pos = base + f.named_array;
	e.end = base + f.array + 2;
	CHECK(!aa_unpack_array(&e, "ARRAY_TEST", &u16));
	CHECK(e.pos == base + f.named_array);

	/* blob */
	ext_init(&e, base, f.size);
	e.pos = base + f.blob;
	blob = NULL;
	CHECK_EQ(aa_unpack_blob(&e, &blob, NULL), sizeof(fx_blob));
	CHECK(blob && !memcmp(blob, fx_blob, sizeof(fx_blob)));
	CHECK(e.pos == base + f.blob + 5 + sizeof(fx_blob));

	ext_init(&e, base, f.size);
	e.pos = base + f.named_blob;
	blob = NULL;
	CHECK_EQ(aa_unpack_blob(&e, &blob, "BLOB_TEST"), sizeof(fx_blob));
	CHECK(blob && !memcmp(blob, fx_blob, sizeof(fx_blob)));

	/* blob data one byte short: size 0, position restored */
	ext_init(&e, base, f.size);
	e.pos = base + f.named_blob;
	e.end = base + f.blob + sizeof(fx_blob) - 1;
	CHECK_EQ(aa_unpack_blob(&e, &blob, "BLOB_TEST"), 0);
	CHECK(e.pos == base + f.named_blob);
	/* the blob's u32 length itself cut off */
	ext_init(&e, base, f.size);
	e.pos = base + f.blob;
	e.end = base + f.blob + 3;
	CHECK_EQ(aa_unpack_blob(&e, &blob, NULL), 0);
	CHECK(e.pos == base + f.blob);

	/* str */
	ext_init(&e, base, f.size);
	e.pos = base + f.string;
	str = NULL;
	CHECK_EQ(aa_unpack_str(&e, &str, NULL), strlen(FX_STRING) + 1);
	CHECK_STR(str, FX_STRING);
	CHECK(e.pos == base + f.named_u32);

	ext_init(&e, base, f.size);
	str = NULL;
	CHECK_EQ(aa_unpack_str(&e, &str, "TEST_STRING"), strlen(FX_STRING) + 1);
	CHECK_STR(str, FX_STRING);

	/* string bytes cut off by the end */
	ext_init(&e, base, f.size);
	e.end = base + f.string + strlen(FX_STRING) - 1;
	CHECK_EQ(aa_unpack_str(&e, &str, "TEST_STRING"), 0);
	CHECK(e.pos == base);

	/* strdup: a copy outside the buffer */
	ext_init(&e, base, f.size);
	e.pos = base + f.string;
	dup = NULL;
	CHECK_EQ(aa_unpack_strdup(&e, &dup, NULL), strlen(FX_STRING) + 1);
	CHECK(dup && !((const uint8_t *)dup >= e.start &&
		       (const uint8_t *)dup <= e.end));
	CHECK_STR(dup, FX_STRING);
	free(dup);

	ext_init(&e, base, f.size);
	dup = NULL;
	CHECK_EQ(aa_unpack_strdup(&e, &dup, "TEST_STRING"), strlen(FX_STRING) + 1);
	CHECK(dup && !((const uint8_t *)dup >= e.start &&
		       (const uint8_t *)dup <= e.end));
	CHECK_STR(dup, FX_STRING);
	free(dup);

	ext_init(&e, base, f.size);
	e.end = base + f.string + strlen(FX_STRING) - 1;
	dup = (char *)"not touched";
	CHECK_EQ(aa_unpack_strdup(&e, &dup, "TEST_STRING"), 0);
	CHECK(dup == NULL);
	CHECK(e.pos == base);

	/* nameX */
	ext_init(&e, base, f.size);
	e.pos = base + f.u32;
	CHECK(aa_unpack_nameX(&e, AA_U32, NULL));
	CHECK(e.pos == base + f.u32 + 1);

	ext_init(&e, base, f.size);
	e.pos = base + f.u32;
	CHECK(!aa_unpack_nameX(&e, AA_BLOB, NULL));
	CHECK(e.pos == base + f.u32);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	CHECK(aa_unpack_nameX(&e, AA_U32, "U32_TEST"));
	CHECK(e.pos == base + f.u32 + 1);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	CHECK(!aa_unpack_nameX(&e, AA_U32, "12345678"));
	CHECK(e.pos == base + f.named_u32);

	/* a name is skipped when none is asked for */
	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	CHECK(aa_unpack_nameX(&e, AA_U32, NULL));
	CHECK(e.pos == base + f.u32 + 1);
	/* a name asked for must be there */
	ext_init(&e, base, f.size);
	e.pos = base + f.u32;
	CHECK(!aa_unpack_nameX(&e, AA_U32, "U32_TEST"));
	CHECK(e.pos == base + f.u32);
	/* right name, wrong code: restored to before the name */
	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	CHECK(!aa_unpack_nameX(&e, AA_U64, "U32_TEST"));
	CHECK(e.pos == base + f.named_u32);
	/* a name that is a prefix of the element's name does not match */
	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	CHECK(!aa_unpack_nameX(&e, AA_U32, "U32"));
	CHECK(e.pos == base + f.named_u32);

	/* X (the bare code test), through nameX without a name */
	ext_init(&e, base, f.size);
	e.pos = base + f.string;
	CHECK(aa_unpack_nameX(&e, AA_STRING, NULL));
	CHECK(e.pos == base + f.string + 1);
	ext_init(&e, base, f.size);
	e.pos = base + f.string;
	CHECK(!aa_unpack_nameX(&e, AA_BLOB, NULL));
	CHECK(e.pos == base + f.string);
	ext_init(&e, base, f.size);
	e.pos = e.end;
	CHECK(!aa_unpack_nameX(&e, AA_NAME, NULL));
	CHECK(e.pos == e.end);

	/* u32 */
	ext_init(&e, base, f.size);
	e.pos = base + f.u32;
	u32 = 0;
	CHECK(aa_unpack_u32(&e, &u32, NULL));
	CHECK_EQ(u32, FX_U32);
	CHECK(e.pos == base + f.u32 + 5);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	u32 = 0;
	CHECK(aa_unpack_u32(&e, &u32, "U32_TEST"));
	CHECK_EQ(u32, FX_U32);
	CHECK(e.pos == base + f.u32 + 5);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u32;
	e.end = base + f.u32 + 4;
	u32 = 0;
	CHECK(!aa_unpack_u32(&e, &u32, "U32_TEST"));
	CHECK(e.pos == base + f.named_u32);

	/* u64 */
	ext_init(&e, base, f.size);
	e.pos = base + f.u64;
	u64 = 0;
	CHECK(aa_unpack_u64(&e, &u64, NULL));
	CHECK_EQ(u64, FX_U64);
	CHECK(e.pos == base + f.u64 + 9);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u64;
	u64 = 0;
	CHECK(aa_unpack_u64(&e, &u64, "U64_TEST"));
	CHECK_EQ(u64, FX_U64);
	CHECK(e.pos == base + f.u64 + 9);

	ext_init(&e, base, f.size);
	e.pos = base + f.named_u64;
	e.end = base + f.u64 + 8;
	CHECK(!aa_unpack_u64(&e, &u64, "U64_TEST"));
	CHECK(e.pos == base + f.named_u64);

	/* a u32 read where a u64 is: the code decides, nothing consumed */
	ext_init(&e, base, f.size);
	e.pos = base + f.u64;
	CHECK(!aa_unpack_u32(&e, &u32, NULL));
	CHECK(e.pos == base + f.u64);

	/*
	 * u16 chunks (the payload of NAME and STRING): the KUnit cases read
	 * them directly; here they are reached through a STRING element.
	 */
	{
		static const uint8_t ok[] = { AA_STRING, 3, 0, 'a', 'b', 0 };
		static const uint8_t short1[] = { AA_STRING, 3 };
		static const uint8_t short2[] = { AA_STRING, 4, 0, 'a', 'b', 0 };
		static const uint8_t nonul[] = { AA_STRING, 2, 0, 'a', 'b' };
		static const uint8_t empty[] = { AA_STRING, 0, 0, 0 };
		static const uint8_t embedded[] = { AA_STRING, 4, 0, 'a', 0, 'b', 0 };

		ext_init(&e, ok, sizeof(ok));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 3);
		CHECK(str == (const char *)ok + 3);
		CHECK(e.pos == ok + sizeof(ok));
		/* only one byte of the length */
		ext_init(&e, short1, sizeof(short1));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 0);
		CHECK(e.pos == short1);
		/* length one past the end */
		ext_init(&e, short2, sizeof(short2));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 0);
		CHECK(e.pos == short2);
		/* the kernel rejects a string whose last byte is not NUL */
		ext_init(&e, nonul, sizeof(nonul));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 0);
		CHECK(e.pos == nonul);
		/* and a string of size 0 */
		ext_init(&e, empty, sizeof(empty));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 0);
		CHECK(e.pos == empty);
		/* an embedded NUL is legal (xtable entries use it) */
		ext_init(&e, embedded, sizeof(embedded));
		CHECK_EQ(aa_unpack_str(&e, &str, NULL), 4);
		CHECK(e.pos == embedded + sizeof(embedded));
	}

	/* names: must be NUL-terminated to match */
	{
		static const uint8_t nonul[] = { AA_NAME, 2, 0, 'a', 'b', AA_U8, 7 };
		static const uint8_t good[] = { AA_NAME, 3, 0, 'a', 'b', 0, AA_U8, 7 };
		static const uint8_t trunc[] = { AA_NAME, 9, 0, 'a', 'b', 0 };

		ext_init(&e, nonul, sizeof(nonul));
		CHECK(!aa_unpack_u8(&e, &u8, "ab"));
		CHECK(e.pos == nonul);
		ext_init(&e, good, sizeof(good));
		u8 = 0;
		CHECK(aa_unpack_u8(&e, &u8, "ab"));
		CHECK_EQ(u8, 7);
		CHECK(e.pos == good + sizeof(good));
		/* u8 payload missing */
		ext_init(&e, good, sizeof(good) - 1);
		CHECK(!aa_unpack_u8(&e, &u8, "ab"));
		CHECK(e.pos == good);
		/* names compare as C strings (the kernel's strcmp) */
		{
			static const uint8_t emb[] = { AA_NAME, 5, 0, 'a', 'b', 0,
						       'c', 0, AA_U8, 9 };

			ext_init(&e, emb, sizeof(emb));
			u8 = 0;
			CHECK(aa_unpack_u8(&e, &u8, "ab"));
			CHECK_EQ(u8, 9);
			CHECK(e.pos == emb + sizeof(emb));
			ext_init(&e, emb, sizeof(emb));
			CHECK(!aa_unpack_u8(&e, &u8, "abc"));
			CHECK(!aa_unpack_u8(&e, &u8, "a"));
			CHECK(e.pos == emb);
		}
		/* a name running past the end */
		ext_init(&e, trunc, sizeof(trunc));
		CHECK(!aa_unpack_nameX(&e, AA_U8, "ab"));
		CHECK(e.pos == trunc);
	}

	/* structs and u16 */
	{
		struct sbuf s = { .n = 0 };

		s_code(&s, "flags", AA_STRUCT);
		s_name(&s, NULL);
		s_byte(&s, AA_U16);
		s_le(&s, 0xbeef, 2);
		s_code(&s, NULL, AA_STRUCTEND);
		ext_init(&e, s.b, s.n);
		CHECK(!aa_unpack_nameX(&e, AA_STRUCT, "flag"));
		CHECK(e.pos == s.b);
		CHECK(aa_unpack_nameX(&e, AA_STRUCT, "flags"));
		u16 = 0;
		CHECK(aa_unpack_u16(&e, &u16, NULL));
		CHECK_EQ(u16, 0xbeef);
		CHECK(aa_unpack_nameX(&e, AA_STRUCTEND, NULL));
		CHECK(e.pos == e.end);
		/* a u16 cut off */
		ext_init(&e, s.b, s.n - 2);
		e.pos = s.b + s.n - 4;
		CHECK(!aa_unpack_u16(&e, &u16, NULL));
		CHECK(e.pos == s.b + s.n - 4);
	}

	/* the first failure is recorded with its offset; later ones are not */
	{
		struct aamed_error err;

		memset(&err, 0, sizeof(err));
		ext_init(&e, base, f.size);
		e.err = &err;
		CHECK(!aa_ext_fail(&e, base + 5, "first %d", 1));
		CHECK(!aa_ext_fail(&e, base + 9, "second"));
		CHECK(e.failed);
		CHECK_EQ(err.offset, 5);
		CHECK_STR(err.msg, "first 1");
		CHECK_STR(err.origin, "unit");
	}
}
