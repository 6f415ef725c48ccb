// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * schemacheck SCHEMA [FILE]: check every line of FILE (default stdin), a
 * JSON document each, against SCHEMA, for the subset of JSON Schema the
 * files of docs/json-schema use (type, const, enum, required, properties,
 * additionalProperties: false, items), and that "version" is the first
 * member. Prints one line per problem; exit 0 when every line conforms,
 * 1 when one does not, 2 when SCHEMA cannot be read. JSON is read with
 * libjansson.
 */
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Every number as a double, as JSON Schema compares them (1 and 1.0 are
 * equal, and both are integers); a key twice in one object is an error
 * rather than one value silently hiding the other.
 */
#define LOAD_FLAGS (JSON_DECODE_INT_AS_REAL | JSON_REJECT_DUPLICATES | \
		    JSON_ALLOW_NUL)

static int problems;

static void bad(long line, const char *path, const char *msg)
{
	printf("line %ld: %s: %s\n", line, *path ? path : "(top)", msg);
	problems++;
}

static bool has_type(const json_t *v, const char *t)
{
	if (!t)
		return false;
	if (!strcmp(t, "integer"))
		return json_is_number(v) &&
		       json_number_value(v) == floor(json_number_value(v));
	if (!strcmp(t, "number"))
		return json_is_number(v);
	if (!strcmp(t, "string"))
		return json_is_string(v);
	if (!strcmp(t, "boolean"))
		return json_is_boolean(v);
	if (!strcmp(t, "null"))
		return json_is_null(v);
	if (!strcmp(t, "array"))
		return json_is_array(v);
	if (!strcmp(t, "object"))
		return json_is_object(v);
	return false;
}

/* "type": one name or an array of names. */
static bool type_ok(const json_t *v, const json_t *t)
{
	const json_t *name;
	size_t i;

	if (json_is_string(t))
		return has_type(v, json_string_value(t));
	json_array_foreach(t, i, name)
		if (has_type(v, json_string_value(name)))
			return true;
	return false;
}

static bool in_enum(const json_t *v, const json_t *e)
{
	const json_t *x;
	size_t i;

	json_array_foreach(e, i, x)
		if (json_equal(v, x))
			return true;
	return false;
}

static void check(const json_t *v, const json_t *s, long line,
		  const char *path);

static void check_object(const json_t *v, const json_t *s, long line,
			 const char *path)
{
	const json_t *props = json_object_get(s, "properties");
	const json_t *add = json_object_get(s, "additionalProperties");
	const json_t *req = json_object_get(s, "required"), *x;
	const char *key;
	char sub[1024];
	size_t i;

	json_array_foreach(req, i, x) {
		key = json_string_value(x);
		if (key && !json_object_get(v, key)) {
			snprintf(sub, sizeof(sub), "missing member \"%s\"", key);
			bad(line, path, sub);
		}
	}
	json_object_foreach((json_t *)v, key, x) {
		const json_t *ps = json_object_get(props, key);

		snprintf(sub, sizeof(sub), "%s.%s", path, key);
		if (ps)
			check(x, ps, line, sub);
		else if (json_is_false(add))
			bad(line, sub, "member not in the schema");
	}
}

static void check(const json_t *v, const json_t *s, long line,
		  const char *path)
{
	const json_t *t = json_object_get(s, "type"), *x, *item;
	char sub[1024];
	size_t j;

	if (t && !type_ok(v, t)) {
		bad(line, path, "wrong type");
		return;
	}
	if ((x = json_object_get(s, "const")) && !json_equal(v, x))
		bad(line, path, "not the constant the schema requires");
	if ((x = json_object_get(s, "enum")) && !in_enum(v, x)) {
		snprintf(sub, sizeof(sub), "value %s not in the enum",
			 json_is_string(v) ? json_string_value(v) : "(non-string)");
		bad(line, path, sub);
	}
	if (json_is_object(v))
		check_object(v, s, line, path);
	if (json_is_array(v) && (x = json_object_get(s, "items")))
		json_array_foreach(v, j, item) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, j);
			check(item, x, line, sub);
		}
}

static json_t *load_schema(const char *path)
{
	json_error_t e;
	json_t *s = json_load_file(path, LOAD_FLAGS, &e);

	if (s)
		return s;
	if (e.line < 0)		/* not opened or not read: no position */
		fprintf(stderr, "%s\n", e.text);
	else
		fprintf(stderr, "%s: line %d, column %d (byte %d): %s\n", path,
			e.line, e.column, e.position, e.text);
	return NULL;
}

/* One line of the input, a document of its own. */
static void check_line(const char *text, size_t len, const json_t *schema,
		       long line)
{
	json_error_t e;
	const char *first;
	char m[300];
	json_t *v;

	/* without its newline, so that an error at its end is on this line */
	if (len && text[len - 1] == '\n')
		len--;
	/* any value: one that is no object is reported as such below */
	v = json_loadb(text, len, LOAD_FLAGS | JSON_DECODE_ANY, &e);

	if (!v) {
		snprintf(m, sizeof(m), "not JSON: %s at column %d (byte %d)",
			 e.text, e.column, e.position);
		bad(line, "", m);
		return;
	}
	first = json_object_iter_key(json_object_iter(v));
	if (!first || strcmp(first, "version"))
		bad(line, "", "\"version\" is not the first member");
	check(v, schema, line, "");
	json_decref(v);
}

int main(int argc, char **argv)
{
	FILE *in;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	json_t *schema;
	long lineno = 0, docs = 0;

	if (argc < 2) {
		fputs("usage: schemacheck SCHEMA [FILE]\n", stderr);
		return 2;
	}
	schema = load_schema(argv[1]);
	if (!schema)
		return 2;
	in = argc > 2 ? fopen(argv[2], "r") : stdin;
	if (!in) {
		perror(argv[2]);
		json_decref(schema);
		return 2;
	}
	while ((len = getline(&line, &cap, in)) >= 0) {
		lineno++;
		if (len <= 1)
			continue;
		docs++;
		check_line(line, (size_t)len, schema, lineno);
	}
	if (!docs)
		bad(0, "", "no document");
	if (in != stdin)
		fclose(in);
	json_decref(schema);
	free(line);
	return problems ? 1 : 0;
}
