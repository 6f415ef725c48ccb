// SPDX-License-Identifier: GPL-2.0-or-later
/* A tiny JSON writer: strings escaped per RFC 8259, bytes >= 0x80 kept. */
#include "cli.h"

void json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

void json_sep(FILE *f, bool *first)
{
	if (!*first)
		fputc(',', f);
	*first = false;
}

void json_key(FILE *f, bool *first, const char *key)
{
	json_sep(f, first);
	json_str(f, key);
	fputc(':', f);
}

void json_str_array(FILE *f, const char *const *v, size_t n)
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		json_str(f, v[i]);
	}
	fputc(']', f);
}

void json_str_rows(FILE *f, const char *rows, size_t width, size_t n)
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		json_str(f, rows + i * width);
	}
	fputc(']', f);
}
