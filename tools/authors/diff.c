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
 * Links the static library and reads src/internal.h (DFAs, permission
 * tables, profile fields) through tl.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "tl.h"

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

struct walkctx {
	const struct aa_profile *a, *b;
	const struct aa_policydb *pa, *pb;
	bool file;		/* the file DFA (owner/other entries) */
	struct pdiff *d;
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
static const struct aa_perms zero_perms;
/* no file rules: the null DFA, which grants getattr (compat mapping) */
static const struct aa_perms null_fperms = { .allow = AAMED_MAY_GETATTR };

static const struct aa_perms *fperms(const struct aa_policydb *p, uint32_t s,
				     bool owner)
{
	if (!p)
		return &null_fperms;
	return aa_lookup_fperms(p, s, owner);
}

static const struct aa_perms *pperms(const struct aa_policydb *p, uint32_t s)
{
	if (!p)
		return &zero_perms;
	return aa_lookup_perms(p, s);
}

/* An exec transition, independent of table indices. */
static void xtarget(const struct aa_policydb *p, uint32_t x, char *buf,
		    size_t len)
{
	static const char *const mode[] = { "", "ix", "px", "cx", "ux" };
	int m = 0;
	const char *name = "";

	if (x & AA_X_INHERIT)
		m = 1;
	else if (x & AA_X_UNCONFINED)
		m = 4;
	else if (x & AA_X_CHILD)
		m = 3;
	else if (x & AA_X_TYPE_MASK)
		m = 2;
	if ((x & AA_X_TYPE_MASK) == AA_X_TABLE && p &&
	    (x & AA_X_INDEX_MASK) < p->xsize && p->xtable[x & AA_X_INDEX_MASK])
		name = p->xtable[x & AA_X_INDEX_MASK];
	snprintf(buf, len, "%s%s%s%s", mode[m], x & AA_X_UNSAFE ? "(unsafe)" : "",
		 *name ? " -> " : "", name);
}

static bool same_perms(const struct aa_perms *x, const struct aa_perms *y)
{
	return x->allow == y->allow && x->deny == y->deny &&
	       x->audit == y->audit && x->quiet == y->quiet && x->kill == y->kill;
}

static bool differ(void *arg, uint32_t sa, uint32_t sb)
{
	struct walkctx *c = arg;

	if (c->file) {
		int o;

		for (o = 0; o < 2; o++) {
			const struct aa_perms *x = fperms(c->pa, sa, o == 0);
			const struct aa_perms *y = fperms(c->pb, sb, o == 0);
			char tx[600], ty[600];

			if (!same_perms(x, y))
				return true;
			if ((x->allow | y->allow) & AAMED_MAY_EXEC) {
				xtarget(c->pa, x->xindex, tx, sizeof(tx));
				xtarget(c->pb, y->xindex, ty, sizeof(ty));
				if (strcmp(tx, ty))
					return true;
			}
		}
		return false;
	}
	return !same_perms(pperms(c->pa, sa), pperms(c->pb, sb));
}

static void put_bytes(char *out, size_t len, const uint8_t *w, size_t n)
{
	size_t o = 0, i;

	for (i = 0; i < n && o + 5 < len; i++) {
		if (w[i] >= 0x20 && w[i] < 0x7f && w[i] != '\\')
			out[o++] = (char)w[i];
		else
			o += (size_t)snprintf(out + o, len - o, "\\x%02x", w[i]);
	}
	out[o] = 0;
}

static const char *class_label(int c)
{
	switch (c) {
	case AA_CLASS_FILE:
		return "file";
	case AA_CLASS_NET:
		return "network";
	case AA_CLASS_NETV9:
		return "unix";
	case AA_CLASS_SIGNAL:
		return "signal";
	case AA_CLASS_PTRACE:
		return "ptrace";
	case AA_CLASS_MOUNT:
		return "mount";
	case AA_CLASS_DBUS:
		return "dbus";
	case AA_CLASS_LABEL:
		return "label";
	default:
		return NULL;
	}
}

/* The witness in the words of its class. */
static void witness(const uint8_t *w, size_t n, bool file, char *out,
		    size_t len, int *cls)
{
	if (file) {
		const uint8_t *z = memchr(w, 0, n);

		*cls = AA_CLASS_FILE;
		if (!z) {
			put_bytes(out, len, w, n);
		} else {
			char a[256], b[256];

			put_bytes(a, sizeof(a), w, (size_t)(z - w));
			put_bytes(b, sizeof(b), z + 1, n - (size_t)(z - w) - 1);
			if (snprintf(out, len, "%s (link to %s)", a, b) >= (int)len)
				out[len - 1] = 0;
		}
		return;
	}
	*cls = n ? w[0] : 0;
	if (*cls == AA_CLASS_NET && n >= 3) {
		unsigned fam = (unsigned)w[1] << 8 | w[2];
		char t[64] = "";

		if (n >= 5) {
			unsigned ty = (unsigned)w[3] << 8 | w[4];

			snprintf(t, sizeof(t), " %s",
				 ty < AA_SOCK_MAX && aa_sock_type_names[ty] ?
					 aa_sock_type_names[ty] : "?");
		}
		snprintf(out, len, "%s%s%s", fam < AA_AF_MAX && aa_family_names[fam] ?
			 aa_family_names[fam] : "?", t, n > 5 ? " (protocol)" : "");
		return;
	}
	if (*cls == AA_CLASS_SIGNAL && n >= 2) {
		char peer[400];
		const char *s = w[1] <= AA_MAXMAPPED_SIG && aa_sig_names[w[1]] ?
					aa_sig_names[w[1]] : "rtmin+";
		char sb[32];

		if (w[1] >= AA_SIGRT_BASE)
			snprintf(sb, sizeof(sb), "rtmin+%d", w[1] - AA_SIGRT_BASE);
		else
			snprintf(sb, sizeof(sb), "%s", s);
		put_bytes(peer, sizeof(peer), w + 2, n - 2);
		snprintf(out, len, "signal=%s peer=%s", sb, peer);
		return;
	}
	if (*cls == AA_CLASS_LABEL && n >= 2 && w[1] == AA_CLASS_PTRACE) {
		char peer[400];

		*cls = AA_CLASS_PTRACE;
		put_bytes(peer, sizeof(peer), w + 2, n - 2);
		snprintf(out, len, "peer=%s", peer);
		return;
	}
	put_bytes(out, len, n ? w + 1 : w, n ? n - 1 : 0);
}

static void mask_word(enum aamed_class c, uint32_t m, char *buf, size_t len)
{
	if (c == AAMED_CLASS_NONE) {
		snprintf(buf, len, "0x%x", m);
		return;
	}
	aamed_perms_str(c, m, buf, len);
	if (!*buf)
		snprintf(buf, len, "0x%x", m);
}

static enum aamed_class aclass_of(int c)
{
	switch (c) {
	case AA_CLASS_FILE:
		return AAMED_CLASS_FILE;
	case AA_CLASS_NET:
	case AA_CLASS_NETV9:
		return AAMED_CLASS_NET;
	case AA_CLASS_SIGNAL:
		return AAMED_CLASS_SIGNAL;
	case AA_CLASS_PTRACE:
		return AAMED_CLASS_PTRACE;
	default:
		return AAMED_CLASS_NONE;
	}
}

static void perm_groups(struct pdiff *d, const char *cls, enum aamed_class ac,
			const char *who, const struct aa_perms *x,
			const struct aa_perms *y, const char *wit)
{
	static const struct {
		size_t off;
		const char *name;
	} f[] = {
		{ offsetof(struct aa_perms, allow), "" },
		{ offsetof(struct aa_perms, deny), "deny " },
		{ offsetof(struct aa_perms, audit), "audit " },
		{ offsetof(struct aa_perms, quiet), "quiet " },
		{ offsetof(struct aa_perms, kill), "kill " },
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		uint32_t vx = *(const uint32_t *)(const void *)((const char *)x + f[i].off);
		uint32_t vy = *(const uint32_t *)(const void *)((const char *)y + f[i].off);
		char m[128], what[160];

		if (vy & ~vx) {
			mask_word(ac, vy & ~vx, m, sizeof(m));
			snprintf(what, sizeof(what), "%s%s+%s", who, f[i].name, m);
			add_group(d, cls, what, wit);
		}
		if (vx & ~vy) {
			mask_word(ac, vx & ~vy, m, sizeof(m));
			snprintf(what, sizeof(what), "%s%s-%s", who, f[i].name, m);
			add_group(d, cls, what, wit);
		}
	}
}

static bool report(void *arg, uint32_t sa, uint32_t sb, const uint8_t *w,
		   size_t n)
{
	struct walkctx *c = arg;
	char wit[512];
	int cls;
	const char *cl;
	char clsbuf[32];

	witness(w, n, c->file, wit, sizeof(wit), &cls);
	if (!c->file && cls == AA_CLASS_FILE)
		return true;	/* the file DFA is walked on its own */
	cl = class_label(cls);
	if (!cl) {
		snprintf(clsbuf, sizeof(clsbuf), "class %d", cls);
		cl = clsbuf;
	}
	if (c->file) {
		int o;

		for (o = 0; o < 2; o++) {
			const struct aa_perms *x = fperms(c->pa, sa, o == 0);
			const struct aa_perms *y = fperms(c->pb, sb, o == 0);
			char tx[600], ty[600];

			/* an owner entry equal to the other one is no owner rule */
			if (o == 0 && same_perms(x, fperms(c->pa, sa, false)) &&
			    same_perms(y, fperms(c->pb, sb, false)))
				continue;
			perm_groups(c->d, cl, AAMED_CLASS_FILE, o == 0 ? "owner " : "",
				    x, y, wit);
			if ((x->allow & y->allow) & AAMED_MAY_EXEC) {
				xtarget(c->pa, x->xindex, tx, sizeof(tx));
				xtarget(c->pb, y->xindex, ty, sizeof(ty));
				if (strcmp(tx, ty)) {
					char what[160];

					snprintf(what, sizeof(what), "%stransition %.60s => %.60s",
						 o == 0 ? "owner " : "", tx, ty);
					add_group(c->d, cl, what, wit);
				}
			}
		}
		return true;
	}
	{
		/* only the bits the class decides with; label matching keeps
		 * bookkeeping bits in the states of partial peer names */
		uint32_t m = cls == AA_CLASS_SIGNAL ? (AAMED_MAY_READ | AAMED_MAY_WRITE)
			   : cls == AA_CLASS_PTRACE ? (AAMED_MAY_READ | AAMED_MAY_WRITE |
						   AAMED_PTRACE_TRACEDBY |
						   AAMED_PTRACE_READBY)
			   : ~0u;
		struct aa_perms x = *pperms(c->pa, sa), y = *pperms(c->pb, sb);

		x.allow &= m; x.deny &= m; x.audit &= m; x.quiet &= m; x.kill &= m;
		y.allow &= m; y.deny &= m; y.audit &= m; y.quiet &= m; y.kill &= m;
		perm_groups(c->d, cl, aclass_of(cls), "", &x, &y, wit);
	}
	return true;
}

/* ------------------------------------------------------------------ */
static void caps_diff(struct pdiff *d, const char *what, uint64_t x, uint64_t y)
{
	int i;

	for (i = 0; i < 64; i++) {
		uint64_t bit = 1ull << i;
		const char *n = i < AA_CAP_MAX && aa_cap_names[i] ? aa_cap_names[i] : "?";

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

static void profile_diff(const struct aa_profile *a, const struct aa_profile *b,
			 struct pdiff *d)
{
	struct walkctx c = { a, b, NULL, NULL, false, d };
	struct aa_product_ops ops = { differ, report, &c };
	uint32_t i;

	if (a->mode != b->mode)
		note(d, "mode %s => %s", tl_mode_name(a->mode), tl_mode_name(b->mode));
	if (a->audit != b->audit)
		note(d, "audit mode %s => %s", tl_audit_mode_name(a->audit),
		     tl_audit_mode_name(b->audit));
	if (a->flags != b->flags)
		note(d, "flags 0x%x => 0x%x", a->flags, b->flags);
	if (a->path_flags != b->path_flags)
		note(d, "path flags 0x%x => 0x%x", a->path_flags, b->path_flags);
	if (!str_eq(a->attach, b->attach))
		note(d, "attachment \"%s\" => \"%s\"", a->attach ? a->attach : "",
		     b->attach ? b->attach : "");
	if (!str_eq(a->disconnected, b->disconnected))
		note(d, "attach_disconnected path changed");
	if (a->xattr_count != b->xattr_count)
		note(d, "xattr conditions %u => %u", a->xattr_count, b->xattr_count);
	else
		for (i = 0; i < a->xattr_count; i++)
			if (!str_eq(a->xattrs[i], b->xattrs[i]))
				note(d, "xattr condition %s => %s", a->xattrs[i],
				     b->xattrs[i]);
	if (a->rlimit_mask != b->rlimit_mask ||
	    memcmp(a->rlimits, b->rlimits, sizeof(a->rlimits)))
		note(d, "rlimits changed");
	if (a->mediates != b->mediates) {
		for (i = 0; i < 64; i++) {
			uint64_t bit = 1ull << i;
			const char *cl = class_label((int)i);

			if ((a->mediates ^ b->mediates) & bit)
				note(d, "%s mediation of %s%s%u", b->mediates & bit ?
				     "starts" : "stops", cl ? cl : "class ",
				     cl ? "" : " ", cl ? 0u : i);
		}
	}
	caps_diff(d, "", a->caps_allow, b->caps_allow);
	caps_diff(d, "audit +", a->caps_audit, b->caps_audit);
	caps_diff(d, "quiet +", a->caps_quiet, b->caps_quiet);
	caps_diff(d, "kill +", a->caps_kill, b->caps_kill);
	if (a->xmatch || b->xmatch) {
		struct walkctx xc = { a, b, a->xmatch, b->xmatch, false, d };
		struct pdiff tmp = { 0 };
		struct aa_product_ops xo = { differ, report, &xc };

		xc.d = &tmp;
		aa_dfa_product_walk(a->xmatch ? a->xmatch->dfa : NULL, DFA_START,
				    b->xmatch ? b->xmatch->dfa : NULL, DFA_START,
				    &xo, MAX_PAIRS);
		if (tmp.ng)
			note(d, "attachment matches other executables (e.g. %s)",
			     tmp.g[0].wit[0]);
		free(tmp.g);
		for (i = 0; i < tmp.nnotes; i++)
			free(tmp.notes[i]);
		free(tmp.notes);
	}
	/* files */
	c.pa = a->file;
	c.pb = b->file;
	c.file = true;
	if (aa_dfa_product_walk(a->file ? a->file->dfa : NULL,
				a->file ? a->file->start[AA_CLASS_FILE] : 0,
				b->file ? b->file->dfa : NULL,
				b->file ? b->file->start[AA_CLASS_FILE] : 0, &ops,
				MAX_PAIRS) < 0)
		d->truncated = true;
	/* every other class: the policy DFA from its root */
	c.pa = a->policy;
	c.pb = b->policy;
	c.file = false;
	if (aa_dfa_product_walk(a->policy ? a->policy->dfa : NULL,
				a->policy ? DFA_START : 0,
				b->policy ? b->policy->dfa : NULL,
				b->policy ? DFA_START : 0, &ops, MAX_PAIRS) < 0)
		d->truncated = true;
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

		return tl_load(&p, 1, k, "aamed diff");
	}
	snprintf(out, sizeof(out), "%s/side%d.bin", tmp, which);
	if (tl_compile(path, out, features, incs, ni, false))
		return NULL;
	{
		const char *p = out;

		return tl_load(&p, 1, k, "aamed diff");
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

int cmd_diff(int argc, char **argv)
{
	const char *side[2] = { 0 }, *only = NULL;
	struct tl_opts o = { .allowed = TL_OPT_FEATURES | TL_OPT_KERNEL |
					TL_OPT_JSON };
	int ns = 0, i, rc = 0, t;
	bool firstp = true;
	aamed_policy *pa, *pb;
	char tmp[4096];
	size_t x, y;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		t = tl_opt(&o, "diff", argc, argv, &i);
		if (t < 0)
			return EXIT_USAGE;
		if (t > 0)
			continue;
		if (!strcmp(a, "--profile")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "aamed diff: %s needs a value\n", a);
				return EXIT_USAGE;
			}
			only = argv[++i];
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return EXIT_ALLOWED;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "aamed diff: unknown option %s\n", a);
			return EXIT_USAGE;
		} else if (ns < 2) {
			side[ns++] = a;
		} else {
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (ns != 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (tl_mktmp(tmp, sizeof(tmp)))
		return EXIT_USAGE;
	pa = load_side(side[0], o.features, o.incs, o.ni, o.k, tmp, 0);
	pb = pa ? load_side(side[1], o.features, o.incs, o.ni, o.k, tmp, 1) : NULL;
	tl_rmtmp(tmp);
	if (!pa || !pb) {
		if (pa)
			aamed_policy_free(pa);
		return EXIT_POLICY;
	}
	if (o.json) {
		printf("{\"version\":%d,\"command\":\"diff\",\"old\":", TL_JSON_VERSION);
		json_str(stdout, side[0]);
		fputs(",\"new\":", stdout);
		json_str(stdout, side[1]);
		fputs(",\"profiles\":[", stdout);
	}
	/* profiles of OLD (changed or removed), then those only in NEW */
	for (x = 0; x < pa->nprofiles + pb->nprofiles; x++) {
		const struct aa_profile *a = NULL, *b = NULL;
		struct pdiff d = { 0 };
		const char *status = "changed";
		size_t gi;

		if (x < pa->nprofiles) {
			a = pa->profiles[x];
			for (y = 0; y < pb->nprofiles; y++)
				if (!strcmp(pb->profiles[y]->hname, a->hname) &&
				    !strcmp(pb->profiles[y]->ns->name, a->ns->name))
					b = pb->profiles[y];
		} else {
			b = pb->profiles[x - pa->nprofiles];
			for (y = 0; y < pa->nprofiles; y++)
				if (!strcmp(pa->profiles[y]->hname, b->hname) &&
				    !strcmp(pa->profiles[y]->ns->name, b->ns->name))
					a = pa->profiles[y];
			if (a)
				continue;	/* compared above */
		}
		d.name = a ? a->hname : b->hname;
		if (only && strcmp(only, d.name))
			continue;
		if (!a)
			status = "added";
		else if (!b)
			status = "removed";
		else
			profile_diff(a, b, &d);
		if (a && b && !d.nnotes && !d.ng)
			continue;
		rc = 1;
		qsort(d.g, d.ng, sizeof(*d.g), cmp_group);
		if (o.json) {
			bool f = true;

			if (!firstp)
				fputc(',', stdout);
			firstp = false;
			fputc('{', stdout);
			json_key(stdout, &f, "profile");
			json_str(stdout, d.name);
			json_key(stdout, &f, "status");
			json_str(stdout, status);
			json_key(stdout, &f, "truncated");
			fputs(d.truncated ? "true" : "false", stdout);
			json_key(stdout, &f, "changes");
			fputc('[', stdout);
			for (gi = 0; gi < d.nnotes; gi++) {
				if (gi)
					fputc(',', stdout);
				json_str(stdout, d.notes[gi]);
			}
			fputc(']', stdout);
			json_key(stdout, &f, "permissions");
			fputc('[', stdout);
			for (gi = 0; gi < d.ng; gi++) {
				bool gf = true;
				int w;

				if (gi)
					fputc(',', stdout);
				fputc('{', stdout);
				json_key(stdout, &gf, "class");
				json_str(stdout, d.g[gi].cls);
				json_key(stdout, &gf, "change");
				json_str(stdout, d.g[gi].what);
				json_key(stdout, &gf, "states");
				printf("%ld", d.g[gi].count);
				json_key(stdout, &gf, "witnesses");
				fputc('[', stdout);
				for (w = 0; w < d.g[gi].nwit; w++) {
					if (w)
						fputc(',', stdout);
					json_str(stdout, d.g[gi].wit[w]);
				}
				fputs("]}", stdout);
			}
			fputs("]}", stdout);
		} else {
			printf("profile %s: %s%s\n", d.name, status,
			       d.truncated ? " (walk truncated)" : "");
			for (gi = 0; gi < d.nnotes; gi++)
				printf("  %s\n", d.notes[gi]);
			for (gi = 0; gi < d.ng; gi++) {
				int w;

				printf("  %-10s %-24s", d.g[gi].cls, d.g[gi].what);
				for (w = 0; w < d.g[gi].nwit; w++)
					printf("%s%s", w ? ", " : "  ", d.g[gi].wit[w]);
				if (d.g[gi].count > d.g[gi].nwit)
					printf(" (%ld states)", d.g[gi].count);
				putchar('\n');
			}
		}
		free_pdiff(&d);
	}
	if (o.json)
		printf("],\"different\":%s}\n", rc ? "true" : "false");
	else if (!rc)
		puts("no semantic difference");
	aamed_policy_free(pa);
	aamed_policy_free(pb);
	return rc;
}
