// SPDX-License-Identifier: GPL-2.0-or-later
/* Static HTML from untrusted text (html.h). */
#include <string.h>

#include "html.h"
#include "markup.h"

void html_text(FILE *f, const char *s)
{
	markup_text(f, s, "&#39;", false);
}

void html_begin(FILE *f, const char *title, const char *css)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      /* the report runs nothing: no script, no remote content */
	      "<meta http-equiv=\"Content-Security-Policy\" content=\""
	      "default-src 'none'; img-src 'self'; style-src 'self'\">\n"
	      "<title>", f);
	html_text(f, title);
	fputs("</title>\n<link rel=\"stylesheet\" href=\"", f);
	html_text(f, css);
	fputs("\">\n</head>\n<body>\n", f);
}

void html_end(FILE *f)
{
	fputs("<footer>aamed check</footer>\n</body>\n</html>\n", f);
}

void html_file_name(const char *name, size_t n, const char *ext, char *out,
		    size_t len)
{
	char base[65];
	size_t k = 0;

	for (; name && *name && k < 64; name++) {
		unsigned char c = (unsigned char)*name;

		base[k++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
					    (c >= '0' && c <= '9') || c == '-' ||
					    c == '_' ?
				    (char)c : '_';
	}
	base[k] = 0;
	/* "-N" and ext follow: no '.' at the start, no empty name */
	snprintf(out, len, "%s-%zu%s", k ? base : "p", n, ext);
}
