// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the inputs. Detected line by line (or by the first line
 * for the journal's export format):
 *   auditd's audit.log      type=AVC msg=audit(...): apparmor=...
 *   kernel log lines        dmesg, kern.log, syslog: "... audit:
 *                           type=1400 audit(...): apparmor=..."
 *   journalctl -o json      one object a line, the record in MESSAGE (a
 *                           string, or an array of bytes when it is not
 *                           UTF-8); read with libjansson
 *   journalctl -o export    KEY=VALUE blocks ended by an empty line,
 *                           binary fields as NAME, le64 size, data
 * Each record is rewritten in auditd's form for libapparmor's parser,
 * into the chunk being filled (replay_jobs.c decides chunks). One line
 * and a few chunks in memory at a time.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dash.h"
#include "replay.h"

/* A problem with the input itself: reported, counted, the run goes on. */
static void input_error(struct replay *r, const char *file, long line,
			const char *msg)
{
	r->input_errors++;
	if (r->quiet)
		return;
	if (line > 0)
		fprintf(stderr, "aamed replay: %s:%ld: %s\n", file, line, msg);
	else
		fprintf(stderr, "aamed replay: %s: %s\n", file, msg);
}

/* The first "audit(" in s[0..n), found by its '(' (the same one). */
static const char *find_audit(const char *s, size_t n)
{
	const char *p = s, *e = s + n;

	while (p < e && (p = memchr(p, '(', (size_t)(e - p)))) {
		if (p - s >= 5 && !memcmp(p - 5, "audit", 5))
			return p - 5;
		p++;
	}
	return NULL;
}

/* Append n bytes of s at *o, keeping the whole under REPLAY_BUF - 1. */
static void put(char *base, char **o, const char *s, size_t n)
{
	size_t room = REPLAY_BUF - 1 - (size_t)(*o - base);

	if (n > room)
		n = room;
	memcpy(*o, s, n);
	*o += n;
}

/*
 * The record in a text line, rewritten as auditd's form (the timestamp
 * kept when it precedes apparmor=, auditd's ENRICHED part dropped), cut
 * at REPLAY_BUF - 1 bytes, into the chunk being filled. false: the line
 * holds no record.
 */
static bool normalise(struct replay *r, const char *msg, const char *file,
		      long line)
{
	static const char pre[] = "type=AVC msg=audit(", none[] = "0.000:0";
	long ai = replay_find_apparmor(msg);
	const char *a, *ts, *end, *stamp = none;
	size_t tl = 0, need;
	struct replay_chunk *c;
	struct replay_slot *s;
	char *base, *o;

	if (ai < 0)
		return false;
	a = msg + ai;
	ts = find_audit(msg, (size_t)ai);
	if (ts) {
		end = memchr(ts, ')', (size_t)(a - ts));
		if (end && end - ts > 6) {
			stamp = ts + 6;
			tl = (size_t)(end - stamp);
		}
	}
	if (stamp == none)
		tl = sizeof(none) - 1;
	end = strchrnul(a, '\x1d');
	while (end > a && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\''))
		end--;
	need = sizeof(pre) - 1 + tl + 3 + (size_t)(end - a);
	if (need > REPLAY_BUF - 1)
		need = REPLAY_BUF - 1;
	c = replay_chunk_room(r, file, need + 1);
	base = o = c->text + c->used;
	put(base, &o, pre, sizeof(pre) - 1);
	put(base, &o, stamp, tl);
	put(base, &o, "): ", 3);
	put(base, &o, a, (size_t)(end - a));
	*o = 0;
	s = &c->rec[c->n++];
	s->off = c->used;
	s->len = (size_t)(o - base);
	s->line = line;
	c->used += s->len + 1;
	return true;
}

static void text_line(struct replay *r, const char *s, const char *file,
		      long line)
{
	if (!normalise(r, s, file, line))
		r->skipped_lines++;
}

/* ------------------------------------------------------------------ */
/* journalctl -o json */

/* A byte of an array MESSAGE; what is not a number reads as '?'. */
static char json_byte(const json_t *v)
{
	double d;

	if (!json_is_number(v))
		return '?';
	d = json_number_value(v);
	if (!(d > (double)INT_MIN - 1 && d < (double)INT_MAX + 1))
		return '?';
	return (char)(int)d;
}

/* A MESSAGE from the journal: a string, or an array of bytes. */
static void journal_message(struct replay *r, const json_t *m,
			    const char *file, long line)
{
	size_t i, n;
	char *msg;

	if (json_is_string(m)) {
		text_line(r, json_string_value(m), file, line);
		return;
	}
	if (!json_is_array(m)) {
		input_error(r, file, line,
			    "MESSAGE is neither a string nor an array of bytes");
		return;
	}
	n = json_array_size(m);
	msg = malloc(n + 1);
	if (!msg) {
		input_error(r, file, line, "out of memory");
		return;
	}
	for (i = 0; i < n; i++)
		msg[i] = json_byte(json_array_get(m, i));
	msg[n] = 0;
	text_line(r, msg, file, line);
	free(msg);
}

/*
 * \u0000 is accepted (a MESSAGE holding one ends there, as its text
 * would), integers of any size read as numbers.
 */
static void json_line(struct replay *r, const char *s, size_t len,
		      const char *file, long line)
{
	json_error_t jerr;
	json_t *v = json_loadb(s, len, JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL,
			       &jerr);
	const json_t *m;

	if (!v) {
		char msg[256];

		snprintf(msg, sizeof(msg), "malformed JSON: %s at column %d",
			 jerr.text, jerr.column);
		input_error(r, file, line, msg);
		return;
	}
	m = json_object_get(v, "MESSAGE");
	if (!m)
		r->skipped_lines++;
	else
		journal_message(r, m, file, line);
	json_decref(v);
}

/* ------------------------------------------------------------------ */
/* journalctl -o export */

/* The entry being read; msg is owned here. */
struct export_entry {
	char *msg;
	long msgline;
};

static void export_end(struct replay *r, struct export_entry *x,
		       const char *file)
{
	if (x->msg)
		text_line(r, x->msg, file, x->msgline);
	else
		r->skipped_lines++;
	free(x->msg);
	x->msg = NULL;
}

#define EXPORT_MAX (1u << 24)	/* a binary field's size limit */

/* After NAME: le64 size, data, '\n'. -1: the input cannot go on. */
static int export_binary(struct replay *r, struct export_entry *x, FILE *f,
			 const char *name, const char *file, long lineno)
{
	unsigned char sz[8];
	uint64_t n = 0;
	char *data;
	int i;

	if (fread(sz, 1, 8, f) != 8) {
		input_error(r, file, lineno, "export format: truncated binary field");
		return -1;
	}
	for (i = 7; i >= 0; i--)
		n = n << 8 | sz[i];
	if (n > EXPORT_MAX) {
		input_error(r, file, lineno,
			    "export format: binary field larger than 16 MiB");
		return -1;
	}
	data = malloc((size_t)n + 1);
	if (!data || fread(data, 1, (size_t)n, f) != n || fgetc(f) != '\n') {
		free(data);
		input_error(r, file, lineno, "export format: truncated binary field");
		return -1;
	}
	data[n] = 0;
	if (strcmp(name, "MESSAGE")) {
		free(data);
		return 0;
	}
	free(x->msg);
	x->msg = data;
	x->msgline = lineno;
	return 0;
}

/* One line of the export format (newline removed). -1: stop reading. */
static int export_line(struct replay *r, struct export_entry *x, FILE *f,
		       char *line, size_t len, const char *file, long lineno)
{
	if (!len) {
		export_end(r, x, file);
		return 0;
	}
	if (!strchr(line, '='))
		return export_binary(r, x, f, line, file, lineno);
	if (!strncmp(line, "MESSAGE=", 8)) {
		free(x->msg);
		x->msg = strdup(line + 8);
		x->msgline = lineno;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* One line of the text formats or of journalctl -o json. */
static void plain_line(struct replay *r, char *line, size_t len,
		       const char *file, long lineno)
{
	if (len && line[0] == '{') {
		json_line(r, line, len, file, lineno);
		return;
	}
	if (memchr(line, 0, len)) {
		input_error(r, file, lineno, "NUL byte in a text line");
		return;
	}
	text_line(r, line, file, lineno);
}

static void read_lines(struct replay *r, FILE *f, const char *file)
{
	struct export_entry x = { NULL, 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	bool export = false;

	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		r->lines++;
		if (r->progress)
			replay_progress_bytes(r->progress, (size_t)len);
		if (lineno == 1)
			export = !strncmp(line, "__CURSOR=", 9);
		if (len && line[len - 1] == '\n')
			line[--len] = 0;
		if (!export) {
			plain_line(r, line, (size_t)len, file, lineno);
			continue;
		}
		if (export_line(r, &x, f, line, (size_t)len, file, lineno) < 0)
			break;
	}
	if (x.msg)
		export_end(r, &x, file);
	if (ferror(f))
		input_error(r, file, lineno, "read error");
	free(line);
}

int replay_file(struct replay *r, const char *file)
{
	FILE *f = dash_open(file, "r");

	if (!f) {
		input_error(r, file, 0, strerror(errno));
		return -1;
	}
	read_lines(r, f, file);
	dash_close(f);
	return 0;
}
