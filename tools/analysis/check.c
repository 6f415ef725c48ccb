// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed check --policy P [--source FILE|DIR] [--format text|json|sarif]
 *            [--format html DIR]
 *            [--level info|warning|error] [--ignore ID] [--invariants FILE]
 *
 * Runs every check of the table (check_table.c) over the loaded policy,
 * drops the findings the user silenced (--ignore ID, "#aa:lint
 * ignore=ID" on the rule's or the profile's source line) or that are
 * below --level, and prints the rest with the format's writer.
 * Exit: 0 nothing at or above --level, 1 findings, 2 usage, 3 policy.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "check_rules.h"

#define MAX_IGNORE 64
#define MAX_SOURCES 4096

static void usage(FILE *f)
{
	fputs("usage: aamed check --policy PATH [--source FILE|DIR]\n"
	      "                   [--format text|json|sarif|html] [--level info|warning|error]\n"
	      "                   [--ignore ID] [--invariants FILE]\n"
	      "                   [--kernel 6.1|6.12|upstream] [--features NAME|FILE] [-I DIR]\n"
	      "                   [REPORTDIR]\n"
	      "PATH: a blob or a directory of blobs (repeatable). --source: the\n"
	      "profiles' sources, for rule lines (apparmor_parser attributes them).\n"
	      "--format html REPORTDIR: a static report there (index.html, a page per\n"
	      "profile with its exec graph drawn by Graphviz's dot, who-can pages).\n"
	      "Checks:\n", f);
	{
		const struct check_row *r;
		size_t i;

		for (i = 0; (r = check_row(i)); i++)
			fprintf(f, "  %-22s %-7s %s\n", r->id,
				check_level_name(r->level), r->description);
	}
	fputs("Exit codes: 0 no finding at or above --level, 1 findings, 2 usage\n"
	      "error (or a report that cannot be written), 3 policy or source not\n"
	      "loaded.\n", f);
}

enum { OPT_FORMAT = 0x200, OPT_LEVEL, OPT_IGNORE, OPT_INVARIANTS };

struct cargs {
	const char *format;
	enum check_level level;
	const char *ignore[MAX_IGNORE];
	int nignore;
	const char *invariants;
	const char *dir;	/* --format html's directory */
};

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct cargs *a = ctx;

	switch (opt) {
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json") &&
		    strcmp(arg, "sarif") && strcmp(arg, "html")) {
			fprintf(stderr, "aamed check: unknown format \"%s\" (text, json, sarif, html)\n", arg);
			return -1;
		}
		a->format = arg;
		return 0;
	case OPT_LEVEL:
		if (check_level_parse(arg, &a->level)) {
			fprintf(stderr, "aamed check: unknown level \"%s\" (info, warning, error)\n", arg);
			return -1;
		}
		return 0;
	case OPT_IGNORE:
		if (!check_find(arg)) {
			fprintf(stderr, "aamed check: --ignore: unknown check id \"%s\"\n", arg);
			return -1;
		}
		if (a->nignore == MAX_IGNORE) {
			fputs("aamed check: too many --ignore\n", stderr);
			return -1;
		}
		a->ignore[a->nignore++] = arg;
		return 0;
	case OPT_INVARIANTS:
		a->invariants = arg;
		return 0;
	case 1:
		/* the directory of --format html, wherever it stands */
		if (a->dir) {
			fprintf(stderr, "aamed check: unexpected operand %s\n", arg);
			return -1;
		}
		a->dir = arg;
		return 0;
	default:
		fprintf(stderr, "aamed check: unknown option %s\n", arg);
		return -1;
	}
}

/* ------------------------------------------------------------------ */
/* --source FILE or DIR: one tl_source per profile file. */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files directly in dir (not abstractions/, tunables/...:
 * those are included by the profiles), sorted; count in *n. */
static char **dir_files(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;

	*n = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d)) && *n < MAX_SOURCES) {
		char p[4096];
		struct stat sb;
		char **nv;

		if (e->d_name[0] == '.' ||
		    snprintf(p, sizeof(p), "%s/%s", dir, e->d_name) >= (int)sizeof(p) ||
		    stat(p, &sb) || !S_ISREG(sb.st_mode))
			continue;
		nv = realloc(v, (*n + 1) * sizeof(*v));
		if (!nv || !(nv[*n] = strdup(p))) {
			free(nv);
			closedir(d);
			*n = 0;
			return NULL;
		}
		v = nv;
		(*n)++;
	}
	closedir(d);
	if (v)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

static int load_sources(struct check_ctx *c, const struct tl_opts *o)
{
	struct stat sb;
	char **files, *one[1];
	size_t n, i;
	int rc = 0;

	if (stat(o->source, &sb)) {
		fprintf(stderr, "aamed check: --source %s: cannot read\n", o->source);
		return -1;
	}
	if (S_ISDIR(sb.st_mode)) {
		files = dir_files(o->source, &n);
		if (!files && n) {
			fputs("aamed check: out of memory\n", stderr);
			return -1;
		}
	} else {
		one[0] = (char *)o->source;
		files = one;
		n = 1;
	}
	c->src = calloc(n ? n : 1, sizeof(*c->src));
	if (!c->src)
		rc = -1;
	/* every file's rules compiled together, each distinct one once
	 * (tl_source_set.c): abstractions make most of them repeats */
	if (!rc && tl_source_load_set(c->src, n, (const char *const *)files,
				      o->features, o->incs, o->ni, o->k))
		rc = -1;	/* tl_source_load_set said which */
	else if (!rc)
		c->nsrc = n;
	if (files != one) {
		for (i = 0; i < n; i++)
			free(files[i]);
		free(files);
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* Runs of blanks as one space: rules keep their authors' alignment. */
static void squeeze(char *s)
{
	char *d = s;
	bool blank = false;

	for (; s && *s; s++) {
		bool b = *s == ' ' || *s == '\t';

		if (!b || !blank)
			*d++ = b ? ' ' : *s;
		blank = b;
	}
	if (d)
		*d = 0;
}

void check_report(struct check_ctx *c, const char *profile,
		  const struct tl_rule *r, const char *witness,
		  const char *fmt, ...)
{
	struct finding *f, *nf;
	char msg[2048];
	va_list ap;
	const char *file = NULL;
	int line = 0;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	nf = realloc(c->f, (c->nf + 1) * sizeof(*c->f));
	if (!nf) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	c->f = nf;
	f = &c->f[c->nf++];
	memset(f, 0, sizeof(*f));
	f->check = c->row->id;
	f->level = c->row->level;
	if (r) {
		file = r->file;
		line = r->line;
		f->rule = strdup(r->text);
	} else if (profile) {
		check_profile_loc(c, profile, &file, &line);
	}
	f->profile = profile ? strdup(profile) : NULL;
	f->file = file ? strdup(file) : NULL;
	f->line = line;
	f->message = strdup(msg);
	f->witness = witness ? strdup(witness) : NULL;
	f->label = profile ? strdup(profile) : NULL;
	squeeze(f->rule);
	squeeze(f->message);
	if (!f->message || (profile && (!f->profile || !f->label)) ||
	    (file && !f->file) || (witness && !f->witness) ||
	    (r && !f->rule)) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
}

int check_profile_loc(const struct check_ctx *c, const char *profile,
		      const char **file, int *line)
{
	/* the first header of that name mapped to a file (check_index.c):
	 * redundant asks it for every rule */
	const struct tl_profile_loc *l = check_index_loc(c, profile);

	if (!l)
		return -1;
	*file = l->file;
	*line = l->line;
	return 0;
}

/* Silenced by --ignore, by the rule's line or the profile's line. */
static bool silenced(const struct check_ctx *c, const struct cargs *a,
		     const struct finding *f)
{
	const char *pf;
	int i, pl;

	for (i = 0; i < a->nignore; i++)
		if (!strcmp(a->ignore[i], f->check))
			return true;
	if (f->file && check_line_ignores(f->file, f->line, f->check))
		return true;
	return f->profile && !check_profile_loc(c, f->profile, &pf, &pl) &&
	       check_line_ignores(pf, pl, f->check);
}

static void finding_free(struct finding *f)
{
	free(f->profile);
	free(f->file);
	free(f->rule);
	free(f->message);
	free(f->witness);
	free(f->label);
}

/* Keep the findings not silenced and at or above the level, in order. */
static size_t filter(struct check_ctx *c, const struct cargs *a)
{
	size_t i, n = 0;

	for (i = 0; i < c->nf; i++) {
		if (silenced(c, a, &c->f[i]) || c->f[i].level < a->level) {
			finding_free(&c->f[i]);
			continue;
		}
		c->f[n++] = c->f[i];
	}
	return c->nf = n;
}

static int run_checks(struct check_ctx *c)
{
	const struct check_row *r;
	size_t i;
	int rc;

	for (i = 0; (r = check_row(i)); i++) {
		if ((r->flags & CK_SOURCE) && !c->nsrc) {
			c->skipped++;
			continue;
		}
		if ((r->flags & CK_INVARIANTS) && !c->invariants)
			continue;
		c->row = r;
		rc = r->run(c);
		if (rc)
			return rc;
	}
	if (c->skipped)
		fprintf(stderr, "aamed check: %zu check%s need%s --source (the rules are not in the blob): not run\n",
			c->skipped, c->skipped == 1 ? "" : "s",
			c->skipped == 1 ? "s" : "");
	return 0;
}

static void ctx_free(struct check_ctx *c)
{
	size_t i;

	for (i = 0; i < c->nf; i++)
		finding_free(&c->f[i]);
	free(c->f);
	for (i = 0; i < c->nsrc; i++)
		tl_source_free(&c->src[i]);
	free(c->src);
	check_suppress_free();
	check_index_free();
	if (c->policy)
		aamed_policy_free(c->policy);
}

/* The report in dir, and the count line on stdout: the exit code. */
static int write_html(struct check_ctx *c, const char *dir)
{
	int rc = c->nf ? EXIT_DENIED : EXIT_ALLOWED;

	if (check_write_html(dir, c, c->f, c->nf)) {
		ctx_free(c);
		return EXIT_USAGE;
	}
	printf("%zu finding%s: %s/index.html\n", c->nf, c->nf == 1 ? "" : "s",
	       dir);
	ctx_free(c);
	return rc;
}

int cmd_check(int argc, char **argv)
{
	static const struct option own[] = {
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "ignore", required_argument, NULL, OPT_IGNORE },
		{ "invariants", required_argument, NULL, OPT_INVARIANTS },
		{ 0 },
	};
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_SOURCE |
					TL_OPT_FEATURES | TL_OPT_KERNEL,
			     .usage = usage };
	struct cargs a = { .format = "text", .level = CHECK_INFO };
	struct check_ctx c = { 0 };
	check_write_fn *w;
	int t, rc;

	t = tl_getopt(&o, "check", argc, argv, own, on_arg, &a);
	if (t >= 0)
		return t;
	if (!o.np) {
		fputs("aamed check: --policy is required\n", stderr);
		usage(stderr);
		return EXIT_USAGE;
	}
	if (a.dir && strcmp(a.format, "html")) {
		fprintf(stderr, "aamed check: unexpected operand %s\n", a.dir);
		return EXIT_USAGE;
	}
	if (!a.dir && !strcmp(a.format, "html")) {
		fputs("aamed check: --format html needs a directory: --format html REPORTDIR\n",
		      stderr);
		return EXIT_USAGE;
	}
	c.policies = o.policies;
	c.np = o.np;
	c.features = o.features;
	c.incs = o.incs;
	c.ni = o.ni;
	c.k = o.k;
	c.invariants = a.invariants;
	c.policy = load_policies(o.policies, o.np, o.k, "aamed check");
	if (!c.policy)
		return EXIT_POLICY;
	if (o.source && load_sources(&c, &o)) {
		ctx_free(&c);
		return EXIT_POLICY;
	}
	rc = run_checks(&c);
	if (rc) {
		ctx_free(&c);
		return rc;
	}
	filter(&c, &a);
	if (a.dir)
		return write_html(&c, a.dir);
	w = !strcmp(a.format, "json")	 ? check_write_json :
	    !strcmp(a.format, "sarif") ? check_write_sarif :
					 check_write_text;
	w(stdout, &c, c.f, c.nf);
	rc = c.nf ? EXIT_DENIED : EXIT_ALLOWED;
	ctx_free(&c);
	return rc;
}
