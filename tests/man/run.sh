#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/man: the section-3 manual pages of include/aamed.h.
#  - every function the header declares has a page or a .so link in man/,
#    and every link points at a page that names the function;
#  - the prototype of each in its page's SYNOPSIS is the header's
#    (tests/man/protos.awk: comments dropped, white space normalised),
#    and a SYNOPSIS declares no function the header does not;
#  - every page starts with its SPDX line and renders without a warning;
#  - every section-3 page a page refers to exists;
#  - the example program of libaamed.3 compiles against the static library,
#    runs on the demo policy and prints what the page says it prints.
# Usage: sh tests/man/run.sh [BUILD]   (the directory of libaamed.a and
# aamed; default build). Ends with "N passed, N failed".
set -u
B=${1:-build}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-man.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh

# The target of a one-line ".so man3/PAGE.3" link, or nothing for a page.
so_target() { sed -n '1s|^\.so man3/\(.*\)$|\1|p' "$1"; }

# ------------------------------------------------------------ every function
# A declaration's name is the first "aamed_xxx(" of a line that starts with
# its type (or with the name itself, when the type is on the line before).
sed -n -e 's/^[A-Za-z_][^(]*[^A-Za-z0-9_]\(aamed_[a-z0-9_]*\)(.*/\1/p' \
	-e 's/^\(aamed_[a-z0-9_]*\)(.*/\1/p' include/aamed.h | sort -u >"$T/names"
[ -s "$T/names" ] && ok || ko "no function found in include/aamed.h"
while read -r n; do
	p=man/$n.3
	if [ ! -f "$p" ]; then
		ko "$n: no man/$n.3"
		continue
	fi
	tgt=$(so_target "$p")
	[ -n "$tgt" ] || tgt=$n.3
	# the NAME section of the page that documents it lists it
	if sed -n '/^\.SH NAME/,/^\.SH /p' "man/$tgt" 2>/dev/null |
		grep -qw -- "$n"; then ok; else ko "$n: not in the NAME section of man/$tgt"; fi
done <"$T/names"

# ------------------------------------------------------------ synopses
awk -v man=0 -f tests/man/protos.awk include/aamed.h | sort -u >"$T/h-protos"
[ "$(wc -l <"$T/h-protos")" -eq "$(wc -l <"$T/names")" ] && ok ||
	ko "protos.awk finds $(wc -l <"$T/h-protos") prototypes in include/aamed.h for $(wc -l <"$T/names") functions"
while read -r n; do
	tgt=$(so_target "man/$n.3" 2>/dev/null)
	[ -n "$tgt" ] || tgt=$n.3
	[ -f "man/$tgt" ] || continue	# reported above
	want=$(awk -F '\t' -v n="$n" '$1 == n { print $2 }' "$T/h-protos")
	got=$(awk -v man=1 -f tests/man/protos.awk "man/$tgt" |
		awk -F '\t' -v n="$n" '$1 == n { print $2 }')
	if [ -n "$got" ] && [ "$got" = "$want" ]; then ok; else
		ko "$n: the SYNOPSIS of man/$tgt differs from include/aamed.h:"
		echo "    header: $want"
		echo "    page:   ${got:-(none)}"
	fi
done <"$T/names"
for p in man/*.3; do
	awk -v man=1 -f tests/man/protos.awk "$p" | cut -f1
done | sort -u | comm -23 - "$T/names" >"$T/extra"
[ -s "$T/extra" ] && ko "SYNOPSIS declares what aamed.h does not: $(tr '\n' ' ' <"$T/extra")" || ok

# ------------------------------------------------------------ links and pages
mkdir "$T/man3"
cp man/*.3 "$T/man3/"
for p in man/*.3; do
	tgt=$(so_target "$p")
	if [ -n "$tgt" ]; then
		[ "$(wc -l <"$p")" -eq 1 ] && ok || ko "$p: a link is one line"
		if [ -f "man/$tgt" ] && [ -z "$(so_target "man/$tgt")" ]; then ok; else
			ko "$p: links to $tgt, which is not a page"
		fi
		continue
	fi
	head -n 1 "$p" | grep -q '^\.\\" SPDX-License-Identifier: GPL-2.0-or-later$' &&
		ok || ko "$p: first line is not the SPDX comment"
	# man-db resolves .so relative to the current directory, as installed
	(cd "$T" && LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "man3/${p#man/}" \
		>"$T/render" 2>"$T/warn")
	rc=$?
	if [ "$rc" -eq 0 ] && [ ! -s "$T/warn" ] && [ -s "$T/render" ]; then ok; else
		ko "$p: man exit $rc, warnings:"
		sed 's/^/    /' "$T/warn" | head -10
	fi
	# every page of the library it refers to exists
	for r in $(sed -n 's/^\.BR \(aamed_[a-z0-9_]*\|libaamed\) (3).*/\1/p' "$p" | sort -u); do
		[ -f "man/$r.3" ] && ok || ko "$p: refers to $r(3), which has no page"
	done
done

# ------------------------------------------------------------ the example
# roff to text: drop requests and comments, undo the escapes the code uses
unroff() {
	sed -n "/^\.\\\\\" $1-begin\$/,/^\.\\\\\" $1-end\$/p" man/libaamed.3 |
		sed -e '/^\./d' -e 's/\\-/-/g' -e 's/\\(dq/"/g' -e 's/\\e/\\/g'
}
unroff example-program >"$T/example.c"
unroff example-output >"$T/want"
if [ -s "$T/example.c" ] && [ -s "$T/want" ]; then ok; else
	ko "libaamed.3: example program or output markers missing"
fi
if cc -std=c11 -Wall -Wextra -Werror -Iinclude -o "$T/example" "$T/example.c" \
	"$B/libaamed.a" -lpthread 2>"$T/cc"; then ok; else
	ko "libaamed.3: the example does not compile"
	sed 's/^/    /' "$T/cc" | head -20
fi
if "$B/aamed" compile --features tests/features/linux-6.1 -o "$T/demo.bin" \
	examples/demo.profile 2>"$T/comp"; then ok; else
	ko "compile examples/demo.profile"
	sed 's/^/    /' "$T/comp" | head
fi
if [ -x "$T/example" ] && [ -s "$T/demo.bin" ]; then
	LC_ALL=C "$T/example" "$T/demo.bin" >"$T/got" 2>&1
	rc=$?
	[ "$rc" -eq 1 ] && ok || ko "libaamed.3: the example exits $rc, the page says 1"
	if cmp -s "$T/want" "$T/got"; then ok; else
		ko "libaamed.3: the example prints something else than the page says"
		diff "$T/want" "$T/got" | sed 's/^/    /' | head -20
	fi
else
	ko "libaamed.3: the example was not run"
fi

echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
