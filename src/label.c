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

/*
 * Resolve one component: "[:ns:[//]]hname". The namespace defaults to
 * cur_ns; a named one is a child of view (aa_fqlookupn_profile() looks
 * it up among the children of the base label's namespace, so from
 * :a: the name ":b:" means :a//b:). "unconfined" (when no profile has
 * that name) is the namespace's unconfined profile.
 */
static struct aa_profile *lookup_component(aamed_policy *policy,
					   const struct aa_ns *view,
					   struct aa_ns **cur_ns,
					   const char *s, size_t n, int *error)
{
	struct aa_profile *p;

	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (n && *s == ':') {
		const char *end = memchr(s + 1, ':', n - 1);
		char nsname[256];
		size_t nl;

		if (!end || end == s + 1 || (size_t)(end - s - 1) >= sizeof(nsname)) {
			*error = -EINVAL;
			return NULL;
		}
		nl = (size_t)(end - s - 1);
		if (view->name[0]) {
			int pl = snprintf(nsname, sizeof(nsname), "%s//",
					  view->name);

			if (pl < 0 || (size_t)pl + nl >= sizeof(nsname)) {
				*error = -ENOENT;
				return NULL;
			}
			memcpy(nsname + pl, s + 1, nl);
			nsname[pl + nl] = '\0';
		} else {
			memcpy(nsname, s + 1, nl);
			nsname[nl] = '\0';
		}
		*cur_ns = aa_policy_ns(policy, nsname, false);
		if (!*cur_ns) {
			*error = -ENOENT;
			return NULL;
		}
		n -= (size_t)(end + 1 - s);
		s = end + 1;
		if (n >= 2 && s[0] == '/' && s[1] == '/') {
			s += 2;
			n -= 2;
		}
		if (n == 0)
			return (*cur_ns)->unconfined_profile;
	}
	if (n == 0) {
		*error = -EINVAL;
		return NULL;
	}
	p = aa_policy_find_n(policy, *cur_ns, s, n);
	if (p)
		return p;
	/*
	 * aa_lookupn_profile(): when nothing matches, any prefix of
	 * "unconfined" ("u", "unc", ...) is the namespace's unconfined.
	 */
	if (!strncmp(s, "unconfined", n))
		return (*cur_ns)->unconfined_profile;
	*error = -ENOENT;
	return NULL;
}

struct aa_label *aa_label_parse(aamed_policy *policy,
				const struct aa_profile *base,
				const char *text, int *error)
{
	struct aa_profile *vec[64];
	struct aa_ns *ns = base ? base->ns : policy->ns[0];
	const struct aa_ns *view = ns;
	size_t n = 0, len = strlen(text);
	const char *s = text;
	int dummy;

	if (!error)
		error = &dummy;
	*error = 0;
	/* the kernel prints "name (mode)"; accept that form back */
	if (len > 3 && text[len - 1] == ')') {
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
		vec[n] = lookup_component(policy, view, &ns, s, clen, error);
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

const aamed_label *aamed_label_get(aamed_policy *policy, const char *text,
				   int *error)
{
	struct aa_label *l;

	pthread_mutex_lock(&policy->lock);
	l = aa_label_parse(policy, NULL, text, error);
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
