// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * change_hat queries (docs/query-language.md):
 *   change_hat HAT [HAT...] [--token T] [--saved-token T] [--previous L]
 *              [--nnp] [--test] [--traced L]
 *   change_hat --return [--token T] [--saved-token T] [--previous L] [--nnp]
 * The task is in --label; when that label has hats in it, the task is
 * taken to have entered them from their parents with --saved-token
 * (default: the same token), unless --previous says otherwise ("none":
 * nothing saved). --traced names the label of the task that traces it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int hat_token(const char *opt, const char *v, uint64_t *out, char *err,
		     size_t errlen)
{
	char *end;

	errno = 0;
	/* the kernel reads the token as hex digits, as written */
	*out = strtoull(v, &end, 16);
	if (!*v || *end || errno || v[0] == '-') {
		snprintf(err, errlen, "%s: \"%s\" is not a hex token", opt, v);
		return -1;
	}
	return 0;
}

static int hat_option(int argc, char **argv, int *i, struct query *q,
		      bool *ret, char *err, size_t errlen)
{
	struct hat_query *h = &q->hat;
	const char *a = argv[*i];

	if (!strcmp(a, "--return")) {
		*ret = true;
		return 0;
	}
	if (!strcmp(a, "--nnp") || !strcmp(a, "--test")) {
		*(a[2] == 'n' ? &h->nnp : &h->test) = true;
		return 0;
	}
	if (strcmp(a, "--token") && strcmp(a, "--saved-token") &&
	    strcmp(a, "--previous") && strcmp(a, "--traced")) {
		snprintf(err, errlen, "unknown option %s", a);
		return -1;
	}
	if (*i + 1 >= argc) {
		snprintf(err, errlen, "%s needs a value", a);
		return -1;
	}
	(*i)++;
	if (!strcmp(a, "--previous") || !strcmp(a, "--traced")) {
		*(a[2] == 'p' ? &h->previous : &h->traced) = argv[*i];
		return 0;
	}
	if (!strcmp(a, "--saved-token")) {
		h->saved_set = true;
		return hat_token(a, argv[*i], &h->saved_token, err, errlen);
	}
	return hat_token(a, argv[*i], &h->token, err, errlen);
}

int hat_parse(int argc, char **argv, struct query *q, char *err,
	      size_t errlen)
{
	struct hat_query *h = &q->hat;
	bool ret = false;
	int i;

	h->token = 1;
	for (i = 0; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] == '-') {
			if (hat_option(argc, argv, &i, q, &ret, err, errlen))
				return -1;
		} else if (h->count < AAMED_HAT_MAX) {
			h->hats[h->count++] = argv[i];
		} else {
			snprintf(err, errlen,
				 "more than %d hat names (the kernel reads no more)",
				 AAMED_HAT_MAX);
			return -1;
		}
	}
	if (ret == (h->count > 0)) {
		snprintf(err, errlen,
			 "usage: change_hat HAT [HAT...] | change_hat --return [options]");
		return -1;
	}
	/* the kernel asks the tracer only about a change into a hat */
	if (ret && h->traced) {
		snprintf(err, errlen,
			 "--traced: a return is not checked against the tracer; name the hats");
		return -1;
	}
	if (!h->saved_set)
		h->saved_token = h->token;
	return 0;
}

/*
 * The label a task in label came from: each hat member replaced by its
 * parent. 0 with *out NULL when no member is a hat.
 */
static int hat_previous(aamed_policy *policy, const aamed_label *label,
			const aamed_label **out)
{
	char text[1024];
	size_t i, n = aamed_label_profile_count(label), pos = 0;
	bool any = false;
	int lerr = 0;

	*out = NULL;
	text[0] = '\0';
	for (i = 0; i < n; i++) {
		struct aamed_profile_info info = { .size = sizeof(info) };
		const char *name, *cut;
		size_t len;

		if (aamed_profile_info(aamed_label_profile(label, i), &info))
			return -EINVAL;
		name = info.name;
		len = strlen(name);
		cut = info.hat ? strstr(name, "//") : NULL;
		/* a hat's parent is everything before its last "//" */
		while (cut && strstr(cut + 2, "//"))
			cut = strstr(cut + 2, "//");
		if (cut) {
			len = (size_t)(cut - name);
			any = true;
		}
		if (pos + len + 4 >= sizeof(text))
			return -ENAMETOOLONG;
		pos += (size_t)snprintf(text + pos, sizeof(text) - pos, "%s%.*s",
					i ? "//&" : "", (int)len, name);
	}
	if (!any)
		return 0;
	*out = aamed_label_get(policy, text, &lerr);
	return *out ? 0 : lerr;
}

int hat_decide(aamed_policy *policy, const aamed_label *label,
	       const struct query *q, struct aamed_hat_result *res,
	       aamed_audit_fn fn, void *arg, char *err, size_t errlen)
{
	const struct hat_query *h = &q->hat;
	struct aamed_hat_req req = { .size = sizeof(req) };
	int lerr = 0;

	req.hats = h->hats;
	req.count = h->count;
	req.token = h->token;
	req.saved_token = h->saved_token;
	req.nnp = h->nnp ? label : NULL;
	req.flags = h->test ? AAMED_HAT_TEST : 0;
	if (h->previous && strcmp(h->previous, "none")) {
		req.previous = aamed_label_get(policy, h->previous, &lerr);
	} else if (!h->previous) {
		lerr = hat_previous(policy, label, &req.previous);
	}
	if (lerr) {
		snprintf(err, errlen, "previous label of \"%s\": %s",
			 h->previous ? h->previous : q->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		return 1;
	}
	if (h->traced && !(req.tracer = aamed_label_get(policy, h->traced,
							 &lerr))) {
		snprintf(err, errlen, "--traced \"%s\": %s", h->traced,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		return 1;
	}
	return aamed_change_hat(label, &req, res, fn, arg);
}

void hat_json(FILE *f, bool *first, const struct query *q,
	      const struct aamed_hat_result *res, int error)
{
	json_key(f, first, "hats");
	json_str_array(f, q->hat.hats, q->hat.count);
	json_key(f, first, "token");
	fprintf(f, "%llu", (unsigned long long)q->hat.token);
	json_key(f, first, "nnp");
	fputs(q->hat.nnp ? "true" : "false", f);
	if (q->hat.traced) {
		json_key(f, first, "traced");
		json_str(f, q->hat.traced);
	}
	json_key(f, first, "new_label");
	json_str(f, !error && res->name[0] ? res->name : NULL);
	json_key(f, first, "info");
	json_str(f, res->info);
	json_key(f, first, "killed");
	fputs(res->killed ? "true" : "false", f);
}
