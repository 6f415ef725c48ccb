#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/html: aamed check --format html DIR, the report for reviewers,
# loaded in a real browser (Debian's chromium, headless): the DOM text of
# the index, a profile's page and a who-can page, the links resolving to
# files of the report, untrusted names escaped, and a screenshot kept in
# the build directory (html-report.png). What the pages must say comes
# from AppArmor's semantics (apparmor.d(5): a Px with no profile attached
# fails, Ux runs unconfined, a /tmp/** w rule writes any file under /tmp),
# not from aamed's output.
# Usage: sh tests/html/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER (default apparmor_parser), CHROMIUM
# (default chromium; absent: its checks are skipped, said so).
set -u
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
B=$(dirname "$A")
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-html.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
FEAT=$(pwd)/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
case $PARSER in */*) PATH=$(dirname "$PARSER"):$PATH ;; esac
PATH=$PATH:/sbin:/usr/sbin
export PATH
CHROMIUM=${CHROMIUM:-chromium}

# h_a: a Px no profile attaches to (dangling-transition), a Ux
# (unconfined-reachable), a Px to h_b, /tmp/bin/* written and executed
# (write-exec); h_c writes all of /tmp; the last name and path are markup
cat >"$T/hp.sd" <<'SD'
profile h_a /usr/bin/h_a {
  /usr/bin/h_missing Px,
  /usr/bin/h_b Px -> h_b,
  /usr/bin/h_free Ux,
  /tmp/** rw,
  /tmp/bin/* ix,
  capability chown,
}
profile h_b {
  /etc/h_b r,
}
profile h_c {
  /tmp/** w,
}
profile "h<i>x&amp;'\"y" {
  "/srv/<script>alert(1)</script>" w,
  "/srv/<script>alert(1)</script>" ix,
}
SD
if ! "$A" compile --parser "$PARSER" --features "$FEAT" -o "$T/hp.bin" "$T/hp.sd" 2>"$T/cerr"; then
	ko "compile hp.sd"; cat "$T/cerr"
	echo "$pass passed, $fail failed"
	exit 1
fi
R=$T/rep
expect report 1 "$A" check --policy "$T/hp.bin" --features "$FEAT" --source "$T/hp.sd" --format html "$R"
has report "4 findings: $R/index.html"
for f in index.html style.css; do
	[ -s "$R/$f" ] && ok || ko "no $f"
done
# a page per profile, the file named from the name's letters only
n=$(ls "$R/p" | grep -c '\.html$')
[ "$n" -eq 4 ] && ok || ko "$n profile pages, wanted 4"
ls "$R/p" | grep -v '^[A-Za-z0-9_-]*\.\(html\|dot\|svg\)$' >"$T/odd"
[ -s "$T/odd" ] && ko "unsafe file names: $(cat "$T/odd")" || ok
PA=$(cd "$R/p" && ls h_a-*.html)
[ -n "$PA" ] && ok || ko "no page for h_a"

# escaping: the markup of the name and the path is text, never markup
if grep -rl '<script\|<i>x' "$R" >"$T/raw"; then ko "raw markup in: $(cat "$T/raw")"; else ok; fi
grep -q 'h&lt;i&gt;x&amp;amp;&#39;&quot;y' "$R/index.html" && ok || ko "the name is not escaped in index.html"

# every link and image of every page is a file of the report
bad=0
for page in "$R"/*.html "$R"/p/*.html "$R"/w/*.html; do
	d=$(dirname "$page")
	for u in $(grep -o '\(href\|src\)="[^"]*"' "$page" | sed 's/^[a-z]*="//; s/"$//; s/#.*//'); do
		case $u in
		'') ;;
		*:*|/*) bad=$((bad + 1)); echo "    $page: $u is not relative" ;;
		*) [ -f "$d/$u" ] || { bad=$((bad + 1)); echo "    $page: $u: no such file"; } ;;
		esac
	done
done
[ "$bad" -eq 0 ] && ok || ko "$bad links resolve to no file"

# Graphviz drew h_a's part of the graph (the graph command's DOT)
if command -v dot >/dev/null; then
	S=$R/p/${PA%.html}.svg
	grep -q '<svg' "$S" && grep -q 'h_missing' "$S" && grep -q 'h_b' "$S" && ok ||
		ko "$S: no SVG of h_a's transitions"
else
	echo "SKIP: Graphviz's dot not found (1 check skipped)"
fi

# without dot on the PATH: the DOT source, and the page says why
expect nodot 1 env PATH=/nonexistent "$A" check --policy "$T/hp.bin" --format html "$T/nd"
grep -q "dot was not found" "$T/nd/p/$PA" && grep -q '<pre id="dot">digraph' "$T/nd/p/$PA" && ok ||
	ko "no DOT source on h_a's page without dot"
[ -e "$T/nd/p/${PA%.html}.svg" ] && ko "an SVG without dot" || ok
grep -q 'id="nodot"' "$T/nd/index.html" && ok || ko "index.html does not say dot is missing"
# without --source the page says where the rules are
grep -q "run with <code>--source</code>" "$T/nd/p/$PA" && ok || ko "no --source note"

# usage: html needs its directory, a directory needs html; a file in the
# way is no directory (exit 2, nothing written)
expect no-dir 2 "$A" check --policy "$T/hp.bin" --format html
has_err no-dir "--format html needs a directory"
expect dir-no-html 2 "$A" check --policy "$T/hp.bin" "$T/x"
has_err dir-no-html "unexpected operand"
: >"$T/file"
expect dir-file 2 "$A" check --policy "$T/hp.bin" --format html "$T/file"
has_err dir-file "cannot make the directory"
# a report that cannot be written whole leaves no index (an older run's
# index would link pages of two runs)
mkdir "$T/r2" && : >"$T/r2/p" && echo old >"$T/r2/index.html"
expect half 2 "$A" check --policy "$T/hp.bin" --format html "$T/r2"
has_err half "$T/r2/p: cannot make the directory"
# a page that cannot be written (a directory in its place) fails the
# run after others were written: exit 2, the old index removed
mkdir -p "$T/r3/w/0.html" && echo old >"$T/r3/index.html"
expect half-w 2 "$A" check --policy "$T/hp.bin" --format html "$T/r3"
has_err half-w "$T/r3/w/0.html: cannot write"
[ -e "$T/r3/index.html" ] && ko "half-w: index.html left" || ok

# ---------------------------------------------------------------- the browser
NB=15
if ! command -v "$CHROMIUM" >/dev/null; then
	echo "SKIP: $CHROMIUM not found ($NB checks skipped)"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi
chrome() {
	DBUS_SESSION_BUS_ADDRESS=disabled: "$CHROMIUM" --headless --disable-gpu \
		--no-sandbox --no-first-run --user-data-dir="$T/chrome" "$@" 2>"$T/chrome.err"
}
dom() { # dom NAME FILE: the DOM as chromium builds it, in $T/out
	if chrome --dump-dom "file://$2" >"$T/out" && grep -q '</html>' "$T/out"; then ok; else
		ko "$1: chromium did not load $2"; tail -3 "$T/chrome.err"
	fi
}
dom index "$R/index.html"
has index "4 findings (1 error, 3 warning, 0 info) in 4 profiles"
has index '<td><code>dangling-transition</code></td><td>error</td><td>1</td>'
has index ">h_a</a>"
has index "h&lt;i&gt;x&amp;amp;'\"y</a>"
dom profile "$R/p/$PA"
has profile "no profile attaches to /usr/bin/h_missing"
has profile "hp.sd:2</code>"
has profile "rule: <code>/usr/bin/h_missing Px,</code>"
has profile '>h_b</a></td><td>exec</td><td><code>Px</code>'
# the who-can page of h_a's write-exec witness: h_c writes all of /tmp,
# h_b nothing there
W=$(grep -l 'id="request">file /tmp/bin/' "$R"/w/*.html | head -1)
grep -q "href=\"../w/$(basename "$W")\">who else may" "$R/p/$PA" && ok ||
	ko "h_a's page does not link $W"
dom whocan "$W"
has whocan ">h_c</a>"
hasnt whocan ">h_b</a>"
if chrome --window-size=1200,1600 --screenshot="$B/html-report.png" "file://$R/p/$PA" >/dev/null &&
	[ "$(head -c 4 "$B/html-report.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then ok; else
	ko "no screenshot"; tail -3 "$T/chrome.err"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
