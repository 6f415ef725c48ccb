#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Policy sources: a stream of several profiles, several files, a directory,
# apparmor_parser's cache directory, a live system's policy/raw_data tree
# (rebuilt here as plain files), namespaces, and replacement (a later load
# of a profile replaces the earlier one, as .replace does).
#   tests/sources/run.sh AAMED
set -u
AAMED=${1:-build/aamed}
F=$(cd "$(dirname "$0")/../features" && pwd)/debian-default
t=$(mktemp -d "${TMPDIR:-/tmp}/aamed-src.XXXXXX")
trap 'rm -rf "$t"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect VERDICT POLICY... -- QUERY WORDS
expect() {
	want=$1
	shift
	args=""
	while [ "$1" != "--" ]; do
		args="$args --policy $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	# the verdict, or the error; not the note on classes aamed does not decide
	got=$("$AAMED" query $args "$@" 2>&1 | grep -v ': warning: ' | head -n 1)
	if [ "$got" = "$want" ]; then ok; else bad "$args $*: want $want, got $got"; fi
}

compile() { apparmor_parser -Q -S -K --features-file "$F" "$@"; }

cat > "$t/a.sd" <<'P'
profile one { /one r, }
profile two { /two r, }
profile par { /par r, ^hat { /hat r, } profile kid { /kid r, } }
P
cat > "$t/b.sd" <<'P'
profile three { /three r, }
P
cat > "$t/one-v2.sd" <<'P'
profile one { /one-v2 r, }
P
cat > "$t/ns.sd" <<'P'
profile :myns:four { /four r, }
P
compile "$t/a.sd" > "$t/a.bin" || bad "compile a"
compile "$t/b.sd" > "$t/b.bin" || bad "compile b"
compile "$t/one-v2.sd" > "$t/one-v2.bin" || bad "compile one-v2"
compile "$t/ns.sd" > "$t/ns.bin" || bad "compile ns"

# several profiles, hats and children in one stream
expect ALLOWED "$t/a.bin" -- --label one file /one r
expect ALLOWED "$t/a.bin" -- --label two file /two r
expect DENIED "$t/a.bin" -- --label two file /one r
expect ALLOWED "$t/a.bin" -- --label par//hat file /hat r
expect DENIED "$t/a.bin" -- --label par//hat file /par r
expect ALLOWED "$t/a.bin" -- --label par//kid file /kid r
# several files
expect ALLOWED "$t/a.bin" "$t/b.bin" -- --label three file /three r
expect ALLOWED "$t/a.bin" "$t/b.bin" -- --label "one//&three" file /nothing getattr
expect DENIED "$t/a.bin" "$t/b.bin" -- --label "one//&three" file /one r
# replacement: the later load wins, whole profile
expect DENIED "$t/a.bin" "$t/one-v2.bin" -- --label one file /one r
expect ALLOWED "$t/a.bin" "$t/one-v2.bin" -- --label one file /one-v2 r
expect ALLOWED "$t/one-v2.bin" "$t/a.bin" -- --label one file /one r
# a directory of blobs (sorted; hidden files skipped)
mkdir "$t/dir"
cp "$t/a.bin" "$t/dir/10-a"
cp "$t/b.bin" "$t/dir/20-b"
echo garbage > "$t/dir/.hidden"
expect ALLOWED "$t/dir" -- --label three file /three r
expect ALLOWED "$t/dir" -- --label par//kid file /kid r
# namespaces
expect ALLOWED "$t/ns.bin" -- --label :myns:four file /four r
expect DENIED "$t/ns.bin" -- --label :myns:four file /four w
"$AAMED" query --policy "$t/ns.bin" --label four file /four r > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "profile outside its namespace must not resolve (exit 2)"
got=$("$AAMED" query --policy "$t/ns.bin" --label :myns:four file /four w | sed -n 2p)
case $got in
*'namespace="root//myns" profile="four"'*) ok ;;
*) bad "namespace record: $got" ;;
esac
# apparmor_parser's cache directory
mkdir "$t/cache"
apparmor_parser -Q -W -L "$t/cache" --features-file "$F" "$t/a.sd" "$t/b.sd" \
	> /dev/null 2>&1
cdir=$(find "$t/cache" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [ -n "$cdir" ] && [ -f "$cdir/.features" ]; then
	ok
	expect ALLOWED "$cdir" -- --label three file /three r
	expect ALLOWED "$cdir" -- --label par//hat file /hat r
else
	bad "apparmor_parser wrote no cache directory"
fi
# a live system's policy tree: raw_data/N/raw_data, namespaces/NS/...
s=$t/sys/policy
mkdir -p "$s/raw_data/0" "$s/raw_data/1" "$s/raw_data/10" \
	"$s/namespaces/myns/raw_data/0" "$s/profiles"
cp "$t/a.bin" "$s/raw_data/0/raw_data"
cp "$t/b.bin" "$s/raw_data/1/raw_data"
cp "$t/one-v2.bin" "$s/raw_data/10/raw_data"
cp "$t/ns.bin" "$s/namespaces/myns/raw_data/0/raw_data"
expect ALLOWED "$s" -- --label three file /three r
expect ALLOWED "$s" -- --label :myns:four file /four r
# loads in numeric order: raw_data/10 (one-v2) after raw_data/1 and 0
expect ALLOWED "$s" -- --label one file /one-v2 r
expect DENIED "$s" -- --label one file /one r
# all or nothing: a bad file anywhere in a directory loads nothing
cp "$t/a.bin" "$t/dir/30-bad"
printf '\377' | dd of="$t/dir/30-bad" bs=1 seek=40 conv=notrunc 2>/dev/null
"$AAMED" query --policy "$t/dir" --label three file /three r > /dev/null 2> "$t/err"
rc=$?
[ $rc -eq 3 ] && ok || bad "corrupt file in a directory: exit $rc, want 3"
grep -q "30-bad" "$t/err" && ok || bad "error must name the file: $(cat "$t/err")"

echo "sources: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
