# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: aamed diff on attachments, sourced by run.sh (its helpers).
# A profile with no attachment DFA attaches to the executable named as
# the profile (the kernel's find_attach compares the name); parsers 5.x
# compile a path-named profile to an attachment DFA that accepts the same
# one path. Diff compares what the attachments accept, not how.
#
# Environment: AAMED_PARSERS_DIR, the modern parsers' directory
# (default ../shared/tools/apparmor beside the project).
. "$ROOT/tests/parsers.sh"
PARSERS=$(parsers_dir "$ROOT")
printf '/usr/bin/foo {\n  /etc/x r,\n}\n' >"$T/pn.sd"
printf 'profile foo /usr/bin/a {\n}\n' >"$T/at-a.sd"
printf 'profile foo /usr/bin/b {\n}\n' >"$T/at-b.sd"
printf 'profile foo /usr/lib/** {\n}\n' >"$T/at-lib.sd"
printf 'profile foo /usr/lib/z {\n}\n' >"$T/at-z.sd"
for f in pn at-a at-b at-lib at-z; do comp "$T/$f.sd" "$T/$f.bin"; done
expect diff-attach-change 1 "$A" diff "$T/at-a.bin" "$T/at-b.bin"
has diff-attach-change "attachment matches other executables (e.g. /usr/bin/a)"
expect diff-attach-glob 1 "$A" diff "$T/at-z.bin" "$T/at-lib.bin"
# the example is a path, whole, from its leading "/", in plain letters
if grep -Eq 'attachment matches other executables \(e\.g\. /usr/lib/[a-y0-9][a-z0-9]*\)$' "$T/out"; then ok; else ko "diff-attach-glob: example path"; sed 's/^/    /' "$T/out"; fi
# a plain name against a DFA that accepts more than the name
printf 'profile /usr/bin/foo /usr/bin/foo* {\n  /etc/x r,\n}\n' >"$T/pn2.sd"
comp "$T/pn2.sd" "$T/pn2.bin"
expect diff-attach-name-glob 1 "$A" diff "$T/pn.bin" "$T/pn2.bin"
has diff-attach-name-glob "attachment matches other executables (e.g. /usr/bin/foo"
P5=$PARSERS/5.0.2/apparmor_parser
if [ -x "$P5" ]; then
	p5() { # p5 SRC OUT: compile with parser 5.0.2
		"$P5" -Q -S -I "$PARSERS/5.0.2/apparmor.d" --features-file "$FEAT" "$1" >"$2" 2>"$T/cerr" || { ko "5.0.2 compile $1"; cat "$T/cerr"; }
	}
	for f in pn at-a at-b at-lib; do p5 "$T/$f.sd" "$T/$f-5.bin"; done
	# a path-named profile: the same blob twice, and 3.0.8 against 5.0.2
	expect diff-attach-5-same 0 "$A" diff "$T/pn-5.bin" "$T/pn-5.bin"
	expect diff-attach-3-5 0 "$A" diff "$T/pn.bin" "$T/pn-5.bin"
	has diff-attach-3-5 "no semantic difference"
	expect diff-attach-5-3 0 "$A" diff "$T/pn-5.bin" "$T/pn.bin"
	expect diff-attach-3-5-named 0 "$A" diff "$T/at-lib.bin" "$T/at-lib-5.bin"
	# with 6.12's features 5.0.2 also mediates user namespaces and
	# io_uring (no abi rule): those differ, the attachment does not
	F12=$ROOT/tests/features/linux-6.12
	"$A" compile --features "$F12" -o "$T/pn-3-12.bin" "$T/pn.sd" 2>"$T/cerr" || ko "compile pn 6.12"
	"$P5" -Q -S -I "$PARSERS/5.0.2/apparmor.d" --features-file "$F12" "$T/pn.sd" >"$T/pn-5-12.bin" 2>"$T/cerr" || ko "5.0.2 compile pn 6.12"
	expect diff-attach-5-12-same 0 "$A" diff "$T/pn-5-12.bin" "$T/pn-5-12.bin"
	expect diff-attach-3-5-12 1 "$A" diff "$T/pn-3-12.bin" "$T/pn-5-12.bin"
	has diff-attach-3-5-12 "starts mediation of namespace"
	has diff-attach-3-5-12 "starts mediation of io_uring"
	hasnt diff-attach-3-5-12 "attachment"
	# a real change still shows, under 5.0.2 as under 3.0.8
	expect diff-attach-5-change 1 "$A" diff "$T/at-a-5.bin" "$T/at-b-5.bin"
	has diff-attach-5-change "attachment matches other executables (e.g. /usr/bin/a)"
	expect diff-attach-3-5-change 1 "$A" diff "$T/at-a.bin" "$T/at-lib-5.bin"
	has diff-attach-3-5-change "attachment matches other executables (e.g. /usr/"
else
	echo "diff-attach: skipped 14 checks with parser 5.0.2: $P5 not found (set AAMED_PARSERS_DIR)"
fi

