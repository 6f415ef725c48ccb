#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check: every test suite, then one summary line "N passed, N failed"
# (after a "skipped: ..." line when a modern parser is missing).
# Each suite ends its output with its own "N passed, N failed" line; a suite
# that prints none, or exits non-zero with no failures counted, counts as
# one failure so nothing can pass silently.
set -u
cd "$(dirname "$0")/.."
B=build
total_p=0
total_f=0
total_s=0
log=$(mktemp -d "${TMPDIR:-/tmp}/aamed-check.XXXXXX")
trap 'rm -rf "$log"' EXIT

suite() {
	name=$1
	shift
	echo "=== $name"
	start=$(date +%s)
	"$@" > "$log/$name.out" 2>&1
	rc=$?
	end=$(date +%s)
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log/$name.out" | tail -n 1)
	p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
	f=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
	[ -n "$line" ] || { p=0; f=1; echo "--- $name: no result line (exit $rc)"; }
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "--- $name: exit $rc with no failure counted"
	fi
	# a failing suite shows everything it said (up to 300 lines), a
	# passing one its last lines
	if [ "$f" -ne 0 ]; then
		tail -n 300 "$log/$name.out"
	else
		tail -n 15 "$log/$name.out"
	fi
	# checks a suite could not run say so: "SKIP: ... (N checks skipped)"
	s=$(skipped_checks "$log/$name.out")
	if [ "$s" -gt 0 ]; then
		echo "--- $name: $p passed, $f failed, $s skipped ($((end - start)) s)"
	else
		echo "--- $name: $p passed, $f failed ($((end - start)) s)"
	fi
	total_p=$((total_p + p))
	total_f=$((total_f + f))
	total_s=$((total_s + s))
}

# The suites whose answers depend on what apparmor_parser compiles run once
# with the system's parser (Debian 12: 3.0.8) and once with each modern
# parser of AAMED_PARSERS_DIR (default ../shared/tools/apparmor beside the
# project: VERSION/apparmor_parser and its release's VERSION/apparmor.d),
# each its own suite NAME-VERSION. A parser that is not there is skipped
# and counted, not failed: a fresh clone has none.
. tests/parsers.sh
pdir=$(parsers_dir "$(pwd)")
modern=${AAMED_PARSERS:-4.1.8 5.0.2}
skipped=0
skips=
per_parser() {
	pp_name=$1
	shift
	suite "$pp_name" "$@"
	for v in $modern; do
		if [ -x "$pdir/$v/apparmor_parser" ]; then
			suite "$pp_name-$v" env APPARMOR_PARSER="$pdir/$v/apparmor_parser" \
				APPARMOR_INCLUDE="$pdir/$v/apparmor.d" \
				ORACLE_WORK="$(pwd)/tests/kernel/work/oracle-$v" "$@"
		else
			echo "=== $pp_name-$v: skipped: parser $v not found ($pdir/$v)"
			skipped=$((skipped + 1))
			case " $skips " in *" $v "*) ;; *) skips="$skips $v" ;; esac
		fi
	done
}

suite unit sh -c "make --no-print-directory $B/tests/unit >/dev/null && sh tests/unit/run.sh $B/tests/unit $B/aamed"
suite api sh tests/api/run.sh $B
per_parser golden sh tests/golden/run.sh $B/aamed
per_parser golden-net sh tests/golden-net/run.sh $B/aamed
per_parser golden-ipc sh tests/golden-ipc/run.sh $B/aamed
suite golden-ns sh tests/golden-ns/run.sh $B/aamed
per_parser golden-mount sh tests/golden-mount/run.sh $B/aamed
suite sources sh tests/sources/run.sh $B/aamed
per_parser tools sh tests/tools/run.sh $B/aamed
per_parser graph sh tests/graph/run.sh $B/aamed
per_parser check sh tests/check/run.sh $B/aamed
per_parser check-batch sh tests/check-batch/run.sh $B/aamed
suite html sh tests/html/run.sh $B/aamed
suite test-cmd sh tests/test-cmd/run.sh $B/aamed
suite cli sh tests/cli/run.sh $B/aamed
per_parser suggest sh tests/suggest/run.sh $B/aamed
# aamed suggest against the fixes apparmor.d's maintainers committed for
# reported denials (apparmor_parser 5.0.2 and ../shared/corpus, else skipped)
suite suggest-real sh tests/suggest-real/run.sh $B/aamed
suite ci sh tests/ci/run.sh $B/aamed
suite readme sh tests/readme/run.sh $B
suite robust sh tests/robust/run.sh $B/aamed
suite concurrency sh tests/concurrency/run.sh
suite sockcache sh tests/sockcache/run.sh $B
suite man sh tests/man/run.sh $B
suite dbus sh tests/dbus/run.sh $B
# the drop-in under load: 20,000 messages, the policy reloaded every second
suite soak sh -c "make --no-print-directory soak SOAK_MESSAGES=20000 SOAK_RELOAD=1"
# replay's memory bounded: 10 times the log, the same peak RSS
suite replay-mem sh tests/replay-mem/run.sh $B/aamed
suite abi sh tests/abi/run.sh $B
# the Debian packages, built from an export of the tree, installed into a
# scratch root and run from there
suite deb sh tests/deb/run.sh
# the Python bindings (make python: cffi, pytest)
suite python sh -c "make --no-print-directory python >/dev/null && sh tests/python/run.sh $B"
suite fleet sh -c "make --no-print-directory python >/dev/null && sh tests/fleet/run.sh $B"
suite coverage sh -c "make --no-print-directory coverage"
suite asan sh -c "make --no-print-directory asan-check"
suite alloc sh tests/alloc/run.sh
suite fuzz sh -c "make --no-print-directory fuzz-short"
# the label-query, replay-record, query-word and manifest targets: their
# regression inputs and seeds, a few seconds each
suite fuzz-targets sh -c "make --no-print-directory fuzz-regress"
suite bench sh tests/bench/run.sh
# one guest runs every case file: allow for a slow, shared machine
per_parser kernel env BOOT_TIMEOUT=400 sh tests/kernel/oracle.sh
# aamed test --vm: a manifest judged by both kernels (the oracle above
# fetched them; absent images are skipped and counted)
suite test-vm env BOOT_TIMEOUT=400 sh tests/test-cmd/vm.sh $B/aamed
# every manifest of real profiles in tests/manifests, the same way
suite test-vm-manifests env BOOT_TIMEOUT=400 sh tests/test-cmd/vm-manifests.sh $B/aamed
# mount rules of real profiles (the apparmor.d corpus, parser 5.0.2):
# offline, then one boot per kernel
suite test-vm-mount env BOOT_TIMEOUT=400 sh tests/test-cmd/vm-mount.sh $B/aamed
# aamed suggest --patch confirmed by both kernels: the oracle's records
# of every class, the amended profiles run again (one boot per kernel)
suite suggest-kernel env BOOT_TIMEOUT=400 sh tests/suggest-kernel/run.sh $B/aamed

# What did not run is counted, never folded into the passes: the suite
# runs of a missing parser, and the checks suites skipped inside.
if [ "$skipped" -eq 0 ] && [ "$total_s" -eq 0 ]; then
	echo "skipped: none"
else
	echo "skipped: $skipped suite runs (parser not found:${skips:- none}), $total_s checks inside suites; modern parsers are looked for in $pdir (AAMED_PARSERS_DIR; README \"Parsers\")"
fi
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
