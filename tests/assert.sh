# SPDX-License-Identifier: GPL-2.0-or-later
# The assertions the shell suites share, sourced after T (the suite's
# scratch directory) is set; $T/out and $T/err hold the last command's
# output. Every suite counts in pass and fail and ends with its own
# "N passed, N failed" line.
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect NAME WANTED_RC CMD... : run, keep output in $T/out, check the rc
expect() {
	_n=$1 _rc=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	_got=$?
	if [ "$_got" -eq "$_rc" ]; then ok; else ko "$_n: exit $_got, wanted $_rc"; sed 's/^/    /' "$T/err" "$T/out" | head -20; fi
}
has() { if grep -qF -- "$2" "$T/out"; then ok; else ko "$1: no \"$2\" in output"; sed 's/^/    /' "$T/out" | head -20; fi; }
hasnt() { if grep -qF -- "$2" "$T/out"; then ko "$1: unexpected \"$2\""; else ok; fi; }
has_err() { if grep -qF -- "$2" "$T/err"; then ok; else ko "$1: no \"$2\" on stderr"; sed 's/^/    /' "$T/err" | head; fi; }
# suite_end: the suite's last line, and its exit status; also the way
# out of a suite that cannot go on
suite_end() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
}
