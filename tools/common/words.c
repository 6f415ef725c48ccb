// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Splitting a batch line into words, the way a POSIX shell splits them,
 * with no expansion: blanks separate, '...' and "..." quote, backslash
 * escapes the next character (inside "..." only before " \ and $).
 */
#include <string.h>

#include "cli.h"

int split_words(const char *line, char *buf, size_t buflen, char **argv,
		int max, const char **err)
{
	const char *s = line;
	char *o = buf, *end = buf + buflen;
	int n = 0;

	*err = NULL;
	for (;;) {
		bool in_word = false;

		while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
			s++;
		if (!*s)
			break;
		if (n == max) {
			*err = "too many words";
			return -1;
		}
		argv[n] = o;
		while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n') {
			in_word = true;
			if (o + 1 >= end) {
				*err = "line too long";
				return -1;
			}
			if (*s == '\'') {
				const char *q = strchr(s + 1, '\'');

				if (!q) {
					*err = "unterminated single quote";
					return -1;
				}
				if (o + (q - s) >= end) {
					*err = "line too long";
					return -1;
				}
				memcpy(o, s + 1, (size_t)(q - s - 1));
				o += q - s - 1;
				s = q + 1;
			} else if (*s == '"') {
				s++;
				while (*s && *s != '"') {
					if (*s == '\\' && (s[1] == '"' || s[1] == '\\' || s[1] == '$'))
						s++;
					if (o + 1 >= end) {
						*err = "line too long";
						return -1;
					}
					*o++ = *s++;
				}
				if (*s != '"') {
					*err = "unterminated double quote";
					return -1;
				}
				s++;
			} else if (*s == '\\') {
				if (!s[1]) {
					*err = "backslash at end of line";
					return -1;
				}
				*o++ = s[1];
				s += 2;
			} else {
				*o++ = *s++;
			}
		}
		(void)in_word;
		*o++ = '\0';
		n++;
	}
	return n;
}
