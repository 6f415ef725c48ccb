// SPDX-License-Identifier: GPL-2.0-or-later
/* Untrusted text inside markup (markup.h). */
#include "markup.h"

void markup_text(FILE *f, const char *s, const char *apos, bool keep_space)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs(apos, f);
			break;
		case '\n':
		case '\t':
			if (keep_space) {
				fputc(c, f);
				break;
			}
			/* fall through */
		default:
			if (c < 0x20 || c == 0x7f)
				fprintf(f, "\\x%02x", c);
			else
				fputc(c, f);
		}
	}
}
