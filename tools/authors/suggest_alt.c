// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: the alternatives of a rule and what each allows beyond
 * it. A file rule gets aa-logprof's glob alternatives, ranked from the
 * narrowest: its last component globbed (DIR then "*"), then everything
 * under its directory (DIR then "**"); a mount or umount rule gets its
 * mount point's last component globbed. Each alternative and the suggestion
 * are compiled as one-rule profiles ("__aamed_rI_A", with the includes
 * and variables of the profile's file, a compile per alternative, one apparmor_parser run per
 * profile), and aamed diff's comparison of the two says exactly what
 * the alternative adds, with witnesses. The alternatives are not
 * proven against the logs: the suggestion is.
 */
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

/* Append alternative text with what it means to r (when room). */
static void add_alt(struct qrule *r, const char *text, const char *means)
{
	int a;

	if (r->n >= QRULE_ALTS)
		return;
	for (a = 0; a < r->n; a++)
		if (!strcmp(r->text[a], text))
			return;
	/* a rule cut short would be another rule: none then */
	if (strlen(text) >= sizeof(r->text[0]))
		return;
	memcpy(r->text[r->n], text, strlen(text) + 1);
	r->means[r->n] = means;
	r->proven[r->n] = true;	/* compiles: diffed below */
	r->n++;
}

/* The glob alternatives of a plain file rule (not an exec, a link). */
static void globs(struct sg_rule *x)
{
	const char *t = x->r.text[0];
	char path[1024], alt[2200];
	size_t b, e, n;
	const char *slash;
	bool dir;

	if (x->r.n != 1 || !sg_rule_path(t, &b, &e) || e - b >= sizeof(path) ||
	    strstr(t + e, "x"))
		return;
	snprintf(path, sizeof(path), "%.*s", (int)(e - b), t + b);
	n = strlen(path);
	dir = n > 1 && path[n - 1] == '/';
	if (dir)
		path[--n] = 0;
	slash = strrchr(path, '/');
	/* "/x": its directory is the root, all of it: no alternative */
	if (!slash || slash == path || strchr(slash + 1, '*'))
		return;
	snprintf(alt, sizeof(alt), "%.*s%.*s*%s%s", (int)b, t,
		 (int)(slash + 1 - path), path, dir ? "/" : "", t + e);
	add_alt(&x->r, alt, "aa-logprof's glob: any name in the same directory");
	snprintf(alt, sizeof(alt), "%.*s%.*s**%s", (int)b, t,
		 (int)(slash + 1 - path), path, t + e);
	add_alt(&x->r, alt, "aa-logprof's glob: anything under the same directory, at any depth");
}

/*
 * The glob alternative of a mount or umount rule: its mount point's last
 * component globbed (its directory "/tmp/fsa/" then "*" and the slash), as
 * aa-logprof globs a file's: a program that mounts on a new directory
 * each run (fsarchiver's dated ones) is denied again by the exact rule.
 */
static void mount_globs(struct sg_rule *x)
{
	const char *t = x->r.text[0], *arrow = strstr(t, " -> "), *pt;
	const char *slash, *end;
	char alt[sizeof(x->r.text[0])];
	size_t n = strlen(t);
	bool dir;

	if (x->r.n != 1 || n < 3 || t[n - 1] != ',')
		return;
	if (!strncmp(t, "mount ", 6) && arrow)
		pt = arrow + 4;
	else if (!strncmp(t, "umount ", 7))
		pt = t + 7;
	else
		return;
	end = t + n - 1;
	if (*pt != '/' || memchr(pt, '\\', (size_t)(end - pt)) ||
	    memchr(pt, '*', (size_t)(end - pt)))
		return;
	dir = end[-1] == '/';
	/* the last component: after the slash before it */
	for (slash = end - 1 - dir; slash > pt && *slash != '/'; slash--)
		;
	if (slash == pt)
		return;		/* "/x": no directory to keep */
	if (snprintf(alt, sizeof(alt), "%.*s*%s,", (int)(slash + 1 - t), t,
		     dir ? "/" : "") >= (int)sizeof(alt))
		return;
	add_alt(&x->r, alt, "aa-logprof's glob: any name in the same directory as the mount point");
}

/*
 * One-rule profiles "__aamed_rI" of the rules of block b, alternative a
 * of each (a rule without one: none), compiled into a policy of their
 * own: one name for every alternative, so that the diff compares rules,
 * not names. NULL when none or the parser refused.
 */
static aamed_policy *compile_alt(struct suggest *s, struct sg_block *b,
				 int tag, int a)
{
	char src[4300], blob[4300];
	size_t i;
	int k = 0;
	bool tun = false;
	FILE *f;

	snprintf(src, sizeof(src), "%s/alt%d_%d.sd", s->tmp, tag, a);
	snprintf(blob, sizeof(blob), "%s/alt%d_%d.bin", s->tmp, tag, a);
	f = fopen(src, "w");
	if (!f || sg_scope_text(s, b->file, f)) {
		if (f)
			fclose(f);
		return NULL;
	}
	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];

		if (r->fail || r->head || r->r.n < 2 || a >= r->r.n || !r->r.proven[a] ||
		    strcmp(r->profile, b->profile))
			continue;
		/* an abstraction is written for tunables/global's variables */
		if (!tun && !strncmp(r->r.text[a], "include <abstractions/", 22))
			fputs("include if exists <tunables/global>\n", f);
		tun |= !strncmp(r->r.text[a], "include <abstractions/", 22);
		fprintf(f, "profile __aamed_r%zu {\n  %s\n}\n", i, r->r.text[a]);
		k++;
	}
	if (fclose(f) || !k)
		return NULL;
	return sg_probe(s, src, blob);
}

void sg_alternatives(struct suggest *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++)
		if (!s->rules[i].fail) {
			globs(&s->rules[i]);
			mount_globs(&s->rules[i]);
		}
	if (s->abstractions)
		sg_abstractions(s);
	for (i = 0; i < s->nblocks; i++) {
		int a;

		if (!s->blocks[i].file || s->blocks[i].fail)
			continue;
		for (a = 0; a < QRULE_ALTS; a++)
			s->blocks[i].alts[a] = compile_alt(s, &s->blocks[i],
							   (int)i, a);
	}
}

void sg_print_alt_diff(struct suggest *s, size_t i, int a, bool json,
		       bool *first)
{
	struct sg_block *b = sg_block_of(s, s->rules[i].profile);
	char name[64];
	const aamed_profile *pa, *pb;

	if (!b || !b->alts[0] || !b->alts[a])
		return;
	snprintf(name, sizeof(name), "__aamed_r%zu", i);
	pa = aamed_policy_profile_find(b->alts[0], "", name);
	pb = aamed_policy_profile_find(b->alts[a], "", name);
	if (pa && pb && !tl_diff_profile(pa, pb, "beyond the suggestion", json,
					 first) && !json)
		puts("  (nothing the diff can show)");
}
