// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Labels: sorted, de-duplicated vectors of profiles, printed and parsed
 * the way the kernel does ("a//&b", ":ns:name", "unconfined").
 *
 * A single-profile label belongs to its profile (profile->label). Stacks
 * are interned in the policy, so one label text always gives the same
 * pointer and callers can compare labels by address.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apparmor.h"
#include "label.h"
#include "learning.h"
#include "names.h"
#include "policy.h"

void aa_label_free(struct aa_label *l)
{
	if (!l)
		return;
	free(l->name);
	free(l);
}

static int ns_level(const struct aa_ns *ns)
{
	return ns->name[0] ? 1 : 0;
}

static int profile_cmp(const struct aa_profile *a, const struct aa_profile *b)
{
	int r;

	if (a == b)
		return 0;
	if (a->ns != b->ns) {
		r = ns_level(a->ns) - ns_level(b->ns);
		if (r)
			return r;
		r = strcmp(a->ns->name, b->ns->name);
		if (r)
			return r;
	}
	return strcmp(a->hname, b->hname);
}

static int cmp_ptr(const void *x, const void *y)
{
	return profile_cmp(*(struct aa_profile *const *)x,
			      *(struct aa_profile *const *)y);
}

/* The label text, viewed from the root namespace. */
static char *label_text(struct aa_profile *const *vec, size_t n)
{
	size_t len = 1, i;
	const struct aa_ns *prev = NULL;
	char *s, *p;

	for (i = 0; i < n; i++)
		len += strlen(vec[i]->hname) + strlen(vec[i]->ns->name) + 5;
	s = malloc(len);
	if (!s)
		return NULL;
	p = s;
	for (i = 0; i < n; i++) {
		const struct aa_ns *ns = vec[i]->ns;

		if (i)
			p += sprintf(p, "//&");
		/* a namespace prefix only where the namespace changes */
		if (ns->name[0] && ns != prev)
			p += sprintf(p, ":%s:", ns->name);
		p += sprintf(p, "%s", vec[i]->hname);
		prev = ns;
	}
	*p = '\0';
	return s;
}

static struct aa_label *label_alloc(struct aa_profile *const *vec, size_t n)
{
	struct aa_label *l = calloc(1, sizeof(*l) + n * sizeof(vec[0]));
	size_t i;

	if (!l)
		return NULL;
	l->size = (uint32_t)n;
	l->flags = LFLAG_UNCONFINED;
	l->gen = vec[0]->ns->policy->gen;
	for (i = 0; i < n; i++) {
		l->vec[i] = vec[i];
		/* a stack is unconfined only when every member is */
		if (!profile_unconfined(vec[i]))
			l->flags &= ~LFLAG_UNCONFINED;
	}
	l->name = label_text(vec, n);
	if (!l->name) {
		free(l);
		return NULL;
	}
	return l;
}

/*
 * The label for a vector of profiles. The vector is sorted and made
 * unique; the caller holds policy->lock when it may intern a stack.
 */
struct aa_label *aa_label_for_vec(aamed_policy *policy,
				  struct aa_profile **vec, size_t n)
{
	struct aa_profile *tmp[64];
	struct aa_label *l;
	size_t i, j, m;

	if (n == 0 || n > ARRAY_SIZE(tmp))
		return NULL;
	if (n == 1) {
		if (vec[0]->label)
			return vec[0]->label;
		return label_alloc(vec, 1);
	}
	memcpy(tmp, vec, n * sizeof(*vec));
	qsort(tmp, n, sizeof(tmp[0]), cmp_ptr);
	for (i = 1, m = 1; i < n; i++)
		if (tmp[i] != tmp[m - 1])
			tmp[m++] = tmp[i];
	if (m == 1)
		return tmp[0]->label;
	for (i = 0; i < policy->nlabels; i++) {
		l = policy->labels[i];
		if (l->size != m)
			continue;
		for (j = 0; j < m && l->vec[j] == tmp[j]; j++)
			;
		if (j == m)
			return l;
	}
	l = label_alloc(tmp, m);
	if (!l)
		return NULL;
	{
		struct aa_label **t = realloc(policy->labels,
					      (policy->nlabels + 1) * sizeof(*t));

		if (!t) {
			aa_label_free(l);
			return NULL;
		}
		policy->labels = t;
		t[policy->nlabels++] = l;
	}
	return l;
}

/* skipn_spaces(): the kernel's isspace() set; NULL when nothing is left */
static const char *skipn_spaces(const char *s, size_t *n)
{
	while (*n && (*s == ' ' || (*s >= '\t' && *s <= '\r'))) {
		s++;
		(*n)--;
	}
	return *n ? s : NULL;
}

/*
 * aa_splitn_fqname(): "[:ns[:[//]]]name" into the namespace's name (NULL
 * when none is named: ":" or "::x" name the base's own) and the profile
 * name (NULL when none: ":ns", ":ns:", ":ns://"). Returns the profile
 * name and sets *name_len.
 */
static const char *split_fqname(const char *s, size_t n, const char **ns_name,
				size_t *ns_len, size_t *name_len)
{
	const char *end = s + n, *name = skipn_spaces(s, &n), *split;
	size_t rest;

	*ns_name = NULL;
	*ns_len = 0;
	if (!name)
		return NULL;
	if (name[0] == ':') {
		rest = (size_t)(end - name - 1);
		split = memchr(name + 1, ':', rest);
		*ns_name = skipn_spaces(name + 1, &rest);
		if (!*ns_name)
			return NULL;
		if (!split) {
			/* a namespace without a profile is allowed */
			*ns_len = (size_t)(end - *ns_name);
			return NULL;
		}
		*ns_len = (size_t)(split - *ns_name);
		if (!*ns_len)
			*ns_name = NULL;
		split++;
		if (end - split > 1 && !strncmp(split, "//", 2))
			split += 2;
		rest = (size_t)(end - split);
		name = skipn_spaces(split, &rest);
	}
	if (name)
		*name_len = (size_t)(end - name);
	return name;
}

/* __aa_lookupn_ns(): ns_name below view ("a//b" a grandchild). */
static struct aa_ns *lookup_ns(aamed_policy *policy, const struct aa_ns *view,
			       const char *ns_name, size_t nl, int *error)
{
	char full[256];
	struct aa_ns *ns;
	int pl = 0;

	if (view->name[0])
		pl = snprintf(full, sizeof(full), "%s//", view->name);
	if (pl < 0 || (size_t)pl + nl >= sizeof(full)) {
		/* too long to be a name, or too deep below view to exist */
		*error = nl >= sizeof(full) || !pl ? -EINVAL : -ENOENT;
		return NULL;
	}
	memcpy(full + pl, ns_name, nl);
	full[pl + nl] = '\0';
	ns = aa_policy_ns(policy, full, false);
	if (!ns)
		*error = -ENOENT;
	return ns;
}

/*
 * aa_fqlookupn_profile() on one component, as aa_label_strn_parse()
 * calls it: a component that starts with ':' is resolved from view (the
 * base label's namespace: its named namespace is one of view's children,
 * so from :a: the name ":b:" means :a//b:), any other from *cur_ns, the
 * namespace an earlier component named. A namespace named without a
 * profile (":ns", ":ns:", ":ns://", or ":" for view's own) gives its
 * unconfined profile, and so does "unconfined" or any prefix of it when
 * no profile has that name (aa_lookupn_profile()).
 */
static struct aa_profile *lookup_component(aamed_policy *policy,
					   struct aa_ns *view,
					   struct aa_ns **cur_ns,
					   const char *s, size_t n, bool learn,
					   int *error)
{
	const char *name, *ns_name;
	size_t ns_len, name_len = 0, m = n;
	const char *first = skipn_spaces(s, &m);
	struct aa_ns *ns = *cur_ns;
	struct aa_profile *p;

	if (!first) {
		/* an empty member ("a//&", "a//&//&b"): malformed */
		*error = -EINVAL;
		return NULL;
	}
	if (*first == ':')
		ns = view;
	name = split_fqname(s, n, &ns_name, &ns_len, &name_len);
	if (ns_name) {
		ns = lookup_ns(policy, view, ns_name, ns_len, error);
		if (!ns)
			return NULL;
	}
	if (!name)
		p = ns->unconfined_profile;
	else if (!(p = aa_policy_find_n(policy, ns, name, name_len)) &&
		 !strncmp(name, "unconfined", name_len))
		p = ns->unconfined_profile;
	if (!p && learn)
		p = aa_learning_profile(policy, ns, name, name_len, error);
	if (!p) {
		if (!*error)
			*error = -ENOENT;
		return NULL;
	}
	/* a component in another namespace is the base of the bare names after it */
	*cur_ns = p->ns;
	return p;
}

/*
 * learn: a name of a complain-mode profile's learning profile that does
 * not exist yet makes it (only aamed_label_get asks this; decisions
 * never make one).
 */
static struct aa_label *label_parse(aamed_policy *policy,
				    const struct aa_profile *base,
				    const char *text, bool learn, bool exact,
				    int *error)
{
	struct aa_profile *vec[64];
	struct aa_ns *ns = base ? base->ns : policy->ns[0];
	struct aa_ns *view = ns;
	size_t n = 0, len = strlen(text);
	const char *s = text;
	int dummy;

	if (!error)
		error = &dummy;
	*error = 0;
	/* the kernel prints "name (mode)"; accept that form back (a label
	 * query reads the text as the kernel does: exact) */
	if (!exact && len > 3 && text[len - 1] == ')') {
		const char *open = strrchr(text, '(');

		if (open && open > text + 1 && open[-1] == ' ')
			len = (size_t)(open - 1 - text);
	}
	while (len) {
		const char *sep = NULL;
		size_t i, clen;

		for (i = 0; i + 2 < len; i++)
			if (s[i] == '/' && s[i + 1] == '/' && s[i + 2] == '&') {
				sep = s + i;
				break;
			}
		clen = sep ? (size_t)(sep - s) : len;
		if (n == ARRAY_SIZE(vec)) {
			*error = -E2BIG;
			return NULL;
		}
		vec[n] = lookup_component(policy, view, &ns, s, clen, learn,
					  error);
		if (!vec[n])
			return NULL;
		n++;
		if (!sep)
			break;
		len -= clen + 3;
		s = sep + 3;
		if (!len) {
			*error = -EINVAL;
			return NULL;
		}
	}
	if (!n) {
		*error = -EINVAL;
		return NULL;
	}
	{
		struct aa_label *l = aa_label_for_vec(policy, vec, n);

		if (!l)
			*error = -ENOMEM;
		return l;
	}
}

struct aa_label *aa_label_parse(aamed_policy *policy,
				const struct aa_profile *base,
				const char *text, int *error)
{
	return label_parse(policy, base, text, false, false, error);
}

struct aa_label *aa_label_query_parse(aamed_policy *policy, const char *text,
				      bool held, int *error)
{
	struct aa_label *l;

	pthread_mutex_lock(&policy->lock);
	l = label_parse(policy, NULL, text, false, true, error);
	pthread_mutex_unlock(&policy->lock);
	/* vec_find(): a stack exists while an object holds it */
	if (l && l->size > 1 && !held &&
	    !__atomic_load_n(&l->held, __ATOMIC_ACQUIRE)) {
		*error = -ENOENT;
		return NULL;
	}
	return l;
}

int aamed_label_set_held(aamed_policy *policy, const aamed_label *label,
			 int held)
{
	struct aa_label *l = (struct aa_label *)to_label(label);

	if (!policy || !label)
		return -EINVAL;
	__atomic_store_n(&l->held, held ? 1 : 0, __ATOMIC_RELEASE);
	return 0;
}

const aamed_label *aamed_label_get(aamed_policy *policy, const char *text,
				   int *error)
{
	struct aa_label *l;

	pthread_mutex_lock(&policy->lock);
	l = label_parse(policy, NULL, text, true, false, error);
	pthread_mutex_unlock(&policy->lock);
	return from_label(l);
}

const aamed_label *aamed_label_unconfined(aamed_policy *policy)
{
	return from_label(policy->ns[0]->unconfined);
}

const char *aamed_label_name(const aamed_label *label)
{
	return to_label(label)->name;
}

int aamed_label_is_unconfined(const aamed_label *label)
{
	return aa_label_unconfined(to_label(label));
}

const char *aamed_label_mode(const aamed_label *label)
{
	const struct aa_label *l = to_label(label);
	const char *mode = NULL;
	uint32_t i;

	for (i = 0; i < l->size; i++) {
		const char *m = aa_profile_mode_names[l->vec[i]->mode];

		/* a namespace's unconfined does not count towards mixed */
		if (l->vec[i] == l->vec[i]->ns->unconfined_profile)
			continue;
		if (mode && strcmp(mode, m))
			return "mixed";
		mode = m;
	}
	return mode ? mode : "unconfined";
}
