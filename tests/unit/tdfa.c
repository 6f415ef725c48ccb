// SPDX-License-Identifier: GPL-2.0-or-later
/* DFA blobs built by hand for the unit tests (see tdfa.h). */
#include <string.h>

#include "tdfa.h"

void td_init(struct tdfa *t, uint32_t nstates)
{
	uint32_t s;

	memset(t, 0, sizeof(*t));
	t->nstates = nstates;
	t->ntrans = nstates * 256;
	t->wide = 2;
	t->magic = 0x1B5E783Du;
	t->hsize = 24;
	/* every state owns a whole row of its own: base = 256 * state */
	for (s = 0; s < nstates; s++)
		t->base[s] = 256 * s;
}

/* Transition from on input symbol c (a byte, or a class with EC). */
void td_edge(struct tdfa *t, uint32_t from, unsigned c, uint32_t to)
{
	uint32_t pos = (t->base[from] & 0x00ffffffu) + c;

	t->nxt[pos] = to;
	t->chk[pos] = from;
}

static void be(struct sbuf *s, uint64_t v, int bytes)
{
	int i;

	for (i = bytes - 1; i >= 0; i--)
		s_byte(s, (uint8_t)(v >> (8 * i)));
}

static void td_table(struct sbuf *s, const struct tdfa *t, uint16_t id,
		     const uint32_t *v8, const uint8_t *v1, uint32_t n,
		     uint16_t width, bool last)
{
	uint32_t i, avail = n;

	if (id <= ID_LAST) {
		if (t->omit[id])
			return;
		if (t->count[id])
			n = t->count[id];
		if (t->empty[id])
			n = 0;
		if (t->width[id])
			width = t->width[id];
	}
	be(s, id, 2);
	be(s, width, 2);
	be(s, 0, 4);
	be(s, n, 4);
	/* entries past the real ones are zeros; a huge count stays short */
	for (i = 0; i < n && i < TD_MAXT + 1; i++) {
		uint32_t v = v1 ? (i < 256 ? v1[i] : 0) :
				  (i < avail ? v8[i] : 0);

		be(s, v, width);
	}
	if (!(last && t->no_final_pad))
		while (s->n & 7)
			s_byte(s, 0);
}

/* Serialize; returns the blob size (the blob starts at s->b). */
size_t td_blob(const struct tdfa *t, struct sbuf *s)
{
	size_t i;

	s->n = 0;
	be(s, t->magic, 4);
	be(s, t->hsize, 4);
	be(s, 0, 4);		/* total size: patched below */
	be(s, t->hflags, 2);
	s_bytes(s, "notflex", 8);
	while (s->n < 24)
		s_byte(s, 0);
	td_table(s, t, ID_ACCEPT, t->accept, NULL, t->nstates, 4, false);
	td_table(s, t, ID_ACCEPT2, t->accept2, NULL, t->nstates, 4, false);
	if (t->has_ec)
		td_table(s, t, ID_EC, NULL, t->ec, 256, 1, false);
	td_table(s, t, ID_BASE, t->base, NULL, t->nstates, 4, false);
	if (t->dup_base)
		td_table(s, t, ID_BASE, t->base, NULL, t->nstates, 4, false);
	if (t->extra)
		td_table(s, t, t->extra_id, t->def, NULL, t->nstates, 2, false);
	td_table(s, t, ID_DEF, t->def, NULL, t->nstates, t->wide, false);
	td_table(s, t, ID_NXT, t->nxt, NULL, t->ntrans, t->wide, false);
	td_table(s, t, ID_CHK, t->chk, NULL, t->ntrans, t->wide, true);
	for (i = 0; i < 4; i++)
		s->b[8 + i] = (uint8_t)(s->n >> (8 * (3 - i)));
	if (t->cut && t->cut < s->n)
		s->n -= t->cut;
	return s->n;
}

struct sbuf td_buf;

/* Build and unpack; NULL when aa_dfa_unpack() rejects it. */
struct aa_dfa *td_load(const struct tdfa *t, bool accept2,
		       struct aamed_error *err)
{
	struct aa_ext e;
	size_t n = td_blob(t, &td_buf);
	struct aa_dfa *d;

	if (n > sizeof(td_buf.b)) {
		printf("     (test DFA too big: %zu)\n", n);
		return NULL;
	}
	ext_init(&e, td_buf.b, n);
	memset(err, 0, sizeof(*err));
	e.err = err;
	d = aa_dfa_unpack(&e, td_buf.b, n, accept2);
	/* failure and the error report go together */
	if (!d && !e.failed)
		printf("     (rejected without an error message)\n");
	return d;
}

bool td_accepts(const struct tdfa *t, bool accept2)
{
	struct aamed_error err;
	struct aa_dfa *d = td_load(t, accept2, &err);

	if (!d)
		return false;
	aa_dfa_free(d);
	return true;
}

bool td_rejects(const struct tdfa *t, bool accept2)
{
	struct aamed_error err;
	struct aa_dfa *d = td_load(t, accept2, &err);

	if (d) {
		aa_dfa_free(d);
		return false;
	}
	return err.msg[0] != '\0';
}

