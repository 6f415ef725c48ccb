#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/check: aamed check. Each profile of tests/check/cases is one
# test, named CHECK-pos-* (the check must find what its first line
# says) or CHECK-neg-* (look-alikes it must not find); its first line is
#   # expect: CHECK LINE...     findings of CHECK at those source lines
#   # expect: CHECK none        no finding of CHECK
# and lines "# invariant: never ..." make the --invariants file.
# The expectations are AppArmor's semantics (apparmor.d(5): deny wins
# over allow, owner rules, modes), written by hand, not aamed's output.
# Usage: sh tests/check/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER (default apparmor_parser), APPARMOR_INCLUDE.
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin check "$@"
FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
# --source runs apparmor_parser by name: the one under test first
case $PARSER in */*) PATH=$(dirname "$PARSER"):$PATH ;; esac
PATH=$PATH:/sbin:/usr/sbin
export PATH

# ---------------------------------------------------------------- the cases
for f in tests/check/cases/*.sd; do
	n=$(basename "$f" .sd)
	set -- $(sed -n '1s/^# expect: //p' "$f")
	id=$1
	shift
	# tests/check/inc: the cases' abstractions (include <inc/...>)
	if ! "$A" compile --parser "$PARSER" -I "$PINC" -I tests/check --features "$FEAT" \
		-o "$T/$n.bin" "$f" 2>"$T/cerr"; then
		ko "$n: does not compile"; sed 's/^/    /' "$T/cerr"; continue
	fi
	sed -n 's/^# invariant: //p' "$f" >"$T/$n.inv"
	inv=
	[ -s "$T/$n.inv" ] && inv="--invariants $T/$n.inv"
	# shellcheck disable=SC2086
	"$A" check --features "$FEAT" -I "$PINC" -I tests/check --policy "$T/$n.bin" \
		--source "$f" $inv >"$T/out" 2>"$T/err"
	rc=$?
	got=$(sed -n "s|^$f:\([0-9]*\): [a-z]* \[$id\] .*|\1|p" "$T/out" | sort -n | tr '\n' ' ')
	if [ "$1" = none ]; then want=; else want="$* "; fi
	if [ "$got" = "$want" ]; then ok; else
		ko "$n: $id at lines \"$got\", wanted \"$want\""
		sed 's/^/    /' "$T/out" "$T/err" | head -20
	fi
	# exit 1 with findings, 0 without (every case has one check only,
	# or findings of others at their level)
	if [ -s "$T/out" ] && grep -q '^0 findings' "$T/out"; then
		[ "$rc" -eq 0 ] && ok || ko "$n: exit $rc with no finding"
	else
		[ "$rc" -eq 1 ] && ok || ko "$n: exit $rc with findings"
	fi
done

# ---------------------------------------------------------------- the command
cat >"$T/m.sd" <<'SD'
profile m_a {
  /etc/foo r,
  deny /etc/foo r,
  capability chown,
}
profile m_b flags=(complain) {
  /etc/bar r,
}
SD
"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/m.bin" "$T/m.sd" 2>"$T/cerr" ||
	{ ko "compile m.sd"; cat "$T/cerr"; }
C="$A check --features $FEAT -I $PINC --policy $T/m.bin"
expect cmd-text 1 $C --source "$T/m.sd"
has cmd-text "$T/m.sd:2: warning [shadowed] profile m_a: "
has cmd-text "    rule: /etc/foo r,"
has cmd-text "    witness: aamed query --label m_a file /etc/foo r"
has cmd-text "$T/m.sd:6: info [complain] profile m_b: "
has cmd-text "2 findings (0 error, 1 warning, 1 info)"
# the witness is a request the policy denies although the rule names it
expect cmd-witness-denied 1 "$A" query --policy "$T/m.bin" --label m_a file /etc/foo r
# --level drops what is below it; nothing left is exit 0
expect cmd-level-warning 1 $C --source "$T/m.sd" --level warning
hasnt cmd-level-warning "[complain]"
has cmd-level-warning "1 finding (0 error, 1 warning, 0 info)"
expect cmd-level-error 0 $C --source "$T/m.sd" --level error
has cmd-level-error "0 findings"
expect cmd-ignore 1 $C --source "$T/m.sd" --ignore shadowed
hasnt cmd-ignore "[shadowed]"
expect cmd-ignore-both 0 $C --source "$T/m.sd" --ignore shadowed --ignore complain
# without --source: the blob has no rules to judge, said on stderr
expect cmd-nosource 1 $C
has cmd-nosource "info [complain] profile m_b: "
has_err cmd-nosource "--source (the rules are not in the blob): not run"
# usage errors: exit 2, said on stderr
expect cmd-bad-level 2 $C --level fatal
has_err cmd-bad-level 'unknown level "fatal"'
expect cmd-bad-format 2 $C --format xml
has_err cmd-bad-format 'unknown format "xml"'
expect cmd-bad-ignore 2 $C --ignore no-such-check
has_err cmd-bad-ignore 'unknown check id "no-such-check"'
expect cmd-no-policy 2 "$A" check
expect cmd-operand 2 $C extra
# a policy that does not load: exit 3
printf 'not a blob' >"$T/junk.bin"
expect cmd-bad-policy 3 "$A" check --policy "$T/junk.bin"
expect cmd-bad-source 3 $C --source "$T/no-such.sd"
# invariants files: each bad line named by file and line, exit 2, no findings
printf '# ok\nnever * capability sys_module\n\n' >"$T/good.inv"
for bad in 'always * file /x w|"always": an invariant starts with "never"' \
	'never * file /x|never SUBJECT file PATH PERMS: PATH or PERMS missing' \
	'never * file x w|"x": a path starts with /' \
	'never * file /x q|"q": permissions are letters of r w a x m l k' \
	'never * capability nope|"nope": no capability of that name' \
	'never * frobnicate x|"frobnicate": the classes are file and capability' \
	'never * file /x w except|"except" names no profile'; do
	cp "$T/good.inv" "$T/bad.inv"
	echo "${bad%%|*}" >>"$T/bad.inv"
	expect "inv-bad-${bad%%|*}" 2 $C --invariants "$T/bad.inv"
	has_err "inv-bad-${bad%%|*}" "$T/bad.inv:4: ${bad#*|}"
	[ -s "$T/out" ] && ko "inv-bad-${bad%%|*}: printed findings" || ok
done
expect inv-missing 2 $C --invariants "$T/no-such.inv"
has_err inv-missing "--invariants $T/no-such.inv: cannot open"
# the exec model's two checks as rows of the table (tests/graph tests
# them at length): a Px with no profile attached to its path is an
# error, an exec into Ux a warning; a Px -> a profile of the set, and
# an ix, are neither
cat >"$T/x.sd" <<'SD'
profile x_a /usr/bin/xa {
  /usr/bin/missing Px,
  /usr/bin/other Px -> x_b,
  /usr/bin/free Ux,
  /usr/bin/inherit ix,
}
profile x_b {
  /usr/bin/x r,
}
SD
if "$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/x.bin" "$T/x.sd" 2>"$T/cerr"; then
	expect xrows 1 "$A" check --policy "$T/x.bin"
	has xrows "error [dangling-transition] profile x_a: /usr/bin/missing Px: "
	has xrows "    witness: aamed query --label x_a file /usr/bin/missing x"
	has xrows "warning [unconfined-reachable] profile x_a: "
	has xrows "2 findings (1 error, 1 warning, 0 info)"
	hasnt xrows "/usr/bin/other"
	hasnt xrows "/usr/bin/inherit"
	expect xrows-ignore 0 "$A" check --policy "$T/x.bin" --ignore dangling-transition --ignore unconfined-reachable
	expect xrows-level 1 "$A" check --policy "$T/x.bin" --level error
	hasnt xrows-level "unconfined-reachable"
else
	ko "compile x.sd"; cat "$T/cerr"
fi
# @{profile_name} names the rule's own profile (apparmor.d(5)): explain
# --source attributes a request under that name to the rule, and not one
# under any other name (the rules are compiled in profiles of aamed's)
cat >"$T/pn.sd" <<'SD'
profile pn_e {
  /usr/share/@{profile_name}/** r,
  ^pn_hat {
    /run/@{profile_name}.pid w,
  }
}
SD
if "$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/pn.bin" "$T/pn.sd" 2>"$T/cerr"; then
	X="$A explain --features $FEAT -I $PINC --policy $T/pn.bin --source $T/pn.sd"
	expect pn-explain 0 $X --label pn_e file /usr/share/pn_e/doc r
	has pn-explain "$T/pn.sd:2: /usr/share/@{profile_name}/** r,"
	expect pn-explain-other 1 $X --label pn_e file /usr/share/other/doc r
	hasnt pn-explain-other "$T/pn.sd:2:"
	expect pn-explain-hat 0 $X --label pn_e//pn_hat file /run/pn_e/pn_hat.pid w
	has pn-explain-hat "$T/pn.sd:4: /run/@{profile_name}.pid w,"
	expect pn-check 0 "$A" check --features "$FEAT" -I "$PINC" --policy "$T/pn.bin" --source "$T/pn.sd"
	hasnt pn-check "[shadowed]"
else
	ko "compile pn.sd"; cat "$T/cerr"
fi
expect cmd-help 0 "$A" check --help
for id in shadowed redundant write-exec complain invariant dangling-transition unconfined-reachable; do has cmd-help "  $id "; done
# the manual page's SYNOPSIS names the options the usage names
sed -n '/^usage:/,/^PATH:/p' "$T/out" | grep -o -- '--*[a-zA-Z][a-z-]*' | sort -u >"$T/use"
sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' man/aamed-check.1 |
	grep -o -- '\\-\(\\-\)*[a-zA-Z][a-z\\-]*' | sed 's/\\//g' | sort -u >"$T/syn"
if [ -s "$T/use" ] && cmp -s "$T/use" "$T/syn"; then ok; else
	ko "man/aamed-check.1: SYNOPSIS options differ from the usage:"; diff "$T/use" "$T/syn" | sed 's/^/    /'
fi

# aamed help check shows the page; the completion knows the command, its
# options and the check ids of the table
expect help-check 0 env MANPAGER=cat PAGER=cat AAMED_SRCDIR="$ROOT" "$A" help check
has help-check "aamed check"
if command -v bash >/dev/null; then
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed che); COMP_CWORD=1; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = check ] && ok || ko "completion: \"aamed che\" gave \"$out\""
	out=$(PATH=$B:$PATH bash -c '. completion/aamed.bash; COMP_WORDS=(aamed check --ignore ""); COMP_CWORD=3; _aamed; echo "${COMPREPLY[*]}"')
	for id in shadowed redundant write-exec complain invariant dangling-transition unconfined-reachable; do
		case " $out " in *" $id "*) ok ;; *) ko "completion: --ignore gave \"$out\", no $id" ;; esac
	done
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed check --format ""); COMP_CWORD=3; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = "text json sarif html" ] && ok || ko "completion: --format gave \"$out\""
fi

# "rule, }": the rule is attributed whole, in its own profile, and the
# rule after the closing brace belongs to the next profile (the cases
# above check only the lines)
n=shadowed-pos-close-same-line
f=tests/check/cases/$n.sd
expect close-same-line 1 "$A" check --features "$FEAT" -I "$PINC" -I tests/check --policy "$T/$n.bin" --source "$f"
has close-same-line "$f:6: warning [shadowed] profile t: "
has close-same-line "    rule: /etc/foo r,"
has close-same-line "$f:9: warning [shadowed] profile u: "
hasnt close-same-line "}"

# ---------------------------------------------------------------- JSON, SARIF
make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1 || ko "build schemacheck"
schema() { # schema NAME SCHEMA: $T/out against docs/json-schema/SCHEMA
	if "$B/tests/schemacheck" "$ROOT/docs/json-schema/$2" "$T/out" >"$T/sc"; then ok; else ko "$1: schema $2"; head "$T/sc"; fi
}
expect json 1 $C --source "$T/m.sd" --format json
schema json check.v1.json
has json '"check":"shadowed","level":"warning","profile":"m_a","file":"'"$T/m.sd"'","line":2,"rule":"/etc/foo r,"'
has json '"counts":{"error":0,"warning":1,"info":1}'
expect json-empty 0 $C --source "$T/m.sd" --format json --level error
schema json-empty check.v1.json
has json-empty '"findings":[]'
expect sarif 1 $C --source "$T/m.sd" --format sarif
schema sarif check-sarif.v1.json
cp "$T/out" "$T/m.sarif"
has sarif '"version":"2.1.0"'
has sarif '"ruleId":"shadowed"'
has sarif '"region":{"startLine":2}'
has sarif '"level":"note"'
# SARIF 2.1.0 itself, by Microsoft's validator (npm; not in CI)
if S=$(sh scripts/sarif-tool.sh 2>"$T/serr"); then
	# its exit code says nothing: its findings are lines "FILE(L,C): error ..."
	printf '{"version":"2.1.0","runs":[{"tool":{}}]}' >"$T/broken.sarif"
	"$S" validate "$T/broken.sarif" >"$T/out" 2>&1
	grep -q ': error ' "$T/out" && ok || ko "sarif-multitool: a SARIF file without driver passed"
	"$S" validate "$T/m.sarif" >"$T/out" 2>&1
	if grep -q ': error ' "$T/out" || ! grep -q 'Analysis completed successfully' "$T/out"; then
		ko "sarif-multitool validate: errors"; sed 's/^/    /' "$T/out" | head
	else ok; fi
	expect sarif-empty 0 $C --source "$T/m.sd" --format sarif --level error
	cp "$T/out" "$T/e.sarif"
	"$S" validate "$T/e.sarif" >"$T/out" 2>&1
	if grep -q ': error ' "$T/out"; then ko "sarif-multitool validate (no results): errors"; sed 's/^/    /' "$T/out" | head; else ok; fi
else
	echo "SKIP: SARIF Multitool not installed: $(cat "$T/serr") (4 checks skipped)"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
