// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * schemacheck SCHEMA [FILE]: check every line of FILE (default stdin), a
 * JSON document each, against SCHEMA, for the subset of JSON Schema the
 * files of docs/json-schema use (type, const, enum, required, properties,
 * additionalProperties: false, items), and that "version" is the first
 * member. Prints one line per problem; exit 0 when every line conforms.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tl_json.h"

static int problems;

static void bad(long line, const char *path, const char *msg)
{
	printf("line %ld: %s: %s\n", line, *path ? path : "(top)", msg);
	problems++;
}

static bool equal(const struct tj *a, const struct tj *b)
{
	size_t i;

	if (a->type != b->type)
		return false;
	switch (a->type) {
	case TJ_NULL:
		return true;
	case TJ_BOOL:
		return a->b == b->b;
	case TJ_NUM:
		return a->num == b->num;
	case TJ_STR:
		return a->len == b->len && !memcmp(a->str, b->str, a->len);
	default:
		if (a->len != b->len)
			return false;
		for (i = 0; i < a->len; i++)
			if (!equal(&a->kids[i], &b->kids[i]))
				return false;
		return true;
	}
}

static bool has_type(const struct tj *v, const char *t)
{
	if (!strcmp(t, "integer"))
		return v->type == TJ_NUM && v->num == floor(v->num);
	if (!strcmp(t, "number"))
		return v->type == TJ_NUM;
	if (!strcmp(t, "string"))
		return v->type == TJ_STR;
	if (!strcmp(t, "boolean"))
		return v->type == TJ_BOOL;
	if (!strcmp(t, "null"))
		return v->type == TJ_NULL;
	if (!strcmp(t, "array"))
		return v->type == TJ_ARR;
	if (!strcmp(t, "object"))
		return v->type == TJ_OBJ;
	return false;
}

static void check(const struct tj *v, const struct tj *s, long line,
		  const char *path)
{
	const struct tj *t = tj_get(s, "type"), *x;
	char sub[1024];
	size_t i, j;

	if (t) {
		bool ok = false;

		if (t->type == TJ_STR)
			ok = has_type(v, t->str);
		else if (t->type == TJ_ARR)
			for (i = 0; i < t->len; i++)
				ok |= has_type(v, t->kids[i].str);
		if (!ok) {
			bad(line, path, "wrong type");
			return;
		}
	}
	if ((x = tj_get(s, "const")) && !equal(v, x))
		bad(line, path, "not the constant the schema requires");
	if ((x = tj_get(s, "enum"))) {
		bool ok = false;

		for (i = 0; i < x->len; i++)
			ok |= equal(v, &x->kids[i]);
		if (!ok) {
			snprintf(sub, sizeof(sub), "value %s not in the enum",
				 v->type == TJ_STR ? v->str : "(non-string)");
			bad(line, path, sub);
		}
	}
	if (v->type == TJ_OBJ) {
		const struct tj *props = tj_get(s, "properties");
		const struct tj *add = tj_get(s, "additionalProperties");

		if ((x = tj_get(s, "required")))
			for (i = 0; i < x->len; i++)
				if (!tj_get(v, x->kids[i].str)) {
					snprintf(sub, sizeof(sub), "missing member \"%s\"",
						 x->kids[i].str);
					bad(line, path, sub);
				}
		for (i = 0; i < v->len; i++) {
			const struct tj *ps = props ? tj_get(props, v->keys[i]) : NULL;

			snprintf(sub, sizeof(sub), "%s.%s", path, v->keys[i]);
			if (ps)
				check(&v->kids[i], ps, line, sub);
			else if (add && add->type == TJ_BOOL && !add->b)
				bad(line, sub, "member not in the schema");
		}
	}
	if (v->type == TJ_ARR && (x = tj_get(s, "items")))
		for (j = 0; j < v->len; j++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, j);
			check(&v->kids[j], x, line, sub);
		}
}

static char *slurp(FILE *f, size_t *n)
{
	size_t cap = 65536;
	char *b = malloc(cap);

	*n = 0;
	while (b) {
		size_t r = fread(b + *n, 1, cap - *n, f);

		*n += r;
		if (*n < cap)
			break;
		b = realloc(b, cap *= 2);
	}
	return b;
}

int main(int argc, char **argv)
{
	FILE *sf, *in;
	char *stext, *line = NULL;
	size_t sn, cap = 0, pos;
	ssize_t len;
	const char *err;
	struct tj *schema;
	long lineno = 0, docs = 0;

	if (argc < 2) {
		fputs("usage: schemacheck SCHEMA [FILE]\n", stderr);
		return 2;
	}
	sf = fopen(argv[1], "r");
	if (!sf) {
		perror(argv[1]);
		return 2;
	}
	stext = slurp(sf, &sn);
	fclose(sf);
	schema = tj_parse(stext, sn, &err, &pos);
	if (!schema) {
		fprintf(stderr, "%s: byte %zu: %s\n", argv[1], pos, err);
		return 2;
	}
	in = argc > 2 ? fopen(argv[2], "r") : stdin;
	if (!in) {
		perror(argv[2]);
		return 2;
	}
	while ((len = getline(&line, &cap, in)) >= 0) {
		struct tj *v;

		lineno++;
		if (len <= 1)
			continue;
		docs++;
		v = tj_parse(line, (size_t)len, &err, &pos);
		if (!v) {
			char m[256];

			snprintf(m, sizeof(m), "not JSON: %s at byte %zu", err, pos);
			bad(lineno, "", m);
			continue;
		}
		if (v->type != TJ_OBJ || !v->len || strcmp(v->keys[0], "version"))
			bad(lineno, "", "\"version\" is not the first member");
		check(v, schema, lineno, "");
		tj_free(v);
	}
	if (!docs) {
		bad(0, "", "no document");
	}
	tj_free(schema);
	free(stext);
	free(line);
	return problems ? 1 : 0;
}
