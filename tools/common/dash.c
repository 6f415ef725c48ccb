// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "-" as a file argument (dash.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dash.h"

bool dash(const char *path)
{
	return path && !strcmp(path, "-");
}

char *dash_read_all(const char *path, size_t *len)
{
	FILE *f = dash_open(path, "rb");
	char *buf = NULL, *nb;
	size_t cap = 0, n = 0, r;
	int bad;

	if (!f)
		return NULL;
	do {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap + 1);
			if (!nb) {
				free(buf);
				dash_close(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	bad = ferror(f);
	dash_close(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Whether an earlier "-" took stdin: two arguments cannot both read it. */
static bool stdin_taken;

FILE *dash_open(const char *path, const char *mode)
{
	if (!dash(path))
		return fopen(path, mode);
	if (mode[0] != 'r')
		return stdout;
	if (stdin_taken) {
		errno = EBUSY;
		fputs("aamed: - (stdin) was read already: one argument can be -\n",
		      stderr);
		return NULL;
	}
	stdin_taken = true;
	return stdin;
}

int dash_close(FILE *f)
{
	if (f == stdin)
		return 0;
	if (f == stdout)
		return fflush(f) || ferror(f) ? EOF : 0;
	return fclose(f);
}

int dash_stdin_to_file(const char *dir, const char *name, char *buf,
		       size_t len)
{
	size_t n;
	char *data = dash_read_all("-", &n);
	FILE *f;
	int bad;

	if (!data)
		return -1;
	if (snprintf(buf, len, "%s/%s", dir, name) >= (int)len) {
		free(data);
		errno = ENAMETOOLONG;
		return -1;
	}
	f = fopen(buf, "wb");
	if (!f) {
		free(data);
		return -1;
	}
	bad = fwrite(data, 1, n, f) != n;
	free(data);
	if (fclose(f) || bad) {
		errno = EIO;
		return -1;
	}
	return 0;
}
