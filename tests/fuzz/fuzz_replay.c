// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the record path of aamed replay: one line of a
 * log, as replay_decide() takes it. libapparmor parses the record
 * (replay_parse_record: the renamed keys, the rlimit records), the
 * request is rebuilt from it (replay_rebuild: the direct rows and the
 * query words), and a rebuilt request is decided by its class row's
 * replay hook against the fuzz policy (fuzz_policy.h), as replay does.
 *
 * Built by `make build/fuzz-replay`; run by tests/fuzz/run.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_policy.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* a kernel record is at most a few KB; replay reads lines of any size,
 * but the parser's cost grows with them, not its paths */
#define MAX_RECORD 16384

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	replay_names_init();
	return 0;
}

static void decide(aamed_policy *p, struct replay_request *req)
{
	const struct qclass *row = qclass_of(&req->q);
	const aamed_label *l, *peer = NULL;
	char err[512];
	int e = 0, rc;

	l = aamed_label_get(p, req->q.label, &e);
	if (!l)
		return;
	if (row->flags & QF_TWO_SIDED) {
		if (!req->q.peer_label)
			return;
		peer = aamed_label_get(p, req->q.peer_label, &e);
		if (!peer)
			return;
	}
	err[0] = 0;
	rc = row->replay(p, l, peer, &req->q, req->other_side, err,
			 sizeof(err));
	if (rc > 1 || rc < -4095 || (rc == 1 && !err[0])) {
		fprintf(stderr, "fuzz: replay hook answered %d (%s)\n", rc, err);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct replay_request *req;
	aa_log_record *rec;
	const char *reason;
	char *text;

	if (size > MAX_RECORD)
		return 0;
	text = malloc(size + 1);
	req = malloc(sizeof(*req));
	if (!text || !req) {
		free(text);
		free(req);
		return 0;
	}
	memcpy(text, data, size);
	text[size] = 0;
	/* replay_read.c hands over lines: no newline inside, and what
	 * follows a NUL is not read */
	text[strcspn(text, "\n")] = 0;
	rec = replay_parse_record(text, strlen(text));
	if (rec && rec->event != AA_RECORD_INVALID &&
	    (rec->event == AA_RECORD_DENIED || rec->event == AA_RECORD_ALLOWED ||
	     rec->event == AA_RECORD_AUDIT)) {
		reason = replay_rebuild(rec, req);
		if (!reason)
			decide(fuzz_policy(), req);
		else if (!*reason) {
			fprintf(stderr, "fuzz: an empty reason\n");
			abort();
		}
	}
	if (rec)
		free_record(rec);
	free(text);
	free(req);
	return 0;
}
