// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: where a profile is written. The files under --source
 * are scanned for profile and hat headers ("profile NAME ... {",
 * "/path {", "^hat {", "hat NAME {"), braces matched line by line, so a
 * profile's block is its file and the lines of its "{" and "}". The
 * amended copy puts each rule in its profile's block, after the last
 * rule of the same kind there or else before the block's local include
 * or its closing brace (an rlimit rule replaces the profile's rule of
 * the same resource), and
 * the patch is diff -u of that copy against the sources.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile.h"
#include "suggest.h"

/* A file's lines (the text owned, split in place). */
struct lines {
	char *text;
	char **v;
	int n;
};

static int read_lines(const char *path, struct lines *l)
{
	FILE *f = fopen(path, "r");
	size_t cap = 0, n = 0, r;
	int vc = 0;
	char *p;

	memset(l, 0, sizeof(*l));
	if (!f)
		return -1;
	for (;;) {
		if (cap - n < 4096) {
			char *nb = realloc(l->text, cap = cap * 2 + 8192);

			if (!nb)
				goto fail;
			l->text = nb;
		}
		r = fread(l->text + n, 1, cap - n - 1, f);
		if (!r)
			break;
		n += r;
	}
	fclose(f);
	f = NULL;
	l->text[n] = 0;
	for (p = l->text; *p;) {
		char *e = strchr(p, '\n');

		if (l->n == vc) {
			char **nv = realloc(l->v, (size_t)(vc = vc * 2 + 64) *
							  sizeof(*nv));
			if (!nv)
				goto fail;
			l->v = nv;
		}
		l->v[l->n++] = p;
		if (!e)
			break;
		*e = 0;
		p = e + 1;
	}
	return 0;
fail:
	if (f)
		fclose(f);
	free(l->text);
	free(l->v);
	memset(l, 0, sizeof(*l));
	return -1;
}

static void free_lines(struct lines *l)
{
	free(l->text);
	free(l->v);
}

/* The line without its comment and surrounding blanks, into buf. */
static char *clean(const char *line, char *buf, size_t len)
{
	bool q = false;
	char *p, *e;

	snprintf(buf, len, "%s", line);
	for (p = buf; *p; p++) {
		if (*p == '"')
			q = !q;
		else if (*p == '#' && !q &&
			 (p == buf || isspace((unsigned char)p[-1]))) {
			/* "#include" is the old include, no comment */
			if (strncmp(p, "#include", 8)) {
				*p = 0;
				break;
			}
		}
	}
	for (p = buf; isspace((unsigned char)*p); p++)
		;
	e = p + strlen(p);
	while (e > p && isspace((unsigned char)e[-1]))
		*--e = 0;
	return p;
}

/* The first word of s (a quoted one unquoted) into w; what follows. */
static const char *token(const char *s, char *w, size_t len)
{
	size_t n = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '"') {
		for (s++; *s && *s != '"'; s++)
			if (n + 1 < len)
				w[n++] = *s;
		if (*s)
			s++;
	} else {
		for (; *s && !isspace((unsigned char)*s) && *s != '{'; s++)
			if (n + 1 < len)
				w[n++] = *s;
	}
	w[n] = 0;
	return s;
}

/*
 * The name a block header gives a profile or hat, into name; false for
 * any other block (a conditional, a rule block).
 */
static bool header_name(const char *h, bool nested, char *name, size_t len)
{
	char w[1024];
	const char *rest = token(h, w, sizeof(w));

	if (!strcmp(w, "profile") || !strcmp(w, "hat")) {
		token(rest, name, len);
		return *name != 0;
	}
	if (w[0] == '^') {
		snprintf(name, len, "%s", w + 1);
		return true;
	}
	if (!nested && (w[0] == '/' || w[0] == '@' || w[0] == ':')) {
		snprintf(name, len, "%s", w);
		return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
#define MAX_DEPTH 32

struct frame {
	char name[1024];	/* the full name ("" : no profile) */
	int open;
};

/* A block found: when it is one of the profiles wanted, note it. */
static void found(struct suggest *s, const char *name, const char *file,
		  const char *rel, int open, int close, const struct lines *l)
{
	size_t i;
	int j;

	for (i = 0; i < s->nblocks; i++) {
		struct sg_block *b = &s->blocks[i];
		const char *want = b->profile;

		/* ":ns:name": the name within its namespace */
		if (want[0] == ':' && strchr(want + 1, ':'))
			want = strchr(want + 1, ':') + 1;
		if (strcmp(want, name) || b->file)
			continue;
		b->file = sg_strdup(file);
		b->rel = sg_strdup(rel);
		b->open = open;
		b->close = close;
		/* the rules' indent: the first line inside, else two more */
		snprintf(b->indent, sizeof(b->indent), "  ");
		for (j = open; j < close - 1 && j < l->n; j++) {
			const char *t = l->v[j];
			size_t k = strspn(t, " \t");

			if (t[k] && k < sizeof(b->indent)) {
				snprintf(b->indent, sizeof(b->indent), "%.*s",
					 (int)k, t);
				break;
			}
		}
	}
}

static void scan_file(struct suggest *s, const char *file, const char *rel)
{
	struct frame st[MAX_DEPTH];
	struct lines l;
	char buf[4096], name[1024];
	int depth = 0, i;

	if (read_lines(file, &l))
		return;
	for (i = 0; i < l.n; i++) {
		char *c = clean(l.v[i], buf, sizeof(buf));
		size_t n = strlen(c);
		bool opens = n && c[n - 1] == '{';
		bool closes = c[0] == '}';
		const char *parent = depth ? st[depth - 1].name : "";

		if (closes && depth) {
			depth--;
			if (st[depth].name[0])
				found(s, st[depth].name, file, rel,
				      st[depth].open, i + 1, &l);
		}
		if (!opens || depth >= MAX_DEPTH)
			continue;
		c[n - 1] = 0;
		st[depth].open = i + 1;
		st[depth].name[0] = 0;
		if (header_name(c, *parent != 0, name, sizeof(name))) {
			if (*parent)
				snprintf(st[depth].name, sizeof(st[0].name),
					 "%.500s//%.500s", parent, name);
			else
				snprintf(st[depth].name, sizeof(st[0].name),
					 "%s", name);
		} else if (*parent) {
			/* a block inside a profile is the profile's */
			snprintf(st[depth].name, sizeof(st[0].name), "%s", "");
		}
		depth++;
	}
	free_lines(&l);
}

/* Directories of an apparmor.d tree that hold no profiles. */
static bool skipped_dir(const char *n)
{
	static const char *const skip[] = { "abstractions", "tunables",
		"local", "cache", "disable", "force-complain", "apparmor.d.cache",
		NULL };
	const char *const *k;

	for (k = skip; *k; k++)
		if (!strcmp(n, *k))
			return true;
	return n[0] == '.';
}

static void scan_dir(struct suggest *s, const char *dir, const char *rel,
		     int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[4200], r[4200];
		struct stat sb;

		if (e->d_name[0] == '.' || strstr(e->d_name, ".dpkg-"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		snprintf(r, sizeof(r), "%s%s%s", rel, *rel ? "/" : "",
			 e->d_name);
		if (stat(path, &sb))
			continue;
		if (S_ISDIR(sb.st_mode) && depth < 4 && !skipped_dir(e->d_name))
			scan_dir(s, path, r, depth + 1);
		else if (S_ISREG(sb.st_mode))
			scan_file(s, path, r);
	}
	closedir(d);
}

struct sg_block *sg_block_of(struct suggest *s, const char *profile)
{
	size_t i;

	for (i = 0; i < s->nblocks; i++)
		if (!strcmp(s->blocks[i].profile, profile))
			return &s->blocks[i];
	return NULL;
}

void sg_find_blocks(struct suggest *s)
{
	struct stat sb;
	size_t i;

	for (i = 0; i < s->nrules; i++) {
		struct sg_block *b;

		if (sg_block_of(s, s->rules[i].profile))
			continue;
		s->blocks = realloc(s->blocks,
				    (s->nblocks + 1) * sizeof(*s->blocks));
		if (!s->blocks)
			exit(EXIT_USAGE);
		b = &s->blocks[s->nblocks++];
		memset(b, 0, sizeof(*b));
		b->profile = sg_strdup(s->rules[i].profile);
	}
	if (!stat(s->source, &sb) && S_ISDIR(sb.st_mode)) {
		scan_dir(s, s->source, "", 0);
	} else {
		const char *base = strrchr(s->source, '/');

		scan_file(s, s->source, base ? base + 1 : s->source);
	}
	for (i = 0; i < s->nblocks; i++) {
		struct sg_block *b = &s->blocks[i];
		char why[1200];

		if (b->file && b->open == b->close) {
			snprintf(why, sizeof(why),
				 "the block of %s in %s opens and closes on line %d: no place for a rule",
				 b->profile, b->rel, b->open);
			b->fail = sg_strdup(why);
		} else if (!b->file) {
			snprintf(why, sizeof(why),
				 "no block of profile %s in the sources (%s)",
				 b->profile, s->source);
			b->fail = sg_strdup(why);
		}
	}
}

/* ------------------------------------------------------------------ */
/* The kind of rule a line (or a rule's text) starts: "file", a class
 * keyword, "" for none. The qualifiers before it do not count. */
static void rule_kind(const char *line, char *kind, size_t len)
{
	char buf[4096], w[256];
	const char *p = clean(line, buf, sizeof(buf));

	for (;;) {
		const char *rest = token(p, w, sizeof(w));

		if (strcmp(w, "audit") && strcmp(w, "allow") &&
		    strcmp(w, "owner") && strcmp(w, "deny") &&
		    strcmp(w, "quiet"))
			break;
		p = rest;
	}
	if (w[0] == '/' || w[0] == '@' || w[0] == '"' || !strcmp(w, "link") ||
	    !strcmp(w, "file"))
		snprintf(kind, len, "file");
	else if (!strcmp(w, "set"))
		snprintf(kind, len, "rlimit");
	else if (!strcmp(w, "umount") || !strcmp(w, "remount") ||
		 !strcmp(w, "pivot_root"))
		snprintf(kind, len, "mount");
	else
		snprintf(kind, len, "%.63s", w);
}

/* One edit of a file: after line `after` (1-based), or replacing it. */
struct edit {
	int line;
	bool replace;
	const char *text;
	const char *indent;
};

static int cmp_edit(const void *x, const void *y)
{
	const struct edit *a = x, *b = y;

	return a->line != b->line ? a->line - b->line
				  : (int)b->replace - (int)a->replace;
}

/* Whether a line includes the block's local additions: "include if
 * exists <local/NAME>" (and the older forms), which apparmor.d and
 * AppArmor's own profiles keep as the block's last line. */
static bool local_include(const char *c)
{
	static const char *const forms[] = { "include if exists <local/",
		"include <local/", "#include <local/", NULL };
	int k;

	for (k = 0; forms[k]; k++)
		if (!strncmp(c, forms[k], strlen(forms[k])))
			return true;
	return false;
}

/* The line after which a rule goes before the local include of line
 * local (1-based): above the blank lines that set the include apart. */
static int before_local(const struct sg_block *b, const struct lines *l,
			int local)
{
	int at = local - 1;

	while (at > b->open && at <= l->n &&
	       !l->v[at - 1][strspn(l->v[at - 1], " \t")])
		at--;
	return at;
}

/*
 * Where a rule of block b goes in l: replacing the rlimit rule of its
 * resource, after the last rule of its kind at the block's own depth,
 * else before the local include when the block has one, else before
 * the closing brace.
 */
static struct edit place(const struct sg_block *b, const struct sg_rule *r,
			 const struct lines *l)
{
	struct edit e = { b->close - 1, false, r->r.text[0], b->indent };
	char want[64], kind[64], buf[4096];
	int i, depth = 0, local = 0;

	rule_kind(r->r.text[0], want, sizeof(want));
	for (i = b->open; i < b->close - 1 && i < l->n; i++) {
		char *c = clean(l->v[i], buf, sizeof(buf));
		size_t n = strlen(c);

		if (c[0] == '}' && depth)
			depth--;
		if (n && c[n - 1] == '{') {
			depth++;
			continue;
		}
		if (!depth && local_include(c))
			local = i + 1;
		if (depth || !n || c[n - 1] != ',')
			continue;
		rule_kind(c, kind, sizeof(kind));
		if (r->rlimit && !strcmp(kind, "rlimit")) {
			char res[32] = "";

			sscanf(c, "set rlimit %31s", res);
			if (!strcmp(res, r->resource)) {
				e.line = i + 1;
				e.replace = true;
				return e;
			}
		}
		if (!strcmp(kind, want))
			e.line = i + 1;
	}
	if (local && e.line == b->close - 1)
		e.line = before_local(b, l, local);
	return e;
}

static int mkdirs(const char *path)
{
	char buf[8400], *p;

	snprintf(buf, sizeof(buf), "%s", path);
	for (p = buf + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		if (mkdir(buf, 0700) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

/* The amended copy of one source file at out. */
static int write_file(struct suggest *s, const char *file, const char *out)
{
	struct lines l;
	struct edit *ed = NULL;
	size_t ne = 0, i, k = 0;
	FILE *f;
	int j;

	if (read_lines(file, &l))
		return -1;
	for (i = 0; i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];
		struct sg_block *b = sg_block_of(s, r->profile);

		/* a rule joined into another's line is that line */
		if (r->fail || r->head || !b || b->fail || strcmp(b->file, file))
			continue;
		ed = realloc(ed, (ne + 1) * sizeof(*ed));
		if (!ed)
			exit(EXIT_USAGE);
		ed[ne++] = place(b, r, &l);
	}
	qsort(ed, ne, sizeof(*ed), cmp_edit);
	if (mkdirs(out) || !(f = fopen(out, "w"))) {
		free(ed);
		free_lines(&l);
		return -1;
	}
	for (j = 1; j <= l.n; j++) {
		bool replaced = false;

		for (; k < ne && ed[k].line == j && ed[k].replace; k++) {
			if (!replaced)
				fprintf(f, "%s%s\n", ed[k].indent, ed[k].text);
			replaced = true;
		}
		if (!replaced)
			fprintf(f, "%s\n", l.v[j - 1]);
		for (; k < ne && ed[k].line == j; k++)
			fprintf(f, "%s%s\n", ed[k].indent, ed[k].text);
	}
	free(ed);
	free_lines(&l);
	return fclose(f) ? -1 : 0;
}

/* Each file once: true when block i is the first of its file. */
static bool first_of_file(const struct suggest *s, size_t i)
{
	size_t j;

	if (!s->blocks[i].file || s->blocks[i].fail)
		return false;
	for (j = 0; j < i; j++)
		if (s->blocks[j].file && !s->blocks[j].fail &&
		    !strcmp(s->blocks[j].file, s->blocks[i].file))
			return false;
	return true;
}

int sg_write_amended(struct suggest *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->nblocks; i++) {
		char out[8400];

		if (!first_of_file(s, i))
			continue;
		snprintf(out, sizeof(out), "%s/%s", dir, s->blocks[i].rel);
		if (write_file(s, s->blocks[i].file, out)) {
			fprintf(stderr, "aamed suggest: cannot write %s: %s\n",
				out, strerror(errno));
			return -1;
		}
	}
	return 0;
}

int sg_print_patch(struct suggest *s, const char *dir, FILE *f)
{
	size_t i;

	fflush(f);
	for (i = 0; i < s->nblocks; i++) {
		char out[8400], la[4200], lb[4200];
		const char *argv[] = { "diff", "-u", "--label", la, "--label",
				       lb, s->blocks[i].file, out, NULL };
		int st;

		if (!first_of_file(s, i))
			continue;
		snprintf(out, sizeof(out), "%s/%s", dir, s->blocks[i].rel);
		snprintf(la, sizeof(la), "a/%s", s->blocks[i].rel);
		snprintf(lb, sizeof(lb), "b/%s", s->blocks[i].rel);
		st = compile_run_parser("diff", argv, fileno(f), false);
		if (st != 0 && st != 1) {
			fprintf(stderr, "aamed suggest: diff -u of %s failed\n",
				s->blocks[i].rel);
			return -1;
		}
	}
	return 0;
}

int sg_deny_rules(struct suggest *s, const struct sg_rule *r, char *buf,
		  size_t len)
{
	const struct sg_block *b = sg_block_of(s, r->profile);
	char want[64], kind[64], line[4096];
	struct lines l;
	size_t o = 0;
	int i, n = 0;

	buf[0] = 0;
	if (!b || b->fail || read_lines(b->file, &l))
		return 0;
	rule_kind(r->r.text[0], want, sizeof(want));
	for (i = b->open; i < b->close - 1 && i < l.n; i++) {
		char *c = clean(l.v[i], line, sizeof(line));

		if (strncmp(c, "deny ", 5) && strncmp(c, "audit deny ", 11))
			continue;
		rule_kind(c, kind, sizeof(kind));
		if (strcmp(kind, want) || o >= len - 1)
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s:%d: %s",
				      n ? "; " : "", b->rel, i + 1, c);
		n++;
	}
	free_lines(&l);
	return n;
}
