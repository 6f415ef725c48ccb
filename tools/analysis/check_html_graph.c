// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each profile's part of the exec graph, for the HTML report: the graph
 * command's DOT (xgraph_print_dot) of the profile, the nodes its edges
 * reach and, when that stays small, the profiles whose edges reach it;
 * rendered to SVG by Graphviz's dot, a few hundred files per run (one
 * process per profile would cost the corpus minutes). Without dot the
 * page shows the DOT source and says so.
 */
#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_html.h"
#include "html.h"
#include "xgraph_cmds.h"

#define DOT_BATCH 200

extern char **environ;

/* Is prog an executable in PATH? */
static bool in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *e;
	char buf[4400];

	for (p = path; p && *p; p = *e ? e + 1 : e) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		if (e > p && snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p),
				      p, prog) < (int)sizeof(buf) &&
		    !access(buf, X_OK))
			return true;
	}
	return false;
}

/* The nodes of p's part: it, where its edges lead and the profiles whose
 * edges lead to it; the edges drawn are its own. The count of nodes, 0
 * when it has no edge shown. */
static size_t part(const struct xgraph *g, size_t me, bool *keep)
{
	size_t i, n = 1;
	bool any = false;

	memset(keep, 0, g->nnodes * sizeof(*keep));
	keep[me] = true;
	for (i = 0; i < g->nedges; i++) {
		const struct xg_edge *e = &g->edges[i];
		size_t other = e->from == me ? e->to : e->from;

		if (!xgraph_edge_shown(e) || (e->from != me && e->to != me))
			continue;
		any = true;
		if (!keep[other]) {
			keep[other] = true;
			n++;
		}
	}
	return any ? n : 0;
}

static int write_dot(const struct html *h, struct hprof *p, bool *keep)
{
	char name[160];
	FILE *f;

	size_t n;

	p->svg = 0;
	if (!h->g || p->node == (size_t)-1 || !(n = part(h->g, p->node, keep)))
		return 0;
	if (n > HTML_MAX_NODES) {
		p->svg = 2;	/* too many to draw: the tables say them */
		return 0;
	}
	snprintf(name, sizeof(name), "%s.dot", p->base);
	f = html_open(h, "p", name);
	if (!f)
		return -1;
	xgraph_print_dot(f, h->g, keep, p->node);
	if (html_close(f, h, name))
		return -1;
	p->svg = 1;
	return 0;
}

/* dot -Tsvg -O on files [from, to) of those with a graph: FILE.dot.svg. */
static int run_dot(struct html *h, size_t from, size_t to)
{
	char **argv = calloc(to - from + 4, sizeof(*argv));
	size_t i, n = 0;
	int rc = -1, st;
	pid_t pid;

	if (!argv)
		return -1;
	argv[n++] = "dot";
	argv[n++] = "-Tsvg";
	argv[n++] = "-O";
	for (i = from; i < to; i++) {
		if (h->pr[i].svg != 1)
			continue;
		size_t l = strlen(h->dir) + strlen(h->pr[i].base) + 8;

		if (!(argv[n] = malloc(l)))
			goto out;
		snprintf(argv[n++], l, "%s/p/%s.dot", h->dir, h->pr[i].base);
	}
	rc = 0;
	if (n > 3 && (posix_spawnp(&pid, "dot", NULL, NULL, argv, environ) ||
		      waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
		      WEXITSTATUS(st))) {
		fputs("aamed check: dot -Tsvg failed\n", stderr);
		rc = -1;
	}
out:
	for (i = 3; i < n; i++)
		free(argv[i]);
	free(argv);
	return rc;
}

/* FILE.dot.svg, as dot -O names it, to FILE.svg. */
static int rename_svg(const struct html *h, const struct hprof *p)
{
	char a[4400], b[4400];

	snprintf(a, sizeof(a), "%s/p/%s.dot.svg", h->dir, p->base);
	snprintf(b, sizeof(b), "%s/p/%s.svg", h->dir, p->base);
	if (!rename(a, b))
		return 0;
	fprintf(stderr, "aamed check: %s: %s\n", a, strerror(errno));
	return -1;
}

int html_graphs(struct html *h)
{
	bool *keep = h->g ? calloc(h->g->nnodes ? h->g->nnodes : 1, 1) : NULL;
	bool dot = in_path("dot");
	size_t i;

	if (h->g && !keep)
		return -1;
	if (!dot)
		h->no_dot = "Graphviz's dot was not found: each profile's exec "
			    "graph is shown as its DOT source, not drawn.";
	for (i = 0; i < h->npr; i++)
		if (write_dot(h, &h->pr[i], keep)) {
			free(keep);
			return -1;
		}
	free(keep);
	for (i = 0; dot && i < h->npr; i += DOT_BATCH)
		if (run_dot(h, i, i + DOT_BATCH < h->npr ? i + DOT_BATCH : h->npr))
			return -1;
	for (i = 0; i < h->npr; i++)
		if (h->pr[i].svg == 1 && !dot)
			h->pr[i].svg = -1;
		else if (h->pr[i].svg == 1 && rename_svg(h, &h->pr[i]))
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ */

/* The DOT file, escaped, when dot could not draw it. */
static void dot_source(FILE *f, const struct html *h, const struct hprof *p)
{
	char path[4400], line[4096];
	FILE *d;

	snprintf(path, sizeof(path), "%s/p/%s.dot", h->dir, p->base);
	d = fopen(path, "r");
	if (!d)
		return;
	fputs("<pre id=\"dot\">", f);
	while (fgets(line, sizeof(line), d)) {
		line[strcspn(line, "\n")] = 0;
		html_text(f, line);
		fputc('\n', f);
	}
	fputs("</pre>\n", f);
	fclose(d);
}

static void edge_row(FILE *f, const struct html *h, const struct xg_edge *e,
		     bool out)
{
	const struct xg_node *other = &h->g->nodes[out ? e->to : e->from];

	fputs("<tr><td>", f);
	if (other->kind == XN_PROFILE) {
		html_profile_link(f, h, other->name);
	} else {
		if (other->kind == XN_MISSING)
			fputs(other->attach ? "no profile attaches: " :
					      "missing: ", f);
		html_text(f, other->name);
	}
	fprintf(f, "</td><td>%s</td><td><code>%s%s</code></td><td><code>",
		xg_kind_name(e->kind), e->owner ? "owner " : "",
		e->kind == XE_EXEC ? e->mode : "");
	html_text(f, e->witness);
	fprintf(f, "</code>%s</td><td>%s%s</td></tr>\n", e->glob ? " &hellip;" : "",
		e->dangling ? "<span class=\"error\">target not found</span>" :
			      "",
		e->fell_back ? "fallback taken" : "");
}

static void edge_table(FILE *f, const struct html *h, const struct hprof *p,
		       bool out)
{
	size_t i, n = 0;

	for (i = 0; i < h->g->nedges; i++) {
		const struct xg_edge *e = &h->g->edges[i];

		if (!xgraph_edge_shown(e) ||
		    (out ? e->from != p->node : e->to != p->node || e->from == p->node))
			continue;
		if (!n++)
			fprintf(f, "<h3>%s</h3>\n<table id=\"%s\"><tr><th>%s</th>"
				"<th>kind</th><th>mode</th><th>path or name</th>"
				"<th></th></tr>\n",
				out ? "Transitions" : "Reached from",
				out ? "edges-out" : "edges-in", out ? "to" : "from");
		edge_row(f, h, e, out);
	}
	if (n)
		fputs("</table>\n", f);
}

void html_graph_section(FILE *f, const struct html *h, const struct hprof *p)
{
	fputs("<h2 id=\"graph\">Exec transitions</h2>\n", f);
	if (p->svg == 0) {
		fputs("<p>No exec or change_profile transition out of or into "
		      "this profile.</p>\n", f);
		return;
	}
	if (p->svg == 2) {
		fprintf(f, "<p class=\"note\">More than %d profiles and targets "
			"around this one: not drawn; the tables list its "
			"transitions.</p>\n", HTML_MAX_NODES);
	} else if (p->svg == 1) {
		fprintf(f, "<p><img class=\"graph\" src=\"%s.svg\" alt=\"exec "
			"graph\"></p>\n<p><a href=\"%s.dot\">DOT source</a> "
			"(<code>aamed graph</code>'s, rendered by Graphviz)</p>\n",
			p->base, p->base);
	} else {
		fputs("<p class=\"note\">Graphviz's dot was not found: the "
		      "graph as its DOT source.</p>\n", f);
		dot_source(f, h, p);
	}
	edge_table(f, h, p, true);
	edge_table(f, h, p, false);
}
