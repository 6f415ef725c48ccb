// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare --mail: mail.txt is report.txt between the head of
 * a regression report to the AppArmor maintainers (subject, recipients,
 * #regzbot lines for the regression tracker) and a tail pointing to the
 * evidence; [EDIT: ...] marks what a person must still write.
 */
#include "bench_cmp.h"

void cmp_mail_head(FILE *f, const struct cmp *c)
{
	const char *title = c->title;
	char tbuf[256];

	if (!title) {
		snprintf(tbuf, sizeof(tbuf), "apparmor %s %s", c->workload,
			 cmp_lower_better(c) ? "slowdown" : "throughput regression");
		title = tbuf;
	}
	fprintf(f, "Subject: [REGRESSION] %s%s%s\n", title,
		c->introduced ? " after " : "",
		c->introduced ? c->introduced : "");
	fprintf(f, "To: John Johansen <john.johansen@canonical.com>\n"
		   "Cc: apparmor@lists.ubuntu.com, linux-security-module@vger.kernel.org,\n"
		   "    linux-kernel@vger.kernel.org, regressions@lists.linux.dev\n\n");
	fprintf(f, "Hi,\n\n[EDIT: one paragraph: what regressed, by how much, on which\n"
		   "commits; that the fix it came with is real and a revert is not\n"
		   "asked for.]\n\n");
	fprintf(f, "#regzbot introduced: %s\n#regzbot title: %s\n\n",
		c->introduced ? c->introduced : "[EDIT: commit-id or vA..vB]",
		title);
}

void cmp_mail_tail(FILE *f, const struct cmp *c)
{
	fprintf(f, "\nThe rows, summary and plots are in %s [EDIT: link to an\n"
		   "evidence bundle].\n\nThanks,\n[EDIT: name]\n", c->dir);
}
