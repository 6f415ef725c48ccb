// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed graph: the exec and domain-change graph of a compiled policy
 * (xgraph.h), as Graphviz DOT or JSON. Nodes are the profiles, unconfined
 * and the targets no profile provides; edges carry the rule's mode, a
 * shortest path it allows and its fallback.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "xgraph_cmds.h"
#include "cli.h"
#include "opts.h"
#include "xgraph.h"

static void graph_usage(FILE *f)
{
	fputs("usage: aamed graph --policy PATH [--policy PATH...] "
	      "[--from PROFILE]\n"
	      "                   [--format dot|json] [--kernel 6.1|6.12|upstream]\n",
	      f);
}

enum { GO_POLICY = 256, GO_FROM, GO_FORMAT, GO_KERNEL };

static const struct option graph_longopts[] = {
	{ "policy", required_argument, NULL, GO_POLICY },
	{ "from", required_argument, NULL, GO_FROM },
	{ "format", required_argument, NULL, GO_FORMAT },
	{ "kernel", required_argument, NULL, GO_KERNEL },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct graph_opts {
	const char *policies[64];
	int np;
	const char *from;
	bool json;
	enum aamed_kernel k;
};

static int parse_graph_opts(int argc, char **argv, struct graph_opts *go)
{
	static const char who[] = "aamed graph";
	struct opt_scan s;
	unsigned fmt;
	int c, rc = 0, nrest;

	memset(go, 0, sizeof(*go));
	if (opt_begin(&s, who, argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "h", graph_longopts)) != -1) {
		if (c == GO_POLICY && go->np < 64) {
			go->policies[go->np++] = optarg;
		} else if (c == GO_POLICY) {
			cli_error(who, "too many --policy");
			rc = EXIT_USAGE;
		} else if (c == GO_FROM) {
			go->from = optarg;
		} else if (c == GO_FORMAT && !strcmp(optarg, "json")) {
			go->json = true;
		} else if (c == GO_FORMAT && !strcmp(optarg, "dot")) {
			go->json = false;
		} else if (c == GO_FORMAT) {
			cli_error(who, "--format takes dot or json, not \"%s\"",
				  optarg);
			rc = EXIT_USAGE;
		} else if (c == GO_KERNEL) {
			if (opt_kernel(who, optarg, &go->k, &fmt))
				rc = EXIT_USAGE;
		} else if (c == 'h') {
			graph_usage(stdout);
			rc = -1;
		} else {
			rc = EXIT_USAGE;
		}
	}
	opt_rest(&s, &nrest);
	if (!rc && (nrest || !go->np)) {
		graph_usage(stderr);
		rc = EXIT_USAGE;
	}
	opt_end(&s);
	return rc;
}

/* ------------------------------------------------------------------ */

/* What a rule's fallback is, from its mode letters: "ix", "ux" or NULL. */
const char *xg_fallback_name(const struct xg_edge *e)
{
	size_t n = strlen(e->mode);

	if (n == 3 && e->mode[1] == 'i')
		return "ix";
	if (n == 3 && e->mode[1] == 'u')
		return "ux";
	return NULL;
}

const char *xg_kind_name(enum xg_edge_kind k)
{
	switch (k) {
	case XE_EXEC:
		return "exec";
	case XE_CHANGE_PROFILE:
		return "change_profile";
	case XE_ONEXEC:
		return "onexec";
	}
	return "exec";
}

static const char *node_kind_name(enum xg_node_kind k)
{
	switch (k) {
	case XN_PROFILE:
		return "profile";
	case XN_UNCONFINED:
		return "unconfined";
	case XN_MISSING:
		return "missing";
	}
	return "profile";
}

/* An ix edge to the profile itself changes nothing: not drawn. */
bool xgraph_edge_shown(const struct xg_edge *e)
{
	return !(e->from == e->to && !e->fell_back && e->kind == XE_EXEC);
}

/* The nodes to print: all with a shown edge, or those --from reaches. */
static int select_nodes(const struct xgraph *g, size_t from, bool *keep)
{
	size_t *queue, head = 0, tail = 0, e;

	if (from == (size_t)-1) {
		for (e = 0; e < g->nedges; e++)
			if (xgraph_edge_shown(&g->edges[e]))
				keep[g->edges[e].from] = keep[g->edges[e].to] = true;
		return 0;
	}
	queue = malloc(g->nnodes * sizeof(*queue));
	if (!queue)
		return -ENOMEM;
	keep[from] = true;
	queue[tail++] = from;
	while (head < tail) {
		size_t u = queue[head++];

		for (e = 0; e < g->nedges; e++)
			if (g->edges[e].from == u && !keep[g->edges[e].to]) {
				keep[g->edges[e].to] = true;
				queue[tail++] = g->edges[e].to;
			}
	}
	free(queue);
	return 0;
}

/* A DOT string's body: quotes and backslashes escaped, bytes < 0x20 as
 * \xHH (printed literally). */
static void dot_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\\\x%02x", c);
		else
			fputc(c, f);
	}
}

static void dot_node(FILE *f, const struct xgraph *g, size_t i)
{
	const struct xg_node *n = &g->nodes[i];

	fprintf(f, "  n%zu [label=\"", i);
	if (n->kind == XN_MISSING)
		fputs(n->attach ? "no profile attaches:\\n" : "missing: ", f);
	dot_text(f, n->name);
	if (n->kind == XN_PROFILE && n->profile)
		fprintf(f, "\\n(%s%s)", n->hat ? "hat, " : "",
			aamed_profile_mode_name(n->mode));
	fputc('"', f);
	if (n->kind == XN_UNCONFINED || xgraph_node_unconfined(g, i))
		fputs(", shape=octagon, color=red, fontcolor=red", f);
	else if (n->kind == XN_MISSING)
		fputs(", style=dashed, color=red, fontcolor=red", f);
	fputs("];\n", f);
}

static void dot_edge(FILE *f, const struct xg_edge *e)
{
	const char *fb = xg_fallback_name(e);

	fprintf(f, "  n%zu -> n%zu [label=\"", e->from, e->to);
	if (e->kind == XE_EXEC) {
		fprintf(f, "%s%s ", e->owner ? "owner " : "", e->mode);
		dot_text(f, e->witness);
		if (e->glob)
			fputs(" ...", f);
		if (e->fell_back && fb)
			fprintf(f, "\\n(%s fallback)", fb);
	} else {
		fputs(e->kind == XE_ONEXEC ? "change_profile (exec " :
					     "change_profile", f);
		if (e->kind == XE_ONEXEC) {
			dot_text(f, e->cond ? e->cond : "");
			fputc(')', f);
		}
	}
	fputc('"', f);
	if (e->dangling)
		fputs(", color=red, fontcolor=red, style=bold", f);
	else if (e->kind != XE_EXEC)
		fputs(", style=dashed", f);
	else if (e->to == e->from)
		fputs(", color=gray", f);
	fputs("];\n", f);
}

void xgraph_print_dot(FILE *f, const struct xgraph *g, const bool *keep,
		      size_t around)
{
	size_t i;

	fputs("digraph aamed {\n  rankdir=LR;\n"
	      "  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n"
	      "  edge [fontname=\"Helvetica\", fontsize=8];\n", f);
	for (i = 0; i < g->nnodes; i++)
		if (keep[i])
			dot_node(f, g, i);
	for (i = 0; i < g->nedges; i++)
		if (keep[g->edges[i].from] && keep[g->edges[i].to] &&
		    xgraph_edge_shown(&g->edges[i]) &&
		    (around == (size_t)-1 || g->edges[i].from == around ||
		     g->edges[i].to == around))
			dot_edge(f, &g->edges[i]);
	fputs("}\n", f);
}

static void json_node(FILE *f, const struct xgraph *g, size_t i)
{
	const struct xg_node *n = &g->nodes[i];
	bool first = true;

	fputc('{', f);
	json_key(f, &first, "id");
	fprintf(f, "%zu", i);
	json_key(f, &first, "kind");
	json_str(f, node_kind_name(n->kind));
	json_key(f, &first, "name");
	json_str(f, n->name);
	json_key(f, &first, "mode");
	json_str(f, n->kind == XN_PROFILE && n->profile ?
			    aamed_profile_mode_name(n->mode) : NULL);
	json_key(f, &first, "hat");
	fputs(n->hat ? "true" : "false", f);
	json_key(f, &first, "unconfined");
	fputs(xgraph_node_unconfined(g, i) ? "true" : "false", f);
	json_key(f, &first, "attach");
	fputs(n->attach ? "true" : "false", f);
	fputc('}', f);
}

static void json_edge(FILE *f, const struct xg_edge *e)
{
	bool first = true;

	fputc('{', f);
	json_key(f, &first, "from");
	fprintf(f, "%zu", e->from);
	json_key(f, &first, "to");
	fprintf(f, "%zu", e->to);
	json_key(f, &first, "kind");
	json_str(f, xg_kind_name(e->kind));
	json_key(f, &first, "mode");
	json_str(f, e->kind == XE_EXEC ? e->mode : NULL);
	json_key(f, &first, "target");
	json_str(f, e->target);
	json_key(f, &first, "path");
	json_str(f, e->kind == XE_EXEC ? e->witness : NULL);
	json_key(f, &first, "name");
	json_str(f, e->kind != XE_EXEC ? e->witness : NULL);
	json_key(f, &first, "cond");
	json_str(f, e->cond);
	json_key(f, &first, "glob");
	fputs(e->glob ? "true" : "false", f);
	json_key(f, &first, "states");
	fprintf(f, "%zu", e->states);
	json_key(f, &first, "owner");
	fputs(e->owner ? "true" : "false", f);
	json_key(f, &first, "fallback");
	json_str(f, xg_fallback_name(e));
	json_key(f, &first, "fell_back");
	fputs(e->fell_back ? "true" : "false", f);
	json_key(f, &first, "dangling");
	fputs(e->dangling ? "true" : "false", f);
	fputc('}', f);
}

static void print_json(FILE *f, const struct xgraph *g, const bool *keep)
{
	bool first = true, sep = false;
	size_t i;

	fputc('{', f);
	json_key(f, &first, "version");
	fputs("1", f);
	json_key(f, &first, "command");
	json_str(f, "graph");
	json_key(f, &first, "nodes");
	fputc('[', f);
	for (i = 0; i < g->nnodes; i++) {
		if (!keep[i])
			continue;
		if (sep)
			fputc(',', f);
		sep = true;
		json_node(f, g, i);
	}
	fputc(']', f);
	json_key(f, &first, "edges");
	fputc('[', f);
	sep = false;
	for (i = 0; i < g->nedges; i++) {
		if (!keep[g->edges[i].from] || !keep[g->edges[i].to] ||
		    !xgraph_edge_shown(&g->edges[i]))
			continue;
		if (sep)
			fputc(',', f);
		sep = true;
		json_edge(f, &g->edges[i]);
	}
	fputs("]}\n", f);
}

int cmd_graph(int argc, char **argv)
{
	static const char who[] = "aamed graph";
	struct graph_opts go;
	aamed_policy *policy;
	struct xgraph g;
	size_t from = (size_t)-1;
	bool *keep;
	int rc;

	rc = parse_graph_opts(argc, argv, &go);
	if (rc)
		return rc < 0 ? EXIT_ALLOWED : rc;
	policy = load_policies(go.policies, go.np, go.k, who);
	if (!policy)
		return EXIT_POLICY;
	if (xgraph_build(&g, policy)) {
		cli_error(who, "out of memory");
		aamed_policy_free(policy);
		return EXIT_POLICY;
	}
	if (go.from) {
		from = xgraph_find(&g, go.from);
		if (from == (size_t)-1 || from >= g.nprofiles) {
			cli_error(who, "--from: no profile \"%s\" in the policy",
				  go.from);
			rc = EXIT_USAGE;
			goto out;
		}
	}
	keep = calloc(g.nnodes ? g.nnodes : 1, sizeof(*keep));
	if (!keep || select_nodes(&g, from, keep)) {
		free(keep);
		cli_error(who, "out of memory");
		rc = EXIT_POLICY;
		goto out;
	}
	if (go.json)
		print_json(stdout, &g, keep);
	else
		xgraph_print_dot(stdout, &g, keep, (size_t)-1);
	free(keep);
	rc = fflush(stdout) ? EXIT_POLICY : EXIT_ALLOWED;
out:
	xgraph_free(&g);
	aamed_policy_free(policy);
	return rc;
}
