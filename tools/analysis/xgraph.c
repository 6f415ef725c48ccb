// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The exec and domain-change model (xgraph.h).
 *
 * Each profile's file DFA is walked once, breadth first, from the start
 * of path matching: every state whose entry allows exec is one exec
 * rule's end (or a piece of one), and the first path the walk reaches it
 * by is a shortest path that rule allows. What an exec of that path does
 * is asked of the library (aamed_exec), which follows the kernel's
 * x_to_label(): the named target, the attachment of a px/cx without a
 * name, the pix/pux fallbacks, stacking. States that lead to the same
 * place the same way are one edge. The walk visits every state, so no
 * exec rule is missed; a glob rule is judged by its shortest path (an
 * attachment may cover that path and not another: see docs/checks.md).
 *
 * change_profile rules live in the same DFA (change_profile.c): a state
 * allowing AAMED_MAY_CHANGE_PROFILE is reached by the target's name
 * (after "COND\0" for a rule with an exec condition). The names of the
 * set's profiles are walked to find which of those states some profile
 * provides; a state no name reaches is a target nobody provides.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xchange.h"
#include "xgraph.h"
#include "xwalk.h"

#define NOT_FOUND ((size_t)-1)

/* ------------------------------------------------------------------ */
/* Nodes, found by name through a small open-addressing table. */

struct ntab {
	size_t *slot;		/* node index + 1, 0: empty */
	size_t cap;
};

static size_t hash_str(const char *s, char kind)
{
	size_t h = 1469598103934665603ull ^ (unsigned char)kind;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static int ntab_grow(struct ntab *t, const struct xgraph *g)
{
	size_t cap = t->cap ? t->cap * 2 : 1024, i;
	size_t *s = calloc(cap, sizeof(*s));

	if (!s)
		return -ENOMEM;
	for (i = 0; i < g->nnodes; i++) {
		size_t h = hash_str(g->nodes[i].name, (char)g->nodes[i].kind);

		while (s[h & (cap - 1)])
			h++;
		s[h & (cap - 1)] = i + 1;
	}
	free(t->slot);
	t->slot = s;
	t->cap = cap;
	return 0;
}

static size_t ntab_find(const struct ntab *t, const struct xgraph *g,
			const char *name, enum xg_node_kind kind)
{
	size_t h;

	if (!t->cap)
		return NOT_FOUND;
	for (h = hash_str(name, (char)kind); t->slot[h & (t->cap - 1)]; h++) {
		size_t i = t->slot[h & (t->cap - 1)] - 1;

		if (g->nodes[i].kind == kind && !strcmp(g->nodes[i].name, name))
			return i;
	}
	return NOT_FOUND;
}

/* A profile (or stack) node by its label text, through the table. */
static size_t find_label(const struct ntab *t, const struct xgraph *g,
			 const char *name)
{
	size_t i = ntab_find(t, g, name, XN_PROFILE);

	return i != NOT_FOUND ? i : ntab_find(t, g, name, XN_UNCONFINED);
}

static size_t add_node(struct xgraph *g, struct ntab *t,
		       enum xg_node_kind kind, const char *name)
{
	struct xg_node *n;
	size_t h;

	if (g->nnodes == g->ncap) {
		size_t cap = g->ncap ? g->ncap * 2 : 256;
		struct xg_node *nn = realloc(g->nodes, cap * sizeof(*nn));

		if (!nn)
			return NOT_FOUND;
		g->nodes = nn;
		g->ncap = cap;
	}
	if ((g->nnodes + 1) * 2 > t->cap && ntab_grow(t, g))
		return NOT_FOUND;
	n = &g->nodes[g->nnodes];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->name = strdup(name);
	if (!n->name)
		return NOT_FOUND;
	for (h = hash_str(name, (char)kind); t->slot[h & (t->cap - 1)]; h++)
		;
	t->slot[h & (t->cap - 1)] = ++g->nnodes;
	return g->nnodes - 1;
}

static size_t node_for(struct xgraph *g, struct ntab *t,
		       enum xg_node_kind kind, const char *name)
{
	size_t i = ntab_find(t, g, name, kind);

	return i != NOT_FOUND ? i : add_node(g, t, kind, name);
}

size_t xgraph_find(const struct xgraph *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->nnodes; i++)
		if (g->nodes[i].kind != XN_MISSING && !strcmp(g->nodes[i].name, name))
			return i;
	return NOT_FOUND;
}

bool xgraph_node_unconfined(const struct xgraph *g, size_t n)
{
	return g->nodes[n].kind == XN_UNCONFINED ||
	       (g->nodes[n].kind == XN_PROFILE && g->nodes[n].profile &&
		g->nodes[n].mode == AAMED_PROFILE_UNCONFINED);
}

/* ------------------------------------------------------------------ */
/* Edges. */

struct build {
	struct xgraph *g;
	struct ntab names;
	size_t first_edge;	/* the current profile's first edge */
	char **examples;	/* [nprofiles]: a path each attaches to */
	struct acache {		/* where a path attaches, by "ns:path" */
		char **key;
		size_t *node;	/* node index, or NOT_FOUND: nowhere */
		size_t n, cap;
	} ac;
};

/*
 * Where an exec of path attaches in the namespace of profile node from
 * (find_attach() over the top-level profiles, as aamed_attach() asks
 * it): a node index, or NOT_FOUND. Remembered by path: a set of 2,000
 * profiles asks the same paths again and again. -ENOMEM as *err.
 */
static size_t attach_node(struct build *b, size_t from, const char *path,
			  int *err)
{
	struct acache *c = &b->ac;
	struct aamed_profile_info in = { .size = sizeof(in) };
	const aamed_label *l;
	const char *info = NULL;
	char key[4300];
	size_t h, i, node;

	if (aamed_profile_info(b->g->nodes[from].profile, &in))
		return NOT_FOUND;
	snprintf(key, sizeof(key), "%s:%s", in.ns, path);
	if ((c->n + 1) * 2 > c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4096;
		char **k = calloc(cap, sizeof(*k));
		size_t *v = calloc(cap, sizeof(*v));

		if (!k || !v) {
			free(k);
			free(v);
			*err = -ENOMEM;
			return NOT_FOUND;
		}
		for (i = 0; i < c->cap; i++) {
			if (!c->key[i])
				continue;
			for (h = hash_str(c->key[i], 0); k[h & (cap - 1)]; h++)
				;
			k[h & (cap - 1)] = c->key[i];
			v[h & (cap - 1)] = c->node[i];
		}
		free(c->key);
		free(c->node);
		c->key = k;
		c->node = v;
		c->cap = cap;
	}
	for (h = hash_str(key, 0); c->key[h & (c->cap - 1)]; h++)
		if (!strcmp(c->key[h & (c->cap - 1)], key))
			return c->node[h & (c->cap - 1)];
	l = aamed_attach(b->g->policy, in.ns, path, &info);
	node = !l || aamed_label_is_unconfined(l) || info ? NOT_FOUND
		: find_label(&b->names, b->g, aamed_label_name(l));
	if (!(c->key[h & (c->cap - 1)] = strdup(key))) {
		*err = -ENOMEM;
		return NOT_FOUND;
	}
	c->node[h & (c->cap - 1)] = node;
	c->n++;
	return node;
}

void xgraph_mode_string(const struct aamed_xtrans *x, char *out)
{
	char *p = out;

	switch (x->mode) {
	case AAMED_XT_INHERIT:
		strcpy(out, "ix");
		return;
	case AAMED_XT_UNCONFINED:
		strcpy(out, x->unsafe ? "ux" : "Ux");
		return;
	case AAMED_XT_CHILD:
		*p++ = x->unsafe ? 'c' : 'C';
		break;
	case AAMED_XT_PROFILE:
	case AAMED_XT_STACK:
		*p++ = x->unsafe ? 'p' : 'P';
		break;
	case AAMED_XT_NONE:
	default:
		strcpy(out, "x");
		return;
	}
	if (x->fallback == AAMED_XT_INHERIT)
		*p++ = 'i';
	else if (x->fallback == AAMED_XT_UNCONFINED)
		*p++ = 'u';
	*p++ = 'x';
	*p = '\0';
}

static int add_edge(struct build *b, const struct xg_edge *e, char *witness,
		    char *cond)
{
	struct xgraph *g = b->g;
	size_t i;

	for (i = b->first_edge; i < g->nedges; i++) {
		struct xg_edge *o = &g->edges[i];

		if (o->to == e->to && o->kind == e->kind &&
		    !strcmp(o->mode, e->mode) && o->fell_back == e->fell_back &&
		    o->dangling == e->dangling && o->owner == e->owner &&
		    (o->target == e->target ||
		     (o->target && e->target && !strcmp(o->target, e->target)))) {
			o->states++;
			o->glob = true;
			free(witness);
			free(cond);
			return 0;
		}
	}
	if (g->nedges == g->ecap) {
		size_t cap = g->ecap ? g->ecap * 2 : 1024;
		struct xg_edge *ne = realloc(g->edges, cap * sizeof(*ne));

		if (!ne) {
			free(witness);
			free(cond);
			return -ENOMEM;
		}
		g->edges = ne;
		g->ecap = cap;
	}
	g->edges[g->nedges] = *e;
	g->edges[g->nedges].witness = witness;
	g->edges[g->nedges].cond = cond;
	g->edges[g->nedges].states = 1;
	g->nedges++;
	return 0;
}

/* A rule's mode names a child where its target is one (3.0.8 writes
 * "cx -> kid" as the table name "parent//kid" without the child bit). */
static void child_letter(const struct xg_node *from, const struct aamed_xtrans *x,
			 enum aamed_xmode got, char *mode)
{
	size_t n = strlen(from->name);
	bool child = got == AAMED_X_CHILD ||
		     (x->target && !strncmp(x->target, from->name, n) &&
		      !strncmp(x->target + n, "//", 2));

	if (child && (mode[0] == 'p' || mode[0] == 'P'))
		mode[0] = (char)(mode[0] == 'p' ? 'c' : 'C');
}

/*
 * The exec of path wit (owned, consumed) by profile node `from`, whose
 * file entry allows it with xindex: one edge, or a merge into one.
 */
static int exec_path(struct build *b, size_t from, const aamed_rules *r,
		     char *wit, uint32_t xindex, bool owner_only, bool owner,
		     bool glob)
{
	struct xgraph *g = b->g;
	const aamed_label *subj = aamed_profile_label(g->nodes[from].profile);
	struct aamed_exec_result res = { .size = sizeof(res) };
	struct aamed_xtrans x;
	struct xg_edge e;
	int rc;

	if (aamed_rules_xtrans(r, xindex, &x)) {
		free(wit);
		return 0;
	}
	memset(&e, 0, sizeof(e));
	e.kind = XE_EXEC;
	e.from = from;
	e.owner = owner_only;
	e.glob = glob;
	e.target = x.target;
	xgraph_mode_string(&x, e.mode);
	if (x.mode == AAMED_XT_PROFILE && !x.target) {
		/* a px without a name: where the path attaches (cached),
		 * else the fallback, as x_to_label() decides */
		int err = 0;
		size_t to = attach_node(b, from, wit, &err);

		if (err) {
			free(wit);
			return err;
		}
		res.mode = AAMED_X_PROFILE;
		rc = 0;
		if (to != NOT_FOUND) {
			e.to = to;
			return add_edge(b, &e, wit, NULL);
		} else if (x.fallback == AAMED_XT_INHERIT) {
			res.info = "ix fallback";
			snprintf(res.name, sizeof(res.name), "%s",
				 g->nodes[from].name);
		} else if (x.fallback == AAMED_XT_UNCONFINED) {
			res.info = "ux fallback";
			res.mode = AAMED_X_UNCONFINED;
		} else {
			res.info = "profile transition not found";
			rc = -EACCES;
		}
	} else {
		rc = aamed_exec(subj, wit, 0, owner ? 0 : 1000, &res, NULL,
				NULL);
	}
	child_letter(&g->nodes[from], &x, res.mode, e.mode);
	if (res.info && !strcmp(res.info, "profile transition not found")) {
		e.dangling = true;
		if (x.target) {
			e.to = node_for(g, &b->names, XN_MISSING, x.target);
		} else {
			/* the paths of a glob no profile attaches to are one
			 * node: the shortest is the edge's witness */
			e.to = node_for(g, &b->names, XN_MISSING,
					glob ? XG_ANY_PATH : wit);
			if (e.to != NOT_FOUND)
				g->nodes[e.to].attach = true;
		}
	} else if (rc) {
		free(wit);	/* refused for another reason: no edge */
		return 0;
	} else if (res.mode == AAMED_X_UNCONFINED) {
		/* a plain ux is its own mode, not a fallback taken */
		e.fell_back = x.fallback != AAMED_XT_NONE && res.info &&
			      !strcmp(res.info, "ux fallback");
		e.to = g->unconfined;
	} else {
		e.fell_back = x.fallback != AAMED_XT_NONE && res.info &&
			      !strcmp(res.info, "ix fallback");
		e.to = find_label(&b->names, g, res.name);
		if (e.to == NOT_FOUND)	/* a stack: a node of its own */
			e.to = node_for(g, &b->names, XN_PROFILE, res.name);
	}
	if (e.to == NOT_FOUND) {
		free(wit);
		return -ENOMEM;
	}
	return add_edge(b, &e, wit, NULL);
}

/* The same rule goes on past s: a longer path gets the same transition
 * (a trailing * or **, or a state the DFA split off a glob). */
static bool extends(const aamed_rules *r, uint32_t s, uint32_t xindex,
		    bool owner)
{
	struct aamed_perms pm;
	unsigned c;

	for (c = 1; c < 256; c++) {
		uint32_t t = aamed_rules_next(r, s, (uint8_t)c);

		if (t && t != s && !aamed_rules_perms(r, t, owner, &pm) &&
		    (pm.allow & AAMED_MAY_EXEC) && pm.xindex == xindex)
			return true;
	}
	return false;
}

/* One exec state of profile node `from`, by its shortest path. */
static int exec_state(struct build *b, size_t from, const struct walk *w,
		      uint32_t s, uint32_t xindex, bool owner_only, bool owner)
{
	size_t len;
	char *wit = witness_of(w, s, &len);

	if (!wit)
		return -ENOMEM;
	if (strlen(wit) != len || wit[0] != '/') {
		free(wit);	/* past a NUL: a condition, not a path */
		return 0;
	}
	return exec_path(b, from, w->r, wit, xindex, owner_only, owner,
			 extends(w->r, s, xindex, owner) || loops_on_way(w, s));
}

/*
 * A px or cx rule without a name goes where the path attaches: beside
 * its shortest path, the shortest path each other profile attaches to
 * (its example) is tried, so a glob rule gets an edge to every profile
 * whose attachment it reaches that way.
 */
static int attach_examples(struct build *b, size_t from, const aamed_rules *r,
			   uint32_t start)
{
	struct xgraph *g = b->g;
	size_t i;
	int rc = 0;

	for (i = 0; i < g->nprofiles && !rc; i++) {
		const char *ex = b->examples[i];
		struct aamed_perms pm;
		struct aamed_xtrans x;
		uint32_t s;
		int owner;

		if (!ex || i == from)
			continue;
		s = aamed_rules_match(r, start, ex, strlen(ex));
		for (owner = 0; owner < 2 && s && !rc; owner++) {
			char *wit;

			if (aamed_rules_perms(r, s, owner, &pm) ||
			    !(pm.allow & AAMED_MAY_EXEC) ||
			    aamed_rules_xtrans(r, pm.xindex, &x) || x.target ||
			    (x.mode != AAMED_XT_PROFILE && x.mode != AAMED_XT_CHILD))
				continue;
			wit = strdup(ex);
			rc = wit ? exec_path(b, from, r, wit, pm.xindex, owner != 0,
					     owner != 0, true) : -ENOMEM;
			break;
		}
	}
	return rc;
}

/* Walk name from the start; every state on the way marked when the
 * name ends in a change_profile state. */
static bool provides(const struct walk *w, const char *name, uint8_t *covered)
{
	struct aamed_perms pm;
	uint32_t s = w->start;
	const char *c;

	for (c = name; *c && s; c++)
		s = aamed_rules_next(w->r, s, (uint8_t)*c);
	if (!s || s >= w->n || aamed_rules_perms(w->r, s, 1, &pm) ||
	    !(pm.allow & AAMED_MAY_CHANGE_PROFILE))
		return false;
	for (s = w->start, c = name; *c && s; c++) {
		covered[s] = 1;
		s = aamed_rules_next(w->r, s, (uint8_t)*c);
	}
	covered[s] = 1;
	return true;
}

/* A change_profile rule accepts at s: a target (change_profile), or one
 * past an exec condition and its NUL (onexec: change_profile.c asks
 * AAMED_MAY_ONEXEC there). */
static bool is_cp(const struct walk *w, uint32_t s)
{
	struct aamed_perms pm;

	return !aamed_rules_perms(w->r, s, 1, &pm) &&
	       (pm.allow & (w->nul[s] ? AAMED_MAY_ONEXEC
				      : AAMED_MAY_CHANGE_PROFILE));
}

/* The state right after the NUL on the way to s. */
static uint32_t past_nul(const struct walk *w, uint32_t s)
{
	while (w->nul[w->prev[s]])
		s = w->prev[s];
	return s;
}

/* Some profile name (or "&name"), walked from the state past the exec
 * condition's NUL, goes through root s and ends in an onexec state. */
static bool onexec_covered(const struct xgraph *g, const struct walk *w,
			   uint32_t root)
{
	uint32_t base = past_nul(w, root);
	size_t i;

	for (i = 0; i < g->nprofiles + 1; i++) {
		const char *name = g->nodes[i < g->nprofiles ? i : g->unconfined].name;
		int amp;

		for (amp = 0; amp < 2; amp++) {
			uint32_t s = base;
			bool through = s == root;
			const char *c;

			if (amp)
				s = aamed_rules_next(w->r, s, '&');
			for (c = name; *c && s; c++) {
				s = aamed_rules_next(w->r, s, (uint8_t)*c);
				through = through || s == root;
			}
			if (s && s < w->n && through && is_cp(w, s))
				return true;
		}
	}
	return false;
}

/* A dangling change_profile edge to target name is already there. */
static bool reported(const struct xgraph *g, size_t first, const char *name)
{
	size_t i;

	for (i = first; i < g->nedges; i++)
		if (g->edges[i].dangling && g->edges[i].kind != XE_EXEC &&
		    !strcmp(g->nodes[g->edges[i].to].name, name))
			return true;
	return false;
}

/* The plain change_profile targets nobody provides, by state
 * (xchange.h), in the order found. */
struct unprovided {
	char **name;		/* [w->n]: NULL, or the shortest such name */
	bool *glob;		/* [w->n] */
	uint32_t *order;	/* the states found, in order */
	size_t n;
};

static int on_unprovided(void *arg, uint32_t state, char *name, bool glob)
{
	struct unprovided *u = arg;

	u->name[state] = name;
	u->glob[state] = glob;
	u->order[u->n++] = state;
	return 0;
}

static void unprovided_free(struct unprovided *u, uint32_t n)
{
	uint32_t i;

	if (u->name)
		for (i = 0; i < n; i++)
			free(u->name[i]);
	free(u->name);
	free(u->glob);
	free(u->order);
}

static int unprovided(const struct xgraph *g, const struct walk *w,
		      struct unprovided *u)
{
	const char **names = malloc((g->nprofiles + 1) * sizeof(*names));
	size_t i;
	int rc;

	u->name = calloc(w->n, sizeof(*u->name));
	u->glob = calloc(w->n, sizeof(*u->glob));
	u->order = calloc(w->n, sizeof(*u->order));
	u->n = 0;
	if (!names || !u->name || !u->glob || !u->order) {
		free(names);
		return -ENOMEM;
	}
	for (i = 0; i < g->nprofiles + 1; i++)
		names[i] = g->nodes[i < g->nprofiles ? i : g->unconfined].name;
	rc = xchange_unprovided(w, names, g->nprofiles + 1, on_unprovided, u);
	free(names);
	return rc;
}

/* A dangling change_profile edge of a plain rule (no exec condition):
 * the name found for state s, taken from u. */
static int add_unprovided(struct build *b, size_t from, struct unprovided *u,
			  uint32_t s)
{
	struct xg_edge e = { .from = from, .kind = XE_CHANGE_PROFILE,
			     .dangling = true, .glob = u->glob[s] };
	char *wit = u->name[s];

	u->name[s] = NULL;
	e.to = node_for(b->g, &b->names, XN_MISSING, wit);
	if (e.to == NOT_FOUND) {
		free(wit);
		return -ENOMEM;
	}
	return add_edge(b, &e, wit, NULL);
}

/*
 * change_profile rules of node `from`: an edge to every profile whose
 * name the rules accept. A rule's first accepting state on the way from
 * the start (its root: "foo" of "foo*", the start of "**") reached by a
 * name no provided name has as its root is a target nobody provides: a
 * dangling edge, the shortest such name its witness. Plain rules are
 * judged by name (xchange.h: the targets of a profile's rules share
 * their final state); rules with an exec condition by the state after
 * the condition's NUL.
 */
static int change_states(struct build *b, size_t from, const struct walk *w,
			 const uint32_t *cp, size_t ncp)
{
	struct xgraph *g = b->g;
	uint8_t *covered = calloc(w->n, 1);
	struct unprovided u = { 0 };
	size_t i;
	int rc = 0;

	if (!covered)
		return -ENOMEM;
	rc = unprovided(g, w, &u);
	for (i = 0; i < g->nprofiles + 1 && !rc; i++) {
		size_t node = i < g->nprofiles ? i : g->unconfined;
		const char *name = g->nodes[node].name;
		char amp[4200];
		bool ok = provides(w, name, covered);

		snprintf(amp, sizeof(amp), "&%s", name);
		if (provides(w, amp, covered))
			ok = true;
		if (ok) {
			struct xg_edge e = { .from = from, .to = node,
					     .kind = XE_CHANGE_PROFILE };
			char *wit = strdup(name);

			rc = wit ? add_edge(b, &e, wit, NULL) : -ENOMEM;
		}
	}
	for (i = 0; i < ncp && !rc; i++) {
		struct xg_edge e = { .from = from };
		size_t len, cl;
		char *wit, *cond = NULL, *nul;
		uint32_t t;
		bool root = true;

		if (!w->nul[cp[i]]) {
			if (u.name[cp[i]])
				rc = add_unprovided(b, from, &u, cp[i]);
			continue;
		}
		if (covered[cp[i]])
			continue;
		for (t = cp[i]; t != w->start && root;) {
			t = w->prev[t];
			if (w->by[t] == 0 && t != w->start)
				break;	/* the condition's part: not this rule */
			if (is_cp(w, t))
				root = false;
		}
		if (!root)
			continue;
		wit = witness_of(w, cp[i], &len);
		if (!wit) {
			rc = -ENOMEM;
			break;
		}
		cl = strlen(wit);
		e.kind = cl == len ? XE_CHANGE_PROFILE : XE_ONEXEC;
		if (e.kind == XE_ONEXEC) {
			/* "COND\0TARGET": the target is what follows */
			nul = wit + len;
			while (nul > wit && nul[-1])
				nul--;
			cond = strndup(wit, cl);
			memmove(wit, nul, strlen(nul) + 1);
			if (!cond) {
				free(wit);
				rc = -ENOMEM;
				break;
			}
			/* some name of the set, walked past the condition,
			 * ends in this rule: not missing; nor is a target
			 * the same profile's plain rule reports */
			if (onexec_covered(g, w, cp[i]) ||
			    reported(g, b->first_edge, wit)) {
				free(wit);
				free(cond);
				continue;
			}
		}
		e.dangling = true;
		e.glob = loops_on_way(w, cp[i]);
		e.to = node_for(g, &b->names, XN_MISSING, wit);
		rc = e.to == NOT_FOUND ? -ENOMEM : add_edge(b, &e, wit, cond);
	}
	/* a target state first reached past a NUL, another way */
	for (i = 0; i < u.n && !rc; i++)
		if (u.name[u.order[i]])
			rc = add_unprovided(b, from, &u, u.order[i]);
	unprovided_free(&u, w->n);
	free(covered);
	return rc;
}

static int profile_edges(struct build *b, size_t from)
{
	const aamed_rules *r = aamed_profile_rules(b->g->nodes[from].profile,
						   AAMED_RULES_FILE);
	struct walk w;
	uint32_t *cp = NULL, i;
	size_t ncp = 0;
	int rc;

	b->first_edge = b->g->nedges;
	if (b->g->nodes[from].mode == AAMED_PROFILE_UNCONFINED)
		return 0;	/* the kernel treats it as unconfined */
	rc = walk_all(&w, r, aamed_rules_start(r, AAMED_PCLASS_FILE));
	if (rc || !w.count)
		return rc;
	for (i = 0; i < w.count && !rc; i++) {
		uint32_t s = w.order[i];
		struct aamed_perms own, oth;

		if (aamed_rules_perms(r, s, 1, &own) ||
		    aamed_rules_perms(r, s, 0, &oth))
			continue;
		if (oth.allow & AAMED_MAY_EXEC)
			rc = exec_state(b, from, &w, s, oth.xindex, false, false);
		if (!rc && (own.allow & AAMED_MAY_EXEC) &&
		    (!(oth.allow & AAMED_MAY_EXEC) || own.xindex != oth.xindex))
			rc = exec_state(b, from, &w, s, own.xindex,
					!(oth.allow & AAMED_MAY_EXEC), true);
		if (!rc && is_cp(&w, s)) {
			uint32_t *n = realloc(cp, (ncp + 1) * sizeof(*cp));

			if (!n)
				rc = -ENOMEM;
			else
				(cp = n)[ncp++] = s;
		}
	}
	if (!rc && ncp)
		rc = change_states(b, from, &w, cp, ncp);
	if (!rc)
		rc = attach_examples(b, from, r, w.start);
	free(cp);
	walk_free(&w);
	return rc;
}

static int add_profiles(struct build *b)
{
	struct xgraph *g = b->g;
	size_t i, n = aamed_policy_profile_count(g->policy);

	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_policy_profile(g->policy, i);
		struct aamed_profile_info in = { .size = sizeof(in) };
		char name[4200];
		size_t k;

		if (!p || aamed_profile_info(p, &in))
			return -EINVAL;
		if (in.ns[0])
			snprintf(name, sizeof(name), ":%s:%s", in.ns, in.name);
		else
			snprintf(name, sizeof(name), "%s", in.name);
		k = add_node(g, &b->names, XN_PROFILE, name);
		if (k == NOT_FOUND)
			return -ENOMEM;
		g->nodes[k].profile = p;
		g->nodes[k].mode = in.mode;
		g->nodes[k].hat = in.hat != 0;
	}
	g->nprofiles = g->nnodes;
	g->unconfined = add_node(g, &b->names, XN_UNCONFINED, "unconfined");
	return g->unconfined == NOT_FOUND ? -ENOMEM : 0;
}

/*
 * A shortest path profile p attaches to (its attachment DFA, readable
 * bytes first), or for a profile named by a path without one, that
 * name (the kernel compares it); NULL: none, or out of memory.
 */
static char *attach_example(const aamed_profile *p, const char *name)
{
	const aamed_rules *r = aamed_profile_rules(p, AAMED_RULES_ATTACH);
	struct walk w;
	char *out = NULL;
	size_t len;
	uint32_t i;

	if (!r)
		return name[0] == '/' && !strstr(name, "//") ? strdup(name)
							       : NULL;
	if (walk_all(&w, r, aamed_rules_start(r, AAMED_PCLASS_NONE)))
		return NULL;
	for (i = 0; i < w.count && !out; i++) {
		struct aamed_perms pm;

		if (!aamed_rules_perms(r, w.order[i], 0, &pm) &&
		    (pm.allow & AAMED_MAY_EXEC)) {
			out = witness_of(&w, w.order[i], &len);
			if (out && strlen(out) != len) {
				free(out);
				out = NULL;
			}
		}
	}
	walk_free(&w);
	return out;
}

int xgraph_build(struct xgraph *g, aamed_policy *policy)
{
	struct build b = { .g = g };
	size_t i;
	int rc;

	memset(g, 0, sizeof(*g));
	g->policy = policy;
	rc = add_profiles(&b);
	if (!rc && !(b.examples = calloc(g->nprofiles + 1, sizeof(char *))))
		rc = -ENOMEM;
	for (i = 0; !rc && i < g->nprofiles; i++)
		b.examples[i] = attach_example(g->nodes[i].profile,
					       g->nodes[i].name);
	for (i = 0; !rc && i < g->nprofiles; i++)
		rc = profile_edges(&b, i);
	for (i = 0; b.examples && i < g->nprofiles; i++)
		free(b.examples[i]);
	for (i = 0; i < b.ac.cap; i++)
		free(b.ac.key[i]);
	free(b.ac.key);
	free(b.ac.node);
	free(b.examples);
	free(b.names.slot);
	if (rc)
		xgraph_free(g);
	return rc;
}

void xgraph_free(struct xgraph *g)
{
	size_t i;

	for (i = 0; i < g->nnodes; i++)
		free(g->nodes[i].name);
	for (i = 0; i < g->nedges; i++) {
		free(g->edges[i].witness);
		free(g->edges[i].cond);
	}
	free(g->nodes);
	free(g->edges);
	memset(g, 0, sizeof(*g));
}

/* ------------------------------------------------------------------ */
/*
 * Chains to unconfined: one breadth-first walk backwards from every
 * unconfined node over the exec edges that change the label, so each
 * node learns the first edge of a shortest chain.
 */
int xgraph_unconfined_next(const struct xgraph *g, size_t *next)
{
	size_t *first = calloc(g->nnodes + 1, sizeof(*first));
	size_t *in = malloc((g->nedges ? g->nedges : 1) * sizeof(*in));
	size_t *queue = malloc(g->nnodes * sizeof(*queue));
	size_t head = 0, tail = 0, i, e;
	int rc = -ENOMEM;

	if (!first || !in || !queue)
		goto out;
	/* the edges into each node, by a counting sort on their target */
	for (e = 0; e < g->nedges; e++)
		first[g->edges[e].to + 1]++;
	for (i = 0; i < g->nnodes; i++)
		first[i + 1] += first[i];
	for (e = 0; e < g->nedges; e++)
		in[first[g->edges[e].to]++] = e;
	for (i = g->nnodes; i > 0; i--)
		first[i] = first[i - 1];
	first[0] = 0;
	for (i = 0; i < g->nnodes; i++) {
		next[i] = NOT_FOUND;
		if (xgraph_node_unconfined(g, i)) {
			next[i] = g->nedges;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		size_t v = queue[head++];

		for (i = first[v]; i < first[v + 1]; i++) {
			const struct xg_edge *x = &g->edges[in[i]];

			if (x->kind != XE_EXEC || x->dangling ||
			    next[x->from] != NOT_FOUND)
				continue;
			next[x->from] = in[i];
			queue[tail++] = x->from;
		}
	}
	rc = 0;
out:
	free(first);
	free(in);
	free(queue);
	return rc;
}
