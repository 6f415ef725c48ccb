// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rule attribution with the real compiler (explain --source, coverage
 * --source). aamed has no glob matcher of its own and must not grow
 * one: a rule "matches" a request when apparmor_parser, compiling that
 * rule alone in a profile of its own, produces a DFA that decides the
 * request that way.
 *
 *  1. apparmor_parser -p FILE prints the profile with every include
 *     expanded (##included <name> markers); each line of that output is
 *     mapped back to the source file and line it came from.
 *  2. Every rule of every profile becomes "profile __aamed_rN { RULE }"
 *     (a deny rule: "{ CLASS, audit deny ... }", over an allow-all of
 *     its class, audited so its denials show), all in one source file
 *     with the original's variables, compiled in one apparmor_parser run.
 *  3. A request is decided against each one-rule profile; the bits the
 *     rule grants (or denies) are read from the decision and its records.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "compile.h"
#include "dash.h"
#include "tl.h"
#include "tl_batch.h"

/* ------------------------------------------------------------------ */
/* Source files, for mapping -p output back to file:line. */
struct srcfile {
	char *path;
	char *text;
	char **lines;
	int n, idx;
	/* the files of one directory include share a group: the parser
	 * reads them in an order of its own, so any may come next */
	int group;
};

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		fputs("aamed: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return d;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;
	struct stat sb;

	if (!f)
		return NULL;
	/* the size first: -p output is a few hundred kB, and growing to
	 * it by doubling copied it many times over */
	if (!fstat(fileno(f), &sb) && sb.st_size > 0 &&
	    (uint64_t)sb.st_size < ((uint64_t)1 << 32)) {
		cap = (size_t)sb.st_size + 4097;
		buf = malloc(cap);
		if (!buf) {
			fclose(f);
			return NULL;
		}
	}
	for (;;) {
		if (cap - n < 4096) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		if (!r)
			break;
		n += r;
	}
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

/* Split text into lines (in place). */
static char **split_lines(char *text, int *n)
{
	char **v = NULL;
	int cap = 0;
	char *p = text;

	*n = 0;
	while (*p) {
		char *e = strchr(p, '\n');

		if (*n == cap) {
			cap = cap * 2 + 64;
			v = realloc(v, (size_t)cap * sizeof(*v));
			if (!v)
				exit(EXIT_USAGE);
		}
		v[(*n)++] = p;
		if (!e)
			break;
		*e = 0;
		p = e + 1;
	}
	return v;
}

/* Strip a trailing comment ('#' at the start or after a blank, outside quotes). */
static void strip_comment(char *s)
{
	bool q = false;
	char *p;

	for (p = s; *p; p++) {
		if (*p == '"')
			q = !q;
		else if (*p == '#' && !q && (p == s || isspace((unsigned char)p[-1]))) {
			*p = 0;
			return;
		}
	}
}

/* A line that carries no rule: blank, comment, include directive. */
static bool skippable(const char *line)
{
	char buf[4096], *t;

	snprintf(buf, sizeof(buf), "%s", line);
	t = tl_trim(buf);
	return !*t || *t == '#' || !strncmp(t, "include", 7);
}

static bool same_line(const char *a, const char *b)
{
	char x[4096], y[4096];

	snprintf(x, sizeof(x), "%s", a);
	snprintf(y, sizeof(y), "%s", b);
	return !strcmp(tl_trim(x), tl_trim(y));
}

static struct srcfile *open_src(const char *path)
{
	struct srcfile *f = calloc(1, sizeof(*f));
	char *text = read_all(path, NULL);

	if (!f || !text) {
		free(f);
		free(text);
		return NULL;
	}
	f->path = xstrdup(path);
	f->text = text;
	f->lines = split_lines(text, &f->n);
	return f;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Resolve an include name the parser's way: <x> in the search path. */
static int resolve_include(const char *name, bool angle, const char *from,
			   const char *const *incdirs, int nincs, char *out,
			   size_t len)
{
	struct stat sb;
	int i;

	if (name[0] == '/') {
		snprintf(out, len, "%s", name);
		return stat(out, &sb);
	}
	if (!angle && from) {
		const char *sl = strrchr(from, '/');

		if (snprintf(out, len, "%.*s/%s", sl ? (int)(sl - from) : 1,
			     sl ? from : ".", name) < (int)len &&
		    !stat(out, &sb))
			return 0;
	}
	for (i = 0; i <= nincs; i++) {
		if (snprintf(out, len, "%s/%s",
			     i < nincs ? incdirs[i] : "/etc/apparmor.d",
			     name) < (int)len &&
		    !stat(out, &sb))
			return 0;
	}
	return -1;
}

/* ------------------------------------------------------------------ */
struct ppline {
	char *text;
	const char *file;
	int line;
};

struct mapper {
	struct srcfile *stack[64];
	int depth;
	struct srcfile **all;
	int nall;
	int groups;	/* directory includes seen */
	int group;	/* the group push_file() gives, 0: none */
};

static void push_file(struct mapper *m, const char *path)
{
	struct srcfile *f;
	struct stat sb;

	if (m->depth == 64 || stat(path, &sb))
		return;
	if (S_ISDIR(sb.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;
		char **names = NULL;
		int n = 0, i;

		if (!d)
			return;
		while ((e = readdir(d))) {
			char p[4096];

			if (e->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), "%s/%s", path, e->d_name);
			if (stat(p, &sb) || !S_ISREG(sb.st_mode))
				continue;
			names = realloc(names, (size_t)(n + 1) * sizeof(*names));
			names[n++] = xstrdup(p);
		}
		closedir(d);
		qsort(names, (size_t)n, sizeof(*names), cmpstr);
		/* the first file on top */
		m->group = ++m->groups;
		for (i = n - 1; i >= 0; i--) {
			push_file(m, names[i]);
			free(names[i]);
		}
		m->group = 0;
		free(names);
		return;
	}
	f = open_src(path);
	if (!f)
		return;
	f->group = m->group;
	m->stack[m->depth++] = f;
	m->all = realloc(m->all, (size_t)(m->nall + 1) * sizeof(*m->all));
	m->all[m->nall++] = f;
}

/* Does f's next line that carries something read text? */
static bool next_is(const struct srcfile *f, const char *text)
{
	int i;

	for (i = f->idx; i < f->n; i++) {
		if (same_line(f->lines[i], text))
			return true;
		if (!skippable(f->lines[i]))
			return false;
	}
	return false;
}

/* A file of the top's directory group, below it, whose next line is
 * text: brought to the top (the parser read that file first). */
static void group_first(struct mapper *m, const char *text)
{
	struct srcfile *top = m->stack[m->depth - 1], *f;
	int d;

	if (!top->group || next_is(top, text))
		return;
	for (d = m->depth - 2; d >= 0 && m->stack[d]->group == top->group; d--)
		if (next_is(m->stack[d], text)) {
			f = m->stack[d];
			m->stack[d] = top;
			m->stack[m->depth - 1] = f;
			return;
		}
}

/* Find the origin of one content line of the -p output. */
static bool map_line(struct mapper *m, const char *text, const char **file,
		     int *line)
{
	while (m->depth > 0) {
		struct srcfile *f;
		int i;

		group_first(m, text);
		f = m->stack[m->depth - 1];

		for (i = f->idx; i < f->n; i++) {
			if (same_line(f->lines[i], text)) {
				f->idx = i + 1;
				*file = f->path;
				*line = i + 1;
				return true;
			}
			if (!skippable(f->lines[i]))
				break;
		}
		/* nothing but blanks left: the file is done */
		for (i = f->idx; i < f->n && skippable(f->lines[i]); i++)
			;
		if (i < f->n)
			return false;
		m->depth--;
	}
	return false;
}

/* Run apparmor_parser -p; returns its stdout. */
static char *run_preprocess(const char *file, const char *const *incdirs,
			    int nincs)
{
	char tmp[4096], out[4200];
	const char *argv[80];
	int n = 0, i, fd, status;
	char *text;

	if (tl_mktmp(tmp, sizeof(tmp)))
		return NULL;
	snprintf(out, sizeof(out), "%s/pp", tmp);
	argv[n++] = "apparmor_parser";
	argv[n++] = "-p";
	argv[n++] = "-K";
	for (i = 0; i < nincs && n < 70; i++) {
		argv[n++] = "-I";
		argv[n++] = incdirs[i];
	}
	argv[n++] = file;
	argv[n] = NULL;
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		tl_rmtmp(tmp);
		return NULL;
	}
	/* quiet: the caller says which source failed, in one line */
	status = compile_run_parser("apparmor_parser", argv, fd, true);
	close(fd);
	if (status) {
		tl_rmtmp(tmp);
		return NULL;
	}
	text = read_all(out, NULL);
	tl_rmtmp(tmp);
	return text;
}

/* ------------------------------------------------------------------ */
/* The class a rule mediates, from its first word after the qualifiers. */
static int rule_class(const char *t, bool *deny)
{
	char w[64];
	int n;

	*deny = false;
	for (;;) {
		while (isspace((unsigned char)*t))
			t++;
		if (sscanf(t, "%63[^ \t,(]%n", w, &n) != 1)
			return 0;
		if (!strcmp(w, "deny"))
			*deny = true;
		else if (strcmp(w, "audit") && strcmp(w, "owner") &&
			 strcmp(w, "allow") && strcmp(w, "other"))
			break;
		t += n;
	}
	if (*t == '/' || !strncmp(t, "@{", 2) || !strncmp(t, "\"/", 2) ||
	    !strncmp(t, "\"@{", 3) || !strcmp(w, "file") || !strcmp(w, "link") ||
	    !strcmp(w, "change_profile"))
		return AAMED_PCLASS_FILE;	/* all in the file DFA */
	if (!strcmp(w, "capability"))
		return AAMED_PCLASS_CAP;
	if (!strcmp(w, "network") || !strcmp(w, "unix"))
		return AAMED_PCLASS_NET;
	if (!strcmp(w, "signal"))
		return AAMED_PCLASS_SIGNAL;
	if (!strcmp(w, "ptrace"))
		return AAMED_PCLASS_PTRACE;
	if (!strcmp(w, "userns"))
		return AAMED_PCLASS_NS;
	if (!strcmp(w, "io_uring"))
		return AAMED_PCLASS_IO_URING;
	if (!strcmp(w, "dbus"))
		return AAMED_PCLASS_DBUS;
	if (!strcmp(w, "set") && strstr(t, "rlimit"))
		return AAMED_PCLASS_RLIMITS;
	if (!strcmp(w, "mount") || !strcmp(w, "remount") ||
	    !strcmp(w, "umount") || !strcmp(w, "unmount") ||
	    !strcmp(w, "pivot_root"))
		return AAMED_PCLASS_MOUNT;
	return 0;
}

static const char *background(int klass, const char *rule)
{
	switch (klass) {
	case AAMED_PCLASS_FILE:
		return strstr(rule, "change_profile") ? "change_profile,"
						       : "file,";
	case AAMED_PCLASS_CAP:
		return "capability,";
	case AAMED_PCLASS_NET:
		return strstr(rule, "unix") && !strstr(rule, "network") ?
			       "unix," : "network,";
	case AAMED_PCLASS_SIGNAL:
		return "signal,";
	case AAMED_PCLASS_PTRACE:
		return "ptrace,";
	case AAMED_PCLASS_NS:
		return "userns,";
	case AAMED_PCLASS_IO_URING:
		return "io_uring,";
	case AAMED_PCLASS_DBUS:
		return "dbus,";
	case AAMED_PCLASS_MOUNT:
		return "mount, umount, pivot_root,";
	}
	return "";
}

/*
 * The backgrounds deny rules are compiled over, each also compiled alone
 * ("__aamed_bgN", N its index here) when some deny rule uses it: what a
 * deny rule takes away at an input is what its background grants there
 * and its own profile does not (check's shadowed).
 */
static const char *const backgrounds[] = {
	"file,", "change_profile,", "capability,", "unix,", "network,",
	"signal,", "ptrace,", "userns,", "io_uring,", "dbus,",
	"mount, umount, pivot_root,",
};
#define NBACKGROUNDS (sizeof(backgrounds) / sizeof(backgrounds[0]))
_Static_assert(NBACKGROUNDS == TL_NBACKGROUNDS, "tl.h counts the backgrounds");

static int background_index(const struct tl_rule *r)
{
	const char *b = background(r->klass, r->text);
	size_t i;

	for (i = 0; i < NBACKGROUNDS; i++)
		if (!strcmp(backgrounds[i], b))
			return (int)i;
	return -1;
}

const aamed_profile *tl_source_background(const struct tl_source *s,
					  const struct tl_rule *r)
{
	char name[32];
	int i = background_index(r);

	if (i >= 0 && s->shared)
		return s->bg[i];
	if (i < 0 || !s->policy)
		return NULL;
	snprintf(name, sizeof(name), "__aamed_bg%d", i);
	return aamed_policy_profile_find(s->policy, NULL, name);
}

int tl_rule_background(const struct tl_rule *r)
{
	return r->deny ? background_index(r) : -1;
}

void tl_background_emit_body(FILE *f, int i)
{
	if (!strncmp(backgrounds[i], "mount", 5))
		fputs("  capability sys_admin,\n", f);
	fprintf(f, "  %s\n", backgrounds[i]);
}

static void background_emit(FILE *f, int i, const char *name)
{
	fprintf(f, "profile %s {\n", name);
	tl_background_emit_body(f, i);
	fputs("}\n", f);
}

/* One profile per background the deny rules use. */
static void emit_backgrounds(FILE *f, const struct tl_source *s)
{
	bool used[NBACKGROUNDS] = { false };
	char name[32];
	size_t r;
	int i;

	for (r = 0; r < s->nrules; r++)
		if ((i = tl_rule_background(&s->rules[r])) >= 0)
			used[i] = true;
	for (r = 0; r < NBACKGROUNDS; r++) {
		if (!used[r])
			continue;
		snprintf(name, sizeof(name), "__aamed_bg%zu", r);
		background_emit(f, (int)r, name);
	}
}

/* The profile a header line opens, or NULL for a non-profile block. */
static bool header_name(const char *t, char *name, size_t len)
{
	const char *p = t;
	size_t n;

	if (!strncmp(p, "profile", 7) && isspace((unsigned char)p[7]))
		p += 8;
	else if (!strncmp(p, "hat", 3) && isspace((unsigned char)p[3]))
		p += 4;
	else if (*p == '^')
		p++;
	else if (*p != '/' && *p != '"' && *p != ':' && strncmp(p, "@{", 2))
		return false;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '"') {
		const char *e = strchr(p + 1, '"');

		if (!e)
			return false;
		n = (size_t)(e - p - 1);
		p++;
	} else {
		n = strcspn(p, " \t{");
	}
	if (n >= len)
		n = len - 1;
	memcpy(name, p, n);
	name[n] = 0;
	return n > 0;
}

static void add_rule(struct tl_source *s, const char *text, const char *file,
		     int line, const char *profile)
{
	struct tl_rule *r;
	bool deny;
	int k = rule_class(text, &deny);

	if (!k)
		return;		/* a class aamed does not decide */
	s->rules = realloc(s->rules, (s->nrules + 1) * sizeof(*s->rules));
	if (!s->rules)
		exit(EXIT_USAGE);
	r = &s->rules[s->nrules++];
	memset(r, 0, sizeof(*r));
	r->text = xstrdup(text);
	r->file = xstrdup(file ? file : "(preprocessed)");
	r->line = line;
	r->profile = xstrdup(profile);
	r->klass = k;
	r->deny = deny;
}

static void add_preamble(struct tl_source *s, const char *line)
{
	size_t l = strlen(line);

	/* grown by halves: a corpus file's tunables are 300 lines */
	if (s->preamble_len + l + 2 > s->preamble_cap) {
		size_t cap = (s->preamble_len + l + 2) * 3 / 2 + 256;
		char *p = realloc(s->preamble, cap);

		if (!p)
			exit(EXIT_USAGE);
		s->preamble = p;
		s->preamble_cap = cap;
	}
	memcpy(s->preamble + s->preamble_len, line, l);
	s->preamble_len += l;
	s->preamble[s->preamble_len++] = '\n';
	s->preamble[s->preamble_len] = 0;
}

static void add_profile(struct tl_source *s, const char *hname,
			const char *file, int line)
{
	struct tl_profile_loc *l;

	s->profiles = realloc(s->profiles,
			      (s->nprofiles + 1) * sizeof(*s->profiles));
	if (!s->profiles)
		exit(EXIT_USAGE);
	l = &s->profiles[s->nprofiles++];
	l->profile = xstrdup(hname);
	l->file = file ? xstrdup(file) : NULL;
	l->line = line;
}

/*
 * @{profile_name} is the one variable the parser sets per profile (to
 * the profile's hname, its {}[]*? escaped so they match themselves:
 * parser_variable.c, process_profile_variables()). A rule compiled in
 * "__aamed_rN" would match "__aamed_rN" instead, so a shadowed or
 * attributed rule naming it was judged on the wrong paths. Each such
 * profile's name becomes a variable of the preamble, @{aamed_pnJ} (J:
 * the profile's index), and its rules compile with that variable.
 */
#define PN_VAR "@{profile_name}"

/* The parser's escaping of a profile name, quoted, into out; false for
 * a name the preamble cannot carry (a quote, a control byte, a
 * variable of its own) or that does not fit. */
static bool pn_value(const char *name, char *out, size_t len)
{
	size_t k = 0;

	if (len < 3)
		return false;
	out[k++] = '"';
	for (; *name; name++) {
		unsigned char c = (unsigned char)*name;

		if (c < 0x20 || c == 0x7f || c == '"' || c == '@' ||
		    k + 4 >= len)
			return false;
		if (c == '\\') {
			/* an escape stays as written, with its byte */
			out[k++] = *name;
			if (!name[1])
				return false;
			c = (unsigned char)*++name;
		} else if (strchr("{}[]*?", c)) {
			out[k++] = '\\';
		}
		out[k++] = (char)c;
	}
	out[k++] = '"';
	out[k] = 0;
	return true;
}

/* text with every @{profile_name} replaced by var (a new string). */
static char *pn_replace(const char *text, const char *var)
{
	size_t n = 0, vl = strlen(var), pl = strlen(PN_VAR);
	const char *p;
	char *out, *o;

	for (p = text; (p = strstr(p, PN_VAR)); p += pl)
		n++;
	out = malloc(strlen(text) + n * vl + 1);
	if (!out)
		exit(EXIT_USAGE);
	for (o = out; (p = strstr(text, PN_VAR)); text = p + pl) {
		memcpy(o, text, (size_t)(p - text));
		o += p - text;
		memcpy(o, var, vl);
		o += vl;
	}
	strcpy(o, text);
	return out;
}

static size_t profile_index(const struct tl_source *s, const char *hname)
{
	size_t j;

	for (j = 0; j < s->nprofiles; j++)
		if (!strcmp(s->profiles[j].profile, hname))
			return j;
	return (size_t)-1;
}

/* Every rule's ctext; the variables it needs into the preamble. */
static void bind_profile_names(struct tl_source *s)
{
	bool *bound = calloc(s->nprofiles ? s->nprofiles : 1, sizeof(*bound));
	size_t i;

	if (!bound)
		exit(EXIT_USAGE);
	for (i = 0; i < s->nrules; i++) {
		struct tl_rule *r = &s->rules[i];
		size_t j = profile_index(s, r->profile);
		char var[64], val[2048], line[2200];

		if (!strstr(r->text, PN_VAR) || j == (size_t)-1 ||
		    !pn_value(r->profile, val, sizeof(val))) {
			r->ctext = xstrdup(r->text);
			continue;
		}
		snprintf(var, sizeof(var), "@{aamed_pn%zu}", j);
		if (!bound[j]) {
			snprintf(line, sizeof(line), "%s=%s", var, val);
			add_preamble(s, line);
			bound[j] = true;
		}
		r->ctext = pn_replace(r->text, var);
	}
	free(bound);
}

static void emit_rule(FILE *f, size_t i, const struct tl_rule *r)
{
	fprintf(f, "profile __aamed_r%zu {\n", i);
	tl_rule_emit_body(f, r);
	fputs("}\n", f);
}

void tl_rule_emit_body(FILE *f, const struct tl_rule *r)
{
	/* a mount call also asks for CAP_SYS_ADMIN: not the rule's part */
	if (r->klass == AAMED_PCLASS_MOUNT)
		fputs("  capability sys_admin,\n", f);
	if (r->deny) {
		fprintf(f, "  %s\n", background(r->klass, r->text));
		if (!strstr(r->text, "audit"))
			fputs("  audit", f);
	}
	fprintf(f, "  %s\n", r->ctext);
}

/*
 * Cut the closing braces that end t ("/etc/foo r, }": apparmor_parser
 * takes a rule and its block's end on one line) and say how many. Only
 * braces left unmatched count (outside quotes), so a pattern's own
 * alternation ("/usr/{bin,sbin}" ending a line) stays.
 */
static int cut_closes(char *t)
{
	int open = 0, extra = 0, n = 0;
	bool q = false;
	size_t len;
	char *p;

	for (p = t; *p; p++) {
		if (*p == '"')
			q = !q;
		else if (!q && *p == '{')
			open++;
		else if (!q && *p == '}' && open)
			open--;
		else if (!q && *p == '}')
			extra++;
	}
	len = strlen(t);
	while (n < extra && len && t[len - 1] == '}') {
		t[--len] = 0;
		while (len && isspace((unsigned char)t[len - 1]))
			t[--len] = 0;
		n++;
	}
	return n;
}

/* A rule's text, joined over its lines until its comma, then kept. */
struct pending {
	char *text;
	const char *file;
	int line;
};

static void take_rule(struct tl_source *s, struct pending *pd, const char *t,
		      const char *of, int ol, const char *p)
{
	if (pd->text) {
		char *j = malloc(strlen(pd->text) + strlen(t) + 2);

		sprintf(j, "%s %s", pd->text, t);
		free(pd->text);
		pd->text = j;
	} else {
		pd->text = xstrdup(t);
		pd->file = of;
		pd->line = ol;
	}
	if (pd->text[strlen(pd->text) - 1] != ',')
		return;
	add_rule(s, pd->text, pd->file, pd->line, p);
	free(pd->text);
	pd->text = NULL;
}

int tl_source_parse(struct tl_source *s, const char *file,
		    const char *const *incdirs, int nincs)
{
	/* the rules are attributed to FILE:LINE, and its includes resolved
	 * beside it: a path, not a stream */
	char *pp = dash(file) ? NULL : run_preprocess(file, incdirs, nincs);
	struct mapper m = { 0 };
	char **lines;
	char *prof[32];
	bool isprof[32];
	int nl, i, depth = 0;
	struct pending pd = { 0 };

	memset(s, 0, sizeof(*s));
	if (dash(file)) {
		fprintf(stderr, "aamed: --source takes a file, not - (standard input)\n");
		return -1;
	}
	if (!pp) {
		fprintf(stderr, "aamed: apparmor_parser -p %s failed\n", file);
		return -1;
	}
	push_file(&m, file);
	lines = split_lines(pp, &nl);
	for (i = 0; i < nl; i++) {
		const char *of = NULL;
		int ol = 0;
		char *t;

		if (!strncmp(lines[i], "##included ", 11)) {
			char name[4096], path[4096];
			const char *a = lines[i] + 11;
			bool angle = *a == '<';
			size_t n = strcspn(a + 1, ">\"");

			snprintf(name, sizeof(name), "%.*s", (int)n, a + 1);
			if (!resolve_include(name, angle,
					     m.depth ? m.stack[m.depth - 1]->path : file,
					     incdirs, nincs, path, sizeof(path)))
				push_file(&m, path);
			continue;
		}
		if (skippable(lines[i]))
			continue;
		map_line(&m, lines[i], &of, &ol);
		strip_comment(lines[i]);
		t = tl_trim(lines[i]);
		if (!*t)
			continue;
		if (depth == 0 && (t[0] == '@' || !strncmp(t, "abi", 3) ||
				   !strncmp(t, "alias", 5)) &&
		    t[strlen(t) - 1] != '{') {
			add_preamble(s, t);
			continue;
		}
		if (t[strlen(t) - 1] == '{' && !pd.text) {
			char name[1024];

			if (depth < 32) {
				isprof[depth] = header_name(t, name, sizeof(name));
				prof[depth] = NULL;
				if (isprof[depth]) {
					char h[2048];
					int d;

					h[0] = 0;
					for (d = depth - 1; d >= 0; d--)
						if (isprof[d])
							break;
					if (d >= 0)
						snprintf(h, sizeof(h), "%s//%s",
							 prof[d], name);
					else
						snprintf(h, sizeof(h), "%s", name);
					prof[depth] = xstrdup(h);
					add_profile(s, h, of, ol);
				}
			}
			depth++;
			continue;
		}
		if (!strcmp(t, "}")) {
			if (depth > 0) {
				depth--;
				if (depth < 32)
					free(prof[depth]);
			}
			continue;
		}
		{
			int d, closes = cut_closes(t);
			const char *p = NULL;

			for (d = (depth < 32 ? depth : 32) - 1; d >= 0; d--)
				if (isprof[d]) {
					p = prof[d];
					break;
				}
			if (p && *t)
				take_rule(s, &pd, t, of, ol, p);
			for (; closes > 0 && depth > 0; closes--)
				if (--depth < 32)
					free(prof[depth]);
		}
	}
	free(pd.text);
	/* blocks the source never closed */
	while (depth > 0)
		if (--depth < 32)
			free(prof[depth]);
	bind_profile_names(s);
	for (i = 0; i < m.nall; i++) {
		free(m.all[i]->text);
		free(m.all[i]->lines);
		free(m.all[i]->path);
		free(m.all[i]);
	}
	free(m.all);
	free(lines);
	free(pp);
	return 0;
}

/* Every rule of s in a profile of its own, in one apparmor_parser run
 * (one by one when the batch fails), loaded into s->policy. */
int tl_source_compile(struct tl_source *s, const char *features,
		      const char *const *incdirs, int nincs,
		      enum aamed_kernel k)
{
	char tmp[4096], src[4200], blob[4200];
	struct aamed_error err;
	char msg[1024];
	FILE *out;
	size_t r;

	if (tl_mktmp(tmp, sizeof(tmp)))
		return -1;
	snprintf(src, sizeof(src), "%s/rules", tmp);
	snprintf(blob, sizeof(blob), "%s/rules.bin", tmp);
	out = fopen(src, "w");
	if (!out) {
		tl_rmtmp(tmp);
		return -1;
	}
	if (s->preamble)
		fputs(s->preamble, out);
	fputs("profile __aamed_empty {\n}\n", out);
	emit_backgrounds(out, s);
	for (r = 0; r < s->nrules; r++)
		emit_rule(out, r, &s->rules[r]);
	fclose(out);
	s->policy = aamed_policy_new();
	aamed_policy_set_kernel(s->policy, k);
	if (tl_compile(src, blob, features, incdirs, nincs, true) == 0) {
		for (r = 0; r < s->nrules; r++)
			s->rules[r].compiled = true;
	} else {
		/* one rule spoils the batch: compile them one by one */
		size_t ok = 0;

		for (r = 0; r < s->nrules; r++) {
			char one[4300], ob[4300];
			FILE *f;
			FILE *vars = fopen(src, "r");

			snprintf(one, sizeof(one), "%s/one%zu", tmp, r);
			snprintf(ob, sizeof(ob), "%s/one%zu.bin", tmp, r);
			f = fopen(one, "w");
			if (!f || !vars) {
				if (f)
					fclose(f);
				if (vars)
					fclose(vars);
				continue;
			}
			{
				char l[8192];

				while (fgets(l, sizeof(l), vars) &&
				       strncmp(l, "profile ", 8))
					fputs(l, f);
			}
			fclose(vars);
			emit_rule(f, r, &s->rules[r]);
			fclose(f);
			if (tl_compile(one, ob, features, incdirs, nincs, true) == 0 &&
			    !aamed_policy_load_path(s->policy, ob, &err)) {
				s->rules[r].compiled = true;
				ok++;
			}
			unlink(one);
			unlink(ob);
		}
		(void)ok;
		/* the empty profile and the backgrounds */
		out = fopen(src, "w");
		if (out) {
			fputs("profile __aamed_empty {\n}\n", out);
			emit_backgrounds(out, s);
			fclose(out);
			if (tl_compile(src, blob, features, incdirs, nincs, true))
				unlink(blob);
		}
	}
	if (!access(blob, R_OK) &&
	    aamed_policy_load_path(s->policy, blob, &err)) {
		fprintf(stderr, "aamed: rule profiles: %s\n",
			aamed_error_str(&err, msg, sizeof(msg)));
		tl_rmtmp(tmp);
		return -1;
	}
	s->features = features ? xstrdup(features) : NULL;
	tl_rmtmp(tmp);
	return 0;
}

int tl_source_load(struct tl_source *s, const char *file,
		   const char *features, const char *const *incdirs,
		   int nincs, enum aamed_kernel k)
{
	if (tl_source_parse(s, file, incdirs, nincs))
		return -1;
	return tl_source_compile(s, features, incdirs, nincs, k);
}

void tl_source_free(struct tl_source *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++) {
		free(s->rules[i].text);
		free(s->rules[i].ctext);
		free(s->rules[i].file);
		free(s->rules[i].profile);
	}
	free(s->rules);
	for (i = 0; i < s->nprofiles; i++) {
		free(s->profiles[i].profile);
		free(s->profiles[i].file);
	}
	free(s->profiles);
	free(s->preamble);
	free(s->features);
	if (s->shared) {
		tl_batch_unref(s->shared);
	} else if (s->policy) {
		aamed_policy_free(s->policy);
	}
	memset(s, 0, sizeof(*s));
}

/* Bits of request that the one-rule profile name denies. */
static uint32_t denied_by(struct tl_source *s, const char *name,
			  const struct query *q, uint32_t request)
{
	const aamed_label *l = aamed_label_get(s->policy, name, NULL);
	const struct qclass *row = qclass_of(q);
	struct answer *a;
	struct query q1;
	char err[256];
	uint32_t d = 0;
	int i;

	if (!l)
		return request;
	if (row->alone)
		q = row->alone(q, &q1);
	/* a class the decision cannot judge alone (dbus: the other end is
	 * a label text; change_profile: the target is no rule profile) */
	if (row->denied)
		return row->denied(s->policy, name, q, request);
	a = calloc(1, sizeof(*a));
	if (!a)
		return request;
	if (answer_decide(s->policy, l, q, a, err, sizeof(err))) {
		free(a);
		return request;
	}
	for (i = 0; i < a->recs.n; i++) {
		const struct aamed_audit *r = &a->recs.rec[i];

		if (!r->profile || strcmp(r->profile, name) ||
		    (r->type != AAMED_AUDIT_DENIED && r->type != AAMED_AUDIT_KILLED))
			continue;
		d |= r->denied ? r->denied : request;
	}
	/* denied without a record of ours, but not the other side's */
	if (a->error && !d && !(row->flags & QF_TWO_SIDED))
		d = request;
	free(a);
	return d & request;
}

void tl_source_match(struct tl_source *s, const char *hname,
		     const struct query *q, uint32_t request, tl_rule_fn fn,
		     void *arg)
{
	int klass = qclass_pclass(q);
	uint32_t base;
	size_t i;

	base = request & ~denied_by(s, "__aamed_empty", q, request);
	for (i = 0; i < s->nrules; i++) {
		struct tl_rule *r = &s->rules[i];
		char name[64];
		uint32_t d;

		if (r->klass != klass || !r->compiled || strcmp(r->profile, hname))
			continue;
		snprintf(name, sizeof(name), "__aamed_r%zu", i);
		d = denied_by(s, name, q, request);
		if (r->deny) {
			if (d)
				fn(r, d, arg);
		} else if (request & ~d & ~base) {
			fn(r, request & ~d & ~base, arg);
		}
	}
}
