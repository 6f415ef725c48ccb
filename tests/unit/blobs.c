// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Policy streams written by hand for the unit tests: the little-endian
 * element writer, and minimal profiles loaded through the public API.
 */
#include <string.h>

#include "blobs.h"

void ext_init(struct aa_ext *e, const uint8_t *buf, size_t len)
{
	memset(e, 0, sizeof(*e));
	e->start = buf;
	e->pos = buf;
	e->end = buf + len;
	e->origin = "unit";
}

void s_byte(struct sbuf *s, uint8_t v)
{
	if (s->n < sizeof(s->b))
		s->b[s->n] = v;
	s->n++;
}

void s_le(struct sbuf *s, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		s_byte(s, (uint8_t)(v >> (8 * i)));
}

void s_bytes(struct sbuf *s, const void *p, size_t n)
{
	const uint8_t *q = p;

	while (n--)
		s_byte(s, *q++);
}

/* NAME element: code, u16 size counting the NUL, the bytes and NUL. */
void s_name(struct sbuf *s, const char *name)
{
	if (!name)
		return;
	s_byte(s, AA_NAME);
	s_le(s, strlen(name) + 1, 2);
	s_bytes(s, name, strlen(name) + 1);
}

void s_u32(struct sbuf *s, const char *name, uint32_t v)
{
	s_name(s, name);
	s_byte(s, AA_U32);
	s_le(s, v, 4);
}

void s_u64(struct sbuf *s, const char *name, uint64_t v)
{
	s_name(s, name);
	s_byte(s, AA_U64);
	s_le(s, v, 8);
}

void s_str(struct sbuf *s, const char *name, const char *v)
{
	s_name(s, name);
	s_byte(s, AA_STRING);
	s_le(s, strlen(v) + 1, 2);
	s_bytes(s, v, strlen(v) + 1);
}

void s_code(struct sbuf *s, const char *name, enum aa_code c)
{
	s_name(s, name);
	s_byte(s, c);
}


void prof_begin(struct sbuf *s, const char *ns, const char *name)
{
	if (s->n == 0)
		s_u32(s, "version", 0x00202007u);	/* 3.0.8, kernel ABI 7 */
	if (ns)
		s_str(s, "namespace", ns);
	s_code(s, "profile", AA_STRUCT);
	s_str(s, NULL, name);
}

void prof_flags(struct sbuf *s, uint32_t hat, uint32_t mode)
{
	s_code(s, "flags", AA_STRUCT);
	s_u32(s, NULL, hat);
	s_u32(s, NULL, mode);
	s_u32(s, NULL, 0);
	s_code(s, NULL, AA_STRUCTEND);
}

void prof_caps(struct sbuf *s, uint32_t allow)
{
	s_u32(s, NULL, allow);	/* caps allow, audit, quiet, (kill) */
	s_u32(s, NULL, 0);
	s_u32(s, NULL, 0);
	s_u32(s, NULL, 0);
}

void prof_policydb(struct sbuf *s, const void *dfa, size_t n)
{
	size_t pad;

	s_code(s, "policydb", AA_STRUCT);
	s_code(s, "aadfa", AA_BLOB);
	/* the DFA starts 8-aligned in the stream, as the parser pads it */
	pad = (8 - ((s->n + 4) & 7)) & 7;
	s_le(s, pad + n, 4);
	while (pad--)
		s_byte(s, 0);
	s_bytes(s, dfa, n);
	s_code(s, NULL, AA_STRUCTEND);
}

void prof_end(struct sbuf *s)
{
	s_code(s, NULL, AA_STRUCTEND);
}

void unit_profile(struct sbuf *s, const char *ns, const char *name,
		  uint32_t hat, uint32_t mode)
{
	prof_begin(s, ns, name);
	prof_flags(s, hat, mode);
	prof_caps(s, 0);
	prof_end(s);
}

int load_units(aamed_policy *pol, const struct sbuf *s, const char *what)
{
	struct aamed_error err;
	char msg[1024];
	int rc = aamed_policy_load_blob(pol, s->b, s->n, what, &err);

	if (rc)
		printf("     (load %s: %s)\n", what,
		       aamed_error_str(&err, msg, sizeof(msg)));
	return rc;
}

const char *lname(aamed_policy *pol, const char *text, int *error)
{
	const aamed_label *l = aamed_label_get(pol, text, error);

	return l ? aamed_label_name(l) : NULL;
}

void unit_log_fn(const struct aamed_audit *rec, void *arg)
{
	struct unit_log *l = arg;

	l->n++;
	aamed_audit_format(rec, l->last, sizeof(l->last), 0, -1, NULL);
}
