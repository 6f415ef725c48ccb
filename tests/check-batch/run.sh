#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/check-batch: aamed check --source DIR compiles each distinct rule
# once for all the files (tools/authors/tl_batch.c), keyed on the rule's
# text and the *values* of its variables. Files here name one variable
# with different values, or one value under different names, so that a
# key on the text alone (or on the names) would judge a rule under
# another file's values. The expectations are AppArmor's semantics (a
# rule whose every permission another rule grants is redundant, the
# later of two equal ones; deny wins), written by hand; then each file
# alone (--source FILE) must give the findings the directory gave it.
# Usage: sh tests/check-batch/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER (default apparmor_parser).
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin check-batch "$@"
FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
case $PARSER in */*) PATH=$(dirname "$PARSER"):$PATH ;; esac
PATH=$PATH:/sbin:/usr/sbin
export PATH
S=$T/src
mkdir "$S" "$T/bin"

# NAME LINES...: a source file, one line an argument
src() {
	n=$1
	shift
	printf '%s\n' "$@" >"$S/$n.sd"
}
src a '@{v}=/srv/a' 'profile pa {' '  @{v} r,' '  /srv/a r,' '}'
src b '@{v}=/srv/b' 'profile pb {' '  @{v} r,' '  /srv/a r,' '}'
src c '@{w}=/srv/a' 'profile pc {' '  /srv/a r,' '  @{w} r,' '}'
src d '@{v}=/srv/a' '@{v}+=/srv/d' 'profile pd {' '  @{v} r,' '  /srv/a r,' '}'
src e 'profile pe {' '  /srv/e/x r,' '  deny /srv/e/** r,' '}'
src f '@{base}=/srv' '@{x}=@{base}/f' 'profile pf {' '  @{x} r,' '  /srv/f r,' '}'
src g '@{base}=/opt' '@{x}=@{base}/f' 'profile pg {' '  @{x} r,' '  /srv/f r,' '}'
# a rule the parser refuses alone (an unclosed group in its variable):
# the file's other rules are still judged
src h '@{bad}=/srv/{h' 'profile ph {' '  /srv/h r,' '  /srv/h r,' '  @{bad} r,' '}'

for f in "$S"/*.sd; do
	n=$(basename "$f" .sd)
	# the blob without the refused rule: --source is the file as written
	grep -v '@{bad} r,' "$f" >"$T/$n.ok"
	if ! "$A" compile --parser "$PARSER" --features "$FEAT" \
		-o "$T/bin/$n.bin" "$T/$n.ok" 2>"$T/cerr"; then
		ko "$n: does not compile"; sed 's/^/    /' "$T/cerr"
	fi
done

C="$A check --features $FEAT --policy $T/bin"
expect dir 1 $C --source "$S"
# pa: @{v} is /srv/a here, so /srv/a r is @{v} r again
has a-redundant "$S/a.sd:4: info [redundant] profile pa:"
# pb: @{v} is /srv/b: /srv/a r is its own
hasnt b-own "profile pb:"
# pc: @{w} has pa's @{v}'s value under another name: the later is redundant
has c-redundant "$S/c.sd:4: info [redundant] profile pc:"
hasnt c-first "$S/c.sd:3: info"
# pd: @{v} += /srv/d: /srv/a r is covered, @{v} r is not
has d-redundant "$S/d.sd:5: info [redundant] profile pd:"
hasnt d-var "$S/d.sd:4: info"
has e-shadowed "$S/e.sd:2: warning [shadowed] profile pe:"
# nested variables: @{x} is /srv/f in pf, /opt/f in pg
has f-redundant "$S/f.sd:5: info [redundant] profile pf:"
hasnt g-own "profile pg:"
has h-redundant "$S/h.sd:4: info [redundant] profile ph:"
hasnt h-bad "$S/h.sd:5: "
cp "$T/out" "$T/dir.out"

# each file alone: the findings the directory gave it, byte for byte
for f in "$S"/*.sd; do
	n=$(basename "$f" .sd)
	$C --source "$f" >"$T/one.out" 2>/dev/null
	grep -F "$f:" "$T/one.out" >"$T/one.lines" || true
	grep -F "$f:" "$T/dir.out" >"$T/dir.lines" || true
	if cmp -s "$T/one.lines" "$T/dir.lines"; then
		ok
	else
		ko "$n: --source $n.sd alone differs from --source DIR"
		diff "$T/one.lines" "$T/dir.lines" | sed 's/^/    /' | head
	fi
done

# what the batch shared: 8 files; ph's refused rule sends ph alone
AAMED_SOURCE_STATS=1 $C --source "$S" >/dev/null 2>"$T/err"
has_err stats "8 files, "
has_err stats-apart "1 files compiled apart"
has_err stats-which "$S/h.sd compiled apart (a rule fails alone)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
