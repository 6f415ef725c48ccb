// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A profile's page of the HTML report (check_html.h): what it is, its
 * findings (each witness linked to its who-can page), its rules by class
 * (with --source; the blob keeps no rule text) and its part of the exec
 * graph.
 */
#include <string.h>

#include "check_html.h"
#include "html.h"

static void about(FILE *f, const struct hprof *p)
{
	fputs("<table id=\"about\">\n<tr><th>mode</th><td>", f);
	fputs(aamed_profile_mode_name(p->info.mode), f);
	fputs("</td></tr>\n<tr><th>kind</th><td>", f);
	fputs(p->info.hat ? "hat" : strstr(p->info.name, "//") ? "child" :
								  "profile", f);
	fputs("</td></tr>\n<tr><th>attachment</th><td>", f);
	if (p->info.attach) {
		fputs("<code>", f);
		html_text(f, p->info.attach);
		fputs("</code>", f);
	} else {
		fputs("none", f);
	}
	fputs("</td></tr>\n</table>\n", f);
}

static void witness(FILE *f, const struct html *h, size_t i, const char *up)
{
	const struct finding *x = &h->f[i];
	size_t w = h->fwho ? h->fwho[i] : h->nwho;

	fputs("<div class=\"witness\">witness: <code>aamed query --label ", f);
	html_text(f, x->label);
	fputc(' ', f);
	html_text(f, x->witness);
	fputs("</code>", f);
	if (w < h->nwho && h->who[w].n != (size_t)-1)
		fprintf(f, " &mdash; <a class=\"who\" href=\"%sw/%zu.html\">"
			"who else may</a>", up, h->who[w].n);
	fputs("</div>\n", f);
}

void html_finding(FILE *f, const struct html *h, size_t i, const char *up)
{
	const struct finding *x = &h->f[i];
	const char *lv = check_level_name(x->level);

	fprintf(f, "<div class=\"finding %s\" id=\"f%zu\">\n<div><span "
		"class=\"%s\">%s</span> [<code>%s</code>] ", lv, i, lv, lv,
		x->check);
	if (x->file) {
		fputs("<code>", f);
		html_text(f, x->file);
		fprintf(f, ":%d</code>: ", x->line);
	}
	html_text(f, x->message);
	fputs("</div>\n", f);
	if (x->rule) {
		fputs("<div>rule: <code>", f);
		html_text(f, x->rule);
		fputs("</code></div>\n", f);
	}
	if (x->witness)
		witness(f, h, i, up);
	fputs("</div>\n", f);
}

static void findings(FILE *f, const struct html *h, const struct hprof *p)
{
	size_t i, me = (size_t)(p - h->pr), n = 0;

	fputs("<h2 id=\"findings\">Findings</h2>\n", f);
	for (i = 0; i < h->nf; i++)
		if (h->fprof[i] == me) {
			html_finding(f, h, i, "../");
			n++;
		}
	if (!n)
		fputs("<p>No finding.</p>\n", f);
}

/* The class name of rules of pclass k, from the query table. */
static const char *class_name(int k)
{
	const struct qclass *r;
	size_t i;

	for (i = 0; (r = qclass_row(i)); i++)
		if (r->pclass == k && (r->name || (r->words && r->words[0])))
			return r->name ? r->name : r->words[0];
	return NULL;
}

static size_t rules_of_class(FILE *f, const struct html *h,
			     const struct hprof *p, int k, bool print)
{
	size_t i, j, n = 0;

	for (i = 0; i < h->c->nsrc; i++)
		for (j = 0; j < h->c->src[i].nrules; j++) {
			const struct tl_rule *r = &h->c->src[i].rules[j];

			if (r->klass != k || strcmp(r->profile, p->info.name))
				continue;
			n++;
			if (!print)
				continue;
			fputs("<tr><td><code>", f);
			html_text(f, r->file);
			fprintf(f, ":%d</code></td><td><code>", r->line);
			html_text(f, r->text);
			fputs("</code></td></tr>\n", f);
		}
	return n;
}

/* Capabilities from the blob, when the rules' text is not at hand. */
static void blob_caps(FILE *f, const struct hprof *p)
{
	int cap;
	bool any = false;

	fputs("<p id=\"caps\">Capabilities the profile allows (from the blob):", f);
	for (cap = 0; cap < 64; cap++) {
		const char *n = aamed_cap_name(cap);

		if (!(p->info.caps_allow & (1ull << cap)) || !n)
			continue;
		fprintf(f, " <code>%s</code>", n);
		any = true;
	}
	fputs(any ? "</p>\n" : " none.</p>\n", f);
}

static void rules(FILE *f, const struct html *h, const struct hprof *p)
{
	int seen[64], ns = 0, i;
	const struct qclass *r;
	size_t k;

	fputs("<h2 id=\"rules\">Rules by class</h2>\n", f);
	if (!h->c->nsrc) {
		fputs("<p class=\"note\">The blob keeps no rule text: run with "
		      "<code>--source</code> to list the rules.</p>\n", f);
		blob_caps(f, p);
		return;
	}
	for (k = 0; (r = qclass_row(k)); k++) {
		const char *name = class_name(r->pclass);

		for (i = 0; i < ns && seen[i] != r->pclass; i++)
			;
		if (i < ns || !name || ns == 64)
			continue;
		seen[ns++] = r->pclass;
		if (!rules_of_class(f, h, p, r->pclass, false))
			continue;
		fprintf(f, "<h3>%s</h3>\n<table class=\"rules\">\n", name);
		rules_of_class(f, h, p, r->pclass, true);
		fputs("</table>\n", f);
	}
}

int html_profile_page(const struct html *h, const struct hprof *p)
{
	FILE *f = html_open(h, "p", p->page);

	if (!f)
		return -1;
	html_begin(f, p->name, "../style.css");
	fputs("<p><a href=\"../index.html\">&larr; all profiles</a></p>\n"
	      "<h1>profile <span id=\"name\">", f);
	html_text(f, p->name);
	fputs("</span></h1>\n", f);
	about(f, p);
	findings(f, h, p);
	html_graph_section(f, h, p);
	rules(f, h, p);
	html_end(f);
	return html_close(f, h, p->page);
}
