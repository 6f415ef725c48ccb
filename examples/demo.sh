#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make demo: compile the bundled example profiles with the real
# apparmor_parser and ask aamed about them.
set -eu
AAMED=${1:-build/aamed}
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/aamed-demo
mkdir -p "$out"

echo "== aamed compile examples/demo.profile (apparmor_parser, Debian 12 features)"
"$AAMED" compile --features /usr/share/apparmor-features/features \
	-o "$out/demo.bin" "$here/demo.profile"
echo "   -> $out/demo.bin ($(wc -c < "$out/demo.bin") bytes)"
echo
echo "== aamed attach: which profile does an exec attach to?"
for p in /usr/local/bin/demo-daemon /usr/local/bin/demo-helper /usr/bin/true; do
	printf '   %-28s ' "$p"
	"$AAMED" attach --policy "$out/demo.bin" "$p"
done
echo
echo "== one query, text and JSON"
set +e
"$AAMED" query --policy "$out/demo.bin" --label demo-daemon file /etc/demo/secret.key r
echo "   (exit code $?: quiet deny rule, no record)"
"$AAMED" query --policy "$out/demo.bin" --label demo-daemon file /etc/demo/app.conf w
echo "   (exit code $?)"
"$AAMED" query --policy "$out/demo.bin" --json --label demo-daemon file /etc/demo/app.conf w
set -e
echo
echo "== batch: examples/demo.queries, one answer per line"
grep -v '^#' "$here/demo.queries" > "$out/q"
"$AAMED" query --policy "$out/demo.bin" --batch "$out/q" > "$out/a"
n=0
while IFS= read -r q; do
	n=$((n + 1))
	a=$(sed -n "${n}p" "$out/a")
	printf '%s\n    -> %s\n' "$q" "$a" | tr '\t' '\n' | sed '3,$s/^/       /'
done < "$out/q"
