// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest --abstractions: an abstraction as an alternative of a
 * file rule, when it grants the request. Every abstraction of the
 * sources' tree (then of the -I directories, then of /etc/apparmor.d)
 * becomes a one-rule profile "include <abstractions/NAME>", all
 * compiled in one apparmor_parser run with the profile file's includes;
 * those that allow the rule's request are candidates, the one with the
 * smallest file DFA (the narrowest) is offered, and suggest_alt.c's
 * diff says exactly what it grants beyond the suggestion. One parser
 * run over a hundred abstractions takes seconds: hence the option.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suggest.h"

#define MAX_ABS 512

struct abs {
	char name[MAX_ABS][256];
	int n;
};

static void list_dir(struct abs *a, const char *root)
{
	char dir[4200];
	DIR *d;
	struct dirent *e;

	snprintf(dir, sizeof(dir), "%s/abstractions", root);
	d = opendir(dir);
	while (d && (e = readdir(d)) && a->n < MAX_ABS) {
		char p[4500];
		struct stat sb;
		int i;

		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || strstr(e->d_name, ".dpkg-") ||
		    stat(p, &sb) || !S_ISREG(sb.st_mode) ||
		    strlen(e->d_name) >= sizeof(a->name[0]))
			continue;
		for (i = 0; i < a->n && strcmp(a->name[i], e->d_name); i++)
			;
		if (i == a->n)
			snprintf(a->name[a->n++], sizeof(a->name[0]), "%s",
				 e->d_name);
	}
	if (d)
		closedir(d);
}

static aamed_policy *compile_abs(struct suggest *s, struct sg_block *b,
				 const struct abs *a, int tag)
{
	char src[4300], blob[4300];
	FILE *f;
	int i;

	snprintf(src, sizeof(src), "%s/abs%d.sd", s->tmp, tag);
	snprintf(blob, sizeof(blob), "%s/abs%d.bin", s->tmp, tag);
	f = fopen(src, "w");
	if (!f || sg_scope_text(s, b->file, f)) {
		if (f)
			fclose(f);
		return NULL;
	}
	/* the abstractions are written for tunables/global's variables */
	fputs("include if exists <tunables/global>\n", f);
	for (i = 0; i < a->n; i++)
		fprintf(f, "profile __aamed_abs%d {\n  include <abstractions/%s>\n}\n",
			i, a->name[i]);
	if (fclose(f))
		return NULL;
	return sg_probe(s, src, blob);
}

/* The request of a plain file rule's text (exact path, letters). */
static bool rule_request(const char *t, char *path, size_t len,
			 struct aamed_file_req *r)
{
	size_t b, e;
	const char *l;

	if (!sg_rule_path(t, &b, &e) || t[b] != '/' || e - b >= len)
		return false;
	snprintf(path, len, "%.*s", (int)(e - b), t + b);
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->path = path;
	r->op = AAMED_OP_OPEN;
	r->fsuid = 1000;
	r->ouid = b ? 1000 : 0;		/* "owner " */
	for (l = t + e + 1; *l && *l != ','; l++) {
		switch (*l) {
		case 'r': r->request |= AAMED_MAY_READ; break;
		case 'w': r->request |= AAMED_MAY_WRITE; break;
		case 'a': r->request |= AAMED_MAY_APPEND; break;
		case 'm': r->request |= AAMED_EXEC_MMAP; break;
		case 'k': r->request |= AAMED_MAY_LOCK; break;
		case 'l': r->request |= AAMED_MAY_LINK; break;
		default: return false;
		}
	}
	return r->request != 0;
}

/* The narrowest abstraction of p that grants the rule, or -1. */
static int narrowest(aamed_policy *p, const struct abs *a, const char *t)
{
	char path[1024], name[64];
	struct aamed_file_req r;
	uint32_t best_states = 0;
	int best = -1, i, err;

	if (!rule_request(t, path, sizeof(path), &r))
		return -1;
	for (i = 0; i < a->n; i++) {
		const aamed_label *l;
		const aamed_profile *pr;
		uint32_t n;

		snprintf(name, sizeof(name), "__aamed_abs%d", i);
		err = 0;
		l = aamed_label_get(p, name, &err);
		pr = aamed_policy_profile_find(p, "", name);
		if (!l || !pr || aamed_file_perm(l, &r, NULL, NULL))
			continue;
		n = aamed_rules_state_count(aamed_profile_rules(pr, AAMED_RULES_FILE));
		if (best < 0 || n < best_states) {
			best = i;
			best_states = n;
		}
	}
	return best;
}

void sg_abstractions(struct suggest *s)
{
	struct abs *a = calloc(1, sizeof(*a));
	size_t bi, i;
	int k;

	if (!a)
		return;
	list_dir(a, s->source);
	for (k = 0; k < s->ni; k++)
		list_dir(a, s->incs[k]);
	list_dir(a, "/etc/apparmor.d");
	for (bi = 0; a->n && bi < s->nblocks; bi++) {
		struct sg_block *b = &s->blocks[bi];
		aamed_policy *p;

		if (!b->file || b->fail)
			continue;
		p = compile_abs(s, b, a, (int)bi);
		for (i = 0; p && i < s->nrules; i++) {
			struct sg_rule *r = &s->rules[i];
			char text[400];

			if (r->fail || strcmp(r->profile, b->profile) ||
			    r->r.n >= QRULE_ALTS ||
			    (k = narrowest(p, a, r->exact)) < 0)
				continue;
			snprintf(text, sizeof(text), "include <abstractions/%s>",
				 a->name[k]);
			snprintf(r->r.text[r->r.n], sizeof(r->r.text[0]), "%s",
				 text);
			r->r.means[r->r.n] = "an abstraction that grants it (the narrowest that does), with everything else it grants";
			r->r.proven[r->r.n] = true;
			r->r.n++;
		}
		if (p)
			aamed_policy_free(p);
	}
	free(a);
}
