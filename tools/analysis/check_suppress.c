// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Suppressions in the profile source: a comment "#aa:lint ignore=ID"
 * (several ids separated by commas) on a rule's line or on its
 * profile's header line silences that check there. The files are read
 * once each and kept until check_suppress_free().
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct sfile {
	char *path;
	char **lines;
	int n;
};

static struct sfile *files;
static size_t nfiles;

static struct sfile *load(const char *path)
{
	FILE *f = fopen(path, "r");
	struct sfile *s, *nf;
	char buf[8192];

	nf = realloc(files, (nfiles + 1) * sizeof(*files));
	if (!nf)
		goto fail;
	files = nf;
	s = &files[nfiles];
	memset(s, 0, sizeof(*s));
	if (!(s->path = strdup(path)))
		goto fail;
	nfiles++;
	while (f && fgets(buf, sizeof(buf), f)) {
		char **nl = realloc(s->lines, (size_t)(s->n + 1) * sizeof(*nl));

		if (!nl || !(nl[s->n] = strdup(buf))) {
			free(nl);
			goto fail;
		}
		s->lines = nl;
		s->n++;
	}
	if (f)
		fclose(f);
	return s;
fail:
	fputs("aamed check: out of memory\n", stderr);
	exit(EXIT_USAGE);
}

static const struct sfile *lookup(const char *path)
{
	size_t i;

	for (i = 0; i < nfiles; i++)
		if (!strcmp(files[i].path, path))
			return &files[i];
	return load(path);
}

/* Does the comment text after "#aa:lint" name id in its ignore list? */
static bool names_id(const char *p, const char *id)
{
	size_t idl = strlen(id);

	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, "ignore=", 7))
		return false;
	p += 7;
	for (;;) {
		size_t n = strcspn(p, ", \t\r\n");

		if (n == idl && !strncmp(p, id, n))
			return true;
		if (p[n] != ',')
			return false;
		p += n + 1;
	}
}

bool check_line_ignores(const char *file, int line, const char *id)
{
	const struct sfile *s = lookup(file);
	const char *p;

	if (line < 1 || line > s->n)
		return false;
	for (p = s->lines[line - 1]; (p = strstr(p, "#aa:lint")); p += 8)
		if (names_id(p + 8, id))
			return true;
	return false;
}

void check_suppress_free(void)
{
	size_t i;
	int j;

	for (i = 0; i < nfiles; i++) {
		for (j = 0; j < files[i].n; j++)
			free(files[i].lines[j]);
		free(files[i].lines);
		free(files[i].path);
	}
	free(files);
	files = NULL;
	nfiles = 0;
}
