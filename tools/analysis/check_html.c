// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed check --format html DIR (check_html.h): the driver, the index
 * page and the pieces every page uses. A page is written whole or the
 * command fails (exit 3, the file named); DIR may exist already, the
 * report's own files in it are replaced.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_html.h"
#include "check_xsource.h"
#include "html.h"

static const char css[] =
	"body { font-family: sans-serif; margin: 1.5em; color: #222; }\n"
	"table { border-collapse: collapse; margin: 0.5em 0 1.5em; }\n"
	"th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left;"
	" vertical-align: top; }\n"
	"th { background: #eee; }\n"
	"code, pre { font-family: monospace; }\n"
	"pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }\n"
	".error { color: #b00; font-weight: bold; }\n"
	".warning { color: #a60; font-weight: bold; }\n"
	".info { color: #06a; }\n"
	".finding { border-left: 4px solid #ccc; padding: 0.2em 0.8em;"
	" margin: 0.6em 0; }\n"
	".finding.error { border-color: #b00; }\n"
	".finding.warning { border-color: #a60; }\n"
	".finding > * { font-weight: normal; color: #222; }\n"
	".note { color: #555; font-style: italic; }\n"
	"img.graph { max-width: 100%; border: 1px solid #ddd; }\n"
	"footer { margin-top: 2em; color: #888; font-size: small; }\n";

FILE *html_open(const struct html *h, const char *sub, const char *name)
{
	char path[4400];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s%s/%s", h->dir, sub ? "/" : "",
		 sub ? sub : "", name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "aamed check: %s: cannot write: %s\n", path,
			strerror(errno));
	return f;
}

int html_close(FILE *f, const struct html *h, const char *name)
{
	bool bad = ferror(f) != 0;

	if (fclose(f) || bad) {
		fprintf(stderr, "aamed check: %s/%s: write failed\n", h->dir,
			name);
		return -1;
	}
	return 0;
}

static int cmp_prof(const void *a, const void *b)
{
	return strcmp(((const struct hprof *)a)->name,
		      ((const struct hprof *)b)->name);
}

const struct hprof *html_profile(const struct html *h, const char *name)
{
	struct hprof key;

	if (!name)
		return NULL;
	key.name = name;
	return bsearch(&key, h->pr, h->npr, sizeof(*h->pr), cmp_prof);
}

void html_profile_link(FILE *f, const struct html *h, const char *name)
{
	const struct hprof *p = html_profile(h, name);

	if (p) {
		fprintf(f, "<a href=\"../p/%s\">", p->page);
		html_text(f, name);
		fputs("</a>", f);
	} else {
		html_text(f, name);
	}
}

/* The profiles of the set that have pages, sorted by name. */
static int collect_profiles(struct html *h)
{
	size_t n = aamed_policy_profile_count(h->c->policy), i;

	h->pr = calloc(n ? n : 1, sizeof(*h->pr));
	if (!h->pr)
		return -1;
	for (i = 0; i < n; i++) {
		struct hprof *p = &h->pr[h->npr];

		p->p = aamed_policy_profile(h->c->policy, i);
		if (!p->p || check_info(p->p, &p->info) ||
		    !check_wanted(&p->info))
			continue;
		p->name = aamed_label_name(aamed_profile_label(p->p));
		if (!p->name)
			continue;
		html_file_name(p->name, i, "", p->base, sizeof(p->base));
		snprintf(p->page, sizeof(p->page), "%s.html", p->base);
		p->node = h->g ? xgraph_find(h->g, p->name) : (size_t)-1;
		h->npr++;
	}
	qsort(h->pr, h->npr, sizeof(*h->pr), cmp_prof);
	return 0;
}

/* Each finding's profile, and the counts per profile. */
static int map_findings(struct html *h)
{
	size_t i;

	h->fprof = malloc((h->nf ? h->nf : 1) * sizeof(*h->fprof));
	if (!h->fprof)
		return -1;
	for (i = 0; i < h->nf; i++) {
		struct hprof *p = (struct hprof *)html_profile(h, h->f[i].profile);

		h->fprof[i] = p ? (size_t)(p - h->pr) : h->npr;
		if (p)
			p->count[h->f[i].level]++;
	}
	return 0;
}

static void counts_cells(FILE *f, const size_t *count)
{
	int l;

	for (l = CHECK_ERROR; l >= CHECK_INFO; l--)
		if (count[l])
			fprintf(f, "<td class=\"%s\">%zu</td>",
				check_level_name((enum check_level)l), count[l]);
		else
			fputs("<td>0</td>", f);
}

static void index_checks(FILE *f, const struct html *h)
{
	const struct check_row *r;
	size_t i, j;

	fputs("<h2>Checks</h2>\n<table id=\"checks\">\n<tr><th>check</th>"
	      "<th>level</th><th>findings</th><th>what it finds</th></tr>\n", f);
	for (i = 0; (r = check_row(i)); i++) {
		size_t n = 0;

		for (j = 0; j < h->nf; j++)
			n += !strcmp(h->f[j].check, r->id);
		fprintf(f, "<tr><td><code>%s</code></td><td>%s</td><td>%zu</td><td>",
			r->id, check_level_name(r->level), n);
		html_text(f, r->description);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void index_profiles(FILE *f, const struct html *h)
{
	size_t i, quiet = 0;

	fputs("<h2>Findings per profile</h2>\n<table id=\"profiles\">\n"
	      "<tr><th>profile</th><th>mode</th><th>error</th><th>warning</th>"
	      "<th>info</th></tr>\n", f);
	for (i = 0; i < h->npr; i++) {
		const struct hprof *p = &h->pr[i];

		if (!p->count[CHECK_ERROR] && !p->count[CHECK_WARNING] &&
		    !p->count[CHECK_INFO]) {
			quiet++;
			continue;
		}
		fprintf(f, "<tr><td><a href=\"p/%s\">", p->page);
		html_text(f, p->name);
		fprintf(f, "</a></td><td>%s</td>",
			aamed_profile_mode_name(p->info.mode));
		counts_cells(f, p->count);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	fprintf(f, "<h2>Profiles without findings</h2>\n<p id=\"quiet\">%zu "
		"profile%s:", quiet, quiet == 1 ? "" : "s");
	for (i = 0; i < h->npr; i++) {
		const struct hprof *p = &h->pr[i];

		if (p->count[CHECK_ERROR] || p->count[CHECK_WARNING] ||
		    p->count[CHECK_INFO])
			continue;
		fprintf(f, " <a href=\"p/%s\">", p->page);
		html_text(f, p->name);
		fputs("</a>", f);
	}
	fputs("</p>\n", f);
}

/* Findings of no profile with a page (the policy as a whole). */
static void index_policy(FILE *f, const struct html *h)
{
	size_t i, n = 0;

	for (i = 0; i < h->nf; i++) {
		if (h->fprof[i] != h->npr)
			continue;
		if (!n++)
			fputs("<h2>Findings of the policy as a whole</h2>\n", f);
		html_finding(f, h, i, "");
	}
}

static int write_index(const struct html *h)
{
	size_t count[CHECK_ERROR + 1] = { 0 }, i;
	FILE *f = html_open(h, NULL, "index.html");

	if (!f)
		return -1;
	for (i = 0; i < h->nf; i++)
		count[h->f[i].level]++;
	html_begin(f, "aamed check", "style.css");
	fputs("<h1>aamed check</h1>\n<p id=\"summary\">", f);
	fprintf(f, "%zu finding%s (%zu error, %zu warning, %zu info) in %zu "
		"profile%s", h->nf, h->nf == 1 ? "" : "s", count[CHECK_ERROR],
		count[CHECK_WARNING], count[CHECK_INFO], h->npr,
		h->npr == 1 ? "" : "s");
	fputs(h->c->nsrc ? "; rules attributed with --source" :
			   "; without --source (no rule lines, shadowed and "
			   "redundant not run)", f);
	fputs(".</p>\n<p>Policy:", f);
	for (i = 0; i < (size_t)h->c->np; i++) {
		fputs(" <code>", f);
		html_text(f, h->c->policies[i]);
		fputs("</code>", f);
	}
	fputs("</p>\n", f);
	if (h->no_dot) {
		fputs("<p class=\"note\" id=\"nodot\">", f);
		html_text(f, h->no_dot);
		fputs("</p>\n", f);
	}
	index_checks(f, h);
	index_policy(f, h);
	index_profiles(f, h);
	html_end(f);
	return html_close(f, h, "index.html");
}

static int make_dir(const char *dir, const char *sub)
{
	char path[4200];
	struct stat sb;

	snprintf(path, sizeof(path), "%s%s%s", dir, sub ? "/" : "",
		 sub ? sub : "");
	if (!mkdir(path, 0755) || (errno == EEXIST && !stat(path, &sb) &&
				   S_ISDIR(sb.st_mode)))
		return 0;
	fprintf(stderr, "aamed check: %s: cannot make the directory: %s\n",
		path, errno == EEXIST ? "a file is there" : strerror(errno));
	return -1;
}

static int write_css(const struct html *h)
{
	FILE *f = html_open(h, NULL, "style.css");

	if (!f)
		return -1;
	fputs(css, f);
	return html_close(f, h, "style.css");
}

static void html_free(struct html *h)
{
	size_t i;

	for (i = 0; i < h->nwho; i++) {
		free(h->who[i].words);
		free(h->who[i].asker);
	}
	free(h->who);
	free(h->fwho);
	free(h->fprof);
	free(h->pr);
}

int check_write_html(const char *dir, const struct check_ctx *c,
		     const struct finding *f, size_t n)
{
	struct html h = { .dir = dir, .c = c, .f = f, .nf = n };
	size_t i;
	int rc = -1;

	h.g = check_model(c->policy);
	if (make_dir(dir, NULL) || make_dir(dir, "p") || make_dir(dir, "w"))
		return -1;
	if (collect_profiles(&h) || map_findings(&h)) {
		fputs("aamed check: out of memory\n", stderr);
		goto out;
	}
	if (html_whocan(&h) || html_graphs(&h))
		goto out;
	for (i = 0; i < h.npr; i++)
		if (html_profile_page(&h, &h.pr[i]))
			goto out;
	if (write_css(&h) || write_index(&h))
		goto out;
	rc = 0;
out:
	if (rc) {
		/* no index: a report half written is not one to read (an
		 * older run's index would link pages of two runs) */
		char path[4200];

		snprintf(path, sizeof(path), "%s/index.html", dir);
		unlink(path);
	}
	html_free(&h);
	return rc;
}
