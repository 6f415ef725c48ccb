// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source rules a setrlimit exercises (tl_source_match() for the
 * rlimit class).
 */
#include <ctype.h>
#include <string.h>

#include "tl.h"

/*
 * An rlimit rule is not a match but a limit: it takes part in every
 * setrlimit of the resource it names ("set rlimit nofile <= ...").
 */
void tl_rlimit_match(struct tl_source *s, const char *hname,
		     const struct query *q, uint32_t request, tl_rule_fn fn,
		     void *arg)
{
	const char *res = aamed_rlimit_name(q->rl.resource);
	size_t i, n = strlen(res);

	for (i = 0; i < s->nrules; i++) {
		struct tl_rule *r = &s->rules[i];
		const char *p = strstr(r->text, "rlimit");

		if (r->klass != AAMED_PCLASS_RLIMITS || strcmp(r->profile, hname) ||
		    !p)
			continue;
		p += 6;
		while (isspace((unsigned char)*p))
			p++;
		if (!strncmp(p, res, n) &&
		    (isspace((unsigned char)p[n]) || p[n] == '<'))
			fn(r, request, arg);
	}
}
