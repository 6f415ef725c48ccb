/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed check --format html DIR: a static report for reviewers
 * (check_html*.c).
 *
 *   DIR/index.html        the findings per check and per profile
 *   DIR/p/NAME-N.html     a page per profile: its findings, its rules by
 *                         class (--source), its exec transitions (a table,
 *                         and the graph command's DOT rendered by
 *                         Graphviz's dot as NAME-N.svg)
 *   DIR/w/N.html          a finding's witness request: who else may make
 *                         it (each profile of the set, decided as aamed
 *                         query decides)
 *   DIR/style.css
 *
 * Every name and path is untrusted: HTML-escaped (html.h), and file
 * names are built from a profile's index, never taken from it.
 */
#ifndef AAMED_CHECK_HTML_H
#define AAMED_CHECK_HTML_H

#include "check.h"
#include "xgraph.h"

/* who-can pages computed at most; further witnesses get no link */
#define HTML_MAX_WHOCAN 400
/* labels a who-can page lists at most (the rest counted) */
#define HTML_MAX_WHO 200
/* nodes around a profile beyond which its graph is not drawn (a shell
 * profile's hundred targets make no picture; its tables list them) */
#define HTML_MAX_NODES 40

struct hprof {
	const aamed_profile *p;
	const char *name;	/* label name: the finding's profile */
	struct aamed_profile_info info;
	char page[160];		/* "NAME-N.html" in p/ */
	char base[96];		/* "NAME-N" (64 + "-N") */
	size_t count[CHECK_ERROR + 1];
	size_t node;		/* its xgraph node, or (size_t)-1 */
	int svg;		/* 1 rendered, 0 no edges, -1 no dot,
				 * 2 too many nodes to draw */
};

struct hwho {
	char *words;		/* the witness request, label-independent */
	char *asker;		/* the profile of its first finding */
	size_t n;		/* its page: w/N.html; (size_t)-1 none */
};

struct html {
	const char *dir;
	const struct check_ctx *c;
	const struct finding *f;
	size_t nf;
	struct hprof *pr;	/* sorted by name */
	size_t npr;
	size_t *fprof;		/* finding i's profile index, or npr */
	struct hwho *who;	/* distinct witness requests */
	size_t nwho;
	size_t *fwho;		/* finding i's witness index, or nwho */
	const struct xgraph *g;	/* NULL: no model */
	const char *no_dot;	/* why no SVG, or NULL */
};

/* The profile of name, or NULL (bsearch on the sorted pages). */
const struct hprof *html_profile(const struct html *h, const char *name);
/* A link to name's page from a page in p/ or w/ ("../p/X.html"), or
 * plain text when the set has no such profile. */
void html_profile_link(FILE *f, const struct html *h, const char *name);

/* check_html_graph.c: each profile's DOT and SVG (sets svg, no_dot) */
int html_graphs(struct html *h);
/* its part of the graph and its transitions as a table */
void html_graph_section(FILE *f, const struct html *h,
			const struct hprof *p);

/* check_html_whocan.c: the who-can pages */
int html_whocan(struct html *h);

/* check_html_page.c: finding i as a block, its links relative to up
 * ("../" from p/, "" from the index) */
void html_finding(FILE *f, const struct html *h, size_t i, const char *up);
/* check_html_page.c: one profile's page */
int html_profile_page(const struct html *h, const struct hprof *p);

/* Open DIR/sub/name for writing; NULL after saying why. */
FILE *html_open(const struct html *h, const char *sub, const char *name);
/* Close it: 0, or -1 after saying a write failed. */
int html_close(FILE *f, const struct html *h, const char *name);

#endif
