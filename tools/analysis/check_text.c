// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed check's text: one finding per paragraph, compiler style, then a
 * count per level.
 *
 *   FILE:LINE: LEVEL [ID] profile PROFILE: MESSAGE
 *       rule: TEXT
 *       witness: aamed query --label PROFILE WORDS
 */
#include "check.h"

void check_write_text(FILE *out, const struct check_ctx *c,
		      const struct finding *f, size_t n)
{
	size_t i, count[CHECK_ERROR + 1] = { 0 };

	(void)c;
	for (i = 0; i < n; i++) {
		if (f[i].file)
			fprintf(out, "%s:%d: ", f[i].file, f[i].line);
		fprintf(out, "%s [%s] ", check_level_name(f[i].level),
			f[i].check);
		if (f[i].profile)
			fprintf(out, "profile %s: ", f[i].profile);
		fprintf(out, "%s\n", f[i].message);
		if (f[i].rule)
			fprintf(out, "    rule: %s\n", f[i].rule);
		if (f[i].witness)
			fprintf(out, "    witness: aamed query --label %s %s\n",
				f[i].label, f[i].witness);
		count[f[i].level]++;
	}
	fprintf(out, "%zu finding%s (%zu error, %zu warning, %zu info)\n", n,
		n == 1 ? "" : "s", count[CHECK_ERROR], count[CHECK_WARNING],
		count[CHECK_INFO]);
}
