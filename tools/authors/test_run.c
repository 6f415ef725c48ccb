// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test: one test decided and judged. The request is parsed and
 * decided as aamed query decides it (parse_query(), answer_decide());
 * the checks are the verdict, whether a record is logged, the fields of
 * a record (as query prints them), and the label after (the answer's,
 * answer_label_after()). The first check that fails is the one reported.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "tl.h"

bool record_value(const char *text, const char *key, char *out, size_t len)
{
	size_t kl = strlen(key);
	const char *s = text;

	while ((s = strstr(s, key))) {
		const char *v = s + kl, *e;

		/* a whole key: at the start or after a blank, then '=' */
		if ((s != text && s[-1] != ' ') || *v != '=') {
			s++;
			continue;
		}
		v++;
		if (*v == '"') {
			e = strchr(++v, '"');
			if (!e)
				e = v + strlen(v);
		} else {
			e = v + strcspn(v, " ");
		}
		snprintf(out, len, "%.*s", (int)(e - v), v);
		return true;
	}
	return false;
}

char tres_none[1];

void tresult_init(struct tresult *r)
{
	memset(r, 0, sizeof(*r));
	r->expected = r->got = r->label_after = r->why = tres_none;
	r->skip = r->kverdict = r->klabel = tres_none;
}

int tres_set(char **dst, size_t max, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n >= max)
		n = (int)max - 1;
	s = malloc((size_t)n + 1);
	if (!s)
		return -1;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (*dst != tres_none)
		free(*dst);
	*dst = s;
	return 0;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The kernel writes a name with a blank, a quote or a control character
 * as hex (name=2F6120...): it matches the text it encodes. */
static bool hex_is(const char *hex, const char *text)
{
	size_t n = strlen(text), i;

	if (strlen(hex) != 2 * n || !n)
		return false;
	for (i = 0; i < n; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0 || (unsigned char)text[i] != (hi << 4 | lo))
			return false;
	}
	return true;
}

static bool field_is(const char *rec, const struct tfield *f)
{
	char v[2048];

	return record_value(rec, f->key, v, sizeof(v)) &&
	       (!strcmp(v, f->value) || hex_is(v, f->value));
}

/* The first record carrying every field of t, or -1. */
static int matching_record(const struct tcase *t, const struct tresult *r)
{
	int i;
	size_t j;

	for (i = 0; i < r->nrecords; i++) {
		for (j = 0; j < t->nfields; j++)
			if (!field_is(r->records[i], &t->fields[j]))
				break;
		if (j == t->nfields)
			return i;
	}
	return -1;
}

static void fail(struct tresult *r, const char *check, const char *want,
		 const char *got)
{
	if (!r->pass)
		return;		/* the first failing check is the one shown */
	r->pass = false;
	r->check = check;
	/* out of memory: the check is still named, its texts empty */
	tres_set(&r->expected, 600, "%s", want);
	tres_set(&r->got, 600, "%s", got);
}

static void fields_text(const struct tcase *t, char *buf, size_t len)
{
	size_t j, o = 0;

	buf[0] = '\0';
	for (j = 0; j < t->nfields && o < len; j++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s=%s", j ? " " : "",
				      t->fields[j].key, t->fields[j].value);
}

static void judge(const struct tcase *t, struct tresult *r)
{
	bool allowed = strcmp(r->verdict, "deny") != 0;
	char want[600];

	r->pass = true;
	if (allowed != t->expect_allow)
		fail(r, "verdict", t->expect_allow ? "allow" : "deny", r->verdict);
	if (t->audit >= 0 && t->audit != r->audited)
		fail(r, "audit", t->audit ? "a record" : "no record",
		     r->audited ? "a record" : "no record");
	if (t->has_record && matching_record(t, r) < 0) {
		fields_text(t, want, sizeof(want));
		fail(r, "record", want,
		     r->nrecords ? "no record with these fields" : "no record");
	}
	if (t->label_after && strcmp(t->label_after, r->label_after))
		fail(r, "label_after", t->label_after,
		     r->label_after[0] ? r->label_after : "no change of label");
}

int tresult_answer(struct tresult *r, const struct answer *a)
{
	const char *after = answer_label_after(a);
	int i;

	r->verdict = a->not_mediated ? "not-mediated" : a->error ? "deny" : "allow";
	r->audited = a->recs.n > 0;
	/* only the text: a run of many tests keeps every result */
	if (a->recs.n) {
		r->records = calloc((size_t)a->recs.n, sizeof(*r->records));
		if (!r->records)
			return -1;
	}
	for (i = 0; i < a->recs.n; i++) {
		r->records[i] = strdup(a->recs.text[i]);
		if (!r->records[i])
			return -1;
		r->nrecords++;
	}
	if (after && after[0] && tres_set(&r->label_after, 512, "%s", after))
		return -1;
	return 0;
}

/* A passing test's records: freed unless a report prints them. */
static void drop_records(struct tresult *r)
{
	int i;

	for (i = 0; i < r->nrecords; i++)
		free(r->records[i]);
	free(r->records);
	r->records = NULL;
	r->nrecords = 0;
}

void test_run_one(const struct manifest *m, const struct tcase *t,
		  struct tresult *r, bool keep_records)
{
	struct answer *a = malloc(sizeof(*a));
	const aamed_label *label;
	struct query q;
	char error[512] = "", why[512] = "";	/* a query refused at run
						 * time; explain's reason */
	int lerr = 0;

	tresult_init(r);
	r->verdict = "error";
	if (!a) {
		snprintf(error, sizeof(error), "out of memory");
		goto out;
	}
	answer_init(a, m->fmt, true);
	label = aamed_label_get(m->policy, t->label, &lerr);
	/* the manifest was checked: these fail only when a query its
	 * words allowed cannot be asked of this policy */
	if (!label) {
		snprintf(error, sizeof(error), "label \"%s\": %s", t->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		goto out;
	}
	if (parse_query(t->argc, (char **)t->argv, &q, error, sizeof(error)) ||
	    answer_decide(m->policy, label, &q, a, error, sizeof(error))) {
		if (!error[0])
			snprintf(error, sizeof(error), "cannot be asked");
		goto out;
	}
	if (tresult_answer(r, a)) {
		snprintf(error, sizeof(error), "out of memory");
		goto out;
	}
	judge(t, r);
	if (!r->pass && !strcmp(r->check, "verdict") && a->error) {
		if (tl_explain_why(m->policy, label, &q, m->fmt, NULL, why,
				   sizeof(why)) ||
		    (why[0] && tres_set(&r->why, sizeof(why), "%s", why)))
			snprintf(error, sizeof(error), "out of memory");
	}
out:
	if (error[0]) {
		r->pass = false;
		r->check = "error";
		tres_set(&r->expected, 600, "%s",
			 t->expect_allow ? "allow" : "deny");
		tres_set(&r->got, 600, "error: %s", error);
	}
	if (r->pass && !keep_records)
		drop_records(r);
	free(a);
}

static void text_free(char **s)
{
	if (*s && *s != tres_none)
		free(*s);
	*s = tres_none;
}

void tresult_free(struct tresult *r)
{
	drop_records(r);
	text_free(&r->expected);
	text_free(&r->got);
	text_free(&r->label_after);
	text_free(&r->why);
	text_free(&r->skip);
	text_free(&r->kverdict);
	text_free(&r->klabel);
	free(r->krecords);
	r->krecords = NULL;
}
