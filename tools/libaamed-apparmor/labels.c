// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which label a process has: there is no kernel to ask, so the file named
 * by AAMED_LABELS says it, one rule a line, the first match winning:
 *
 *   pid 4242 my_service          the process 4242
 *   uid 1000 user_app            any process whose effective uid is 1000
 *   exe /usr/bin/foo foo         any process running that executable
 *   attach                       the profile the policy attaches to the
 *                                process's executable, as an exec by an
 *                                unconfined task would give it
 *   default some_label           everything else
 *
 * Blank lines and lines starting with '#' are skipped; a label is the rest
 * of its line, without the blanks that end it. exe and attach read
 * /proc/PID/exe, which only a process allowed to trace the other can. Nothing matching, or no AAMED_LABELS: "unconfined". The
 * file is read again at every question, so a test can name a process's
 * label after starting it and before it connects.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"

#define LINE_MAX_LEN 4096

/* What a line is matched against; exe is read once, when first needed. */
struct subject {
	aamed_policy *policy;
	pid_t pid;
	uid_t uid;
	int exe_read;		/* 1: exe holds the answer ("" when unknown) */
	char exe[PATH_MAX];
};

static const char *subject_exe(struct subject *s)
{
	char proc[64];
	ssize_t n;

	if (!s->exe_read) {
		snprintf(proc, sizeof(proc), "/proc/%ld/exe", (long)s->pid);
		n = readlink(proc, s->exe, sizeof(s->exe) - 1);
		s->exe[n > 0 ? n : 0] = 0;
		s->exe_read = 1;
	}
	return s->exe;
}

static char *skip_space(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static void trim_end(char *p)
{
	size_t n = strlen(p);

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		p[--n] = 0;
}

/* The next word of *p (NUL-terminated in place), or NULL at the end. */
static char *next_word(char **p)
{
	char *w = skip_space(*p), *e = w;

	if (!*w)
		return NULL;
	while (*e && *e != ' ' && *e != '\t')
		e++;
	if (*e)
		*e++ = 0;
	*p = e;
	return w;
}

static int parse_id(const char *s, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 10);
	return (errno || end == s || *end || *s == '-') ? -EINVAL : 0;
}

static int copy_label(const char *label, char *buf, size_t len)
{
	size_t n = strlen(label);

	if (n >= len)
		return -ENAMETOOLONG;
	memcpy(buf, label, n + 1);
	return 1;
}

/* "attach": the attachment of the process's executable, if it has one. */
static int match_attach(struct subject *s, char *buf, size_t len)
{
	const char *exe = subject_exe(s), *info = NULL;
	const aamed_label *l;

	if (!*exe)
		return 0;
	l = aamed_attach(s->policy, NULL, exe, &info);
	if (!l || aamed_label_is_unconfined(l))
		return 0;
	return copy_label(aamed_label_name(l), buf, len);
}

/* 1 and the label in buf when line matches, 0 when not, or -errno. */
static int match_line(struct subject *s, char *line, char *buf, size_t len)
{
	char *p = line, *key = next_word(&p), *arg = NULL, *label;
	unsigned long v;
	int hit;

	if (!key || *key == '#')
		return 0;
	if (!strcmp(key, "attach"))
		return *skip_space(p) ? -EINVAL : match_attach(s, buf, len);
	if (strcmp(key, "default")) {
		arg = next_word(&p);
		if (!arg)
			return -EINVAL;
	}
	label = skip_space(p);
	trim_end(label);
	if (!*label)
		return -EINVAL;
	if (!strcmp(key, "default"))
		hit = 1;
	else if (!strcmp(key, "pid"))
		hit = parse_id(arg, &v) == 0 ? v == (unsigned long)s->pid : -EINVAL;
	else if (!strcmp(key, "uid"))
		hit = parse_id(arg, &v) == 0 ? v == (unsigned long)s->uid : -EINVAL;
	else if (!strcmp(key, "exe"))
		hit = !strcmp(arg, subject_exe(s));
	else
		hit = -EINVAL;
	return hit > 0 ? copy_label(label, buf, len) : hit;
}

/* Strip the line end; -EINVAL when the line did not fit. */
static int chomp(char *line, FILE *f)
{
	size_t n = strlen(line);

	if (n && line[n - 1] == '\n') {
		line[--n] = 0;
		if (n && line[n - 1] == '\r')
			line[--n] = 0;
		return 0;
	}
	return feof(f) ? 0 : -EINVAL;
}

static int scan_file(const char *path, struct subject *s, char *buf,
		     size_t len)
{
	char line[LINE_MAX_LEN];
	unsigned lineno = 0;
	int rc = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		rc = -errno;
		shim_warn("AAMED_LABELS=%s: %s", path, strerror(errno));
		return rc;
	}
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		lineno++;
		rc = chomp(line, f);
		if (rc == 0)
			rc = match_line(s, line, buf, len);
	}
	fclose(f);
	if (rc < 0)
		shim_warn("AAMED_LABELS=%s: line %u: %s", path, lineno,
			  rc == -EINVAL ? "not \"pid N LABEL\", \"uid N LABEL\", "
			  "\"exe PATH LABEL\", \"attach\" or \"default LABEL\""
			  : strerror(-rc));
	return rc;
}

int shim_label_text(aamed_policy *policy, pid_t pid, uid_t uid, char *buf,
		    size_t len)
{
	struct subject s = { .policy = policy, .pid = pid, .uid = uid };
	const char *path = getenv("AAMED_LABELS");
	int rc = 0;

	if (path && *path)
		rc = scan_file(path, &s, buf, len);
	if (rc == 0)
		rc = copy_label("unconfined", buf, len);
	return rc < 0 ? rc : 0;
}
