/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal structures shared by the library's files. Data flows one way:
 * blob -> stream (reader) -> unpack -> policy -> label -> mediation
 * (file.c, domain.c) -> audit.
 */
#ifndef AAMED_INTERNAL_H
#define AAMED_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aamed.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* ------------------------------------------------------------------ */
/* Policy classes: the first byte of a policydb walk (kernel apparmor.h). */
enum {
	AA_CLASS_NONE = 0,
	AA_CLASS_UNKNOWN = 1,
	AA_CLASS_FILE = 2,
	AA_CLASS_CAP = 3,
	AA_CLASS_DEPRECATED = 4,
	AA_CLASS_RLIMITS = 5,
	AA_CLASS_DOMAIN = 6,
	AA_CLASS_MOUNT = 7,
	AA_CLASS_PTRACE = 9,
	AA_CLASS_SIGNAL = 10,
	AA_CLASS_XMATCH = 11,
	AA_CLASS_NET = 14,
	AA_CLASS_NETV9 = 15,
	AA_CLASS_LABEL = 16,
	AA_CLASS_POSIX_MQUEUE = 17,
	AA_CLASS_MODULE = 19,
	AA_CLASS_DISPLAY_LSM = 20,
	AA_CLASS_NS = 21,
	AA_CLASS_IO_URING = 22,
	AA_CLASS_X = 31,
	AA_CLASS_DBUS = 32,
	AA_CLASS_LAST = AA_CLASS_DBUS,
};

/* Exec transition index (kernel file.h). */
#define AA_X_INDEX_MASK 0x00ffffffu
#define AA_X_TYPE_MASK 0x0c000000u
#define AA_X_NONE 0x00000000u
#define AA_X_NAME 0x04000000u
#define AA_X_TABLE 0x08000000u
#define AA_X_UNSAFE 0x10000000u
#define AA_X_CHILD 0x20000000u
#define AA_X_INHERIT 0x40000000u
#define AA_X_UNCONFINED 0x80000000u

#define AA_LINK_SUBSET AAMED_MAY_LOCK	/* overlaid, as in the kernel */

/* Profile modes (flags struct "mode"). */
enum aa_mode {
	APPARMOR_ENFORCE = 0,
	APPARMOR_COMPLAIN = 1,
	APPARMOR_KILL = 2,
	APPARMOR_UNCONFINED = 3,
	APPARMOR_USER = 4,
};

/* Profile audit modes. */
enum aa_audit_mode {
	AUDIT_NORMAL = 0,
	AUDIT_QUIET_DENIED,
	AUDIT_QUIET,
	AUDIT_NOQUIET,
	AUDIT_ALL,
};

/* Profile path_flags, as apparmor_parser writes them. */
#define PATH_ATTACH_DISCONNECTED 0x4u
#define PATH_CHROOT_RELATIVE 0x8u

/* ------------------------------------------------------------------ */
/* Permissions after the compat mapping (kernel struct aa_perms). */
struct aa_perms {
	uint32_t allow;
	uint32_t deny;
	uint32_t audit;
	uint32_t quiet;
	uint32_t kill;
	uint32_t complain;
	uint32_t xindex;
};

/*
 * A verified DFA. Tables are widened to 32 bits at load, and BASE is
 * split into the transition base (base) and the state flags (sflags) so
 * the hot loop is one add, two loads and a compare per byte.
 */
struct aa_dfa {
	uint32_t nstates;
	uint32_t ntrans;
	uint16_t hflags;	/* header flags: 1 diff-encode, 2 oob */
	uint32_t *base;		/* [nstates] transition base index */
	uint8_t *sflags;	/* [nstates] 0x80 diff-encode, 0x20 oob */
	uint32_t *def;		/* [nstates] */
	uint32_t *nxt;		/* [ntrans] */
	uint32_t *chk;		/* [ntrans] */
	uint32_t *accept;	/* [nstates] */
	uint32_t *accept2;	/* [nstates] */
	uint8_t *ec;		/* NULL or [256] */
	uint32_t max_oob;
};

#define DFA_NOMATCH 0u
#define DFA_START 1u
#define DFA_FLAG_DIFF 0x80u
#define DFA_FLAG_OOB 0x20u
#define DFA_HDR_DIFF 0x1u
#define DFA_HDR_OOB 0x2u

#define ACCEPT_FLAG_OWNER 0x1u

/*
 * A policy database: a DFA plus its permission table. accept[] of the
 * DFA is rewritten at load into an index into perms; accept2[] holds
 * ACCEPT_FLAG_OWNER for file entries (owner at index, other at index+1).
 */
struct aa_policydb {
	struct aa_dfa *dfa;
	struct aa_perms *perms;
	uint32_t nperms;
	char **xtable;		/* named transition targets */
	uint32_t xsize;
	bool table;		/* perms came from an explicit table (ABI 8/9) */
	uint32_t start[AA_CLASS_LAST + 1];
};

struct aa_ns;

struct aa_profile {
	char *hname;		/* "parent//child" */
	const char *bname;	/* last component, inside hname */
	struct aa_ns *ns;
	struct aa_profile *parent;	/* NULL for a top-level profile */
	char *rename;
	char *attach;

	uint32_t flags;		/* bit0 hat */
	enum aa_mode mode;
	enum aa_audit_mode audit;
	uint32_t path_flags;
	uint32_t kill_signal;
	char *disconnected;

	struct aa_policydb *xmatch;	/* attachment, may be NULL */
	uint32_t xmatch_len;
	uint32_t xattr_count;
	char **xattrs;

	uint64_t caps_allow, caps_audit, caps_quiet, caps_kill;
	uint64_t capsx_allow;	/* extended capability mask (unused by 3.0.8) */

	uint32_t rlimit_mask;
	uint64_t rlimits[16];

	struct aa_policydb *policy;	/* NULL: the null DFA */
	struct aa_policydb *file;	/* may alias policy */
	bool file_aliases_policy;

	uint64_t mediates;	/* bit c: class c has a start state */
	unsigned abi;		/* header kernel ABI of its stream */

	struct aa_label *label;	/* the single-profile label */
	size_t order;		/* load order, later wins attachment ties */
};

#define PFLAG_HAT 0x1u

/* A namespace: a name and the profiles in it. */
struct aa_ns {
	char *name;		/* "" for root */
	aamed_policy *policy;	/* the set it belongs to */
	struct aa_label *unconfined;
	struct aa_profile *unconfined_profile;
};

/*
 * A label: a sorted vector of profiles. flags comes first so the
 * unconfined test on the hot path is a single load and bit test.
 */
#define LFLAG_UNCONFINED 0x2u
#define LFLAG_STALE 0x800u

struct aa_label {
	uint32_t flags;
	uint32_t size;
	char *name;		/* as the kernel prints it */
	uint64_t gen;		/* generation of the policy it belongs to */
	struct aa_profile *vec[];
};

/* aamed_label is the public name of struct aa_label. */
struct aamed_label;

static inline const struct aa_label *to_label(const aamed_label *l)
{
	return (const struct aa_label *)(const void *)l;
}

static inline const aamed_label *from_label(const struct aa_label *l)
{
	return (const aamed_label *)(const void *)l;
}

struct aamed_policy {
	pthread_mutex_t lock;		/* loading and label interning */
	struct aa_ns **ns;
	size_t nns;
	struct aa_profile **profiles;	/* live profiles, load order */
	size_t nprofiles;
	size_t seq;			/* next load order */
	enum aamed_kernel kernel;	/* behaviour to reproduce */
	uint64_t gen;			/* unique per policy in the process */
	unsigned abi;

	/* replaced profiles and stale labels, freed with the policy */
	struct aa_profile **retired;
	size_t nretired;
	struct aa_label **labels;	/* interned labels */
	size_t nlabels;
	struct aa_label **dead_labels;
	size_t ndead;
};

/* ------------------------------------------------------------------ */
/* names.c */
#define AA_AF_MAX 46
#define AA_SOCK_MAX 11
#define AA_CAP_MAX 41
#define AA_MAXMAPPED_SIG 35
#define AA_SIGRT_BASE 128
extern const char *const aa_family_names[AA_AF_MAX];
extern const char *const aa_sock_type_names[AA_SOCK_MAX];
extern const char *const aa_cap_names[AA_CAP_MAX];
extern const char *const aa_sig_names[AA_MAXMAPPED_SIG + 1];
int aa_lookup_name(const char *const *table, size_t n, const char *name);

/* ------------------------------------------------------------------ */
/* stream.c: the tagged-element reader (kernel policy_unpack.c). */
enum aa_code {
	AA_U8 = 0,
	AA_U16,
	AA_U32,
	AA_U64,
	AA_NAME,
	AA_STRING,
	AA_BLOB,
	AA_STRUCT,
	AA_STRUCTEND,
	AA_LIST,
	AA_LISTEND,
	AA_ARRAY,
	AA_ARRAYEND,
};

struct aa_ext {
	const uint8_t *start;
	const uint8_t *end;
	const uint8_t *pos;
	const char *origin;
	struct aamed_error *err;
	bool failed;
	/* The first error recorded wins; later ones add no information. */
};

bool aa_ext_fail(struct aa_ext *e, const uint8_t *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool aa_inbounds(const struct aa_ext *e, size_t n);
bool aa_unpack_nameX(struct aa_ext *e, enum aa_code code, const char *name);
bool aa_unpack_u8(struct aa_ext *e, uint8_t *v, const char *name);
bool aa_unpack_u16(struct aa_ext *e, uint16_t *v, const char *name);
bool aa_unpack_u32(struct aa_ext *e, uint32_t *v, const char *name);
bool aa_unpack_u64(struct aa_ext *e, uint64_t *v, const char *name);
bool aa_unpack_array(struct aa_ext *e, const char *name, uint16_t *size);
size_t aa_unpack_blob(struct aa_ext *e, const uint8_t **blob, const char *name);
int aa_unpack_str(struct aa_ext *e, const char **string, const char *name);
int aa_unpack_strdup(struct aa_ext *e, char **string, const char *name);
size_t aa_ext_offset(const struct aa_ext *e, const uint8_t *at);

/* ------------------------------------------------------------------ */
/* dfa.c */
struct aa_dfa *aa_dfa_unpack(struct aa_ext *e, const uint8_t *blob,
			     size_t size, bool accept2);
void aa_dfa_free(struct aa_dfa *dfa);
uint32_t aa_dfa_match(const struct aa_dfa *dfa, uint32_t state,
		      const char *str);
uint32_t aa_dfa_match_len(const struct aa_dfa *dfa, uint32_t state,
			  const void *str, size_t len);
uint32_t aa_dfa_next(const struct aa_dfa *dfa, uint32_t state, uint8_t c);
uint32_t aa_dfa_outofband(const struct aa_dfa *dfa, uint32_t state);
uint32_t aa_dfa_leftmatch(const struct aa_dfa *dfa, uint32_t state,
			  const char *str, unsigned *count,
			  enum aamed_kernel kernel);

static inline uint32_t aa_dfa_null_transition(const struct aa_dfa *dfa,
					      uint32_t state)
{
	return aa_dfa_next(dfa, state, 0);
}

/* ------------------------------------------------------------------ */
/* compat.c: old packed accept words -> permission tables. */
bool aa_compat_file(struct aa_ext *e, struct aa_policydb *pdb);
bool aa_compat_policy(struct aa_ext *e, struct aa_policydb *pdb,
		      unsigned abi);
bool aa_compat_xmatch(struct aa_ext *e, struct aa_policydb *pdb);

/* Permissions at a file state for a subject fsuid and object owner. */
static inline const struct aa_perms *
aa_lookup_fperms(const struct aa_policydb *pdb, uint32_t state, bool owner)
{
	uint32_t index = pdb->dfa->accept[state];

	if ((pdb->dfa->accept2[state] & ACCEPT_FLAG_OWNER) && !owner)
		index++;
	return &pdb->perms[index];
}

static inline const struct aa_perms *
aa_lookup_perms(const struct aa_policydb *pdb, uint32_t state)
{
	return &pdb->perms[pdb->dfa->accept[state]];
}

/* ------------------------------------------------------------------ */
/* unpack.c */
struct aa_loadent {
	struct aa_profile *profile;
	char *ns_name;		/* namespace from the header or the name */
};

/*
 * Unpack a whole stream into a freshly allocated array of profiles.
 * Returns the number of entries (>= 1) or -1 with e->err set. Nothing is
 * linked into any policy yet.
 */
long aa_unpack_stream(struct aa_ext *e, struct aa_loadent **out);
void aa_profile_free(struct aa_profile *p);
void aa_policydb_free(struct aa_policydb *pdb);

/* ------------------------------------------------------------------ */
/* policy.c */
struct aa_ns *aa_policy_ns(aamed_policy *policy, const char *name,
			   bool create);
struct aa_profile *aa_policy_find(const aamed_policy *policy,
				  const struct aa_ns *ns, const char *hname);
struct aa_profile *aa_policy_find_n(const aamed_policy *policy,
				    const struct aa_ns *ns, const char *hname,
				    size_t n);

/* ------------------------------------------------------------------ */
/* label.c */
struct aa_label *aa_label_for_vec(aamed_policy *policy,
				  struct aa_profile **vec, size_t n);
struct aa_label *aa_label_parse(aamed_policy *policy,
				const struct aa_profile *base,
				const char *text, int *error);
void aa_label_free(struct aa_label *l);
int aa_profile_cmp(const struct aa_profile *a, const struct aa_profile *b);

static inline bool aa_label_unconfined(const struct aa_label *l)
{
	return l->flags & LFLAG_UNCONFINED;
}

static inline bool profile_unconfined(const struct aa_profile *p)
{
	return p->mode == APPARMOR_UNCONFINED;
}

/*
 * The kernel's fn_for_each_confined(): evaluate CALL, with p bound to
 * each member of label that is not unconfined, for every one of them
 * (each logs its own record, there is no short cut), and leave the last
 * non-zero result in err.
 */
#define for_each_confined(label, p, err, CALL)                             \
	do {                                                               \
		uint32_t i_;                                               \
		(err) = 0;                                                 \
		for (i_ = 0; i_ < (label)->size; i_++) {                   \
			const struct aa_profile *p = (label)->vec[i_];     \
			int e_;                                            \
			if (profile_unconfined(p))                         \
				continue;                                  \
			e_ = (CALL);                                       \
			if (e_)                                            \
				(err) = e_;                                \
		}                                                          \
	} while (0)

/* ------------------------------------------------------------------ */
/* audit.c */
struct aa_audit_ctx {
	aamed_audit_fn fn;
	void *arg;
};

/*
 * The kernel's aa_audit(): decide the record type from the profile's
 * modes, emit it when the modes allow, and map the error the way the
 * kernel does (complain mode turns -EACCES into 0).
 */
int aa_audit(const struct aa_audit_ctx *ctx, enum aamed_audit_type type,
	     const struct aa_profile *profile, struct aamed_audit *rec);
#define AUDIT_AUTO ((enum aamed_audit_type) - 1)

/* A bounded printer for records; n counts what was needed. */
struct aa_abuf {
	char *buf;
	size_t len;
	size_t n;
};
void aa_put(struct aa_abuf *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void aa_put_untrusted(struct aa_abuf *o, const char *s);

/* Each class prints its own fields and masks (the kernel's audit_cb). */
void aa_file_audit_fields(struct aa_abuf *o, const struct aamed_audit *r);
void aa_net_audit_fields(struct aa_abuf *o, const struct aamed_audit *r);
void aa_cap_audit_fields(struct aa_abuf *o, const struct aamed_audit *r);
void aa_signal_audit_fields(struct aa_abuf *o, const struct aamed_audit *r);
void aa_ptrace_audit_fields(struct aa_abuf *o, const struct aamed_audit *r);
size_t aa_file_perms_str(uint32_t mask, char *buf, size_t len);
size_t aa_net_perms_str(uint32_t mask, char *buf, size_t len);
size_t aa_signal_perms_str(uint32_t mask, char *buf, size_t len);
size_t aa_ptrace_perms_str(uint32_t mask, char *buf, size_t len);

/*
 * The kernel's generic aa_check_perms() after aa_apply_modes_to_perms():
 * denied = request & (~allow | deny); complain/kill/quiet from perms.
 * fill(rec, data) writes the class fields into a zeroed record; it runs
 * only when a record is emitted.
 */
typedef void (*aa_fill_fn)(struct aamed_audit *rec, void *data);
void aa_apply_modes_to_perms(const struct aa_profile *profile,
			     struct aa_perms *perms);
int aa_check_perms(const struct aa_audit_ctx *ctx,
		   const struct aa_profile *profile,
		   const struct aa_perms *perms, uint32_t request,
		   aa_fill_fn fill, void *data);
/* Fill a zeroed record, complete the common fields, hand it to ctx. */
void aa_emit(const struct aa_audit_ctx *ctx, const struct aa_profile *profile,
	     aa_fill_fn fill, void *data, enum aamed_audit_type type,
	     uint32_t request, uint32_t denied, int error);

/*
 * aa_audit() in two halves, for callers that build their record late:
 * the type to emit (or -1: none) and what the kernel returns.
 */
int aa_audit_type(enum aamed_audit_type type, const struct aa_profile *profile,
		  int error);
int aa_audit_result(int type, int error);

/* ------------------------------------------------------------------ */
/* file.c, domain.c */
int aa_audit_file(const struct aa_audit_ctx *ctx,
		  const struct aa_profile *profile,
		  const struct aa_perms *perms, const char *op,
		  uint32_t request, const char *name, const char *target,
		  uint32_t fsuid, uint32_t ouid, const char *info, int error);
uint32_t aa_str_perms(const struct aa_policydb *file, uint32_t start,
		      const char *name, bool owner, struct aa_perms *perms);
struct aa_label *aa_find_attach(aamed_policy *policy, const struct aa_ns *ns,
				const struct aa_profile *parent,
				const char *name, const char **info);


/* ------------------------------------------------------------------ */
/* BEGIN issue 4 net/unix block (net.c, af_unix.c); append-only. */
#define AA_CONT_MATCH 0x08000000u
#define AA_NET_PEER_MASK                                                   \
	(AAMED_MAY_SEND | AAMED_MAY_RECEIVE | AAMED_MAY_CONNECT |          \
	 AAMED_MAY_ACCEPT)
#define AA_AF_UNIX 1

/*
 * The kernel's apparmor_audit_data for one net check, kept on the stack
 * and turned into a record only when one is emitted. info persists
 * across the profiles of one check, as ad->info does in the kernel.
 */
struct aa_net_ad {
	const struct aa_audit_ctx *ctx;
	const char *op;
	const struct aamed_sock *sk;	/* NULL: create (no socket yet) */
	uint16_t family, type, protocol;
	bool upstream;			/* AAMED_KERNEL_UPSTREAM records */
	bool has_addr;			/* ad->net.addr set (bind) */
	const char *addr;		/* bind address, NULL: autobind */
	const char *peer_addr;		/* ad->net.peer.addr, NULL: none */
	const struct aa_profile *peer;	/* ad->peer */
	const char *info;
};

static inline bool aa_kernel_upstream(const struct aa_profile *p)
{
	return p->ns->policy->kernel == AAMED_KERNEL_UPSTREAM;
}

/* net.c */
int aa_net_do_perms(struct aa_net_ad *ad, const struct aa_profile *profile,
		    const struct aa_perms *perms, uint32_t request);
int aa_profile_af_perm(struct aa_net_ad *ad, const struct aa_profile *profile,
		       uint32_t request, uint16_t family, uint16_t type,
		       uint16_t protocol);
uint32_t aa_match_be16(const struct aa_dfa *dfa, uint32_t state, uint16_t v);

/* af_unix.c: the upstream (>= 6.17) AF_UNIX hooks; label confined */
int aa_unix_sock_op(const struct aa_audit_ctx *ctx,
		    const struct aa_label *label, enum aamed_net_op op,
		    const struct aamed_sock *sk);
int aa_unix_peer_perm(const struct aa_audit_ctx *ctx,
		      const struct aa_label *label, const char *op,
		      uint32_t request, const struct aamed_sock *sk,
		      const struct aamed_sock *peer_sk,
		      const struct aa_label *peer_label, uint32_t fsuid);
/* END issue 4 net/unix block. */

#endif /* AAMED_INTERNAL_H */
