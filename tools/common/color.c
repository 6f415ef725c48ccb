// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Color on the terminal (color.h): the one place that decides whether
 * a command colors, and how a verdict looks.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "color.h"

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

static enum color_when when = COLOR_AUTO;

int color_set(const char *w)
{
	if (!w || !strcmp(w, "auto"))
		when = COLOR_AUTO;
	else if (!strcmp(w, "always"))
		when = COLOR_ALWAYS;
	else if (!strcmp(w, "never"))
		when = COLOR_NEVER;
	else
		return -1;
	return 0;
}

/* TERM=dumb, or no TERM (no terminal description): no escapes. */
static bool term_ok(void)
{
	const char *term = getenv("TERM");

	return term && *term && strcmp(term, "dumb");
}

/* The environment's say for auto: NO_COLOR of any non-empty value and a
 * dumb terminal turn color off. */
static bool env_allows(void)
{
	const char *nc = getenv("NO_COLOR");

	if (nc && *nc)
		return false;
	return term_ok();
}

bool color_term(FILE *f)
{
	return isatty(fileno(f)) && term_ok();
}

bool color_on(FILE *f)
{
	switch (when) {
	case COLOR_ALWAYS:
		return true;
	case COLOR_NEVER:
		return false;
	case COLOR_AUTO:
		break;
	}
	return isatty(fileno(f)) && env_allows();
}

/* SGR codes: green, bold red, yellow (systemctl's active, failed and
 * the states between). */
static const char *verdict_sgr(const char *word)
{
	if (!strncmp(word, "ALLOWED", 7))
		return "\033[32m";
	if (!strncmp(word, "DENIED", 6))
		return "\033[1;31m";
	return "\033[33m";
}

void color_verdict(FILE *f, const char *word)
{
	if (!color_on(f)) {
		fputs(word, f);
		return;
	}
	fprintf(f, "%s%s\033[0m", verdict_sgr(word), word);
}
