// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: the rules of one profile that, once spelled with the
 * tunables, are one line. Two requests whose exact rules differ
 * (/proc/4321/mounts, /proc/987/mounts) may spell to the same rule, and
 * a read and an exec of one program are one rule in the profile
 * language ("@{bin}/chmod rix,"), as maintainers write them: the
 * permissions of rules with the same path and the same qualifiers are
 * joined, with at most one exec transition. The joining runs after the
 * spelling (suggest.c's merge of equal requests runs before it).
 *
 * A rule joined into another keeps its own record counts, its request
 * and its exact form; the line is the first rule's (its head). The
 * proof judges the line with every request of the group. A group that
 * fails is split again and each rule proven on its own, as before.
 */
#include <string.h>

#include "suggest.h"

/* A file or exec rule's text taken apart: [owner ]PATH PERMS[ -> T], */
struct parts {
	bool owner;
	char path[1024];
	char letters[16];	/* of "rwamkl" */
	char mode[8];		/* an exec transition ("ix", "Px"...), or "" */
	char rest[1024];	/* what follows the permissions: "," or " -> T," */
};

static bool exec_mode(const char *m)
{
	static const char *const modes[] = {
		"ix", "px", "Px", "cx", "Cx", "ux", "Ux", "pix", "Pix", "cix",
		"Cix", "pux", "PUx", "cux", "CUx", NULL,
	};
	int i;

	for (i = 0; modes[i]; i++)
		if (!strcmp(m, modes[i]))
			return true;
	return false;
}

static bool split(const char *t, struct parts *p)
{
	size_t b, e, n, k;
	const char *perm;

	memset(p, 0, sizeof(*p));
	if (!sg_rule_path(t, &b, &e) || e - b >= sizeof(p->path))
		return false;
	p->owner = b > 0;
	snprintf(p->path, sizeof(p->path), "%.*s", (int)(e - b), t + b);
	perm = t + e + 1;
	n = strcspn(perm, " ,");
	k = strspn(perm, "rwamkl");
	if (k > n || k >= sizeof(p->letters) || n - k >= sizeof(p->mode))
		return false;
	snprintf(p->letters, sizeof(p->letters), "%.*s", (int)k, perm);
	snprintf(p->mode, sizeof(p->mode), "%.*s", (int)(n - k), perm + k);
	if (*p->mode && !exec_mode(p->mode))
		return false;
	snprintf(p->rest, sizeof(p->rest), "%s", perm + n);
	return !strcmp(p->rest, ",") || (*p->mode && !strncmp(p->rest, " -> ", 4));
}

/* The letters of a and b in the language's order, w covering a. */
static void union_letters(const char *a, const char *b, char *out)
{
	const char *order = "rwamkl";
	size_t o = 0;
	int i;

	for (i = 0; order[i]; i++) {
		bool in = strchr(a, order[i]) || strchr(b, order[i]);

		if (in && !(order[i] == 'a' && (strchr(a, 'w') || strchr(b, 'w'))))
			out[o++] = order[i];
	}
	out[o] = 0;
}

/*
 * x and y as one rule into out: the same path and owner, at most one
 * transition (or the same one), and beside a transition only r and m
 * (what maintainers write with it: rix, mrix, rPx). false: not one.
 */
static bool join(const struct parts *x, const struct parts *y, char *out,
		 size_t len)
{
	char letters[16];
	const struct parts *e = *x->mode ? x : y;

	if (x->owner != y->owner || strcmp(x->path, y->path))
		return false;
	if (*x->mode && *y->mode &&
	    (strcmp(x->mode, y->mode) || strcmp(x->rest, y->rest)))
		return false;
	union_letters(x->letters, y->letters, letters);
	if (*e->mode && strspn(letters, "rm") != strlen(letters))
		return false;
	return snprintf(out, len, "%s%s %s%s%s", x->owner ? "owner " : "",
			x->path, letters, e->mode, e->rest) < (int)len;
}

/* The exec alternatives of the transition's rule given the letters of
 * the line too (its Cx and Ux, with the read the line grants; they name
 * the exact path, the line may name it with a variable). */
static void join_alternatives(struct qrule *q, const struct parts *with)
{
	int a;

	for (a = 1; a < q->n; a++) {
		struct parts p, w = *with;
		char t[1024];

		if (!split(q->text[a], &p) || !*p.mode)
			continue;
		memcpy(w.path, p.path, sizeof(w.path));
		if (join(&p, &w, t, sizeof(t)))
			snprintf(q->text[a], sizeof(q->text[0]), "%s", t);
	}
}

/* Rule j into head i when they are one line; true when joined. */
static bool try_join(struct sg_rule *hi, const struct sg_rule *rj)
{
	struct parts x, y;
	char t[1024];

	if (!strcmp(hi->r.text[0], rj->r.text[0]))
		return true;
	if (!split(hi->r.text[0], &x) || !split(rj->r.text[0], &y) ||
	    !join(&x, &y, t, sizeof(t)))
		return false;
	if (!*x.mode && *y.mode) {
		/* the line is the transition's: its means, its Cx, Ux */
		hi->r = rj->r;
		join_alternatives(&hi->r, &x);
	} else if (*x.mode) {
		join_alternatives(&hi->r, &y);
	}
	snprintf(hi->r.text[0], sizeof(hi->r.text[0]), "%s", t);
	return true;
}

void sg_unmerge(struct suggest *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];

		if (r->saved)
			r->r = r->own;
		r->saved = false;
		r->head = 0;
	}
}

void sg_merge(struct suggest *s)
{
	size_t i, j;

	sg_unmerge(s);
	for (i = 0; i < s->nrules; i++) {
		s->rules[i].own = s->rules[i].r;
		s->rules[i].saved = true;
	}
	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *hi = &s->rules[i];

		if (hi->fail || hi->nomerge || hi->head || hi->rlimit)
			continue;
		for (j = i + 1; j < s->nrules; j++) {
			struct sg_rule *rj = &s->rules[j];

			if (rj->fail || rj->nomerge || rj->head || rj->rlimit ||
			    strcmp(hi->profile, rj->profile))
				continue;
			if (try_join(hi, rj))
				rj->head = (long)i + 1;
		}
	}
}

bool sg_group_of(const struct suggest *s, size_t i, size_t head)
{
	return i == head || s->rules[i].head == (long)head + 1;
}

bool sg_split_failed(struct suggest *s)
{
	size_t i, j;
	bool any = false;

	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];
		size_t h = r->head ? (size_t)r->head - 1 : i;
		bool members = false;

		if (!r->fail)
			continue;
		for (j = 0; j < s->nrules; j++)
			members |= j != h && sg_group_of(s, j, h);
		if (!members)
			continue;
		for (j = 0; j < s->nrules; j++)
			if (sg_group_of(s, j, h))
				s->rules[j].nomerge = true;
		any = true;
	}
	if (!any)
		return false;
	sg_unmerge(s);
	for (i = 0; i < s->nrules; i++)
		s->rules[i].fail = NULL;	/* every rule proven again */
	return true;
}
