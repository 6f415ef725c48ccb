// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dangling-transition and unconfined-reachable (xcheck.h), read off the
 * exec model: a dangling edge is an exec the library refused with
 * "profile transition not found" (or a change_profile target no name of
 * the set matches); a chain to unconfined is a shortest path of exec
 * edges from a confined profile to an unconfined node.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

#define NONE ((size_t)-1)

static bool confined(const struct xg_node *n)
{
	return n->kind == XN_PROFILE && n->profile &&
	       n->mode != AAMED_PROFILE_UNCONFINED;
}

/* A printable copy of s: bytes below 0x20 as \xHH. */
static void printable(const char *s, char *out, size_t len)
{
	size_t k = 0;

	for (; *s && k + 5 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			k += (size_t)snprintf(out + k, len - k, "\\x%02x", c);
		else
			out[k++] = (char)c;
	}
	out[k] = '\0';
}

static int one_dangling(const struct xgraph *g, const struct xg_edge *e,
			xc_fn fn, void *arg)
{
	const struct xg_node *from = &g->nodes[e->from];
	const struct xg_node *to = &g->nodes[e->to];
	char msg[9000], wit[4400], p[4200];
	struct xc_finding f = { .id = "dangling-transition",
				.profile = from->name, .message = msg,
				.witness = wit, .edge = e };

	printable(e->witness, p, sizeof(p));
	/* a glob of which only some paths (or names) have no profile */
	f.level = e->glob && (to->attach || e->kind != XE_EXEC) ? XC_WARNING
							       : XC_ERROR;
	if (e->kind == XE_EXEC && e->target) {
		snprintf(msg, sizeof(msg),
			 "%s%s %s%s -> %s: no profile \"%s\" in the set; the "
			 "exec fails (\"profile transition not found\")",
			 e->owner ? "owner " : "", p, e->mode,
			 e->glob ? " (and other paths)" : "", e->target,
			 e->target);
		snprintf(wit, sizeof(wit), "file %s x", p);
	} else if (e->kind == XE_EXEC) {
		snprintf(msg, sizeof(msg),
			 "%s%s %s%s: no profile attaches to %s; the exec fails "
			 "(\"profile transition not found\")",
			 e->owner ? "owner " : "", p, e->mode,
			 e->glob ? " (a glob: other paths too)" : "", p);
		snprintf(wit, sizeof(wit), "file %s x", p);
	} else {
		char c[4200] = "";

		if (e->cond)
			printable(e->cond, c, sizeof(c));
		snprintf(msg, sizeof(msg),
			 "change_profile%s%s -> %s%s: no profile of the set is "
			 "named so", e->cond ? " " : "", c, p,
			 e->glob ? " (a glob)" : "");
		snprintf(wit, sizeof(wit), "change_profile %s", p);
	}
	return fn(&f, arg);
}

int xcheck_dangling(const struct xgraph *g, xc_fn fn, void *arg)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < g->nedges && !rc; i++)
		if (g->edges[i].dangling && confined(&g->nodes[g->edges[i].from]))
			rc = one_dangling(g, &g->edges[i], fn, arg);
	return rc;
}

/* "A -Px /usr/bin/b-> B" lines of the chain from node n, into buf. */
static void chain_text(const struct xgraph *g, const size_t *next, size_t n,
		       char *buf, size_t len, char *first_path, size_t fplen)
{
	size_t k = 0, steps = 0;

	buf[0] = '\0';
	first_path[0] = '\0';
	while (next[n] != g->nedges && next[n] != NONE && steps++ < 64) {
		const struct xg_edge *e = &g->edges[next[n]];
		char p[4200];
		int w;

		printable(e->witness, p, sizeof(p));
		if (!first_path[0])
			snprintf(first_path, fplen, "%s", p);
		w = snprintf(buf + k, len - k, "%s%s -%s%s %s%s-> %s%s",
			     k ? "\n" : "", g->nodes[n].name,
			     e->owner ? "owner " : "", e->mode, p,
			     e->fell_back ? " (fallback)" : "",
			     g->nodes[e->to].name,
			     g->nodes[e->to].kind == XN_PROFILE &&
					     xgraph_node_unconfined(g, e->to) ?
				     " (unconfined mode)" : "");
		if (w < 0 || (size_t)w >= len - k)
			break;
		k += (size_t)w;
		n = e->to;
	}
}

int xcheck_unconfined(const struct xgraph *g, xc_fn fn, void *arg)
{
	size_t *next = malloc((g->nnodes ? g->nnodes : 1) * sizeof(*next));
	char *chain = malloc(65536), msg[512], wit[4400], fp[4200];
	size_t i;
	int rc = -ENOMEM;

	if (!next || !chain || xgraph_unconfined_next(g, next))
		goto out;
	rc = 0;
	for (i = 0; i < g->nprofiles && !rc; i++) {
		struct xc_finding f = { .id = "unconfined-reachable",
					.level = XC_WARNING,
					.profile = g->nodes[i].name,
					.message = msg, .witness = wit,
					.chain = chain };
		size_t n, steps = 0;

		if (!confined(&g->nodes[i]) || next[i] == NONE ||
		    next[i] == g->nedges)
			continue;
		for (n = i; next[n] != g->nedges && steps < 64; steps++)
			n = g->edges[next[n]].to;
		chain_text(g, next, i, chain, 65536, fp, sizeof(fp));
		f.edge = &g->edges[next[i]];
		snprintf(msg, sizeof(msg),
			 "reaches unconfined in %zu exec%s (first: %s)", steps,
			 steps == 1 ? "" : "s", g->edges[next[i]].mode);
		snprintf(wit, sizeof(wit), "file %s x", fp);
		rc = fn(&f, arg);
	}
out:
	free(next);
	free(chain);
	return rc;
}
