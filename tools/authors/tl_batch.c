// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Profiles of the tools' own, from many sources, compiled once each
 * (tl_batch.h). A profile file of apparmor.d includes a dozen
 * abstractions; compiling every rule of every file alone made
 * apparmor_parser compile abstractions/base's rules once per file, a
 * thousand times over a corpus. A body (the rules inside one profile of
 * ours) compiles to the same DFA wherever it comes from as long as its
 * text, the values of the variables it names and the abi and alias lines
 * above it are the same: that triple is its key, and each distinct key
 * is compiled once.
 *
 * Variables differ per source (@{exec_path} is each file's own), so the
 * batch cannot keep their names: every variable a body names is renamed
 * after its value ("@{aamed_vN}", N one per distinct list of values, the
 * values themselves renamed the same way), and the batch's file defines
 * those. A source whose preamble is not plain "@{v}=" / "@{v}+=" / abi /
 * alias lines, or a body naming a variable its source does not define
 * (a parser built-in such as @{profile_name} that could not be bound),
 * is not shared: the caller compiles it the old way, per source.
 *
 * A batch the parser refuses is split in halves until each body that
 * fails alone is found; those bodies have no profile, as when compiled
 * alone.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tl_batch.h"

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return q;
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = xrealloc(NULL, n + 1);

	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

/* ------------------------------------------------------------------ */
/* A growable string. */
struct buf {
	char *s;
	size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

/* ------------------------------------------------------------------ */
/* Strings to indexes: open addressing, FNV-1a. */
struct strtab {
	char **key;
	size_t *val;
	size_t cap, n;
};

static uint64_t fnv(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static size_t *st_slot(struct strtab *t, const char *k, bool add)
{
	size_t i;

	if (add && (t->n + 1) * 2 > t->cap) {
		struct strtab nt = { 0 };

		nt.cap = t->cap ? t->cap * 2 : 64;
		nt.key = calloc(nt.cap, sizeof(*nt.key));
		nt.val = calloc(nt.cap, sizeof(*nt.val));
		if (!nt.key || !nt.val) {
			fputs("aamed: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		for (i = 0; i < t->cap; i++)
			if (t->key[i]) {
				size_t j = fnv(t->key[i]) & (nt.cap - 1);

				while (nt.key[j])
					j = (j + 1) & (nt.cap - 1);
				nt.key[j] = t->key[i];
				nt.val[j] = t->val[i];
			}
		nt.n = t->n;
		free(t->key);
		free(t->val);
		*t = nt;
	}
	if (!t->cap)
		return NULL;
	for (i = fnv(k) & (t->cap - 1); t->key[i]; i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->key[i], k))
			return &t->val[i];
	if (!add)
		return NULL;
	t->key[i] = xstrndup(k, strlen(k));
	t->n++;
	t->val[i] = (size_t)-1;
	return &t->val[i];
}

static void st_free(struct strtab *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++)
		free(t->key[i]);
	free(t->key);
	free(t->val);
	memset(t, 0, sizeof(*t));
}

/* ------------------------------------------------------------------ */
/* A set of indexes (variables a body needs). */
struct idset {
	size_t *v;
	size_t n;
};

static void ids_add(struct idset *s, size_t id)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i] == id)
			return;
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = id;
}

/* A variable of the batch: its definition lines after the name
 * ("=VALUES\n+=VALUES\n"), the variables they name. */
struct bvar {
	char *def;
	struct idset deps;
};

/* A body of the batch. */
struct body {
	char *text;		/* renamed */
	size_t group;
	struct idset deps;
	const aamed_profile *prof;
	bool done;		/* compiled, or found to fail alone */
};

/* A source's preamble, read once. */
struct svar {
	char *name;
	char **lines;		/* "=VALUES" / "+=VALUES", as written */
	size_t nlines;
	size_t gid;		/* the batch variable, or -1 */
	bool busy;		/* being renamed: a cycle */
};
struct sinfo {
	const struct tl_source *src;
	bool bad;		/* not shareable */
	size_t group;
	struct svar *v;
	size_t nv;
	struct strtab names;	/* name -> index in v */
};

struct tl_batch {
	struct strtab groups;	/* abi and alias lines -> group */
	char **gtext;
	size_t ngroups;
	struct strtab vars;	/* definition -> index in var */
	struct bvar *var;
	size_t nvars;
	struct strtab bodies;	/* "GROUP\nTEXT" -> index in body */
	struct body *body;
	size_t nbodies;
	struct sinfo *si;
	size_t nsi;
	size_t unique;		/* bodies never shared */
	size_t runs;		/* apparmor_parser runs */
	aamed_policy *policy;
	size_t refs;
};

struct tl_batch *tl_batch_new(enum aamed_kernel k)
{
	struct tl_batch *b = calloc(1, sizeof(*b));

	if (!b || !(b->policy = aamed_policy_new())) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	aamed_policy_set_kernel(b->policy, k);
	b->refs = 1;
	return b;
}

static void si_free(struct sinfo *si)
{
	size_t i, j;

	for (i = 0; i < si->nv; i++) {
		free(si->v[i].name);
		for (j = 0; j < si->v[i].nlines; j++)
			free(si->v[i].lines[j]);
		free(si->v[i].lines);
	}
	free(si->v);
	st_free(&si->names);
}

void tl_batch_unref(struct tl_batch *b)
{
	size_t i;

	if (!b || --b->refs)
		return;
	st_free(&b->groups);
	for (i = 0; i < b->ngroups; i++)
		free(b->gtext[i]);
	free(b->gtext);
	st_free(&b->vars);
	for (i = 0; i < b->nvars; i++) {
		free(b->var[i].def);
		free(b->var[i].deps.v);
	}
	free(b->var);
	st_free(&b->bodies);
	for (i = 0; i < b->nbodies; i++) {
		free(b->body[i].text);
		free(b->body[i].deps.v);
	}
	free(b->body);
	for (i = 0; i < b->nsi; i++)
		si_free(&b->si[i]);
	free(b->si);
	aamed_policy_free(b->policy);
	free(b);
}

void tl_batch_ref(struct tl_batch *b)
{
	b->refs++;
}

aamed_policy *tl_batch_policy(const struct tl_batch *b)
{
	return b->policy;
}

/* ------------------------------------------------------------------ */
/* Reading a source's preamble. */

static bool var_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* "@{name}" at p: the name's length, 0 when p holds no reference. */
static size_t ref_len(const char *p)
{
	size_t n = 0;

	if (p[0] != '@' || p[1] != '{')
		return 0;
	while (var_char(p[2 + n]))
		n++;
	return n && p[2 + n] == '}' ? n : 0;
}

/* One "@{v}=..." / "@{v}+=..." line into si; false when it is none. */
static bool add_def(struct sinfo *si, const char *line)
{
	size_t n = ref_len(line), *slot;
	const char *p = line + n + 3;
	struct svar *v;
	bool append;
	char name[256];

	if (!n || n >= sizeof(name))
		return false;
	memcpy(name, line + 2, n);
	name[n] = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	append = *p == '+';
	if (append)
		p++;
	if (*p != '=')
		return false;
	slot = st_slot(&si->names, name, true);
	if (*slot == (size_t)-1) {
		if (append)
			return false;	/* += before =: left to the parser, apart */
		si->v = xrealloc(si->v, (si->nv + 1) * sizeof(*si->v));
		v = &si->v[si->nv];
		memset(v, 0, sizeof(*v));
		v->name = xstrndup(name, n);
		v->gid = (size_t)-1;
		*slot = si->nv++;
	} else if (!append) {
		return false;		/* a second "=": a redefinition */
	}
	v = &si->v[*slot];
	v->lines = xrealloc(v->lines, (v->nlines + 1) * sizeof(*v->lines));
	{
		struct buf l = { 0 };

		puts_(&l, append ? "+=" : "=");
		puts_(&l, p + 1);
		v->lines[v->nlines++] = l.s;
	}
	return true;
}

static size_t intern_group(struct tl_batch *b, const char *text)
{
	size_t *slot = st_slot(&b->groups, text, true);

	if (*slot == (size_t)-1) {
		b->gtext = xrealloc(b->gtext, (b->ngroups + 1) * sizeof(*b->gtext));
		b->gtext[b->ngroups] = xstrndup(text, strlen(text));
		*slot = b->ngroups++;
	}
	return *slot;
}

static struct sinfo *source_info(struct tl_batch *b, const struct tl_source *s)
{
	struct buf group = { 0 };
	struct sinfo *si;
	const char *p, *e;
	size_t i;

	for (i = 0; i < b->nsi; i++)
		if (b->si[i].src == s)
			return &b->si[i];
	b->si = xrealloc(b->si, (b->nsi + 1) * sizeof(*b->si));
	si = &b->si[b->nsi++];
	memset(si, 0, sizeof(*si));
	si->src = s;
	puts_(&group, "");
	for (p = s->preamble ? s->preamble : ""; *p; p = *e ? e + 1 : e) {
		char *line;

		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		line = xstrndup(p, (size_t)(e - p));
		if (!strncmp(line, "abi", 3) || !strncmp(line, "alias", 5)) {
			puts_(&group, line);
			puts_(&group, "\n");
		} else if (!add_def(si, line)) {
			if (getenv("AAMED_SOURCE_STATS") && !si->bad)
				fprintf(stderr, "aamed: --source: not shared: %s\n",
					line);
			si->bad = true;
		}
		free(line);
	}
	si->group = intern_group(b, group.s);
	free(group.s);
	return si;
}

/* ------------------------------------------------------------------ */
/* Renaming. */

static size_t var_gid(struct tl_batch *b, struct sinfo *si, size_t i,
		      int depth);

/* text with each variable renamed into out, their ids into deps; false
 * for a variable si does not define (or a cycle). */
static bool rename_text(struct tl_batch *b, struct sinfo *si, const char *text,
			int depth, struct buf *out, struct idset *deps)
{
	const char *p = text;

	while (*p) {
		const char *at = strstr(p, "@{");
		size_t n, *slot, gid;
		char name[256], ref[48];

		if (!at) {
			puts_(out, p);
			break;
		}
		put(out, p, (size_t)(at - p));
		n = ref_len(at);
		if (!n || n >= sizeof(name))
			return false;
		memcpy(name, at + 2, n);
		name[n] = 0;
		slot = st_slot(&si->names, name, false);
		if (!slot || *slot == (size_t)-1)
			return false;
		gid = var_gid(b, si, *slot, depth + 1);
		if (gid == (size_t)-1)
			return false;
		snprintf(ref, sizeof(ref), "@{aamed_v%zu}", gid);
		puts_(out, ref);
		ids_add(deps, gid);
		p = at + n + 3;
	}
	return true;
}

static size_t var_gid(struct tl_batch *b, struct sinfo *si, size_t i,
		      int depth)
{
	struct svar *v = &si->v[i];
	struct buf def = { 0 };
	struct idset deps = { 0 };
	size_t j, *slot;
	bool ok = true;

	if (v->gid != (size_t)-1)
		return v->gid;
	if (v->busy || depth > 64)
		return (size_t)-1;
	v->busy = true;
	puts_(&def, "");
	for (j = 0; ok && j < v->nlines; j++) {
		ok = rename_text(b, si, v->lines[j], depth, &def, &deps);
		puts_(&def, "\n");
	}
	v->busy = false;
	if (!ok) {
		free(def.s);
		free(deps.v);
		return (size_t)-1;
	}
	slot = st_slot(&b->vars, def.s, true);
	if (*slot == (size_t)-1) {
		b->var = xrealloc(b->var, (b->nvars + 1) * sizeof(*b->var));
		b->var[b->nvars].def = def.s;
		b->var[b->nvars].deps = deps;
		*slot = b->nvars++;
	} else {
		free(def.s);
		free(deps.v);
	}
	return v->gid = *slot;
}

/* ------------------------------------------------------------------ */
size_t tl_batch_add(struct tl_batch *b, const struct tl_source *s,
		    const char *text, bool unique)
{
	struct sinfo *si = source_info(b, s);
	struct buf key = { 0 }, out = { 0 };
	struct idset deps = { 0 };
	size_t *slot;
	char head[64];

	if (si->bad)
		return (size_t)-1;
	puts_(&out, "");
	if (!rename_text(b, si, text, 0, &out, &deps)) {
		if (getenv("AAMED_SOURCE_STATS"))
			fprintf(stderr, "aamed: --source: not shared: %s", text);
		free(out.s);
		free(deps.v);
		return (size_t)-1;
	}
	/* a body whose profile's own name is in its DFA (a cx rule's
	 * target is "PROFILE//child") keeps a profile of its own */
	if (unique)
		snprintf(head, sizeof(head), "%zu\n#%zu\n", si->group, ++b->unique);
	else
		snprintf(head, sizeof(head), "%zu\n", si->group);
	puts_(&key, head);
	puts_(&key, out.s);
	slot = st_slot(&b->bodies, key.s, true);
	free(key.s);
	if (*slot != (size_t)-1) {
		free(out.s);
		free(deps.v);
		return *slot;
	}
	b->body = xrealloc(b->body, (b->nbodies + 1) * sizeof(*b->body));
	memset(&b->body[b->nbodies], 0, sizeof(*b->body));
	b->body[b->nbodies].text = out.s;
	b->body[b->nbodies].group = si->group;
	b->body[b->nbodies].deps = deps;
	*slot = b->nbodies;
	return b->nbodies++;
}

size_t tl_batch_count(const struct tl_batch *b)
{
	return b->nbodies;
}

size_t tl_batch_runs(const struct tl_batch *b)
{
	return b->runs;
}

const aamed_profile *tl_batch_profile(const struct tl_batch *b, size_t id)
{
	return id < b->nbodies ? b->body[id].prof : NULL;
}

/* ------------------------------------------------------------------ */
/* Compiling. */

struct cjob {
	struct tl_batch *b;
	const char *dir;
	const char *features;
	const char *const *incdirs;
	int nincs;
	bool *need;		/* per variable: defined in this file */
	int failed_load;	/* a blob aamed refused */
};

static void need_var(struct cjob *j, size_t id)
{
	size_t k;

	if (j->need[id])
		return;
	j->need[id] = true;
	for (k = 0; k < j->b->var[id].deps.n; k++)
		need_var(j, j->b->var[id].deps.v[k]);
}

static int write_file(struct cjob *j, const char *path, size_t group,
		      const size_t *ids, size_t n)
{
	struct tl_batch *b = j->b;
	FILE *f = fopen(path, "w");
	size_t i, k;

	if (!f)
		return -1;
	memset(j->need, 0, (b->nvars ? b->nvars : 1) * sizeof(*j->need));
	for (i = 0; i < n; i++)
		for (k = 0; k < b->body[ids[i]].deps.n; k++)
			need_var(j, b->body[ids[i]].deps.v[k]);
	fputs(b->gtext[group], f);
	for (i = 0; i < b->nvars; i++) {
		const char *d = b->var[i].def, *e;

		if (!j->need[i])
			continue;
		for (; *d; d = e + 1) {
			e = strchr(d, '\n');
			fprintf(f, "@{aamed_v%zu}%.*s\n", i, (int)(e - d), d);
		}
	}
	for (i = 0; i < n; i++)
		fprintf(f, "profile __aamed_b%zu {\n%s}\n", ids[i],
			b->body[ids[i]].text);
	return fclose(f) ? -1 : 0;
}

/* Compile bodies ids[0..n) of group; halves of a batch that fails. */
static void compile_ids(struct cjob *j, size_t group, size_t *ids, size_t n)
{
	char src[4200], bin[4200];
	struct aamed_error err;
	size_t i;
	int rc;

	if (!n)
		return;
	snprintf(src, sizeof(src), "%s/batch", j->dir);
	snprintf(bin, sizeof(bin), "%s/batch.bin", j->dir);
	j->b->runs++;
	rc = write_file(j, src, group, ids, n) ||
	     tl_compile(src, bin, j->features, j->incdirs, j->nincs, true);
	if (!rc && aamed_policy_load_path(j->b->policy, bin, &err)) {
		char msg[1024];

		fprintf(stderr, "aamed: rule profiles: %s\n",
			aamed_error_str(&err, msg, sizeof(msg)));
		j->failed_load = 1;
	}
	unlink(src);
	unlink(bin);
	if (!rc) {
		for (i = 0; i < n; i++)
			j->b->body[ids[i]].done = true;
		return;
	}
	if (n == 1) {
		j->b->body[ids[0]].done = true;	/* fails alone */
		return;
	}
	compile_ids(j, group, ids, n / 2);
	compile_ids(j, group, ids + n / 2, n - n / 2);
}

/* The profiles the batch holds, by the id in their names. */
static void map_profiles(struct tl_batch *b)
{
	size_t i, n = aamed_policy_profile_count(b->policy);

	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_policy_profile(b->policy, i);
		struct aamed_profile_info info = { .size = sizeof(info) };
		char *end;
		unsigned long long id;

		if (aamed_profile_info(p, &info) ||
		    strncmp(info.name, "__aamed_b", 9) || !isdigit((unsigned char)info.name[9]))
			continue;
		id = strtoull(info.name + 9, &end, 10);
		if (*end || id >= b->nbodies)
			continue;	/* a child ("__aamed_bN//x") */
		b->body[id].prof = p;
	}
}

int tl_batch_compile(struct tl_batch *b, const char *features,
		     const char *const *incdirs, int nincs)
{
	struct cjob j = { b, NULL, features, incdirs, nincs, NULL, 0 };
	size_t *ids = xrealloc(NULL, (b->nbodies ? b->nbodies : 1) * sizeof(*ids));
	char dir[4096];
	size_t g, i, n;

	if (tl_mktmp(dir, sizeof(dir))) {
		free(ids);
		return -1;
	}
	j.dir = dir;
	j.need = calloc(b->nvars ? b->nvars : 1, sizeof(*j.need));
	if (!j.need) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	for (g = 0; g < b->ngroups && !j.failed_load; g++) {
		for (i = n = 0; i < b->nbodies; i++)
			if (!b->body[i].done && b->body[i].group == g)
				ids[n++] = i;
		compile_ids(&j, g, ids, n);
	}
	tl_rmtmp(dir);
	free(j.need);
	free(ids);
	if (j.failed_load)
		return -1;
	map_profiles(b);
	return 0;
}
