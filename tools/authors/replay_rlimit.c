// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the kernel's setrlimit records (resource.c's audit_cb():
 * " rlimit=NAME value=N [peer=...]"). libapparmor 3.0 has no keys for
 * them and refuses the whole record, so they are handed to it as keys it
 * has and this class's record never carries: name="NAME" target="N".
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

/* The unquoted value at p: up to the next blank or the end. */
static size_t word_len(const char *p)
{
	return strcspn(p, " \t\n");
}

aa_log_record *replay_parse_rlimit(const char *text)
{
	const char *r = strstr(text, " rlimit="), *v, *rest;
	size_t rn, vn, len = strlen(text);
	aa_log_record *rec;
	char *copy, *o;

	if (!r || !(v = strstr(r, " value=")))
		return parse_record((char *)text);
	rn = word_len(r + 8);
	vn = word_len(v + 7);
	if (v != r + 8 + rn)
		return parse_record((char *)text);
	rest = v + 7 + vn;
	copy = malloc(len + 32);
	if (!copy)
		return NULL;
	o = copy;
	memcpy(o, text, (size_t)(r - text));
	o += r - text;
	memcpy(o, " name=\"", 7);
	o += 7;
	memcpy(o, r + 8, rn);
	o += rn;
	memcpy(o, "\" target=\"", 10);
	o += 10;
	memcpy(o, v + 7, vn);
	o += vn;
	*o++ = '"';
	memcpy(o, rest, strlen(rest) + 1);
	rec = parse_record(copy);
	free(copy);
	return rec;
}
