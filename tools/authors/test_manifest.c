// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test: reading a manifest with libyaml's document API, whose nodes
 * carry the line and column every error names. A manifest is checked
 * whole before anything runs: every key known, every value of its type,
 * every request one the query language takes (parse_query(), the words
 * split as query --batch splits a line).
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "opts.h"
#include "dash.h"
#include "test.h"

struct mread {
	const char *file;
	yaml_document_t doc;
	int errors;
};

static struct tpos pos_of(const yaml_node_t *n)
{
	struct tpos p = { n->start_mark.line + 1, n->start_mark.column + 1 };

	return p;
}

__attribute__((format(printf, 3, 4)))
static void merr(struct mread *r, const yaml_node_t *n, const char *fmt, ...)
{
	struct tpos p = n ? pos_of(n) : (struct tpos){ 1, 1 };
	va_list ap;

	fprintf(stderr, "%s:%lu:%lu: ", r->file, p.line, p.col);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	r->errors++;
}

static yaml_node_t *node(struct mread *r, int i)
{
	return yaml_document_get_node(&r->doc, i);
}

static const char *type_name(const yaml_node_t *n)
{
	return n->type == YAML_MAPPING_NODE    ? "a mapping" :
	       n->type == YAML_SEQUENCE_NODE ? "a list" :
					       "a scalar";
}

/* A scalar's text (NULL after an error naming what was wanted). */
static const char *scalar(struct mread *r, const yaml_node_t *n,
			  const char *key)
{
	if (n->type != YAML_SCALAR_NODE) {
		merr(r, n, "%s: expected a string, got %s", key, type_name(n));
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

/* A non-empty string without a NUL inside. */
static char *string(struct mread *r, const yaml_node_t *n, const char *key)
{
	const char *s = scalar(r, n, key);
	char *d;

	if (!s)
		return NULL;
	if (!*s || strlen(s) != n->data.scalar.length) {
		merr(r, n, "%s: %s", key, *s ? "a NUL inside" : "empty");
		return NULL;
	}
	d = strdup(s);
	if (!d)
		merr(r, n, "out of memory");
	return d;
}

/* true/false, plain (a quoted "true" is a string) */
static int boolean(struct mread *r, const yaml_node_t *n, const char *key)
{
	const char *s = scalar(r, n, key);

	if (!s)
		return -1;
	if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
		if (!strcmp(s, "true"))
			return 1;
		if (!strcmp(s, "false"))
			return 0;
	}
	merr(r, n, "%s: expected true or false, got \"%s\"", key, s);
	return -1;
}

/*
 * Each key of mapping n, once, among the known ones (NULL-ended): fn gets
 * its index in known. A repeated or unknown key is an error.
 */
typedef void key_fn(struct mread *r, int key, yaml_node_t *k, yaml_node_t *v,
		    void *ctx);
static void each_key(struct mread *r, yaml_node_t *n, const char *what,
		     const char *const *known, key_fn *fn, void *ctx)
{
	yaml_node_pair_t *p;
	unsigned seen = 0;

	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(r, p->key), *v = node(r, p->value);
		const char *ks;
		int i;

		if (!k || !v)
			continue;
		ks = scalar(r, k, "key");
		if (!ks)
			continue;
		for (i = 0; known[i] && strcmp(known[i], ks); i++)
			;
		if (!known[i]) {
			merr(r, k, "unknown key \"%s\" in %s", ks, what);
			continue;
		}
		if (seen & (1u << i)) {
			merr(r, k, "key \"%s\" given twice", ks);
			continue;
		}
		seen |= 1u << i;
		fn(r, i, k, v, ctx);
	}
}

/* ------------------------------------------------------------ a test */

enum { T_NAME, T_LABEL, T_REQUEST, T_EXPECT, T_AUDIT, T_RECORD, T_AFTER };
static const char *const test_keys[] = { "name", "label", "request", "expect",
					 "audit", "record", "label_after",
					 NULL };

struct tctx {
	struct tcase *t;
	unsigned seen;		/* 1 << T_* */
	yaml_node_t *request, *expect, *record, *audit;
};

static bool field_name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || *s == '_' ||
		      (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

static void read_record(struct mread *r, yaml_node_t *v, struct tcase *t)
{
	yaml_node_pair_t *p;
	size_t n;

	if (v->type != YAML_MAPPING_NODE) {
		merr(r, v, "record: expected a mapping of record fields, got %s",
		     type_name(v));
		return;
	}
	n = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
	if (!n) {
		merr(r, v, "record: no field given");
		return;
	}
	t->fields = calloc(n, sizeof(*t->fields));
	if (!t->fields) {
		merr(r, v, "out of memory");
		return;
	}
	t->has_record = true;
	for (p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(r, p->key), *val = node(r, p->value);
		struct tfield *f = &t->fields[t->nfields];
		const char *ks = k ? scalar(r, k, "record key") : NULL;
		size_t i;

		if (!ks || !val)
			continue;
		if (!field_name_ok(ks)) {
			merr(r, k, "record: \"%s\" is not a record field name", ks);
			continue;
		}
		for (i = 0; i < t->nfields; i++)
			if (!strcmp(t->fields[i].key, ks))
				break;
		if (i < t->nfields) {
			merr(r, k, "record: field \"%s\" given twice", ks);
			continue;
		}
		/* an empty value is a field the record prints empty */
		if (!scalar(r, val, ks))
			continue;
		f->key = strdup(ks);
		f->value = strdup((const char *)val->data.scalar.value);
		if (!f->key || !f->value) {
			merr(r, val, "out of memory");
			free(f->key);
			free(f->value);
			continue;
		}
		t->nfields++;
	}
}

static void test_key(struct mread *r, int key, yaml_node_t *k, yaml_node_t *v,
		     void *ctx)
{
	struct tctx *c = ctx;
	struct tcase *t = c->t;

	(void)k;
	c->seen |= 1u << key;
	switch (key) {
	case T_NAME:
		t->name = string(r, v, "name");
		break;
	case T_LABEL:
		t->label = string(r, v, "label");
		t->label_at = pos_of(v);
		break;
	case T_REQUEST:
		c->request = v;
		t->request = string(r, v, "request");
		break;
	case T_EXPECT:
		c->expect = v;
		break;
	case T_AUDIT:
		c->audit = v;
		t->audit = boolean(r, v, "audit");
		break;
	case T_RECORD:
		c->record = v;
		read_record(r, v, t);
		break;
	case T_AFTER:
		t->label_after = string(r, v, "label_after");
		break;
	default:
		break;
	}
}

/* The request's words behind --label L, parsed as query would. */
static void check_request(struct mread *r, yaml_node_t *v, struct tcase *t)
{
	size_t len = strlen(t->request) + 2;
	char *w[MAX_WORDS + 3] = { "--label", t->label };
	const char *werr;
	char err[512];
	struct query q;
	int n;

	t->words = malloc(len);
	if (!t->words) {
		merr(r, v, "out of memory");
		return;
	}
	n = split_words(t->request, t->words, len, w + 2, MAX_WORDS, &werr);
	if (n < 0) {
		merr(r, v, "request: %s", werr);
		return;
	}
	if (n == 0) {
		merr(r, v, "request: no words");
		return;
	}
	/* a run keeps every test: its words, not room for MAX_WORDS */
	t->argv = calloc((size_t)n + 3, sizeof(*t->argv));
	if (!t->argv) {
		merr(r, v, "out of memory");
		return;
	}
	memcpy(t->argv, w, ((size_t)n + 2) * sizeof(*w));
	t->argc = n + 2;
	if (parse_query(t->argc, t->argv, &q, err, sizeof(err))) {
		merr(r, v, "request: %s", err);
		t->argc = 0;
		return;
	}
	/* --masks answers with masks, not a verdict to test */
	if (q.masks) {
		merr(r, v, "request: --masks asks for masks, not a decision");
		t->argc = 0;
	}
}

static void read_test(struct mread *r, yaml_node_t *n, struct tcase *t)
{
	static const int required[] = { T_NAME, T_LABEL, T_REQUEST, T_EXPECT };
	struct tctx c = { .t = t };
	const char *e;
	int before = r->errors;
	size_t i;

	t->audit = -1;
	t->at = pos_of(n);
	if (n->type != YAML_MAPPING_NODE) {
		merr(r, n, "a test: expected a mapping, got %s", type_name(n));
		return;
	}
	each_key(r, n, "a test", test_keys, test_key, &c);
	if (r->errors != before)
		return;
	for (i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!(c.seen & (1u << required[i])))
			merr(r, n, "test%s%s%s: no \"%s\"", t->name ? " \"" : "",
			     t->name ? t->name : "", t->name ? "\"" : "",
			     test_keys[required[i]]);
	if (r->errors != before)
		return;
	e = scalar(r, c.expect, "expect");
	if (e && !strcmp(e, "allow"))
		t->expect_allow = true;
	else if (e && strcmp(e, "deny"))
		merr(r, c.expect, "expect: expected allow or deny, got \"%s\"", e);
	if (c.record && t->audit == 0)
		merr(r, c.record, "record: given with \"audit: false\"");
	if (t->request)
		check_request(r, c.request, t);
}

/* By name, then in the manifest's order. */
static int by_name(const void *a, const void *b)
{
	const struct tcase *x = *(const struct tcase *const *)a;
	const struct tcase *y = *(const struct tcase *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x > y) - (x < y);
}

/* A name is what a report identifies its test by: sorted, not compared
 * pairwise, for manifests of thousands of tests. */
static void unique_names(struct mread *r, struct manifest *m)
{
	struct tcase **v = malloc(m->ntests * sizeof(*v));
	size_t i, n = 0;

	if (!v) {
		merr(r, NULL, "out of memory");
		return;
	}
	for (i = 0; i < m->ntests; i++)
		if (m->tests[i].name)
			v[n++] = &m->tests[i];
	qsort(v, n, sizeof(*v), by_name);
	for (i = 1; i < n; i++)
		if (!strcmp(v[i]->name, v[i - 1]->name)) {
			fprintf(stderr, "%s:%lu:%lu: test name \"%s\" already used at line %lu\n",
				r->file, v[i]->at.line, v[i]->at.col, v[i]->name,
				v[i - 1]->at.line);
			r->errors++;
		}
	free(v);
}

static void read_tests(struct mread *r, yaml_node_t *v, struct manifest *m)
{
	yaml_node_item_t *it;
	size_t n;

	if (v->type != YAML_SEQUENCE_NODE) {
		merr(r, v, "tests: expected a list, got %s", type_name(v));
		return;
	}
	n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	if (!n) {
		merr(r, v, "tests: empty");
		return;
	}
	m->tests = calloc(n, sizeof(*m->tests));
	if (!m->tests) {
		merr(r, v, "out of memory");
		return;
	}
	for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		struct tcase *t = &m->tests[m->ntests++];
		yaml_node_t *tn = node(r, *it);

		if (tn)
			read_test(r, tn, t);
	}
	unique_names(r, m);
}

/* ------------------------------------------------------------ top level */

enum { M_POLICY, M_PROFILE, M_KERNEL, M_TESTS };
static const char *const top_keys[] = { "policy", "profile", "kernel",
					"tests", NULL };

/* A path relative to the manifest's directory. */
static char *resolve(struct mread *r, const yaml_node_t *n,
		     const struct manifest *m, const char *p)
{
	char *s;

	if (p[0] == '/' || !strcmp(m->dir, "."))
		s = strdup(p);
	else if (asprintf(&s, "%s/%s", m->dir, p) < 0)
		s = NULL;
	if (!s)
		merr(r, n, "out of memory");
	return s;
}

/* A path or a list of paths. */
static void read_paths(struct mread *r, yaml_node_t *v, const char *key,
		       struct manifest *m, char ***out, size_t *nout)
{
	yaml_node_item_t *it;
	size_t n = 1;

	if (v->type == YAML_SEQUENCE_NODE)
		n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	if (v->type == YAML_MAPPING_NODE || !n) {
		merr(r, v, "%s: expected a path or a list of paths", key);
		return;
	}
	*out = calloc(n, sizeof(**out));
	if (!*out) {
		merr(r, v, "out of memory");
		return;
	}
	if (v->type == YAML_SCALAR_NODE) {
		char *s = string(r, v, key);

		if (s)
			(*out)[(*nout)++] = resolve(r, v, m, s);
		free(s);
		return;
	}
	for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		yaml_node_t *pn = node(r, *it);
		char *s = pn ? string(r, pn, key) : NULL;

		if (s)
			(*out)[(*nout)++] = resolve(r, pn, m, s);
		free(s);
	}
}

static void top_key(struct mread *r, int key, yaml_node_t *k, yaml_node_t *v,
		    void *ctx)
{
	static const char *const kernels[] = { "6.1", "6.12", "upstream", NULL };
	struct manifest *m = ctx;
	const char *s;
	size_t i;

	(void)k;
	switch (key) {
	case M_POLICY:
		m->policy_at = pos_of(v);
		read_paths(r, v, "policy", m, &m->policies, &m->npolicies);
		break;
	case M_PROFILE:
		if (!m->policy_at.line)
			m->policy_at = pos_of(v);
		read_paths(r, v, "profile", m, &m->profiles, &m->nprofiles);
		break;
	case M_KERNEL:
		s = scalar(r, v, "kernel");
		if (!s)
			break;
		/* opt_kernel's message names the values; ours the place */
		for (i = 0; kernels[i] && strcmp(kernels[i], s); i++)
			;
		if (kernels[i] && !opt_kernel("test", s, &m->kernel, &m->fmt))
			m->kernel_word = kernels[i];
		else
			merr(r, v, "kernel: expected 6.1, 6.12 or upstream, got \"%s\"", s);
		break;
	case M_TESTS:
		read_tests(r, v, m);
		break;
	default:
		break;
	}
}

static void read_root(struct mread *r, struct manifest *m)
{
	yaml_node_t *root = yaml_document_get_root_node(&r->doc);

	if (!root) {
		merr(r, NULL, "empty manifest: no tests");
		return;
	}
	if (root->type != YAML_MAPPING_NODE) {
		merr(r, root, "a manifest: expected a mapping, got %s",
		     type_name(root));
		return;
	}
	each_key(r, root, "the manifest", top_keys, top_key, m);
	if (!m->tests && !r->errors)
		merr(r, root, "no \"tests\"");
	if (m->policies && m->profiles)
		merr(r, root, "\"policy\" and \"profile\" both given: one or the other");
}

/* libyaml's own error, at its mark. */
static void yaml_error(struct mread *r, const yaml_parser_t *p)
{
	fprintf(stderr, "%s:%zu:%zu: YAML: %s%s%s\n", r->file,
		p->problem_mark.line + 1, p->problem_mark.column + 1,
		p->problem ? p->problem : "malformed",
		p->context ? " " : "", p->context ? p->context : "");
	r->errors++;
}

int manifest_read(const char *file, struct manifest *m)
{
	struct mread r = { .file = file };
	yaml_parser_t parser;
	yaml_document_t extra;
	char *copy;
	FILE *f;

	memset(m, 0, sizeof(*m));
	m->kernel = AAMED_KERNEL_6_1;
	m->fmt = 0;	/* 6.1 prints no class= */
	m->file = strdup(file);
	copy = strdup(file);
	if (!m->file || !copy || !(m->dir = strdup(dirname(copy)))) {
		free(copy);
		fprintf(stderr, "%s: out of memory\n", file);
		return 1;
	}
	free(copy);
	f = dash_open(file, "rb");
	if (!f) {
		fprintf(stderr, "%s: cannot open: %s\n", file, strerror(errno));
		return 1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &r.doc)) {
		yaml_error(&r, &parser);
	} else {
		read_root(&r, m);
		/* a second document would be a manifest nobody runs */
		if (!yaml_parser_load(&parser, &extra)) {
			yaml_error(&r, &parser);
		} else {
			if (yaml_document_get_root_node(&extra)) {
				fprintf(stderr, "%s:%zu:%zu: a second YAML document: one manifest per file\n",
					file, extra.start_mark.line + 1,
					extra.start_mark.column + 1);
				r.errors++;
			}
			yaml_document_delete(&extra);
		}
		yaml_document_delete(&r.doc);
	}
	yaml_parser_delete(&parser);
	dash_close(f);
	return r.errors;
}

void manifest_free(struct manifest *m)
{
	size_t i, j;

	for (i = 0; i < m->ntests; i++) {
		struct tcase *t = &m->tests[i];

		free(t->name);
		free(t->label);
		free(t->request);
		free(t->words);
		free(t->argv);
		free(t->label_after);
		for (j = 0; j < t->nfields; j++) {
			free(t->fields[j].key);
			free(t->fields[j].value);
		}
		free(t->fields);
	}
	free(m->tests);
	for (i = 0; i < m->npolicies; i++)
		free(m->policies[i]);
	free(m->policies);
	for (i = 0; i < m->nprofiles; i++)
		free(m->profiles[i]);
	free(m->profiles);
	free(m->blob);
	free(m->file);
	free(m->dir);
	memset(m, 0, sizeof(*m));
}
