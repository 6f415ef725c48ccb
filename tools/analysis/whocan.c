// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed who-can: every profile, hat and child of a policy (and each
 * --label, a stack for instance) that may make a request.
 *
 * A request on one path is decided for each label as aamed query decides
 * it. A path that is an AppArmor glob (/etc/ and two stars) is compiled by
 * apparmor_parser into a one-rule profile (aamed has no glob matcher of
 * its own), and its file DFA is walked in product with each label's
 * members' file DFAs: exact, every path of the glob, never a sample. A
 * label may then make the request on "all paths" of the glob, on "some
 * paths" (with the shortest such path as witness), or on none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "globwalk.h"
#include "tl.h"
#include "xgraph_cmds.h"

#define WC_MAX_LABELS 16

static void usage(FILE *f)
{
	fputs("usage: aamed who-can --policy PATH [--policy PATH...] [--json]\n"
	      "                     [--kernel 6.1|6.12|upstream] [--source FILE]\n"
	      "                     [--features NAME|FILE] [-I DIR] [--label L...] QUERY\n"
	      "QUERY as for aamed query (docs/query-language.md); a file path may be\n"
	      "an AppArmor glob (\"/etc/**\"), compiled with apparmor_parser.\n"
	      "Exit codes: 0 some label may, 1 none may, 2 usage error, 3 policy not loaded.\n",
	      f);
}

enum { WO_LABEL = 0x1000 };	/* above tl_getopt's shared options */

static const struct option wc_own[] = {
	{ "label", required_argument, NULL, WO_LABEL },
	{ NULL, 0, NULL, 0 },
};

struct wargs {
	char *qargv[MAX_WORDS + 2];
	int qn;
	const char *labels[WC_MAX_LABELS];
	int nl;
	bool too_many;
};

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct wargs *a = ctx;

	if (opt == WO_LABEL) {
		if (a->nl == WC_MAX_LABELS) {
			cli_error("aamed who-can", "more than %d --label",
				  WC_MAX_LABELS);
			return -1;
		}
		a->labels[a->nl++] = arg;
		return 0;
	}
	if (a->qn < MAX_WORDS)
		a->qargv[a->qn++] = (char *)arg;
	return 0;
}

/* ------------------------------------------------------------------ */
/* One answer per label. */


struct wc_rule {
	const char *file, *text;
	int line;
};

struct wc_answer {
	const aamed_label *label;
	const char *kind;	/* profile, hat, child, stack */
	enum extent extent;
	bool complain;		/* allowed by complain mode only */
	char *witness;		/* a path of the glob (or the path) */
	struct wc_rule rules[16];
	int nrules;
};

static const char *label_kind(const aamed_label *l, bool given)
{
	struct aamed_profile_info in = { .size = sizeof(in) };

	if (aamed_label_profile_count(l) > 1)
		return "stack";
	if (aamed_profile_info(aamed_label_profile(l, 0), &in))
		return given ? "label" : "profile";
	if (in.hat)
		return "hat";
	return strstr(in.name, "//") ? "child" : "profile";
}

/* A path whose text AppArmor reads as a pattern. */
static bool is_glob(const char *p)
{
	return strpbrk(p, "*?[{") != NULL;
}

/* ------------------------------------------------------------------ */

struct wc {
	aamed_policy *policy;
	const struct query *q;
	const struct tl_opts *o;
	const aamed_rules *glob;	/* NULL: a plain path or another class */
	uint32_t gstart;
	struct glob_dfa *gd;		/* glob, prepared once for every label */
	struct tl_source src;
	bool have_src;
};

/* The rules of src that grant the request for each member of a. */
static void on_rule(struct tl_rule *r, uint32_t bits, void *arg)
{
	struct wc_answer *a = arg;

	(void)bits;
	if (r->deny || a->nrules == (int)(sizeof(a->rules) / sizeof(a->rules[0])))
		return;
	a->rules[a->nrules].file = r->file;
	a->rules[a->nrules].line = r->line;
	a->rules[a->nrules].text = r->text;
	a->nrules++;
}

static void attribute(struct wc *w, struct wc_answer *a)
{
	struct query q1 = *w->q;
	size_t i;

	if (!w->have_src || !a->witness)
		return;
	if (query_is_path(&q1))
		q1.file.path = a->witness;
	for (i = 0; i < aamed_label_profile_count(a->label); i++) {
		struct aamed_profile_info in = { .size = sizeof(in) };

		if (!aamed_profile_info(aamed_label_profile(a->label, i), &in))
			tl_source_match(&w->src, in.name, &q1,
					query_is_path(&q1) ? q1.file.request : 0,
					on_rule, a);
	}
}

/* The mode a member decides by: unconfined and complain grant all. */
static enum aamed_profile_mode member_mode(const aamed_profile *p)
{
	struct aamed_profile_info in = { .size = sizeof(in) };

	return aamed_profile_info(p, &in) ? AAMED_PROFILE_ENFORCE : in.mode;
}

static int ask_glob(struct wc *w, struct wc_answer *a)
{
	struct glob_walk gw = { .g = w->gd, .request = w->q->file.request,
				.owner = w->q->file.fsuid == w->q->file.ouid };
	size_t i, n = aamed_label_profile_count(a->label);

	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_label_profile(a->label, i);
		enum aamed_profile_mode m = member_mode(p);

		if (m == AAMED_PROFILE_UNCONFINED)
			continue;	/* grants everything */
		if (m == AAMED_PROFILE_COMPLAIN)
			a->complain = true;
		if (m == AAMED_PROFILE_COMPLAIN || gw.nm == WC_MAX_MEMBERS)
			continue;
		gw.m[gw.nm++] = aamed_profile_rules(p, AAMED_RULES_FILE);
	}
	if (!gw.nm) {
		/* every member grants all: the glob's first path */
		struct glob_walk g0 = { .g = w->gd };
		enum extent e;
		int rc = glob_extent(&g0, &e, &a->witness);

		a->extent = EX_ALL;
		return rc;
	}
	a->complain = false;
	return glob_extent(&gw, &a->extent, &a->witness);
}

static int ask_plain(struct wc *w, struct wc_answer *a)
{
	struct answer *ans = calloc(1, sizeof(*ans));
	char err[512];

	if (!ans)
		return -ENOMEM;
	answer_init(ans, w->o->fmt, false);
	if (answer_decide(w->policy, a->label, w->q, ans, err, sizeof(err))) {
		free(ans);
		cli_error("aamed who-can", "%s", err);
		return -EINVAL;
	}
	if (!ans->error) {
		a->extent = EX_PATH;
		a->complain = answer_complain_allowed(ans);
		if (query_is_path(w->q) && !(a->witness = strdup(w->q->file.path))) {
			free(ans);
			return -ENOMEM;
		}
	}
	free(ans);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Output. */

static const char *extent_name(enum extent e)
{
	switch (e) {
	case EX_PATH:
		return "path";
	case EX_SOME:
		return "some";
	case EX_ALL:
		return "all";
	case EX_NONE:
		return "none";
	}
	return "none";
}

static void print_text(const struct wc_answer *a)
{
	int i;

	printf("%s (%s)", aamed_label_name(a->label), a->kind);
	if (a->extent == EX_ALL)
		printf(": all paths");
	else if (a->extent == EX_SOME)
		printf(": some paths, e.g. %s", a->witness ? a->witness : "");
	else if (a->witness)
		printf(": %s", a->witness);
	if (a->complain)
		fputs(" (complain)", stdout);
	fputc('\n', stdout);
	for (i = 0; i < a->nrules; i++)
		printf("    %s:%d: %s\n", a->rules[i].file, a->rules[i].line,
		       a->rules[i].text);
}

static void print_json_one(const struct wc_answer *a, bool have_src)
{
	bool first = true;
	int i;

	fputc('{', stdout);
	json_key(stdout, &first, "label");
	json_str(stdout, aamed_label_name(a->label));
	json_key(stdout, &first, "kind");
	json_str(stdout, a->kind);
	json_key(stdout, &first, "extent");
	json_str(stdout, extent_name(a->extent));
	json_key(stdout, &first, "witness");
	json_str(stdout, a->witness);
	json_key(stdout, &first, "complain");
	fputs(a->complain ? "true" : "false", stdout);
	json_key(stdout, &first, "rules");
	if (!have_src) {
		fputs("null", stdout);
	} else {
		fputc('[', stdout);
		for (i = 0; i < a->nrules; i++) {
			bool rf = true;

			if (i)
				fputc(',', stdout);
			fputc('{', stdout);
			json_key(stdout, &rf, "file");
			json_str(stdout, a->rules[i].file);
			json_key(stdout, &rf, "line");
			printf("%d", a->rules[i].line);
			json_key(stdout, &rf, "rule");
			json_str(stdout, a->rules[i].text);
			fputc('}', stdout);
		}
		fputc(']', stdout);
	}
	fputc('}', stdout);
}

/* ------------------------------------------------------------------ */

/* Compile the glob into a one-rule profile and load it: 0, or the exit
 * code after saying why. */
static int load_glob(struct wc *w, aamed_policy **gp)
{
	char dir[256], src[300], out[300];
	const aamed_profile *p;
	struct aamed_error err;
	FILE *f;
	int rc = EXIT_USAGE;

	*gp = NULL;
	if (strchr(w->q->file.path, '"') || strchr(w->q->file.path, '\n')) {
		cli_error("aamed who-can", "a glob may not hold '\"' or a newline");
		return EXIT_USAGE;
	}
	if (tl_mktmp(dir, sizeof(dir))) {
		cli_error("aamed who-can", "cannot make a temporary directory");
		return EXIT_USAGE;
	}
	snprintf(src, sizeof(src), "%s/glob.sd", dir);
	snprintf(out, sizeof(out), "%s/glob.bin", dir);
	f = fopen(src, "w");
	if (!f)
		goto out;
	fprintf(f, "profile __aamed_glob {\n  \"%s\" r,\n}\n", w->q->file.path);
	if (fclose(f))
		goto out;
	if (tl_compile(src, out, w->o->features, w->o->incs, w->o->ni, true)) {
		cli_error("aamed who-can",
			  "apparmor_parser could not compile the glob \"%s\"",
			  w->q->file.path);
		goto out;
	}
	*gp = aamed_policy_new();
	if (!*gp || aamed_policy_load_path(*gp, out, &err)) {
		cli_error("aamed who-can", "cannot load the compiled glob");
		goto out;
	}
	p = aamed_policy_profile_find(*gp, NULL, "__aamed_glob");
	w->glob = p ? aamed_profile_rules(p, AAMED_RULES_FILE) : NULL;
	w->gstart = aamed_rules_start(w->glob, AAMED_PCLASS_FILE);
	rc = w->gstart ? 0 : EXIT_USAGE;
	if (rc) {
		cli_error("aamed who-can", "the compiled glob has no file rules");
	} else if (glob_dfa_new(w->glob, w->gstart, &w->gd)) {
		cli_error("aamed who-can", "out of memory");
		rc = EXIT_USAGE;
	}
out:
	tl_rmtmp(dir);
	return rc;
}

static int ask(struct wc *w, struct wc_answer *a)
{
	return w->glob ? ask_glob(w, a) : ask_plain(w, a);
}

static int run(struct wc *w, const struct wargs *wa)
{
	size_t i, n = aamed_policy_profile_count(w->policy), found = 0;
	bool first = true;
	int rc = 0;

	if (w->o->json) {
		fputc('{', stdout);
		json_key(stdout, &first, "version");
		fputs("1", stdout);
		json_key(stdout, &first, "command");
		json_str(stdout, "who-can");
		json_key(stdout, &first, "glob");
		fputs(w->glob ? "true" : "false", stdout);
		json_key(stdout, &first, "labels");
		fputc('[', stdout);
	}
	for (i = 0; i < n + (size_t)wa->nl && !rc; i++) {
		struct wc_answer a = { 0 };
		int err = 0;

		if (i < n) {
			a.label = aamed_profile_label(aamed_policy_profile(w->policy, i));
		} else {
			a.label = aamed_label_get(w->policy, wa->labels[i - n], &err);
			if (!a.label) {
				cli_error("aamed who-can", "label \"%s\": %s",
					  wa->labels[i - n],
					  err == -ENOENT ? "no such profile"
							 : "malformed label");
				rc = EXIT_USAGE;
				break;
			}
		}
		a.kind = label_kind(a.label, i >= n);
		if (ask(w, &a)) {
			rc = EXIT_USAGE;
		} else if (a.extent != EX_NONE) {
			attribute(w, &a);
			if (w->o->json) {
				if (found)
					fputc(',', stdout);
				print_json_one(&a, w->have_src);
			} else {
				print_text(&a);
			}
			found++;
		}
		free(a.witness);
	}
	if (w->o->json)
		printf("],\"checked\":%zu}\n", n + (size_t)wa->nl);
	if (rc)
		return rc;
	return found ? EXIT_ALLOWED : EXIT_DENIED;
}

int cmd_who_can(int argc, char **argv)
{
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON,
			     .usage = usage };
	struct wargs *wa = calloc(1, sizeof(*wa));
	struct wc w = { .o = &o };
	aamed_policy *gp = NULL;
	struct query q;
	char err[512];
	int rc;

	if (!wa)
		return EXIT_USAGE;
	rc = tl_getopt(&o, "who-can", argc, argv, wc_own, on_arg, wa);
	if (rc >= 0)
		goto out;
	rc = EXIT_USAGE;
	if (!o.np || !wa->qn) {
		usage(stderr);
		goto out;
	}
	if (parse_query(wa->qn, wa->qargv, &q, err, sizeof(err))) {
		cli_error("aamed who-can", "%s", err);
		goto out;
	}
	w.q = &q;
	if (query_is_path(&q) && is_glob(q.file.path) && load_glob(&w, &gp))
		goto out;
	w.policy = load_policies(o.policies, o.np, o.k, "aamed who-can");
	if (!w.policy) {
		rc = EXIT_POLICY;
		goto out;
	}
	if (o.source) {
		rc = EXIT_POLICY;
		if (tl_source_load(&w.src, o.source, o.features, o.incs, o.ni,
				   o.k))
			goto out;
		w.have_src = true;
	}
	rc = run(&w, wa);
out:
	if (w.have_src)
		tl_source_free(&w.src);
	if (w.policy)
		aamed_policy_free(w.policy);
	glob_dfa_free(w.gd);
	if (gp)
		aamed_policy_free(gp);
	free(wa);
	return rc;
}
