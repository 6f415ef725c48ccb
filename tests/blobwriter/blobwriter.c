// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TEST-ONLY blob writer: turns a policy stream that apparmor_parser
 * 3.0.8 wrote with --features-file tests/features/abi-3.0 -O equiv (the
 * Ubuntu v7 af_unix layout in class 14) into the upstream v9 layout in
 * class 15, which no parser available here can emit.
 *
 *   blobwriter IN OUT
 *
 * How: v7 and v9 share the layout after the class byte (parser
 * af_unix.cc, "v7, v8, v9 Layout"). In every profile's policydb DFA the
 * equivalence-class table maps byte values to transition columns; the
 * writer swaps the entries of bytes 14 and 15, so every walk that reads
 * 15 now goes where 14 went and vice versa. The class-14 subtree (coarse
 * network rules and the unix rules) becomes class 15 and class 14
 * disappears. Nothing else in the policydb reads the bytes 14 or 15 as
 * long as the test profiles have no signal rules (alrm/term are 14/15)
 * and no address families 14/15; the writer does not check that, the
 * test profiles are written that way. File rules live in their own DFA
 * and are not touched.
 *
 * Not part of the library or the CLI; only tests/golden-net/run.sh
 * builds and runs it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define YYTH_MAGIC 0x1B5E783Du
#define YYTD_ID_EC 5

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[1] << 8 | p[0];
}

static size_t table_size(uint32_t len, unsigned width)
{
	size_t n = 12 + (size_t)len * width;

	return (n + 7) & ~(size_t)7;
}

/* Swap ec[14] and ec[15] in the DFA at d (size bytes). */
static int swap_dfa(uint8_t *d, size_t size)
{
	size_t off;

	if (size < 16 || be32(d) != YYTH_MAGIC)
		return -1;
	off = be32(d + 4);
	while (off + 12 <= size) {
		unsigned id = (unsigned)d[off] << 8 | d[off + 1];
		unsigned width = (unsigned)d[off + 2] << 8 | d[off + 3];
		uint32_t len = be32(d + off + 8);

		if (id == YYTD_ID_EC && width == 1 && len == 256) {
			uint8_t *ec = d + off + 12, t = ec[14];

			ec[14] = ec[15];
			ec[15] = t;
			return 0;
		}
		off += table_size(len, width);
	}
	return -2;
}

static uint8_t *find(uint8_t *from, uint8_t *end, const char *s, size_t n)
{
	for (; from + n <= end; from++)
		if (!memcmp(from, s, n))
			return from;
	return NULL;
}

int main(int argc, char **argv)
{
	static const char pdb_tag[] = "\x04\x09\x00policydb";
	static const char dfa_tag[] = "\x04\x06\x00" "aadfa";
	FILE *f;
	uint8_t *buf, *p, *end;
	long len;
	int n = 0;
	uint32_t k;

	if (argc != 3) {
		fprintf(stderr, "usage: blobwriter IN OUT\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		perror(argv[1]);
		return 2;
	}
	buf = malloc((size_t)len);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		perror(argv[1]);
		return 2;
	}
	fclose(f);
	end = buf + len;
	/* each profile: "policydb" struct, then its "aadfa" blob */
	for (p = buf; (p = find(p, end, pdb_tag, sizeof(pdb_tag) - 1));) {
		uint8_t *d = find(p, end, dfa_tag, sizeof(dfa_tag));
		uint32_t size;

		if (!d || d + sizeof(dfa_tag) + 5 > end ||
		    d[sizeof(dfa_tag)] != 0x06) {
			fprintf(stderr, "%s: policydb without a DFA blob\n",
				argv[1]);
			return 1;
		}
		d += sizeof(dfa_tag) + 1;
		size = le32(d);
		d += 4;
		/* the DFA inside the blob is 8-byte aligned: skip the pad */
		for (k = 0; k < 8 && k + 4 <= size && be32(d + k) != YYTH_MAGIC; k++)
			;
		if (k == 8 || d + size > end || swap_dfa(d + k, size - k)) {
			fprintf(stderr,
				"%s: policydb DFA without an equivalence-class table (compile with -O equiv)\n",
				argv[1]);
			return 1;
		}
		n++;
		p = d + size;
	}
	if (!n) {
		fprintf(stderr, "%s: no policydb found\n", argv[1]);
		return 1;
	}
	f = fopen(argv[2], "wb");
	if (!f || fwrite(buf, 1, (size_t)len, f) != (size_t)len || fclose(f)) {
		perror(argv[2]);
		return 2;
	}
	free(buf);
	return 0;
}
