// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: how the profile's own sources write things. When
 * several variables in scope match a part of a path (a number is a
 * @{pid}, a @{uid}, an @{int}...), the one to write is the one the
 * profile and what it includes already write at that place: apparmor.d
 * writes @{PROC}/@{pid}/ and @{run}/user/@{uid}/, its own aa-log spells
 * records the same way. So the text of the profile's file and of every
 * file it includes (abstractions, tunables; at any depth, in or outside
 * a block) is gathered once per block, comments dropped, and counted.
 *
 * A definition line ("@{X} = VALUES") contributes its values only, on a
 * line that starts with '=': a variable defined is not a variable used,
 * and a variable named in another's values is not one a rule writes.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suggest_ctx.h"
#include "tl.h"

#define CTX_MAX_FILES 400
#define CTX_MAX_BYTES (8u << 20)

struct gather {
	struct suggest *s;
	struct sg_ctx *c;
	char (*seen)[512];	/* the files read, each once */
	int nseen, depth;
};

int sg_include_resolve(const struct suggest *s, const char *spec, char *out,
		       size_t len)
{
	char name[512];
	struct stat sb;
	int i;

	if (spec[0] == '"') {
		snprintf(name, sizeof(name), "%s", spec + 1);
		name[strcspn(name, "\"")] = 0;
		snprintf(out, len, "%s", name);
		return stat(out, &sb) ? -1 : 0;
	}
	if (spec[0] != '<')
		return -1;
	snprintf(name, sizeof(name), "%s", spec + 1);
	name[strcspn(name, ">")] = 0;
	/* the tree under --source first, then -I, then the system's */
	for (i = -1; i <= s->ni; i++) {
		const char *dir = i < 0 ? s->source :
				  i < s->ni ? s->incs[i] : "/etc/apparmor.d";

		snprintf(out, len, "%s/%s", dir, name);
		if (!stat(out, &sb))
			return 0;
	}
	return -1;
}

const char *sg_include_arg(char *line)
{
	if (!strncmp(line, "#include", 8))
		line += 8;
	else if (!strncmp(line, "include", 7))
		line += 7;
	else
		return NULL;
	line = tl_trim(line);
	if (!strncmp(line, "if exists", 9))
		line = tl_trim(line + 9);
	return *line == '<' || *line == '"' ? line : NULL;
}

static void append(struct sg_ctx *c, const char *t)
{
	size_t n = strlen(t);
	char *nt;

	if (c->len + n + 2 > CTX_MAX_BYTES)
		return;
	if (c->len + n + 2 > c->cap) {
		size_t cap = (c->cap + n + 2) * 2;

		nt = realloc(c->text, cap);
		if (!nt)
			return;
		c->text = nt;
		c->cap = cap;
	}
	memcpy(c->text + c->len, t, n);
	c->len += n;
	c->text[c->len++] = '\n';
	c->text[c->len] = 0;
}

static void gather_file(struct gather *g, const char *path);

int sg_include_each(const struct suggest *s, const char *spec,
		    void (*fn)(void *arg, const char *file), void *arg)
{
	char path[4700];
	struct stat sb;
	struct dirent *e;
	DIR *d;

	if (sg_include_resolve(s, spec, path, sizeof(path)) || stat(path, &sb))
		return -1;
	if (!S_ISDIR(sb.st_mode)) {
		fn(arg, path);
		return 0;
	}
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char f[5000];

		if (e->d_name[0] == '.')
			continue;
		snprintf(f, sizeof(f), "%s/%s", path, e->d_name);
		fn(arg, f);
	}
	if (d)
		closedir(d);
	return 0;
}

static void gather_one(void *arg, const char *file)
{
	gather_file(arg, file);
}

static void gather_include(struct gather *g, const char *spec)
{
	if (g->depth <= 12)
		sg_include_each(g->s, spec, gather_one, g);
}

/* One line, its comment gone: an include followed, a definition's values
 * kept, anything else kept as it is. */
static void gather_line(struct gather *g, char *line)
{
	char *t, *h, *eq;
	const char *spec;
	bool q = false;

	for (h = line; *h; h++) {
		if (*h == '"')
			q = !q;
		else if (*h == '#' && !q && strncmp(h, "#include", 8)) {
			*h = 0;
			break;
		}
	}
	t = tl_trim(line);
	if (!*t)
		return;
	if ((spec = sg_include_arg(t))) {
		gather_include(g, spec);
		return;
	}
	if (!strncmp(t, "@{", 2) && (eq = strchr(t, '=')) &&
	    strchr(t, '}') && strchr(t, '}') < eq) {
		append(g->c, eq);	/* "= VALUES" */
		return;
	}
	append(g->c, t);
}

static void gather_file(struct gather *g, const char *path)
{
	char line[4096];
	FILE *f;
	int i;

	for (i = 0; i < g->nseen; i++)
		if (!strcmp(g->seen[i], path))
			return;
	if (g->nseen >= CTX_MAX_FILES || !(f = fopen(path, "r")))
		return;
	snprintf(g->seen[g->nseen++], sizeof(g->seen[0]), "%s", path);
	g->depth++;
	while (fgets(line, sizeof(line), f))
		gather_line(g, line);
	g->depth--;
	fclose(f);
}

void sg_ctx_load(struct suggest *s, const char *file, struct sg_ctx *c)
{
	struct gather g = { .s = s, .c = c };

	memset(c, 0, sizeof(*c));
	g.seen = calloc(CTX_MAX_FILES, sizeof(*g.seen));
	if (!g.seen)
		return;
	gather_file(&g, file);
	free(g.seen);
}

void sg_ctx_free(struct sg_ctx *c)
{
	free(c->text);
	memset(c, 0, sizeof(*c));
}

long sg_ctx_count_rules(const struct sg_ctx *c, const char *needle)
{
	const char *p, *bol;
	size_t n = strlen(needle);
	long k = 0;

	if (!c->text || !n)
		return 0;
	for (p = c->text; (p = strstr(p, needle)); p += n) {
		for (bol = p; bol > c->text && bol[-1] != '\n'; bol--)
			;
		k += *bol != '=';
	}
	return k;
}

long sg_ctx_count(const struct sg_ctx *c, const char *needle)
{
	const char *p;
	size_t n = strlen(needle);
	long k = 0;

	if (!c->text || !n)
		return 0;
	for (p = c->text; (p = strstr(p, needle)); p += n)
		k++;
	return k;
}
