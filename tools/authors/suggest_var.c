// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: the paths of file and exec rules spelled the way
 * maintainers write them, with the variables in scope of the profile's
 * source: those its file defines and those of the files it includes
 * outside any block (tunables/global and what that includes, the
 * tunables of the tree under --source first), not a fixed list.
 *
 * Which variable matches which part of a path is the real parser's
 * answer, not a glob matcher of aamed's own: every variable becomes a
 * one-rule profile ("profile __aamed_vN { @{NAME} r, }", or
 * "/@{NAME} r," for a variable of path components such as @{pid}),
 * all compiled in one apparmor_parser run with the profile file's
 * includes, and a prefix (or a component) of a path is the variable's
 * when that profile allows reading it. A variable that matches a
 * made-up name is too broad to say anything and is not used.
 *
 * The longest prefix one variable matches is replaced (@{HOME}/.cache
 * loses to @{user_cache_dirs}), then each component that is a number
 * and that a component variable matches (a pid, a uid: a name is kept,
 * though variables of any word of its length, @{rand6}, match it). The proof then judges the rule as written, and
 * what it allows beyond the exact path is in the diff.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suggest_ctx.h"
#include "tl.h"

#define MAX_VARS 512
#define MAX_INCS 64

struct vars {
	struct sg_var v[MAX_VARS];
	char *value[MAX_VARS];	/* the first definition's values */
	int n;
	char incs[MAX_INCS][512];	/* the profile file's top includes */
	int ni;
	char defs[8192];	/* the file's own top-level definitions */
	size_t ndefs;
	int depth;		/* of includes followed */
};

static void strip_comment(char *s)
{
	bool q = false;

	for (; *s; s++) {
		if (*s == '"')
			q = !q;
		else if (*s == '#' && !q && strncmp(s, "#include", 8)) {
			*s = 0;
			return;
		}
	}
}

static int var_index(struct vars *v, const char *name)
{
	int i;

	for (i = 0; i < v->n; i++)
		if (!strcmp(v->v[i].name, name))
			return i;
	return -1;
}

/* "@{NAME} = VALUES" or "+=": the variable noted (its first values). */
static void definition(struct vars *v, char *line)
{
	char *e = strchr(line, '}'), *val;
	char name[128];

	if (strncmp(line, "@{", 2) || !e || (size_t)(e - line - 2) >= sizeof(name))
		return;
	snprintf(name, sizeof(name), "%.*s", (int)(e - line - 2), line + 2);
	val = tl_trim(e + 1);
	if (*val == '+')
		val++;
	if (*val != '=')
		return;
	val = tl_trim(val + 1);
	if (var_index(v, name) >= 0 || v->n >= MAX_VARS)
		return;
	snprintf(v->v[v->n].name, sizeof(v->v[0].name), "%s", name);
	v->value[v->n] = sg_strdup(val);
	v->n++;
}

static void read_defs(struct suggest *s, struct vars *v, const char *path);

/* A line (comment stripped, trimmed) opens a block when it ends with
 * "{" and closes one when it starts with "}": the braces of alternations
 * ("/usr/{bin,sbin}/x {") are no blocks. */
static int block_delta(const char *t)
{
	size_t n = strlen(t);

	return (n && t[n - 1] == '{') - (t[0] == '}');
}

struct follow_arg {
	struct suggest *s;
	struct vars *v;
};

static void follow_one(void *arg, const char *file)
{
	struct follow_arg *a = arg;

	read_defs(a->s, a->v, file);
}

/* include <X> (the search path), "X" (as it is); a directory: its files */
static void follow(struct suggest *s, struct vars *v, const char *spec)
{
	struct follow_arg a = { s, v };

	if (v->depth > 16)
		return;
	v->depth++;
	sg_include_each(s, spec, follow_one, &a);
	v->depth--;
}

/*
 * Calls fn with each line of path outside any block, comment stripped
 * and trimmed: the top level, where definitions and includes live. An
 * unreadable file has no lines.
 */
static void top_lines(const char *path, void (*fn)(char *t, void *arg),
		      void *arg)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int depth = 0;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *t;

		strip_comment(line);
		t = tl_trim(line);
		if (depth == 0)
			fn(t, arg);
		depth += block_delta(t);
		if (depth < 0)
			depth = 0;
	}
	fclose(f);
}

struct defs_arg {
	struct suggest *s;
	struct vars *v;
};

static void defs_line(char *t, void *arg)
{
	struct defs_arg *a = arg;
	const char *spec = sg_include_arg(t);

	if (spec)
		follow(a->s, a->v, spec);
	else
		definition(a->v, t);
}

/* The definitions and includes of a file outside any block. */
static void read_defs(struct suggest *s, struct vars *v, const char *path)
{
	struct defs_arg a = { s, v };

	top_lines(path, defs_line, &a);
}

/* Whether variable i's first value is a path (recursively). */
static bool absolute(struct vars *v, int i, int depth)
{
	const char *val = v->value[i];
	char name[128];
	int j;

	if (*val == '"')
		val++;
	if (*val == '{' || *val == '/')
		return *val == '/' || val[1] == '/';
	if (strncmp(val, "@{", 2) || depth > 8 || !strchr(val, '}'))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)(strchr(val, '}') - val - 2),
		 val + 2);
	j = var_index(v, name);
	return j >= 0 && absolute(v, j, depth + 1);
}

static void scope_line(char *t, void *arg)
{
	struct vars *v = arg;
	const char *spec = sg_include_arg(t);

	if (spec && v->ni < MAX_INCS)
		snprintf(v->incs[v->ni++], sizeof(v->incs[0]), "%s", spec);
	else if (!spec && !strncmp(t, "@{", 2) && strchr(t, '=') &&
		 v->ndefs + strlen(t) + 2 < sizeof(v->defs))
		v->ndefs += (size_t)snprintf(v->defs + v->ndefs,
					     sizeof(v->defs) - v->ndefs,
					     "%s\n", t);
}

/* The top includes of the profile's file, and its own definitions. */
static void file_scope(struct vars *v, const char *path)
{
	top_lines(path, scope_line, v);
}

/* ------------------------------------------------------------------ */
/* The probe: one profile per usable variable, compiled and loaded. */
static aamed_policy *probe(struct suggest *s, struct vars *v, int tag)
{
	char src[4300], blob[4300];
	FILE *f;
	int i;

	snprintf(src, sizeof(src), "%s/vars%d.sd", s->tmp, tag);
	snprintf(blob, sizeof(blob), "%s/vars%d.bin", s->tmp, tag);
	f = fopen(src, "w");
	if (!f)
		return NULL;
	for (i = 0; i < v->ni; i++)
		fprintf(f, "include %s\n", v->incs[i]);
	fputs(v->defs, f);
	for (i = 0; i < v->n; i++) {
		if (!*v->value[i])
			continue;
		fprintf(f, "profile __aamed_v%d { %s@{%s} r, }\n", i,
			v->v[i].absolute ? "" : "/", v->v[i].name);
	}
	if (fclose(f))
		return NULL;
	return sg_probe(s, src, blob);
}

/* Whether variable i's probe profile allows reading path. */
static bool matches(aamed_policy *p, int i, const char *path)
{
	char name[64];
	const aamed_label *l;
	struct aamed_file_req r = { .size = sizeof(r), .path = path,
				    .request = AAMED_MAY_READ,
				    .op = AAMED_OP_OPEN };
	int err = 0;

	snprintf(name, sizeof(name), "__aamed_v%d", i);
	l = aamed_label_get(p, name, &err);
	return l && aamed_file_perm(l, &r, NULL, NULL) == 0;
}

/* Too broad: it matches a name no tunable means. */
static bool broad(aamed_policy *p, int i)
{
	return matches(p, i, "/zq9aamed") || matches(p, i, "/zq9aamed/");
}

/* What spell() consults: the probe, the variables, the scope's text. */
struct speller {
	aamed_policy *p;
	struct vars *v;
	const struct sg_ctx *ctx;
};

/* The name of variable name without the suffix that says it is a list
 * of paths or names ("sh_path" "sh", "shells_path" "shell"). */
static void stem_of(const char *name, char *out, size_t len)
{
	static const char *const suffix[] = { "_paths", "_path", "_names",
					       "_name", NULL };
	size_t n = strlen(name), k;
	int i;

	snprintf(out, len, "%s", name);
	for (i = 0; suffix[i]; i++) {
		k = strlen(suffix[i]);
		if (n > k && !strcmp(name + n - k, suffix[i])) {
			out[n - k] = 0;
			break;
		}
	}
	n = strlen(out);
	if (n > 3 && out[n - 1] == 's')
		out[n - 1] = 0;
}

/*
 * Whether a variable that matches the whole path names that program's
 * family: its name and the program's share the family's name (sh_path
 * for dash, python_path for python3.11, firefox_path for firefox). A
 * list of unrelated programs (archive_path for bzip2, coreutils_path
 * for chmod) does not: maintainers write @{bin}/bzip2 there, and the
 * list would let the profile run every archiver.
 */
static bool names_program(const char *var, const char *path)
{
	const char *base = strrchr(path, '/');
	char stem[128], core[1100];
	size_t n;

	base = base ? base + 1 : path;
	stem_of(var, stem, sizeof(stem));
	snprintf(core, sizeof(core), "%s", base);
	for (n = strlen(core); n && strchr("0123456789.-_", core[n - 1]); n--)
		core[n - 1] = 0;
	return (strlen(stem) >= 2 && strstr(base, stem)) ||
	       (strlen(core) >= 3 && strstr(stem, core));
}

/* Whether the scope's rules write @{name} (a definition is no use). */
static bool used(const struct speller *sp, const char *name)
{
	char needle[160];

	snprintf(needle, sizeof(needle), "@{%s}", name);
	return sg_ctx_count_rules(sp->ctx, needle) > 0;
}

/*
 * Whether variable i may stand for path's first k bytes. A variable
 * that takes the last component too (the whole path of a file: a list
 * of programs) only when it names the program's family or the profile's
 * scope already writes it; else a shorter prefix (@{bin}) is spelled
 * and the name kept.
 */
static bool may_replace(const struct speller *sp, int i, const char *path,
			size_t k)
{
	size_t n = strlen(path);

	if (k < n || path[n - 1] == '/')
		return true;
	return names_program(sp->v->v[i].name, path) ||
	       used(sp, sp->v->v[i].name);
}

/* How many of a set of numbers and words variable i matches as a path
 * component: the fewer, the narrower (@{pid} before @{int}, @{udbus}). */
static int breadth(const struct speller *sp, int i)
{
	static const char *const sample[] = {
		"/0", "/1", "/7", "/42", "/1000", "/65535", "/4194304",
		"/99999999", "/4294967295", "/123456789012", "/a", "/ff",
		"/1f", "/x", NULL,
	};
	int k, n = 0;

	for (k = 0; sample[k]; k++)
		n += matches(sp->p, i, sample[k]);
	return n;
}

/* Whether variable i matches comp ("/N", N digits) with a digit more
 * and, N having two or more, one less. */
static bool varies(const struct speller *sp, int i, const char *comp)
{
	char t[1100];
	size_t n = strlen(comp);

	if (n + 2 > sizeof(t) || strspn(comp + 1, "0123456789") != n - 1)
		return true;
	snprintf(t, sizeof(t), "%s1", comp);
	if (!matches(sp->p, i, t))
		return false;
	if (n < 3)
		return true;
	snprintf(t, sizeof(t), "%.*s", (int)n - 1, comp);
	return matches(sp->p, i, t);
}

/*
 * The component variable for a number: of those matching comp ("/N"),
 * the one the scope's text writes after the same spelled prefix
 * ("@{PROC}/" then "@{pid}"), the longest prefix that has a use
 * deciding, down to the last "/" of pre; with no use at all, the
 * narrowest when narrowest is set, then the first defined. -1: none.
 */
static int pick_number(const struct speller *sp, const char *pre,
		       const char *comp, bool narrowest)
{
	int cand[MAX_VARS], nc = 0, i, best = -1;
	long cnt[MAX_VARS];
	int wide[MAX_VARS];
	size_t j, plen = strlen(pre);

	for (i = 0; i < sp->v->n; i++)
		if (!sp->v->v[i].absolute && *sp->v->value[i] &&
		    matches(sp->p, i, comp) && !broad(sp->p, i))
			cand[nc++] = i;
	if (!nc)
		return -1;
	for (i = 0; i < nc; i++)
		wide[i] = breadth(sp, cand[i]);
	for (j = 0; j < plen; j++) {
		long top = 0;

		if (j && pre[j] != '/')
			continue;
		for (i = 0; i < nc; i++) {
			char needle[1200];

			snprintf(needle, sizeof(needle), "%s@{%s}", pre + j,
				 sp->v->v[cand[i]].name);
			cnt[i] = sg_ctx_count(sp->ctx, needle);
			if (cnt[i] > top)
				top = cnt[i];
		}
		if (!top)
			continue;
		for (i = 0; i < nc; i++)
			if (cnt[i] == top && (best < 0 || wide[i] < wide[best]))
				best = i;
		return cand[best];
	}
	if (!narrowest)
		return -1;
	/* a number's variable lets it have a digit more or less (a pid of
	 * 1234 may be 12345): a fixed width (@{int4}) is narrow by chance */
	for (i = 0; i < nc; i++)
		if (varies(sp, cand[i], comp) &&
		    (best < 0 || wide[i] < wide[best]))
			best = i;
	for (i = 0; best < 0 && i < nc; i++)
		if (best < 0 || wide[i] < wide[best])
			best = i;
	return cand[best];
}

/* The length of a GUID at s (8-4-4-4-12 hex digits, '-' or '_'), 0. */
static size_t guid_at(const char *s)
{
	static const int group[] = { 8, 4, 4, 4, 12 };
	size_t o = 0;
	int g;

	for (g = 0; g < 5; g++) {
		size_t n = strspn(s + o, "0123456789abcdefABCDEF");

		if (n < (size_t)group[g])
			return 0;
		o += (size_t)group[g];
		if (g < 4 && s[o] != '-' && s[o] != '_')
			return 0;
		o += g < 4;
	}
	return o;
}

/*
 * The length of a variable part inside a name at c (c[0] after a
 * character that is no letter or digit): a GUID, or a number or a
 * version ("0", "1.2.3") that no letter or digit follows. *guid: it is
 * a GUID (whose variable needs no use to be chosen: it means one thing).
 */
static size_t part_at(const char *c, size_t left, bool *guid)
{
	size_t n = guid_at(c);

	*guid = n && n <= left;
	if (*guid)
		return n;
	n = strspn(c, "0123456789.");
	while (n && c[n - 1] == '.')
		n--;
	if (!n || n > left || !isdigit((unsigned char)c[0]))
		return 0;
	return n;
}

/*
 * Component comp (n bytes, not a plain number) appended to buf (o
 * bytes): its parts spelled with the variables the tunables define for
 * them (pipewire-@{int}-manager, db-@{uuid}), a number only where the
 * scope writes that variable after the same text, a GUID always;
 * else as it is. The variable of the last part spelled, or -1.
 */
static int spell_inner(const struct speller *sp, char *buf, size_t *o,
		       size_t len, const char *comp, size_t n)
{
	size_t k = 0;
	int last = -1;

	while (k < n && *o < len - 1) {
		bool guid = false;
		size_t m = 0;
		int hit = -1;

		if (k == 0 || !isalnum((unsigned char)comp[k - 1]))
			m = part_at(comp + k, n - k, &guid);
		if (m && (k + m == n || !isalnum((unsigned char)comp[k + m]))) {
			char part[256];

			snprintf(part, sizeof(part), "/%.*s", (int)m, comp + k);
			hit = pick_number(sp, buf, part, guid);
		}
		if (hit >= 0) {
			*o += (size_t)snprintf(buf + *o, len - *o, "@{%s}",
					       sp->v->v[hit].name);
			k += m;
			last = hit;
		} else {
			buf[(*o)++] = comp[k++];
			buf[*o] = 0;
		}
	}
	return last;
}

/* path spelled with the variables into out; false when none fits. */
static bool spell(const struct speller *sp, const char *path, char *out,
		  size_t len)
{
	char buf[1024], pre[1024];
	int best = -1, i;
	size_t bestk = 0, k, o = 0;
	const char *rest = path;
	struct vars *v = sp->v;

	for (i = 0; i < v->n; i++) {
		if (!v->v[i].absolute || !*v->value[i] || broad(sp->p, i))
			continue;
		for (k = strlen(path); k > 1; k--) {
			if (path[k] != '/' && path[k] != 0 && path[k - 1] != '/')
				continue;
			snprintf(pre, sizeof(pre), "%.*s", (int)k, path);
			if (k > bestk && matches(sp->p, i, pre) &&
			    may_replace(sp, i, path, k)) {
				best = i;
				bestk = k;
				break;
			}
		}
	}
	buf[0] = 0;
	if (best >= 0) {
		o = (size_t)snprintf(buf, sizeof(buf), "@{%s}%s",
				     v->v[best].name,
				     path[bestk - 1] == '/' ? "/" : "");
		rest = path + bestk;
	}
	/* each component a component variable matches */
	while (*rest && o < sizeof(buf) - 1) {
		size_t n = strcspn(rest, "/");
		int hit = -1;

		/* only a number is a variable part (a pid, a uid): a name
		 * matched by a variable of any word (@{rand6}) stays */
		if (n && strspn(rest, "0123456789") == n) {
			snprintf(pre, sizeof(pre), "/%.*s", (int)n, rest);
			hit = pick_number(sp, buf, pre, true);
		}
		if (hit >= 0)
			o += (size_t)snprintf(buf + o, sizeof(buf) - o, "@{%s}",
					      v->v[hit].name);
		else if (n)
			hit = spell_inner(sp, buf, &o, sizeof(buf), rest, n);
		rest += n;
		if (*rest == '/' && o < sizeof(buf) - 1) {
			buf[o++] = '/';
			buf[o] = 0;
			rest++;
		}
		if (hit >= 0)
			best = hit;
	}
	if (best < 0 || o >= sizeof(buf) - 1)
		return false;
	snprintf(out, len, "%s", buf);
	return true;
}

/* The path of a file or exec rule's text: [owner] PATH REST; its start
 * and end, false for a rule of another kind or a quoted/escaped path. */
bool sg_rule_path(const char *t, size_t *b, size_t *e)
{
	size_t i = 0;

	if (!strncmp(t, "owner ", 6))
		i = 6;
	if (t[i] != '/' && strncmp(t + i, "@{", 2))
		return false;
	*b = i;
	*e = i + strcspn(t + i, " ");
	return !memchr(t + i, '\\', *e - i) && t[*e] == ' ';
}

static void generalise_block(struct suggest *s, struct sg_block *b, int tag)
{
	struct vars *v = calloc(1, sizeof(*v));
	struct sg_ctx ctx;
	struct speller sp;
	aamed_policy *p;
	size_t i;
	int j;

	if (!v)
		return;
	file_scope(v, b->file);
	read_defs(s, v, b->file);	/* follows the includes too */
	for (j = 0; j < v->n; j++)
		v->v[j].absolute = absolute(v, j, 0);
	p = v->n ? probe(s, v, tag) : NULL;
	sg_ctx_load(s, b->file, &ctx);
	sp.p = p;
	sp.v = v;
	sp.ctx = &ctx;
	for (i = 0; p && i < s->nrules; i++) {
		struct sg_rule *r = &s->rules[i];
		char path[1024], spelled[1024], text[3200];
		size_t pb, pe;

		if (strcmp(r->profile, b->profile) ||
		    !sg_rule_path(r->r.text[0], &pb, &pe) ||
		    pe - pb >= sizeof(path))
			continue;
		snprintf(path, sizeof(path), "%.*s", (int)(pe - pb),
			 r->r.text[0] + pb);
		if (!spell(&sp, path, spelled, sizeof(spelled)))
			continue;
		snprintf(text, sizeof(text), "%.*s%s%s", (int)pb, r->r.text[0],
			 spelled, r->r.text[0] + pe);
		if (strlen(text) < sizeof(r->r.text[0]))
			memcpy(r->r.text[0], text, strlen(text) + 1);
	}
	if (p)
		aamed_policy_free(p);
	sg_ctx_free(&ctx);
	for (j = 0; j < v->n; j++)
		free(v->value[j]);
	free(v);
}

int sg_scope_text(struct suggest *s, const char *file, FILE *f)
{
	struct vars *v = calloc(1, sizeof(*v));
	int i;

	(void)s;
	if (!v)
		return -1;
	file_scope(v, file);
	for (i = 0; i < v->ni; i++)
		fprintf(f, "include %s\n", v->incs[i]);
	fputs(v->defs, f);
	free(v);
	return 0;
}

void sg_generalise(struct suggest *s)
{
	size_t i;

	for (i = 0; i < s->nblocks; i++)
		if (s->blocks[i].file && !s->blocks[i].fail)
			generalise_block(s, &s->blocks[i], (int)i);
}
