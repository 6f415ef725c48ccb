/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The query classes of the tools, one row each (qclass.c): every tool
 * (query, explain, replay, diff, coverage) asks the row of a query what
 * to do with it instead of branching on the class. A new class is a new
 * row. The table is indexed by enum query_class and its size is checked
 * against Q__COUNT when it compiles: a new class goes last (before
 * Q__COUNT), so a missing row fails the build. A switch left on an enum
 * of the tools names every value (-Wswitch-enum, no default:).
 */
#ifndef AAMED_QCLASS_H
#define AAMED_QCLASS_H

#include "cli.h"

/* What the blob keeps of the rules that grant the class, for coverage
 * without --source (coverage.c's marks). */
enum qcover {
	QCOV_NONE,	/* nothing coverage counts */
	QCOV_PATH,	/* the file DFA state of the path */
	QCOV_CHANGE,	/* the file DFA state of the change_profile target */
	QCOV_CAP,	/* the capability */
	QCOV_USERNS,	/* the user namespace grant */
	QCOV_URING,	/* the io_uring grant of the operation */
	QCOV_RLIMIT,	/* the rlimit rule of the resource */
};

enum {
	/* a request about a path (file PATH, exec; an open file's path) */
	QF_PATH = 1u << 0,
	/* an open file that may be a socket: then of the net class and no
	 * path (its pclass and aclass become the net's) */
	QF_SOCK = 1u << 1,
	/* one side's check of two (signal, ptrace): each side logs its own
	 * record, so a denial without ours is the other side's */
	QF_TWO_SIDED = 1u << 2,
	/* no rules decide it: the profiles the request names do (explain
	 * shows the hats, coverage counts no rule) */
	QF_NO_RULES = 1u << 3,
	/* explain shows the member's rule for the resource instead of a
	 * matched state */
	QF_LIMIT = 1u << 4,
	/* of the records, only those of the query's own operation are the
	 * member's (an open file: not the null device's open) */
	QF_OWN_OP = 1u << 5,
	/* the JSON of query carries the file request's keys */
	QF_FILE_KEYS = 1u << 6,
	/* an exec: the JSON carries its onexec label and no_new_privs */
	QF_EXEC = 1u << 7,
};

/*
 * The words after the class word: 0, or -1 with err set. q->class and
 * q->class_word are set before; the file words may change the class (to
 * exec or an open file).
 */
typedef int qclass_parse_fn(int argc, char **argv, struct query *q,
			    char *err, size_t errlen);
/* The decision with its records into a (as answer_decide()). */
typedef int qclass_decide_fn(aamed_policy *policy, const aamed_label *label,
			     const struct query *q, struct answer *a,
			     char *err, size_t errlen);
/*
 * The decision a record logged (replay): no records; of a two-sided
 * class the side other_side says, against peer (resolved by the caller).
 * 0 allowed, a negative errno denied, 1 not decidable (err set).
 */
typedef int qclass_replay_fn(aamed_policy *policy, const aamed_label *label,
			     const aamed_label *peer, const struct query *q,
			     bool other_side, char *err, size_t errlen);
/*
 * One side's check of a two-sided class (QF_TWO_SIDED), its records to
 * fn: label's own, or with other_side the peer's check against label.
 * A record is logged by one side, and that side's check is what replay
 * and `aamed test --log` judge for it.
 */
typedef int qclass_side_fn(const aamed_label *label, const aamed_label *peer,
			   const struct query *q, bool other_side,
			   aamed_audit_fn fn, void *arg);
/* explain's matcher: the permissions at the state the member's walk ends
 * in (modes not applied), *owner_allow what the owner entry allows;
 * false when the walk is not a plain match. */
typedef bool qclass_perms_fn(aamed_policy *policy, const aamed_profile *p,
			     const aamed_label *peer, const struct query *q,
			     uint32_t request, struct aamed_perms *perms,
			     uint32_t *owner_allow);
/* The bits of request the one-rule profile denies, for the classes the
 * decision cannot judge (diff, coverage --source, explain --source). */
typedef uint32_t qclass_denied_fn(aamed_policy *policy, const char *profile,
				  const struct query *q, uint32_t request);

/*
 * aamed suggest: the rules of the profile language that would grant a
 * request (text[0] the suggestion, the others alternatives, each with
 * what it means), for one profile whose own check denied it.
 */
#define QRULE_ALTS 4
struct qrule {
	char text[QRULE_ALTS][1024];	/* a rule, its trailing comma kept */
	const char *means[QRULE_ALTS];	/* NULL: nothing to say */
	bool proven[QRULE_ALTS];	/* the proof may run on it */
	int n;
};
/* What a record says that its request does not carry (replay rebuilds
 * the decision, not every field a rule may name). */
struct qrule_ctx {
	aamed_policy *policy;
	const char *profile;	/* the profile the rule goes in */
	bool other_side;	/* a signal or ptrace logged by its target */
	bool uids;		/* the record logged fsuid and ouid */
	const char *addr, *peer_addr, *peer;	/* unix: the record's */
	const char *sock_op;	/* the record's requested mask of a socket */
	bool unix_rules;	/* the profile's policy mediates unix rules */
	const char *info;	/* the record's info="..." (NULL: none) */
};
/* The rules into r: NULL, or why the request cannot become a rule. */
typedef const char *qclass_rule_fn(const struct query *q,
				   const struct qrule_ctx *c, struct qrule *r);

struct qclass {
	/* the class word explain prints; NULL: the word as typed */
	const char *name;
	/* the class words parse_query() takes (NULL-terminated), in the
	 * order the unknown-class message lists them; NULL: reached through
	 * another row's words */
	const char *const *words;
	/* its line of `aamed query --help` (a "\n" starts another, under
	 * the first), joined to the previous row's with " | " when join is
	 * set; NULL: reached through another row's words (aamed-query(1)'s
	 * class list is checked against these lines) */
	const char *usage;
	bool join;
	qclass_parse_fn *parse;
	qclass_decide_fn *decide;
	qclass_replay_fn *replay;
	qclass_side_fn *side;		/* QF_TWO_SIDED rows only */
	/* the AAMED_MAY_* (or class) bits the query asks */
	uint32_t (*request)(const struct query *q);
	/* the class's own keys of query's JSON */
	void (*json)(FILE *f, bool *first, const struct query *q,
		     const struct answer *a);
	/* --masks: the label query's masks; NULL: --masks is refused */
	int (*masks)(aamed_policy *policy, const aamed_label *label,
		     const struct query *q, struct aamed_query_masks *m);
	qclass_perms_fn *perms;
	qclass_denied_fn *denied;	/* NULL: the decision judges it */
	qclass_rule_fn *rule;		/* aamed suggest: request -> rule */
	/* the query as asked of its user alone (q, or a copy in tmp) */
	const struct query *(*alone)(const struct query *q, struct query *tmp);
	/* explain's reason when a denial is -EPERM: a capability (NULL:
	 * -EPERM is no capability's) */
	const char *cap_reason;
	enum aamed_class aclass;	/* explain's masks */
	int pclass;			/* AAMED_PCLASS_*: the source rules */
	enum qcover cover;
	unsigned flags;			/* QF_* */
};

/* The row of q's class. */
const struct qclass *qclass_of(const struct query *q);
/* The row of class c, or NULL past the last (for loops over the table). */
const struct qclass *qclass_row(size_t c);
/* q of class c, with the row's name as its class word (a query built
 * without words: replay_direct.c). */
void qclass_set(struct query *q, enum query_class c);
/* The row whose words hold word, or NULL. */
const struct qclass *qclass_find(const char *word, enum query_class *c);
/* The QUERY lines of `aamed query --help`: the rows' usage. */
void qclass_usage(FILE *f);

/* Through q's row: */
const char *qclass_name(const struct query *q);
uint32_t qclass_request(const struct query *q);
int qclass_pclass(const struct query *q);
enum aamed_class qclass_aclass(const struct query *q);

#endif
