// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unit --json-lines FILE: every line of FILE is one JSON object (RFC 8259,
 * as libjansson parses it) whose first key is "version" -- the contract of
 * aamed's --json output that tests/unit/run.sh checks.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness.h"

/*
 * One JSON object, nothing else on the line, first key "version".
 * jansson keeps an object's keys in the order they were read.
 */
static bool json_line_ok(const char *line)
{
	json_error_t jerr;
	json_t *v = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
	const char *first;
	bool ok;

	if (!v)
		return false;
	first = json_is_object(v) ? json_object_iter_key(json_object_iter(v))
				  : NULL;
	ok = first && !strcmp(first, "version");
	json_decref(v);
	return ok;
}

void unit_json_checker(void)
{
	CHECK(json_line_ok("{\"version\":1}"));
	CHECK(json_line_ok("{ \"version\" : 1 , \"a\" : [1, -2.5e+3, true, false, null, {}, []] }\n"));
	CHECK(json_line_ok("{\"version\":1,\"s\":\"\\u00e9\\n\\\"\\\\\\/\"}"));
	CHECK(!json_line_ok("{\"a\":1,\"version\":1}"));	/* version not first */
	CHECK(!json_line_ok("{\"version\":1,}"));
	CHECK(!json_line_ok("{\"version\":01}"));
	CHECK(!json_line_ok("{\"version\":1} x"));
	CHECK(!json_line_ok("{\"version\":\"a\tb\"}"));	/* raw control */
	CHECK(!json_line_ok("{\"version\":\"\\x\"}"));
	CHECK(!json_line_ok("{\"version\":[1,]}"));
	CHECK(!json_line_ok("{\"version\":tru}"));
	CHECK(!json_line_ok("{\"version\":1"));
	CHECK(!json_line_ok("[\"version\"]"));
	CHECK(!json_line_ok(""));
}

int unit_json_lines(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	long n = 0, bad = 0;

	if (!f) {
		fprintf(stderr, "unit: %s: %s\n", path, strerror(errno));
		return 2;
	}
	while (getline(&line, &cap, f) >= 0) {
		n++;
		if (!json_line_ok(line)) {
			bad++;
			fprintf(stderr, "unit: %s:%ld: not a JSON object with "
				"\"version\" first: %s", path, n, line);
		}
	}
	free(line);
	if (f != stdin)
		fclose(f);
	if (!n) {
		fprintf(stderr, "unit: %s: no lines\n", path);
		return 1;
	}
	return bad ? 1 : 0;
}
