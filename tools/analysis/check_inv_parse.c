// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The invariants file (check_invariant.h): one "never" line each, read
 * whole before anything is judged, so a bad line stops the command
 * (exit 2) with its file and line before any finding is printed.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check_invariant.h"
#include "tl.h"

#define MAX_LINE 4096

static int bad(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int bad(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "aamed check: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return d;
}

/* The letters of a file rule, as AAMED_MAY_* bits; -1: a bad letter. */
static int letters(const char *s, uint32_t *bits)
{
	static const struct {
		char c;
		uint32_t bit;
	} l[] = {
		{ 'r', AAMED_MAY_READ },
		/* never w: no write of any kind, appends included */
		{ 'w', AAMED_MAY_WRITE | AAMED_MAY_APPEND },
		{ 'a', AAMED_MAY_APPEND }, { 'x', AAMED_MAY_EXEC },
		{ 'm', AAMED_EXEC_MMAP }, { 'l', AAMED_MAY_LINK },
		{ 'k', AAMED_MAY_LOCK },
	};
	size_t i;

	*bits = 0;
	for (; *s; s++) {
		for (i = 0; i < sizeof(l) / sizeof(l[0]) && l[i].c != *s; i++)
			;
		if (i == sizeof(l) / sizeof(l[0]))
			return -1;
		*bits |= l[i].bit;
	}
	return *bits ? 0 : -1;
}

static int cap_number(const char *name)
{
	int i;

	for (i = 0; i < 64; i++) {
		const char *n = aamed_cap_name(i);

		if (n && !strcmp(n, name))
			return i;
	}
	return -1;
}

/* The words of one line into inv: 0, or -1 after saying why. */
static int one_line(const char *file, int line, char **w, int n,
		    struct invariant *inv)
{
	int i, end = n;

	for (i = 0; i < n; i++)
		if (!strcmp(w[i], "except")) {
			end = i;
			break;
		}
	if (strcmp(w[0], "never"))
		return bad(file, line, "\"%s\": an invariant starts with \"never\"", w[0]);
	if (end < 3)
		return bad(file, line, "never SUBJECT CLASS ...: too few words");
	if (end < n && end + 1 == n)
		return bad(file, line, "\"except\" names no profile");
	inv->subject = xstrdup(w[1]);
	if (!strcmp(w[2], "file")) {
		inv->kind = INV_FILE;
		if (end != 5)
			return bad(file, line, "never SUBJECT file PATH PERMS: %s", end < 5 ? "PATH or PERMS missing" : "words after PERMS");
		if (w[3][0] != '/' && w[3][0] != '@' && w[3][0] != '{')
			return bad(file, line, "\"%s\": a path starts with / (or a variable)", w[3]);
		if (strpbrk(w[3], ",\n") || strlen(w[3]) > 1024)
			return bad(file, line, "\"%s\": not a path a rule could name", w[3]);
		if (letters(w[4], &inv->perms))
			return bad(file, line, "\"%s\": permissions are letters of r w a x m l k", w[4]);
		inv->path = xstrdup(w[3]);
		snprintf(inv->letters, sizeof(inv->letters), "%s", w[4]);
	} else if (!strcmp(w[2], "capability")) {
		inv->kind = INV_CAP;
		for (i = 3; i < end; i++) {
			int c = cap_number(w[i]);

			if (c < 0)
				return bad(file, line, "\"%s\": no capability of that name", w[i]);
			inv->caps |= 1ull << c;
		}
	} else {
		return bad(file, line, "\"%s\": the classes are file and capability", w[2]);
	}
	for (i = end + 1; i < n; i++) {
		char **ne = realloc(inv->except, (inv->nexcept + 1) * sizeof(*ne));

		if (!ne) {
			fputs("aamed check: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		inv->except = ne;
		inv->except[inv->nexcept++] = xstrdup(w[i]);
	}
	return 0;
}

int inv_parse(const char *path, struct invariant **v, size_t *n)
{
	FILE *f = fopen(path, "r");
	char buf[MAX_LINE + 2], words[MAX_LINE * 2], *w[MAX_WORDS];
	int line = 0, rc = 0;

	*v = NULL;
	*n = 0;
	if (!f) {
		fprintf(stderr, "aamed check: --invariants %s: cannot open\n", path);
		return -1;
	}
	while (!rc && fgets(buf, sizeof(buf), f)) {
		const char *err = NULL;
		struct invariant *nv;
		char *t, *hash;
		int nw;

		line++;
		if (!strchr(buf, '\n') && !feof(f)) {
			rc = bad(path, line, "line longer than %d bytes", MAX_LINE);
			break;
		}
		if ((hash = strchr(buf, '#')))
			*hash = 0;
		t = tl_trim(buf);
		if (!*t)
			continue;
		nw = split_words(t, words, sizeof(words), w, MAX_WORDS, &err);
		if (nw < 0) {
			rc = bad(path, line, "%s", err ? err : "cannot split the line");
			break;
		}
		nv = realloc(*v, (*n + 1) * sizeof(**v));
		if (!nv) {
			fputs("aamed check: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		*v = nv;
		memset(&nv[*n], 0, sizeof(nv[0]));
		nv[*n].line = line;
		nv[*n].text = xstrdup(t);
		(*n)++;
		rc = one_line(path, line, w, nw, &nv[*n - 1]);
	}
	if (!rc && ferror(f))
		rc = bad(path, line, "read error");
	fclose(f);
	if (rc) {
		inv_free(*v, *n);
		*v = NULL;
		*n = 0;
	}
	return rc;
}

void inv_free(struct invariant *v, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].subject);
		free(v[i].path);
		for (j = 0; j < v[i].nexcept; j++)
			free(v[i].except[j]);
		free(v[i].except);
	}
	free(v);
}

bool inv_applies(const struct invariant *inv, const char *hname)
{
	size_t i;

	if (fnmatch(inv->subject, hname, 0))
		return false;
	for (i = 0; i < inv->nexcept; i++) {
		const char *p = hname;
		size_t l = strlen(inv->except[i]);

		/* NAME, its children and hats, and a child or hat named
		 * NAME under any profile ("firewalld//kmod") */
		for (;;) {
			if (!strncmp(p, inv->except[i], l) &&
			    (!p[l] || !strncmp(p + l, "//", 2)))
				return false;
			p = strstr(p, "//");
			if (!p)
				break;
			p += 2;
		}
	}
	return true;
}
