// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared pieces of explain/replay/diff/coverage (see tl.h). Uses the
 * library's internal structures (src/internal.h): these tools are linked
 * with the static library on purpose.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tl.h"

void tl_collect(const struct aamed_audit *rec, void *arg)
{
	struct tl_records *r = arg;

	if (r->n == TL_MAX_RECORDS)
		return;
	if (r->want_text)
		aamed_audit_format(rec, r->text[r->n], sizeof(r->text[0]),
				   r->fmt, -1, NULL);
	r->rec[r->n++] = *rec;
}

const char *tl_xmode_name(enum aamed_xmode m)
{
	switch (m) {
	case AAMED_X_INHERIT:
		return "ix";
	case AAMED_X_PROFILE:
		return "px";
	case AAMED_X_CHILD:
		return "cx";
	case AAMED_X_UNCONFINED:
		return "ux";
	case AAMED_X_STACK:
		return "stack";
	case AAMED_X_ATTACH:
		return "attach";
	case AAMED_X_LEARN:
		return "learn";
	default:
		return NULL;
	}
}

const char *tl_type_name(enum aamed_audit_type t)
{
	static const char *const n[] = { "AUDIT", "ALLOWED", "DENIED", "HINT",
					 "STATUS", "ERROR", "KILLED" };

	return (unsigned)t < sizeof(n) / sizeof(n[0]) ? n[t] : "AUTO";
}

const char *tl_mode_name(enum aa_mode m)
{
	static const char *const n[] = { "enforce", "complain", "kill",
					 "unconfined", "user" };

	return (unsigned)m < 5 ? n[m] : "unknown";
}

const char *tl_audit_mode_name(enum aa_audit_mode m)
{
	static const char *const n[] = { "normal", "quiet_denied", "quiet",
					 "noquiet", "all" };

	return (unsigned)m < 5 ? n[m] : "unknown";
}

int tl_decide(aamed_policy *policy, const aamed_label *label,
	      const struct query *q, struct tl_answer *a, char *err,
	      size_t errlen)
{
	unsigned fmt = a->recs.fmt;
	bool want = a->recs.want_text;

	a->error = 0;
	a->have_x = false;
	a->recs.n = 0;
	a->recs.fmt = fmt;
	a->recs.want_text = want;
	switch (q->class) {
	case Q_EXEC:
		a->have_x = true;
		a->error = aamed_exec(label, q->file.path, q->file.fsuid,
				      q->file.ouid, &a->x, tl_collect, &a->recs);
		return 0;
	case Q_FILE:
		a->error = aamed_file_perm(label, &q->file, tl_collect, &a->recs);
		return 0;
	case Q_NET:
	case Q_UNIX:
		a->error = net_decide(policy, label, q, tl_collect, &a->recs,
				      err, errlen);
		break;
	default:
		a->error = ipc_decide(policy, label, q, tl_collect, &a->recs,
				      err, errlen);
		break;
	}
	return a->error == 1 ? -1 : 0;
}

int tl_parse_kernel(const char *v, enum aamed_kernel *k, unsigned *fmt)
{
	if (!strcmp(v, "6.1")) {
		*k = AAMED_KERNEL_6_1;
		*fmt = 0;
	} else if (!strcmp(v, "6.12")) {
		*k = AAMED_KERNEL_6_12;
		*fmt = AAMED_FMT_CLASS;
	} else if (!strcmp(v, "upstream")) {
		*k = AAMED_KERNEL_UPSTREAM;
		*fmt = AAMED_FMT_CLASS;
	} else {
		return -1;
	}
	return 0;
}

aamed_policy *tl_load(const char *const *paths, int n, enum aamed_kernel k,
		      const char *who)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char msg[1024];
	int i;

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", who);
		return NULL;
	}
	aamed_policy_set_kernel(p, k);
	for (i = 0; i < n; i++)
		if (aamed_policy_load_path(p, paths[i], &err)) {
			fprintf(stderr, "%s: cannot load policy: %s\n", who,
				aamed_error_str(&err, msg, sizeof(msg)));
			aamed_policy_free(p);
			return NULL;
		}
	return p;
}

int tl_mktmp(char *dir, size_t len)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, len, "%s/aamed.XXXXXX", t && *t ? t : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

void tl_rmtmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

/* aamed compile (tools/compile.c) does the apparmor_parser run. */
int tl_compile(const char *src, const char *out, const char *features,
	       const char *const *incdirs, int nincs, bool quiet)
{
	char *argv[64];
	int n = 0, i, rc, saved = -1;

	if (features) {
		argv[n++] = "--features";
		argv[n++] = (char *)features;
	}
	for (i = 0; i < nincs && n < 56; i++) {
		argv[n++] = "-I";
		argv[n++] = (char *)incdirs[i];
	}
	argv[n++] = "-o";
	argv[n++] = (char *)out;
	argv[n++] = (char *)src;
	argv[n] = NULL;
	fflush(stderr);
	if (quiet) {
		int nul = open("/dev/null", O_WRONLY);

		saved = dup(2);
		if (nul >= 0) {
			dup2(nul, 2);
			close(nul);
		}
	}
	rc = cmd_compile(n, argv);
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* JSON reader. */
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
