// SPDX-License-Identifier: GPL-2.0-or-later
/* tools/common/words.c: POSIX-shell word splitting without expansion. */
#include <string.h>

#include "harness.h"

/* The batch word splitter lives in the CLI; test it directly. */
#include "../../tools/common/words.c"

static int split(const char *line, char **argv, int max, const char **err)
{
	static char buf[512];

	return split_words(line, buf, strlen(line) + 2 <= sizeof(buf) ?
					      strlen(line) + 2 : sizeof(buf),
			   argv, max, err);
}

void unit_words(void)
{
	char *v[MAX_WORDS];
	const char *err;
	char tiny[4];

	CHECK_EQ(split("file /etc/passwd r", v, MAX_WORDS, &err), 3);
	CHECK_STR(v[0], "file");
	CHECK_STR(v[1], "/etc/passwd");
	CHECK_STR(v[2], "r");
	CHECK(err == NULL);
	CHECK_EQ(split("  a \t b  \r\n", v, MAX_WORDS, &err), 2);
	CHECK_STR(v[0], "a");
	CHECK_STR(v[1], "b");
	CHECK_EQ(split("", v, MAX_WORDS, &err), 0);
	CHECK_EQ(split(" \t \n", v, MAX_WORDS, &err), 0);
	CHECK(err == NULL);

	/* single quotes: everything literal, backslashes included */
	CHECK_EQ(split("'a b' c", v, MAX_WORDS, &err), 2);
	CHECK_STR(v[0], "a b");
	CHECK_STR(v[1], "c");
	CHECK_EQ(split("'a\\b\"c'", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a\\b\"c");
	/* double quotes: backslash escapes only " \ $ */
	CHECK_EQ(split("\"a b\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a b");
	CHECK_EQ(split("\"a\\\"b\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a\"b");
	CHECK_EQ(split("\"a\\\\b\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a\\b");
	CHECK_EQ(split("\"\\$x\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "$x");
	CHECK_EQ(split("\"a\\nb\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a\\nb");
	CHECK_EQ(split("\"it's\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "it's");
	/* no expansion of any kind */
	CHECK_EQ(split("$HOME *.c ~ `x`", v, MAX_WORDS, &err), 4);
	CHECK_STR(v[0], "$HOME");
	CHECK_STR(v[1], "*.c");
	CHECK_STR(v[2], "~");
	CHECK_STR(v[3], "`x`");
	/* unquoted backslash escapes any character */
	CHECK_EQ(split("a\\ b c", v, MAX_WORDS, &err), 2);
	CHECK_STR(v[0], "a b");
	CHECK_EQ(split("\\'x\\\"", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "'x\"");
	CHECK_EQ(split("a\\\\b", v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "a\\b");
	/* quoted parts join the word around them */
	CHECK_EQ(split("a'b c'\"d e\"f g", v, MAX_WORDS, &err), 2);
	CHECK_STR(v[0], "ab cd ef");
	CHECK_STR(v[1], "g");
	/* empty quotes are an empty word */
	CHECK_EQ(split("'' \"\" x", v, MAX_WORDS, &err), 3);
	CHECK_STR(v[0], "");
	CHECK_STR(v[1], "");
	CHECK_STR(v[2], "x");
	/* a comment marker is just a word here (batch mode handles it) */
	CHECK_EQ(split("# c", v, MAX_WORDS, &err), 2);
	CHECK_STR(v[0], "#");

	/* errors */
	CHECK_EQ(split("a 'b", v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "unterminated single quote");
	CHECK_EQ(split("a \"b", v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "unterminated double quote");
	CHECK_EQ(split("\"a\\\"", v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "unterminated double quote");
	CHECK_EQ(split("a\\", v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "backslash at end of line");
	CHECK_EQ(split("a b c", v, 2, &err), -1);
	CHECK_STR(err, "too many words");
	CHECK_EQ(split("a b", v, 2, &err), 2);
	CHECK_EQ(split_words("abcdef", tiny, sizeof(tiny), v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "line too long");
	CHECK_EQ(split_words("'abcdef'", tiny, sizeof(tiny), v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "line too long");
	CHECK_EQ(split_words("\"abcdef\"", tiny, sizeof(tiny), v, MAX_WORDS, &err), -1);
	CHECK_STR(err, "line too long");
	CHECK_EQ(split_words("ab", tiny, sizeof(tiny), v, MAX_WORDS, &err), 1);
	CHECK_STR(v[0], "ab");
}
