// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The who-can pages of the HTML report: for a finding's witness request,
 * every profile of the set that may make it, each decided as aamed query
 * (and aamed who-can) decides it. Witnesses repeat across profiles (one
 * abstraction's rule in hundreds of them): each distinct request is one
 * page, and at most HTML_MAX_WHOCAN are computed, so the corpus stays
 * within seconds; a witness past that has no link, and the index says
 * how many.
 */
#include <search.h>
#include <stdlib.h>
#include <string.h>

#include "check_html.h"
#include "html.h"

static int cmp_words(const void *a, const void *b)
{
	return strcmp(((const struct hwho *)a)->words,
		      ((const struct hwho *)b)->words);
}

/* The distinct witnesses, in the order of their first finding. */
static int collect(struct html *h)
{
	size_t i, n = 0;

	h->who = calloc(h->nf ? h->nf : 1, sizeof(*h->who));
	h->fwho = malloc((h->nf ? h->nf : 1) * sizeof(*h->fwho));
	if (!h->who || !h->fwho)
		return -1;
	for (i = 0; i < h->nf; i++) {
		struct hwho key = { .words = h->f[i].witness }, *w;

		h->fwho[i] = (size_t)-1;
		if (!key.words)
			continue;
		/* linear in the pages so far: the cap keeps it small */
		w = lfind(&key, h->who, &n, sizeof(*h->who), cmp_words);
		if (w) {
			h->fwho[i] = (size_t)(w - h->who);
			continue;
		}
		if (n == HTML_MAX_WHOCAN)
			continue;
		h->who[n].words = strdup(key.words);
		h->who[n].asker = h->f[i].label ? strdup(h->f[i].label) : NULL;
		h->who[n].n = n;
		if (!h->who[n].words)
			return -1;
		h->fwho[i] = n++;
	}
	h->nwho = n;
	for (i = 0; i < h->nf; i++)
		if (h->fwho[i] == (size_t)-1)
			h->fwho[i] = h->nwho;
	return 0;
}

/* words split at blanks into q: 0, or -1 (not a request of query's). */
static int parse_words(const char *words, struct query *q, char *buf,
		       size_t len)
{
	char *argv[MAX_WORDS + 1], *save = NULL, *t, err[256];
	int argc = 0;

	if (snprintf(buf, len, "%s", words) >= (int)len)
		return -1;
	for (t = strtok_r(buf, " ", &save); t && argc < MAX_WORDS;
	     t = strtok_r(NULL, " ", &save))
		argv[argc++] = t;
	argv[argc] = NULL;
	return argc ? parse_query(argc, argv, q, err, sizeof(err)) : -1;
}

static void page_head(FILE *f, const struct html *h, const struct hwho *w)
{
	html_begin(f, "who may", "../style.css");
	fputs("<p><a href=\"../index.html\">&larr; all profiles</a></p>\n"
	      "<h1>Who may: <code id=\"request\">", f);
	html_text(f, w->words);
	fputs("</code></h1>\n<p>The witness of a finding of ", f);
	html_profile_link(f, h, w->asker);
	fputs("; each profile of the set asked as <code>aamed query --label "
	      "PROFILE ", f);
	html_text(f, w->words);
	fputs("</code> asks it.</p>\n<table id=\"who\">\n<tr><th>profile</th>"
	      "<th>mode</th><th></th></tr>\n", f);
}

/*
 * A path request the profile's file rules do not grant, the profile in
 * enforce or kill mode: the decision would deny it (the kernel denies
 * what the matched entry does not allow), so it is not asked. This is
 * what keeps the corpus in seconds: deciding an exec looks for the
 * path's attachment among every profile, for each asker.
 */
static bool surely_denied(const struct hprof *p, const struct query *q)
{
	struct aamed_perms pm;

	if (!query_is_path(q) || q->file.target ||
	    (p->info.mode != AAMED_PROFILE_ENFORCE &&
	     p->info.mode != AAMED_PROFILE_KILL) ||
	    aamed_profile_file_perms(p->p, q->file.path, q->file.fsuid,
				     q->file.ouid, &pm))
		return false;
	return (q->file.request & ~pm.allow) != 0;
}

/* Every profile that may make q, on w's page. */
static int one_page(const struct html *h, const struct hwho *w,
		    const struct query *q, struct answer *a)
{
	char name[64], err[512];
	size_t i, may = 0;
	FILE *f;

	snprintf(name, sizeof(name), "%zu.html", w->n);
	f = html_open(h, "w", name);
	if (!f)
		return -1;
	page_head(f, h, w);
	for (i = 0; i < h->npr; i++) {
		const struct hprof *p = &h->pr[i];

		if (surely_denied(p, q))
			continue;
		answer_init(a, 0, false);
		if (answer_decide(h->c->policy, aamed_profile_label(p->p), q, a,
				  err, sizeof(err)) || a->error)
			continue;
		if (may++ >= HTML_MAX_WHO)
			continue;
		fprintf(f, "<tr><td><a href=\"../p/%s\">", p->page);
		html_text(f, p->name);
		fprintf(f, "</a></td><td>%s</td><td>%s</td></tr>\n",
			aamed_profile_mode_name(p->info.mode),
			answer_complain_allowed(a) ? "allowed by complain mode only"
						   : "");
	}
	fprintf(f, "</table>\n<p id=\"count\">%zu of %zu profiles may%s.</p>\n",
		may, h->npr, may > HTML_MAX_WHO ? " (the first listed)" : "");
	html_end(f);
	return html_close(f, h, name);
}

int html_whocan(struct html *h)
{
	struct answer *a = calloc(1, sizeof(*a));
	char *buf = malloc(8192);
	size_t i;
	int rc = 0;

	if (!a || !buf || collect(h)) {
		fputs("aamed check: out of memory\n", stderr);
		rc = -1;
	}
	for (i = 0; !rc && i < h->nwho; i++) {
		struct query q;

		if (parse_words(h->who[i].words, &q, buf, 8192)) {
			h->who[i].n = (size_t)-1;	/* no page, no link */
			continue;
		}
		rc = one_page(h, &h->who[i], &q, a);
	}
	free(buf);
	free(a);
	return rc;
}
