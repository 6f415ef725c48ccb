# SPDX-License-Identifier: GPL-2.0-or-later
# for_parser(E): the expectation E for the parser of major version pmaj
# (an awk -v variable). E is DEFAULT or DEFAULT|P:OTHER|P:OTHER...: P is a
# major version (3) or that version and later (4+); the last P that
# matches wins, else DEFAULT. Without a DEFAULT (E starts with P:) the
# answer is "" for other parsers: the line is not theirs. Included in the
# golden runners' awk programs.
function for_parser(e,   n, a, i, p, r) {
	n = split(e, a, /\|/)
	r = a[1]
	i = 2
	if (r ~ /^[0-9]+\+?:/) {
		r = ""
		i = 1
	}
	for (; i <= n; i++) {
		p = a[i]
		sub(/:.*/, "", p)
		if (p ~ /\+$/ ? pmaj + 0 >= p + 0 : pmaj + 0 == p + 0) {
			r = a[i]
			sub(/^[^:]*:/, "", r)
		}
	}
	return r
}
