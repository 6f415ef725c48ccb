// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test: one test decided and judged. The request is parsed and
 * decided as aamed query decides it (parse_query(), answer_decide());
 * the checks are the verdict, whether a record is logged, the fields of
 * a record (as query prints them), and the label after (the answer's,
 * answer_label_after()). The first check that fails is the one reported.
 */
#include <errno.h>
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
	snprintf(r->expected, sizeof(r->expected), "%s", want);
	snprintf(r->got, sizeof(r->got), "%s", got);
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
	for (i = 0; i < a->recs.n; i++) {
		r->records[i] = strdup(a->recs.text[i]);
		if (!r->records[i]) {
			snprintf(r->error, sizeof(r->error), "out of memory");
			return -1;
		}
		r->nrecords++;
	}
	snprintf(r->label_after, sizeof(r->label_after), "%s", after ? after : "");
	return 0;
}

void test_run_one(const struct manifest *m, const struct tcase *t,
		  struct tresult *r)
{
	struct answer *a = malloc(sizeof(*a));
	const aamed_label *label;
	struct query q;
	int lerr = 0;

	memset(r, 0, sizeof(*r));
	r->verdict = "error";
	if (!a) {
		snprintf(r->error, sizeof(r->error), "out of memory");
		goto out;
	}
	answer_init(a, m->fmt, true);
	label = aamed_label_get(m->policy, t->label, &lerr);
	/* the manifest was checked: these fail only when a query its
	 * words allowed cannot be asked of this policy */
	if (!label) {
		snprintf(r->error, sizeof(r->error), "label \"%s\": %s", t->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		goto out;
	}
	if (parse_query(t->argc, (char **)t->argv, &q, r->error,
			sizeof(r->error)) ||
	    answer_decide(m->policy, label, &q, a, r->error, sizeof(r->error))) {
		if (!r->error[0])
			snprintf(r->error, sizeof(r->error), "cannot be asked");
		goto out;
	}
	if (tresult_answer(r, a))
		goto out;
	judge(t, r);
	if (!r->pass && !strcmp(r->check, "verdict") && a->error &&
	    tl_explain_why(m->policy, label, &q, m->fmt, NULL, r->why,
			   sizeof(r->why)))
		snprintf(r->error, sizeof(r->error), "out of memory");
out:
	if (r->error[0]) {
		r->pass = false;
		r->check = "error";
		snprintf(r->expected, sizeof(r->expected), "%s",
			 t->expect_allow ? "allow" : "deny");
		snprintf(r->got, sizeof(r->got), "error: %s", r->error);
	}
	free(a);
}

void tresult_free(struct tresult *r)
{
	int i;

	for (i = 0; i < r->nrecords; i++)
		free(r->records[i]);
	r->nrecords = 0;
	free(r->krecords);
	r->krecords = NULL;
}
