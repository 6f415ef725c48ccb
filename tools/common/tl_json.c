// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A small JSON reader (RFC 8259): journalctl -o json lines for replay,
 * and the schema checker of tests/tools. No other dependency (tl.h only
 * for its declarations).
 */
#include <stdlib.h>
#include <string.h>

#include "tl_json.h"

struct jp {
	const char *s, *end, *p;
	const char *err;
	int depth;
};

static void jws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
				 *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static bool jfail(struct jp *j, const char *msg)
{
	if (!j->err)
		j->err = msg;
	return false;
}

static void put_utf8(char *o, size_t *n, unsigned c)
{
	if (c < 0x80) {
		o[(*n)++] = (char)c;
	} else if (c < 0x800) {
		o[(*n)++] = (char)(0xc0 | (c >> 6));
		o[(*n)++] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		o[(*n)++] = (char)(0xe0 | (c >> 12));
		o[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
		o[(*n)++] = (char)(0x80 | (c & 0x3f));
	} else {
		o[(*n)++] = (char)(0xf0 | (c >> 18));
		o[(*n)++] = (char)(0x80 | ((c >> 12) & 0x3f));
		o[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
		o[(*n)++] = (char)(0x80 | (c & 0x3f));
	}
}

static int hex4(const char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static bool jstring(struct jp *j, char **out, size_t *olen)
{
	const char *q = ++j->p;
	size_t n = 0;
	char *o;

	/* worst case: the same number of bytes */
	while (q < j->end && *q != '"') {
		if (*q == '\\')
			q++;
		q++;
	}
	if (q >= j->end)
		return jfail(j, "unterminated string");
	o = malloc((size_t)(q - j->p) + 1);
	if (!o)
		return jfail(j, "out of memory");
	while (*j->p != '"') {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20) {
			free(o);
			return jfail(j, "control character in string");
		}
		if (c != '\\') {
			o[n++] = (char)c;
			j->p++;
			continue;
		}
		j->p++;
		switch (*j->p) {
		case '"': case '\\': case '/':
			o[n++] = *j->p;
			break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'n': o[n++] = '\n'; break;
		case 'r': o[n++] = '\r'; break;
		case 't': o[n++] = '\t'; break;
		case 'u': {
			int c1 = j->end - j->p > 4 ? hex4(j->p + 1) : -1;

			if (c1 < 0) {
				free(o);
				return jfail(j, "bad \\u escape");
			}
			j->p += 4;
			if (c1 >= 0xd800 && c1 < 0xdc00 && j->end - j->p > 6 &&
			    j->p[1] == '\\' && j->p[2] == 'u') {
				int c2 = hex4(j->p + 3);

				if (c2 >= 0xdc00 && c2 < 0xe000) {
					c1 = 0x10000 + ((c1 - 0xd800) << 10) +
					     (c2 - 0xdc00);
					j->p += 6;
				}
			}
			put_utf8(o, &n, (unsigned)c1);
			break;
		}
		default:
			free(o);
			return jfail(j, "bad escape in string");
		}
		j->p++;
	}
	j->p++;
	o[n] = 0;
	*out = o;
	*olen = n;
	return true;
}

static bool jvalue(struct jp *j, struct tj *v);

static bool jgrow(struct tj *v, size_t *cap, bool obj)
{
	if (v->len < *cap)
		return true;
	*cap = *cap ? *cap * 2 : 8;
	{
		struct tj *k = realloc(v->kids, *cap * sizeof(*k));

		if (!k)
			return false;
		v->kids = k;
	}
	if (obj) {
		char **k = realloc(v->keys, *cap * sizeof(*k));

		if (!k)
			return false;
		v->keys = k;
	}
	return true;
}

static bool jcompound(struct jp *j, struct tj *v, bool obj)
{
	size_t cap = 0;
	char close = obj ? '}' : ']';

	v->type = obj ? TJ_OBJ : TJ_ARR;
	if (++j->depth > 200)
		return jfail(j, "nested too deeply");
	j->p++;
	jws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		j->depth--;
		return true;
	}
	for (;;) {
		if (!jgrow(v, &cap, obj))
			return jfail(j, "out of memory");
		memset(&v->kids[v->len], 0, sizeof(v->kids[0]));
		if (obj) {
			size_t kl;

			jws(j);
			if (j->p >= j->end || *j->p != '"')
				return jfail(j, "expected a string key");
			v->keys[v->len] = NULL;
			if (!jstring(j, &v->keys[v->len], &kl))
				return false;
			jws(j);
			if (j->p >= j->end || *j->p != ':') {
				v->len++;
				return jfail(j, "expected ':'");
			}
			j->p++;
		}
		v->len++;
		if (!jvalue(j, &v->kids[v->len - 1]))
			return false;
		jws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			j->depth--;
			return true;
		}
		return jfail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static bool jvalue(struct jp *j, struct tj *v)
{
	jws(j);
	if (j->p >= j->end)
		return jfail(j, "unexpected end of input");
	switch (*j->p) {
	case '{':
		return jcompound(j, v, true);
	case '[':
		return jcompound(j, v, false);
	case '"':
		v->type = TJ_STR;
		return jstring(j, &v->str, &v->len);
	case 't':
	case 'f':
	case 'n': {
		static const char *const w[] = { "true", "false", "null" };
		int i;

		for (i = 0; i < 3; i++) {
			size_t l = strlen(w[i]);

			if ((size_t)(j->end - j->p) >= l && !memcmp(j->p, w[i], l)) {
				j->p += l;
				v->type = i == 2 ? TJ_NULL : TJ_BOOL;
				v->b = i == 0;
				return true;
			}
		}
		return jfail(j, "unexpected word");
	}
	default: {
		const char *q = j->p;
		char buf[64];
		char *e;

		if (*q == '-')
			q++;
		if (q >= j->end || *q < '0' || *q > '9')
			return jfail(j, "unexpected character");
		while (q < j->end && strchr("0123456789.eE+-", *q))
			q++;
		if ((size_t)(q - j->p) >= sizeof(buf))
			return jfail(j, "number too long");
		memcpy(buf, j->p, (size_t)(q - j->p));
		buf[q - j->p] = 0;
		v->num = strtod(buf, &e);
		if (*e)
			return jfail(j, "malformed number");
		v->type = TJ_NUM;
		j->p = q;
		return true;
	}
	}
}

static void tj_clear(struct tj *v)
{
	size_t i;

	if (v->type == TJ_ARR || v->type == TJ_OBJ) {
		for (i = 0; i < v->len; i++) {
			tj_clear(&v->kids[i]);
			if (v->keys)
				free(v->keys[i]);
		}
		free(v->kids);
		free(v->keys);
	}
	free(v->str);
}

void tj_free(struct tj *v)
{
	if (!v)
		return;
	tj_clear(v);
	free(v);
}

struct tj *tj_parse(const char *text, size_t len, const char **err,
		    size_t *errpos)
{
	struct jp j = { text, text + len, text, NULL, 0 };
	struct tj *v = calloc(1, sizeof(*v));

	if (!v) {
		*err = "out of memory";
		*errpos = 0;
		return NULL;
	}
	if (jvalue(&j, v)) {
		jws(&j);
		if (j.p == j.end)
			return v;
		jfail(&j, "trailing characters after the value");
	}
	*err = j.err;
	*errpos = (size_t)(j.p - text);
	tj_free(v);
	return NULL;
}

const struct tj *tj_get(const struct tj *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != TJ_OBJ)
		return NULL;
	for (i = 0; i < obj->len; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->kids[i];
	return NULL;
}
