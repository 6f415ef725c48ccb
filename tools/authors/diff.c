// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed diff OLD NEW: the semantic difference of two policies (blobs,
 * directories of blobs, single profiles), per profile and class. The
 * permissions are compared by walking the product of the two DFAs
 * (src/diff.c), so two spellings that compile to the same decisions show
 * nothing, and each added or removed permission comes with a shortest
 * witness (a path, a family and type, a signal and peer...). Modes,
 * flags, capabilities, attachments and exec transitions are compared
 * as well.
 *
 * The walks and the state-level comparison are the library's
 * (aamed_profile_diff); this file groups what they report and prints it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "diff_exec.h"
#include "diff_witness.h"
#include "tl.h"
#include "suggest.h"

#define MAX_WIT 3
#define MAX_PAIRS 20000000u

struct group {
	char cls[32];
	char what[96];		/* "+r", "-w", "audit +r", "transition" */
	long count;
	char wit[MAX_WIT][512];
	int nwit;
};

struct pdiff {
	const char *name;
	char **notes;		/* mode, flags, capabilities... */
	size_t nnotes;
	struct group *g;
	size_t ng;
	bool truncated;
};

static void note(struct pdiff *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void note(struct pdiff *d, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	d->notes = realloc(d->notes, (d->nnotes + 1) * sizeof(*d->notes));
	if (!d->notes || !(d->notes[d->nnotes] = strdup(buf)))
		exit(EXIT_USAGE);
	d->nnotes++;
}

static void add_group(struct pdiff *d, const char *cls, const char *what,
		      const char *wit)
{
	size_t i;
	struct group *g = NULL;

	for (i = 0; i < d->ng; i++)
		if (!strcmp(d->g[i].cls, cls) && !strcmp(d->g[i].what, what)) {
			g = &d->g[i];
			break;
		}
	if (!g) {
		d->g = realloc(d->g, (d->ng + 1) * sizeof(*d->g));
		if (!d->g)
			exit(EXIT_USAGE);
		g = &d->g[d->ng++];
		memset(g, 0, sizeof(*g));
		snprintf(g->cls, sizeof(g->cls), "%s", cls);
		snprintf(g->what, sizeof(g->what), "%s", what);
	}
	g->count++;
	if (g->nwit < MAX_WIT)
		snprintf(g->wit[g->nwit++], sizeof(g->wit[0]), "%s", wit);
}

/* ------------------------------------------------------------------ */
/*
 * A hat added, removed or made (or no longer) a hat: the change_hat into
 * it from its parent (or a sibling) is the witness. In enforce mode a
 * single missing name is refused unlogged (-ENOENT, -ECHILD when no
 * child is left), a profile that is not a hat with -EPERM.
 */
static void hat_witness(struct pdiff *d, const char *hname, const char *now)
{
	const char *cut = strrchr(hname, '/');
	int plen = cut && cut - hname >= 1 ? (int)(cut - hname - 1) : 0;

	if (plen)
		note(d, "change_hat %s from %.*s: now %s", cut + 1, plen,
		     hname, now);
}

/* What one profile pair's walks report, grouped by class and change. */
struct dctx {
	struct pdiff *d;
	const aamed_profile *pa, *pb;	/* the two sides compared */
	bool attach_seen;	/* the attachment matches other paths */
	char attach_wit[512];
};

static const char *class_label(int c)
{
	switch (c) {
	case AAMED_PCLASS_FILE:
		return "file";
	case AAMED_PCLASS_NET:
		return "network";
	case AAMED_PCLASS_NETV9:
		return "unix";
	case AAMED_PCLASS_SIGNAL:
		return "signal";
	case AAMED_PCLASS_PTRACE:
		return "ptrace";
	case AAMED_PCLASS_MOUNT:
		return "mount";
	case AAMED_PCLASS_DBUS:
		return "dbus";
	case AAMED_PCLASS_LABEL:
		return "label";
	case AAMED_PCLASS_NS:
		return "namespace";
	case AAMED_PCLASS_IO_URING:
		return "io_uring";
	default:
		return NULL;
	}
}

/* The audit words of signal and ptrace name one bit each: a rule's
 * mask is spelled bit by bit. */
static void bit_words(enum aamed_class c, uint32_t m, char *buf, size_t len)
{
	size_t o = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < 32 && o < len; i++) {
		char w[32];

		if (!(m & (1u << i)))
			continue;
		aamed_perms_str(c, 1u << i, w, sizeof(w));
		if (!*w)
			snprintf(w, sizeof(w), "0x%x", 1u << i);
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? " " : "", w);
	}
}

static enum aamed_class aclass_of(int c)
{
	switch (c) {
	case AAMED_PCLASS_FILE:
		return AAMED_CLASS_FILE;
	case AAMED_PCLASS_NET:
	case AAMED_PCLASS_NETV9:
		return AAMED_CLASS_NET;
	case AAMED_PCLASS_SIGNAL:
		return AAMED_CLASS_SIGNAL;
	case AAMED_PCLASS_PTRACE:
		return AAMED_CLASS_PTRACE;
	case AAMED_PCLASS_NS:
		return AAMED_CLASS_NS;
	case AAMED_PCLASS_IO_URING:
		return AAMED_CLASS_IO_URING;
	case AAMED_PCLASS_DBUS:
		return AAMED_CLASS_DBUS;
	default:
		return AAMED_CLASS_NONE;
	}
}

/* The change_profile bits of the file DFA (a pseudo class of mask_word). */
#define CP_BITS (AAMED_MAY_CHANGE_PROFILE | AAMED_MAY_ONEXEC)
#define PCLASS_CHANGE (-1)

/* The words of mask m of policy class pclass (AAMED_PCLASS_*). */
static void mask_word(int pclass, uint32_t m, char *buf, size_t len)
{
	enum aamed_class c = aclass_of(pclass);

	if (pclass == PCLASS_CHANGE) {
		snprintf(buf, len, "%s%s%s",
			 m & AAMED_MAY_CHANGE_PROFILE ? "change_profile" : "",
			 (m & CP_BITS) == CP_BITS ? " " : "",
			 m & AAMED_MAY_ONEXEC ? "onexec" : "");
		return;
	}
	if (pclass == AAMED_PCLASS_MOUNT) {
		diff_mount_words(m, buf, len);
		return;
	}
	if (c == AAMED_CLASS_SIGNAL || c == AAMED_CLASS_PTRACE) {
		bit_words(c, m, buf, len);
		return;
	}
	if (c == AAMED_CLASS_NONE) {
		snprintf(buf, len, "0x%x", m);
		return;
	}
	aamed_perms_str(c, m, buf, len);
	if (!*buf)
		snprintf(buf, len, "0x%x", m);
}

static void perm_groups(struct pdiff *d, const char *cls, int pclass,
			const char *who, const struct aamed_perms *x,
			const struct aamed_perms *y, const char *wit)
{
	static const struct {
		size_t off;
		const char *name;
	} f[] = {
		{ offsetof(struct aamed_perms, allow), "" },
		{ offsetof(struct aamed_perms, deny), "deny " },
		{ offsetof(struct aamed_perms, audit), "audit " },
		{ offsetof(struct aamed_perms, quiet), "quiet " },
		{ offsetof(struct aamed_perms, kill), "kill " },
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		uint32_t vx = *(const uint32_t *)(const void *)((const char *)x + f[i].off);
		uint32_t vy = *(const uint32_t *)(const void *)((const char *)y + f[i].off);
		char m[128], what[160];

		if (vy & ~vx) {
			mask_word(pclass, vy & ~vx, m, sizeof(m));
			snprintf(what, sizeof(what), "%s%s+%s", who, f[i].name, m);
			add_group(d, cls, what, wit);
		}
		if (vx & ~vy) {
			mask_word(pclass, vx & ~vy, m, sizeof(m));
			snprintf(what, sizeof(what), "%s%s-%s", who, f[i].name, m);
			add_group(d, cls, what, wit);
		}
	}
}

/* An exec transition difference: both modes, and where the task lands. */
static void xtrans_group(struct dctx *c, const struct aamed_diff_state *st,
			 int o, const char *who, const char *wit)
{
	char tx[300], ty[300], what[160], path[512], land[512];
	size_t n = st->len < sizeof(path) - 1 ? st->len : sizeof(path) - 1;

	diff_xname(&st->xa[o], tx, sizeof(tx));
	diff_xname(&st->xb[o], ty, sizeof(ty));
	snprintf(what, sizeof(what), "%stransition %.60s => %.60s", who, tx, ty);
	memcpy(path, st->witness, n);
	path[n] = 0;
	diff_landing(c->pa, c->pb, &st->xa[o], &st->xb[o],
		     o == AAMED_ENTRY_OWNER, path, wit, land, sizeof(land));
	add_group(c->d, "file", what, land);
}

/* perms with only (keep) or without (!keep) the change_profile bits */
static struct aamed_perms cp_part(const struct aamed_perms *p, bool keep)
{
	struct aamed_perms r = *p;
	uint32_t m = keep ? CP_BITS : ~CP_BITS;

	r.allow &= m;
	r.deny &= m;
	r.audit &= m;
	r.quiet &= m;
	r.kill &= m;
	return r;
}

/*
 * A change_profile rule's witness: the target from the file start
 * ("name", "&name"), the onexec pairing "path NUL target", or an
 * executable's onexec bit alone.
 */
static void cp_witness(const struct aamed_diff_state *st, char *out,
		       size_t len)
{
	const uint8_t *w = st->witness, *z = memchr(w, 0, st->len);
	char a[256], b[256];

	if (z) {
		diff_put_bytes(a, sizeof(a), w, (size_t)(z - w));
		diff_put_bytes(b, sizeof(b), z + 1,
			       st->len - (size_t)(z - w) - 1);
		snprintf(out, len, "change_profile %s -> %s", a, b);
		return;
	}
	diff_put_bytes(a, sizeof(a), w, st->len);
	if (a[0] == '/')
		snprintf(out, len, "exec %s (the onexec pairing's path)", a);
	else
		snprintf(out, len, "change_profile -> %s", a);
}

static void cp_groups(struct dctx *c, const struct aamed_diff_state *st,
		      int o)
{
	struct aamed_perms x = cp_part(&st->a[o], true),
			   y = cp_part(&st->b[o], true);
	char wit[600];

	if (!memcmp(&x, &y, sizeof(x)))
		return;
	cp_witness(st, wit, sizeof(wit));
	perm_groups(c->d, "change_profile", PCLASS_CHANGE, "", &x, &y, wit);
}

static void file_groups(struct dctx *c, const struct aamed_diff_state *st,
			const char *wit)
{
	int o;

	for (o = AAMED_ENTRY_OWNER; o <= AAMED_ENTRY_OTHER; o++) {
		const char *who = o == AAMED_ENTRY_OWNER ? "owner " : "";
		struct aamed_perms x, y;

		/* an owner entry equal to the other one is no owner rule */
		if (o == AAMED_ENTRY_OWNER && !st->owner_distinct)
			continue;
		/* change_profile was never owner-conditional: the other
		 * entry says it */
		if (o == AAMED_ENTRY_OTHER)
			cp_groups(c, st, o);
		x = cp_part(&st->a[o], false);
		y = cp_part(&st->b[o], false);
		perm_groups(c->d, "file", AAMED_PCLASS_FILE, who, &x, &y, wit);
		if ((st->a[o].allow & st->b[o].allow & AAMED_MAY_EXEC) &&
		    st->xtrans_differ[o])
			xtrans_group(c, st, o, who, wit);
	}
}

static int on_state(const struct aamed_diff_state *st, void *arg)
{
	struct dctx *c = arg;
	char wit[512], clsbuf[32];
	const char *cl;

	if (st->rules == AAMED_RULES_ATTACH) {
		/* one example says it; the attachment walk is the last */
		diff_put_bytes(c->attach_wit, sizeof(c->attach_wit), st->witness,
			  st->len);
		c->attach_seen = true;
		return 1;
	}
	if (st->rules == AAMED_RULES_FILE) {
		diff_file_witness(st->witness, st->len, wit, sizeof(wit));
		file_groups(c, st, wit);
		return 0;
	}
	diff_policy_witness(st->witness, st->len, wit, sizeof(wit));
	cl = class_label(st->pclass);
	if (!cl) {
		snprintf(clsbuf, sizeof(clsbuf), "class %d", st->pclass);
		cl = clsbuf;
	}
	perm_groups(c->d, cl, st->pclass, "", &st->a[AAMED_ENTRY_OTHER],
		    &st->b[AAMED_ENTRY_OTHER], wit);
	return 0;
}

/* ------------------------------------------------------------------ */
static void caps_diff(struct pdiff *d, const char *what, uint64_t x, uint64_t y)
{
	int i;

	for (i = 0; i < 64; i++) {
		uint64_t bit = 1ull << i;
		const char *n = aamed_cap_name(i);

		if (!n)
			n = "?";
		if ((y & bit) && !(x & bit))
			add_group(d, "capability", what[0] ? what : "+", n);
		if ((x & bit) && !(y & bit)) {
			char w[64];

			snprintf(w, sizeof(w), "%s", what[0] ? what : "-");
			if (what[0])
				w[strlen(w) - 1] = '-';
			add_group(d, "capability", w, n);
		}
	}
}

static bool str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void xattr_notes(struct pdiff *d, const aamed_profile *pa,
			const aamed_profile *pb,
			const struct aamed_profile_info *a,
			const struct aamed_profile_info *b)
{
	uint32_t i;

	if (a->xattr_count != b->xattr_count) {
		note(d, "xattr conditions %u => %u", a->xattr_count, b->xattr_count);
		return;
	}
	for (i = 0; i < a->xattr_count; i++) {
		const char *x = aamed_profile_xattr(pa, i);
		const char *y = aamed_profile_xattr(pb, i);

		if (!str_eq(x, y))
			note(d, "xattr condition %s => %s", x ? x : "(null)",
			     y ? y : "(null)");
	}
}

static void rlimit_rule(char *buf, size_t len, int set, uint64_t v)
{
	if (!set)
		snprintf(buf, len, "none");
	else if (v == AAMED_RLIM_INFINITY)
		snprintf(buf, len, "<= infinity");
	else
		snprintf(buf, len, "<= %llu", (unsigned long long)v);
}

/*
 * The rlimit rules, resource by resource, each change with a witness:
 * the smallest hard limit one side refuses and the other allows (a rule
 * of infinity refuses nothing, as no rule).
 */
static void rlimit_notes(struct pdiff *d, const aamed_profile *pa,
			 const aamed_profile *pb)
{
	int r;

	for (r = 0; r < AAMED_RLIMIT__COUNT; r++) {
		uint64_t va = AAMED_RLIM_INFINITY, vb = AAMED_RLIM_INFINITY;
		int sa = aamed_profile_rlimit(pa, r, &va) == 1;
		int sb = aamed_profile_rlimit(pb, r, &vb) == 1;
		uint64_t lo = va < vb ? va : vb;
		char ra[32], rb[32];

		if (sa == sb && va == vb)
			continue;
		rlimit_rule(ra, sizeof(ra), sa, va);
		rlimit_rule(rb, sizeof(rb), sb, vb);
		if (va == vb)
			note(d, "rlimit %s %s => %s (no request differs)",
			     aamed_rlimit_name(r), ra, rb);
		else
			note(d, "rlimit %s %s => %s (e.g. rlimit %s %llu: now %s)",
			     aamed_rlimit_name(r), ra, rb, aamed_rlimit_name(r),
			     (unsigned long long)lo + 1,
			     vb > va ? "allowed" : "denied");
	}
}

/* What the profile says besides its rule sets, as notes. */
static void scalar_notes(struct pdiff *d, const aamed_profile *pa,
			 const aamed_profile *pb,
			 const struct aamed_profile_info *a,
			 const struct aamed_profile_info *b)
{
	uint32_t i;

	if (a->mode != b->mode)
		note(d, "mode %s => %s", tl_mode_name(a->mode), tl_mode_name(b->mode));
	if (a->audit != b->audit)
		note(d, "audit mode %s => %s", tl_audit_mode_name(a->audit),
		     tl_audit_mode_name(b->audit));
	if (a->hat != b->hat) {
		note(d, "flags 0x%x => 0x%x", (unsigned)a->hat, (unsigned)b->hat);
		hat_witness(d, b->name, b->hat ? "ALLOWED (a hat now)"
					       : "DENIED (target not hat)");
	}
	if (a->path_flags != b->path_flags)
		note(d, "path flags 0x%x => 0x%x", a->path_flags, b->path_flags);
	if (!str_eq(a->attach, b->attach))
		note(d, "attachment \"%s\" => \"%s\"", a->attach ? a->attach : "",
		     b->attach ? b->attach : "");
	if (!str_eq(a->disconnected, b->disconnected))
		note(d, "attach_disconnected path changed");
	xattr_notes(d, pa, pb, a, b);
	rlimit_notes(d, pa, pb);
	for (i = 0; i < 64 && a->mediates != b->mediates; i++) {
		uint64_t bit = 1ull << i;
		const char *cl = class_label((int)i);

		if (!((a->mediates ^ b->mediates) & bit))
			continue;
		if (cl)
			note(d, "%s mediation of %s",
			     b->mediates & bit ? "starts" : "stops", cl);
		else
			note(d, "%s mediation of class %u",
			     b->mediates & bit ? "starts" : "stops", i);
	}
}

static void profile_diff(const aamed_profile *pa, const aamed_profile *pb,
			 struct pdiff *d)
{
	struct aamed_profile_info a = { .size = sizeof(a) };
	struct aamed_profile_info b = { .size = sizeof(b) };
	struct dctx c = { .d = d, .pa = pa, .pb = pb };

	aamed_profile_info(pa, &a);
	aamed_profile_info(pb, &b);
	scalar_notes(d, pa, pb, &a, &b);
	caps_diff(d, "", a.caps_allow, b.caps_allow);
	caps_diff(d, "audit +", a.caps_audit, b.caps_audit);
	caps_diff(d, "quiet +", a.caps_quiet, b.caps_quiet);
	caps_diff(d, "kill +", a.caps_kill, b.caps_kill);
	if (aamed_profile_diff(pa, pb, MAX_PAIRS, on_state, &c) == -E2BIG)
		d->truncated = true;
	if (c.attach_seen)
		note(d, "attachment matches other executables (e.g. %s)",
		     c.attach_wit);
}

/* ------------------------------------------------------------------ */
static void usage(FILE *f)
{
	fputs("usage: aamed diff [--json] [--kernel 6.1|6.12|upstream]\n"
	      "                  [--profile NAME] OLD NEW\n"
	      "OLD, NEW: a blob, a directory of blobs, or a profile source (compiled\n"
	      "with apparmor_parser; --features NAME|FILE, -I DIR as for compile).\n"
	      "Exit codes: 0 equal, 1 different, 2 usage error, 3 policy not loaded.\n",
	      f);
}

/* A source file is compiled first; anything else is loaded as is. */
static aamed_policy *load_side(const char *path, const char *features,
			       const char *const *incs, int ni,
			       enum aamed_kernel k, char *tmp, int which)
{
	struct stat sb;
	FILE *f = NULL;
	unsigned char hdr[4] = { 0 };
	bool blob = true;
	char out[4200];

	if (!stat(path, &sb) && S_ISREG(sb.st_mode) && (f = fopen(path, "rb"))) {
		/* a policy stream starts with the version element (0x04) */
		blob = fread(hdr, 1, 4, f) == 4 && hdr[0] == 0x04;
		fclose(f);
	}
	if (blob) {
		const char *p = path;

		return load_policies(&p, 1, k, "aamed diff");
	}
	snprintf(out, sizeof(out), "%s/side%d.bin", tmp, which);
	if (tl_compile(path, out, features, incs, ni, false))
		return NULL;
	{
		const char *p = out;

		return load_policies(&p, 1, k, "aamed diff");
	}
}

static void free_pdiff(struct pdiff *d)
{
	size_t i;

	for (i = 0; i < d->nnotes; i++)
		free(d->notes[i]);
	free(d->notes);
	free(d->g);
}

static int cmp_group(const void *x, const void *y)
{
	const struct group *a = x, *b = y;
	int c = strcmp(a->cls, b->cls);

	return c ? c : strcmp(a->what, b->what);
}

static void print_json(const struct pdiff *d, const char *status, bool *firstp)
{
	bool f = true;
	size_t gi;

	json_sep(stdout, firstp);
	fputc('{', stdout);
	json_key(stdout, &f, "profile");
	json_str(stdout, d->name);
	json_key(stdout, &f, "status");
	json_str(stdout, status);
	json_key(stdout, &f, "truncated");
	fputs(d->truncated ? "true" : "false", stdout);
	json_key(stdout, &f, "changes");
	json_str_array(stdout, (const char *const *)d->notes, d->nnotes);
	json_key(stdout, &f, "permissions");
	fputc('[', stdout);
	for (gi = 0; gi < d->ng; gi++) {
		bool gf = true;

		if (gi)
			fputc(',', stdout);
		fputc('{', stdout);
		json_key(stdout, &gf, "class");
		json_str(stdout, d->g[gi].cls);
		json_key(stdout, &gf, "change");
		json_str(stdout, d->g[gi].what);
		json_key(stdout, &gf, "states");
		printf("%ld", d->g[gi].count);
		json_key(stdout, &gf, "witnesses");
		json_str_rows(stdout, d->g[gi].wit[0], sizeof(d->g[gi].wit[0]),
			      (size_t)d->g[gi].nwit);
		fputc('}', stdout);
	}
	fputs("]}", stdout);
}

static void print_text(const struct pdiff *d, const char *status)
{
	size_t gi;

	printf("profile %s: %s%s\n", d->name, status,
	       d->truncated ? " (walk truncated)" : "");
	for (gi = 0; gi < d->nnotes; gi++)
		printf("  %s\n", d->notes[gi]);
	for (gi = 0; gi < d->ng; gi++) {
		int w;

		printf("  %-10s %-24s", d->g[gi].cls, d->g[gi].what);
		for (w = 0; w < d->g[gi].nwit; w++)
			printf("%s%s", w ? ", " : "  ", d->g[gi].wit[w]);
		if (d->g[gi].count > d->g[gi].nwit)
			printf(" (%ld states)", d->g[gi].count);
		putchar('\n');
	}
}

/* The profile of the other side with p's namespace and name. */
static const aamed_profile *counterpart(const aamed_policy *other,
					const aamed_profile *p)
{
	struct aamed_profile_info i = { .size = sizeof(i) };

	if (aamed_profile_info(p, &i))
		return NULL;
	return aamed_policy_profile_find(other, i.ns, i.name);
}

/* Compare and print one profile; true when it differs. */
static bool diff_one(const aamed_profile *a, const aamed_profile *b,
		     const char *only, const char *shown, bool json,
		     bool *firstp)
{
	struct aamed_profile_info i = { .size = sizeof(i) };
	struct pdiff d = { 0 };
	const char *status = "changed";

	aamed_profile_info(a ? a : b, &i);
	d.name = shown ? shown : i.name;
	if (only && strcmp(only, d.name))
		return false;
	if (!a)
		status = "added";
	else if (!b)
		status = "removed";
	else
		profile_diff(a, b, &d);
	if (i.hat && (!a || !b))
		hat_witness(&d, i.name, !a ? "ALLOWED (the hat exists)"
					   : "DENIED (hat not found)");
	if (a && b && !d.nnotes && !d.ng)
		return false;
	if (d.ng)
		qsort(d.g, d.ng, sizeof(*d.g), cmp_group);
	if (json)
		print_json(&d, status, firstp);
	else
		print_text(&d, status);
	free_pdiff(&d);
	return true;
}

bool tl_diff_profile(const aamed_profile *a, const aamed_profile *b,
		     const char *shown, bool json, bool *firstp)
{
	return diff_one(a, b, NULL, shown, json, firstp);
}

struct dargs {
	const char *side[2];
	int ns;
	const char *only;
};

enum { OPT_PROFILE = 0x200 };

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct dargs *a = ctx;

	if (opt == OPT_PROFILE) {
		a->only = arg;
	} else if (opt == 1 && a->ns < 2) {
		a->side[a->ns++] = arg;
	} else if (opt == 1) {
		usage(stderr);
		return -1;
	} else {
		fprintf(stderr, "aamed diff: unknown option %s\n", arg);
		return -1;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	static const struct option own[] = {
		{ "profile", required_argument, NULL, OPT_PROFILE },
		{ 0 },
	};
	struct tl_opts o = { .allowed = TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON,
			   .usage = usage };
	struct dargs da = { { 0 }, 0, NULL };
	int rc = 0, t;
	bool firstp = true;
	aamed_policy *pa, *pb;
	char tmp[4096];
	size_t x, na, nb;

	t = tl_getopt(&o, "diff", argc, argv, own, on_arg, &da);
	if (t >= 0)
		return t;
	if (da.ns != 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (tl_mktmp(tmp, sizeof(tmp)))
		return EXIT_USAGE;
	pa = load_side(da.side[0], o.features, o.incs, o.ni, o.k, tmp, 0);
	pb = pa ? load_side(da.side[1], o.features, o.incs, o.ni, o.k, tmp, 1)
		: NULL;
	tl_rmtmp(tmp);
	if (!pa || !pb) {
		if (pa)
			aamed_policy_free(pa);
		return EXIT_POLICY;
	}
	if (o.json) {
		printf("{\"version\":%d,\"command\":\"diff\",\"old\":", TL_JSON_VERSION);
		json_str(stdout, da.side[0]);
		fputs(",\"new\":", stdout);
		json_str(stdout, da.side[1]);
		fputs(",\"profiles\":[", stdout);
	}
	/* profiles of OLD (changed or removed), then those only in NEW */
	na = aamed_policy_profile_count(pa);
	nb = aamed_policy_profile_count(pb);
	for (x = 0; x < na + nb; x++) {
		const aamed_profile *a, *b;

		if (x < na) {
			a = aamed_policy_profile(pa, x);
			b = counterpart(pb, a);
		} else {
			b = aamed_policy_profile(pb, x - na);
			if (counterpart(pa, b))
				continue;	/* compared above */
			a = NULL;
		}
		if (diff_one(a, b, da.only, NULL, o.json, &firstp))
			rc = 1;
	}
	if (o.json)
		printf("],\"different\":%s}\n", rc ? "true" : "false");
	else if (!rc)
		puts("no semantic difference");
	aamed_policy_free(pa);
	aamed_policy_free(pb);
	return rc;
}
