// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: what the run found. Changed decisions are grouped by
 * request (direction, label, operation, name, target, requested mask,
 * signal, peer), records that could not be rebuilt by reason; both are
 * printed most frequent first, as text or as one JSON document
 * (docs/json-schema/replay.v1.json).
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

struct replay_entry *replay_group_reason(struct replay_worker *w,
					 const char *reason)
{
	bool isnew;

	return replay_table_get(w->reasons, reason, &isnew);
}

/* The detail column: address family and socket type, signal, peer. */
static char *change_detail(const aa_log_record *rec)
{
	char x[1024];

	if (!rec->signal && !rec->peer && !rec->net_family)
		return NULL;
	snprintf(x, sizeof(x), "%s%s%s%s%s%s%s", or_empty(rec->net_family),
		 rec->net_family ? " " : "", or_empty(rec->net_sock_type),
		 rec->signal ? "signal=" : "", or_empty(rec->signal),
		 rec->peer ? " peer=" : "", or_empty(rec->peer));
	return replay_strdup(x);
}

void replay_describe(const aa_log_record *rec, char *buf, size_t len)
{
	char *d = change_detail(rec);

	snprintf(buf, len, "%s%s%s%s%s%s%s%s%s", or_empty(rec->operation),
		 rec->name ? " " : "", or_empty(rec->name),
		 rec->name2 ? " -> " : "", or_empty(rec->name2),
		 rec->requested_mask ? " " : "", or_empty(rec->requested_mask),
		 d ? " " : "", d ? d : "");
	free(d);
}

struct replay_entry *replay_group_change(struct replay_worker *w,
					 const aa_log_record *rec,
					 const char *label, const char *klass,
					 bool now_denied)
{
	struct replay_entry *e;
	char key[8192];
	bool isnew;

	snprintf(key, sizeof(key), "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s",
		 now_denied ? 1 : 2, label, rec->operation, or_empty(rec->name),
		 or_empty(rec->name2), or_empty(rec->requested_mask),
		 or_empty(rec->signal), or_empty(rec->peer));
	e = replay_table_get(w->changes, key, &isnew);
	if (!isnew)
		return e;
	e->dir = now_denied ? 1 : 2;
	e->fields[0] = replay_strdup(label);
	e->fields[1] = replay_strdup(rec->operation);
	e->fields[2] = replay_strdup(klass);
	e->fields[3] = replay_strdup(rec->name);
	e->fields[4] = replay_strdup(rec->name2);
	e->fields[5] = replay_strdup(rec->requested_mask);
	e->fields[6] = change_detail(rec);
	return e;
}

struct replay_entry *replay_group_global(struct replay *r,
					 struct replay_entry *e,
					 enum replay_kind kind)
{
	struct replay_entry *g;
	bool isnew;
	int j;

	if (e->global)
		return e->global;
	if (kind == REPLAY_NOT_REBUILT) {
		g = replay_table_get(&r->reasons, e->key, &isnew);
	} else {
		g = replay_table_get(&r->changes, e->key, &isnew);
		if (isnew) {
			g->dir = e->dir;
			for (j = 0; j < REPLAY_FIELDS; j++)
				g->fields[j] = replay_strdup(e->fields[j]);
		}
	}
	e->global = g;
	return g;
}

void replay_count(struct replay *r, const struct replay_outcome *o,
		  const char *file, long line)
{
	if (o->kind != REPLAY_NOT_REBUILT)
		r->rebuilt++;
	if (o->kind == REPLAY_CHANGED) {
		r->changed++;
		if (o->denied)
			r->now_denied++;
		else
			r->now_allowed++;
	}
	if (o->entry)
		replay_table_add(o->entry, file, line);
}

/* ------------------------------------------------------------------ */
static void text_change(const struct replay_entry *e)
{
	printf("  %6ld  %s  %s %s", e->count, e->fields[0], e->fields[1],
	       or_empty(e->fields[3]));
	if (e->fields[4])
		printf(" -> %s", e->fields[4]);
	if (e->fields[5])
		printf("  \"%s\"", e->fields[5]);
	if (e->fields[6])
		printf("  %s", e->fields[6]);
	printf("  (%s)\n", e->examples[0]);
}

static void text_reason(const struct replay_entry *e)
{
	int j;

	printf("  %6ld  %s  (", e->count, e->key);
	for (j = 0; j < e->nex; j++)
		printf("%s%s", j ? ", " : "", e->examples[j]);
	printf("%s)\n", e->count > e->nex ? ", ..." : "");
}

void replay_print_text(struct replay *r)
{
	size_t i;
	int dir = 0;

	replay_table_sort(&r->changes);
	replay_table_sort(&r->reasons);
	for (i = 0; i < r->changes.norder; i++) {
		const struct replay_entry *e = r->changes.order[i];

		if (e->dir != dir) {
			dir = e->dir;
			printf("%s (%ld)\n", dir == 1 ? "now DENIED, was allowed"
						      : "now ALLOWED, was denied",
			       dir == 1 ? r->now_denied : r->now_allowed);
		}
		text_change(e);
	}
	if (r->reasons.norder)
		printf("not rebuilt (%ld)\n", r->records - r->rebuilt);
	for (i = 0; i < r->reasons.norder; i++)
		text_reason(r->reasons.order[i]);
	printf("%ld records, %ld rebuilt, %ld changed (%ld now denied, %ld now allowed), %ld not rebuilt, %ld other lines, %ld input errors\n",
	       r->records, r->rebuilt, r->changed, r->now_denied, r->now_allowed,
	       r->records - r->rebuilt, r->skipped_lines, r->input_errors);
}

/* ------------------------------------------------------------------ */
static void json_long(FILE *f, bool *first, const char *key, long v)
{
	json_key(f, first, key);
	fprintf(f, "%ld", v);
}

static void json_examples(FILE *f, bool *first, const struct replay_entry *e)
{
	json_key(f, first, "examples");
	json_str_array(f, (const char *const *)e->examples, (size_t)e->nex);
}

static void json_change(FILE *f, const struct replay_entry *e)
{
	static const char *const fk[REPLAY_FIELDS] = {
		"label", "operation", "class", "name", "target", "requested",
		"detail"
	};
	bool first = true;
	int j;

	fputc('{', f);
	json_key(f, &first, "change");
	json_str(f, e->dir == 1 ? "now-denied" : "now-allowed");
	json_long(f, &first, "count", e->count);
	for (j = 0; j < REPLAY_FIELDS; j++) {
		json_key(f, &first, fk[j]);
		json_str(f, e->fields[j]);
	}
	json_examples(f, &first, e);
	fputc('}', f);
}

static void json_reason(FILE *f, const struct replay_entry *e)
{
	bool first = true;

	fputc('{', f);
	json_key(f, &first, "reason");
	json_str(f, e->key);
	json_long(f, &first, "count", e->count);
	json_examples(f, &first, e);
	fputc('}', f);
}

/* A table's groups in their order, each an object one writes. */
static void json_entries(FILE *f, const struct replay_table *t,
			 void (*one)(FILE *f, const struct replay_entry *e))
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < t->norder; i++) {
		if (i)
			fputc(',', f);
		one(f, t->order[i]);
	}
	fputc(']', f);
}

void replay_print_json(struct replay *r)
{
	replay_write_json(r, stdout);
}

void replay_write_json(struct replay *r, FILE *f)
{
	bool first = true;

	fputc('{', f);
	json_long(f, &first, "version", TL_JSON_VERSION);
	json_key(f, &first, "command");
	json_str(f, "replay");
	json_long(f, &first, "records", r->records);
	json_long(f, &first, "rebuilt", r->rebuilt);
	json_long(f, &first, "changed", r->changed);
	json_long(f, &first, "now_denied", r->now_denied);
	json_long(f, &first, "now_allowed", r->now_allowed);
	json_long(f, &first, "not_rebuilt", r->records - r->rebuilt);
	json_long(f, &first, "other_lines", r->skipped_lines);
	json_long(f, &first, "input_errors", r->input_errors);
	replay_table_sort(&r->changes);
	replay_table_sort(&r->reasons);
	json_key(f, &first, "changes");
	json_entries(f, &r->changes, json_change);
	json_key(f, &first, "unrebuildable");
	json_entries(f, &r->reasons, json_reason);
	fputs("}\n", f);
}
