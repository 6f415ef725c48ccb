// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TEST-ONLY: rewrite a policy stream apparmor_parser 3.0.x wrote (packed
 * permissions in the DFAs' ACCEPT words) into the permission-table layout
 * of parser 4.x: before every DFA a "perms" struct (version 1, an array of
 * 14-word entries) and a "permsv", and ACCEPT turned into indexes into
 * that table. No parser here writes that layout, so without this the
 * fuzzer and the robustness tests would never reach the loader's table
 * path.
 *
 *   permtable IN OUT
 *
 * The entries follow the compat mapping closely enough to give real
 * answers (allow, audit, quiet, exec transitions), not bit for bit: the
 * point is valid, meaningful input, not a second implementation. File
 * DFAs get an owner and an other entry per state (ACCEPT2 = owner flag);
 * the policydb and attachment DFAs one entry per state. Each DFA blob is
 * padded again so that the loader's alignment rule finds its start.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t DFA_TAG[] = "\x04\x06\x00" "aadfa\x00";	/* + 0x06 */
static const uint8_t POLICYDB_TAG[] = "policydb\x00\x07";
static const uint8_t MAGIC[] = { 0x1b, 0x5e, 0x78, 0x3d };

struct buf {
	uint8_t *d;
	size_t len, cap;
};

static void put(struct buf *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = (b->len + n) * 2;
		b->d = realloc(b->d, b->cap);
		if (!b->d) {
			fprintf(stderr, "permtable: out of memory\n");
			exit(2);
		}
	}
	memcpy(b->d + b->len, p, n);
	b->len += n;
}

static void put8(struct buf *b, uint8_t v)
{
	put(b, &v, 1);
}

static void put_le(struct buf *b, uint32_t v, unsigned n)
{
	while (n--) {
		put8(b, (uint8_t)v);
		v >>= 8;
	}
}

static void put_u32(struct buf *b, uint32_t v)
{
	put8(b, 0x02);
	put_le(b, v, 4);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint32_t be(const uint8_t *p, unsigned n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | *p++;
	return v;
}

static void set_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* Old file bits (x w r a l k m) to the kernel's permission bits. */
static uint32_t file_bits(uint32_t old)
{
	uint32_t v = old & 0xf;

	if (old & 0x4)
		v |= 0x200 | 0x40;		/* getattr, open */
	if (old & 0x2)
		v |= 0x100 | 0x10 | 0x20 | 0x1000 | 0x2000 | 0x40;
	if (old & 0x10)
		v |= 0x40000;			/* link */
	if (old & 0x20)
		v |= 0x8000;			/* lock */
	if (old & 0x40)
		v |= 0x10000;			/* mmap exec */
	return v;
}

/* The 14-bit old exec field to a transition index. */
static uint32_t xindex(uint32_t mask)
{
	uint32_t old = (mask >> 10) & 0xf, x = 0;

	if (mask & 0x100)
		x |= 0x10000000u;		/* unsafe */
	if (mask & 0x200)
		x |= 0x40000000u;		/* inherit */
	if (mask & 0x80 || old == 1)
		x |= 0x80000000u;		/* unconfined */
	if (old == 2)
		x |= 0x04000000u;		/* name */
	else if (old == 3)
		x |= 0x04000000u | 0x20000000u;	/* name, child */
	else if (old >= 4)
		x |= 0x08000000u | (old - 4);	/* table */
	return x;
}

struct perm {
	uint32_t allow, audit, quiet, xindex;
};

static void put_perm(struct buf *b, const struct perm *p)
{
	/* reserved allow deny subtree cond kill complain prompt audit
	 * quiet hide xindex tag label */
	const uint32_t w[14] = { 0, p->allow, 0, 0, 0, 0, 0, 0, p->audit,
				 p->quiet, 0, p->xindex, 0, 0 };
	int i;

	for (i = 0; i < 14; i++)
		put_u32(b, w[i]);
}

enum kind { K_FILE, K_POLICYDB, K_XMATCH };

struct dfa {
	const uint8_t *data;	/* magic */
	size_t size;
	size_t accept, accept2;	/* table data offsets in data, 0: absent */
	uint32_t nstates;
};

static int parse(const uint8_t *d, size_t size, struct dfa *f)
{
	size_t off;

	if (size < 16 || memcmp(d, MAGIC, 4))
		return -1;
	f->data = d;
	f->size = size;
	f->accept = f->accept2 = 0;
	for (off = be(d + 4, 4); off + 12 <= size;) {
		unsigned id = be(d + off, 2), w = be(d + off + 2, 2);
		uint32_t len = be(d + off + 8, 4);

		if (id == 1 && w == 4)
			f->accept = off + 12, f->nstates = len;
		if (id == 7 && w == 4)
			f->accept2 = off + 12;
		off += (12 + (size_t)len * w + 7) & ~(size_t)7;
	}
	return f->accept ? 0 : -1;
}

static void put_table(struct buf *out, const struct dfa *f, enum kind k)
{
	static const uint8_t PERMS[] = "\x04\x06\x00perms\x00\x07";
	static const uint8_t VERSION[] = "\x04\x08\x00version\x00";
	static const uint8_t PERMSV[] = "\x04\x07\x00permsv\x00";
	uint32_t s, n = k == K_FILE ? 2 * f->nstates : f->nstates;

	put(out, PERMS, sizeof(PERMS) - 1);
	put(out, VERSION, sizeof(VERSION) - 1);
	put_u32(out, 1);
	put8(out, 0x0b);
	put_le(out, n, 2);
	for (s = 0; s < f->nstates; s++) {
		uint32_t a = be(f->data + f->accept + 4 * (size_t)s, 4);
		uint32_t a2 = f->accept2 ?
			be(f->data + f->accept2 + 4 * (size_t)s, 4) : 0;
		struct perm p = { 0 };

		if (k == K_FILE) {
			p.allow = file_bits(a & 0x7f);
			p.audit = file_bits(a2 & 0x7f);
			p.quiet = file_bits((a2 >> 7) & 0x7f);
			p.xindex = xindex(a & 0x3fff);
			put_perm(out, &p);
			p.allow = file_bits((a >> 14) & 0x7f);
			p.audit = file_bits((a2 >> 14) & 0x7f);
			p.quiet = file_bits((a2 >> 21) & 0x7f);
			p.xindex = xindex((a >> 14) & 0x3fff);
			put_perm(out, &p);
		} else {
			if (s)
				p.allow = (a & 0x7f) | (a & 0x80000000u) |
					  ((a >> 14) & 0x3) << 8;
			p.audit = a2 & 0x7f;
			p.quiet = (a2 >> 7) & 0x7f;
			put_perm(out, &p);
		}
	}
	put8(out, 0x0c);
	put8(out, 0x08);
	put(out, PERMSV, sizeof(PERMSV) - 1);
	put_u32(out, 2);
}

/*
 * The loader finds the DFA at blob + pad, pad computed from where the blob
 * starts and ends (the kernel's rule); pick the pad that it will find.
 */
static size_t pick_pad(size_t blob, size_t dsize)
{
	size_t p;

	for (p = 0; p < 8; p++) {
		size_t end = blob + p + dsize;
		size_t sz = blob - (end & 7);
		size_t found = ((sz + 7) & ~(size_t)7) - sz;

		if (found == p)
			return p;
	}
	return 8;
}

int main(int argc, char **argv)
{
	struct buf in = { 0 }, out = { 0 };
	uint8_t chunk[65536];
	size_t n, cur = 0, i, converted = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: permtable IN OUT\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		put(&in, chunk, n);
	fclose(f);

	for (i = 0; i + sizeof(DFA_TAG) + 5 <= in.len; i++) {
		const uint8_t *t = in.d + i;
		size_t blob, size, pad, p, dpos;
		enum kind k = K_FILE;
		struct dfa dfa;
		uint32_t s;

		if (memcmp(t, DFA_TAG, sizeof(DFA_TAG) - 1) ||
		    t[sizeof(DFA_TAG) - 1] != 0x06)
			continue;
		blob = i + sizeof(DFA_TAG) + 4;
		size = le32(t + sizeof(DFA_TAG));
		if (blob + size > in.len)
			continue;
		for (pad = 0; pad < 8 && pad + 4 <= size; pad++)
			if (!memcmp(in.d + blob + pad, MAGIC, 4))
				break;
		if (pad == 8 || parse(in.d + blob + pad, size - pad, &dfa))
			continue;
		if (i >= sizeof(POLICYDB_TAG) - 1 &&
		    !memcmp(t - (sizeof(POLICYDB_TAG) - 1), POLICYDB_TAG,
			    sizeof(POLICYDB_TAG) - 1))
			k = K_POLICYDB;
		else if (blob + size < in.len && in.d[blob + size] == 0x02)
			k = K_XMATCH;	/* followed by the unnamed xmatch length */

		put(&out, in.d + cur, i - cur);
		put_table(&out, &dfa, k);
		put(&out, t, sizeof(DFA_TAG));		/* name and BLOB code */
		p = pick_pad(out.len + 4, dfa.size);
		if (p == 8) {
			fprintf(stderr, "permtable: no padding fits the DFA at %zu\n", i);
			return 1;
		}
		put_le(&out, (uint32_t)(p + dfa.size), 4);
		for (s = 0; s < p; s++)
			put8(&out, 0);
		dpos = out.len;
		put(&out, dfa.data, dfa.size);
		for (s = 0; s < dfa.nstates; s++) {
			uint8_t *acc = out.d + dpos + dfa.accept + 4 * (size_t)s;

			set_be32(acc, k == K_FILE ? 2 * s : s);
			if (dfa.accept2)
				set_be32(out.d + dpos + dfa.accept2 + 4 * (size_t)s,
					 k == K_FILE ? 1 : 0);
		}
		cur = blob + size;
		i = cur - 1;
		converted++;
	}
	put(&out, in.d + cur, in.len - cur);
	if (!converted) {
		fprintf(stderr, "permtable: no DFA in %s\n", argv[1]);
		return 1;
	}
	f = fopen(argv[2], "wb");
	if (!f || fwrite(out.d, 1, out.len, f) != out.len || fclose(f)) {
		perror(argv[2]);
		return 2;
	}
	free(in.d);
	free(out.d);
	return 0;
}
