#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/bench/run.sh [BUILD] - aamed-bench: the statistics against values
# computed by hand, validation against injected faults, and a tiny
# end-to-end run of every workload in every host mode plus one vm point,
# checking that every output is written; that the aamed command carries
# none of the bench (no liburing, no libm, no bench subcommand) and that
# aamed-bench is built against the public header only. Ends with
# "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
B=${1:-build}
A=$B/aamed
AB=$B/aamed-bench
W=$(mktemp -d "${TMPDIR:-/tmp}/aamed-bench-test.XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
t0=$(date +%s)

# ------------------------------------------------------------ statistics
if ${CC:-cc} -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -Ibench -Iinclude \
	-o "$W/stats" tests/bench/stats.c bench/bench_stats.c -lm; then
	"$W/stats" >"$W/stats.out"
	grep -E '^(ok|FAIL)' "$W/stats.out"
	p=$(sed -n 's/^stats: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$W/stats.out")
	f=$(sed -n 's/^stats: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$W/stats.out")
	if [ -n "$p" ]; then
		pass=$((pass + p))
		fail=$((fail + f))
	else
		bad "stats: no result line"
	fi
else
	bad "stats: does not compile"
fi

# ------------------------------------------------------------ validation
# row columns: 5 round, 9 payload_ok, 10 len_ok, 11 count_ok, 12 queue_ok,
# 13 med_ok, 14 ok. Round 1 gets the fault; round 0 must stay clean.
expect_fault() {	# NAME COLUMN OUTPUT-FILE
	awk -F'\t' -v col="$2" '
		$1 != "row" { next }
		$5 == 0 { for (i = 9; i <= 14; i++) if ($i != 1) bad = 1 }
		$5 == 1 { seen = 1; for (i = 9; i <= 13; i++)
				if ($i != (i == col ? 0 : 1)) bad = 1
			  if ($14 != 0) bad = 1 }
		END { exit !(seen && !bad) }' "$3" &&
		ok "validation: $1" || { bad "validation: $1"; grep '^row' "$3"; }
}
for v in sendmmsg io_uring twoproc; do
	for fc in corrupt:9 short:10 lost:11 queue:12; do
		f=${fc%:*} col=${fc#*:}
		$AB run --variant "$v" --messages 512 --rounds 2 --warmup 0 \
			--inject "$f" --inject-round 1 >"$W/v.out" 2>&1
		expect_fault "unix-send $v $f" "$col" "$W/v.out"
	done
done
$AB run --mode confined --messages 512 --rounds 2 --warmup 0 \
	--inject corrupt --inject-round 1 >"$W/v.out" 2>&1
expect_fault "unix-send confined corrupt" 9 "$W/v.out"
for fc in corrupt:9 lost:11; do
	f=${fc%:*} col=${fc#*:}
	$AB run -w tcp-stream --sizes 1024 --seconds 0.05 --rounds 2 \
		--warmup 0 --inject "$f" --inject-round 1 >"$W/v.out" 2>&1
	expect_fault "tcp-stream $f" "$col" "$W/v.out"
done

# ------------------------------------------------------------ end to end
have() {	# DIR FILE...
	d=$1
	shift
	for f in "$@"; do
		[ -s "$d/$f" ] || { echo "  missing $d/$f"; return 1; }
	done
}
rows_ok() {	# DIR N: N measured rows, all valid
	n=$(awk -F'\t' 'NR > 1 && $11 == 1' "$1/rows.tsv" | wc -l)
	[ "$n" -eq "$2" ] || { echo "  $1/rows.tsv: $n valid rows, want $2"; return 1; }
}
e2e() {	# NAME ROWS FILES... -- COMPARE ARGS
	name=$1 rows=$2
	shift 2
	files=""
	while [ "$1" != "--" ]; do files="$files $1"; shift; done
	shift
	d="$W/$name"
	if $AB compare -o "$d" "$@" >"$W/$name.log" 2>&1 &&
		# shellcheck disable=SC2086
		have "$d" rows.tsv summary.tsv summary.json report.txt $files &&
		rows_ok "$d" "$rows" &&
		grep -q '"verdict"' "$d/summary.json" &&
		grep -q 'passed the payload, length, count, and empty-queue' "$d/report.txt"; then
		ok "end to end: $name"
	else
		bad "end to end: $name"
		tail -n 20 "$W/$name.log"
	fi
}
# every workload in every host mode: raw unconfined confined raw'
e2e unix-send 12 rounds-sendmmsg-128.svg mail.txt -- --messages 2048 \
	--rounds 3 --warmup 1 --mail --introduced v6.1..v6.12 raw unconfined confined
grep -q '^#regzbot introduced: v6.1..v6.12$' "$W/unix-send/mail.txt" &&
	grep -q '^#regzbot title: ' "$W/unix-send/mail.txt" &&
	grep -q '^Subject: \[REGRESSION\]' "$W/unix-send/mail.txt" &&
	ok "mail: [REGRESSION] subject and #regzbot lines" ||
	bad "mail: [REGRESSION] subject and #regzbot lines"
grep -q 'raw A' "$W/unix-send/report.txt" && grep -q "raw A'" "$W/unix-send/report.txt" &&
	grep -q 'mean ns/message' "$W/unix-send/report.txt" &&
	ok "report: seed 000 table (raw A, raw A', mean ns/message)" ||
	bad "report: seed 000 table"
e2e unix-send-io_uring 8 rounds-io_uring-128.svg -- --variant io_uring \
	--messages 1024 --rounds 2 --warmup 1 raw unconfined confined
e2e unix-send-twoproc 8 rounds-twoproc-128.svg -- --variant twoproc \
	--messages 1024 --rounds 2 --warmup 1 raw unconfined confined
e2e tcp-stream 16 tcp-stream.txt rounds-send-64.svg rounds-send-1024.svg -- \
	-w tcp-stream --sizes 64,1024 --seconds 0.05 --rounds 2 --warmup 1 \
	raw unconfined confined
for r in Min Hmean Stddev; do
	grep -q "^$r  *64 " "$W/tcp-stream/tcp-stream.txt" || r=""
	[ -n "$r" ] || break
done
[ -n "$r" ] && ok "mmtests table: Min/Hmean/Stddev per size" ||
	{ bad "mmtests table"; cat "$W/tcp-stream/tcp-stream.txt"; }
e2e open1 8 rounds-processes-2.svg -- -w open1 --procs 2 --seconds 0.1 \
	--rounds 2 --warmup 1 raw unconfined confined

# one vm point (one boot): A and A' on the host, B in the guest
if [ ! -s cache/kernels/6.1/vmlinuz ]; then
	sh scripts/fetch-kernels.sh >"$W/fetch.log" 2>&1 || tail -n 5 "$W/fetch.log"
fi
e2e vm-point 6 rounds-sendmmsg-128.svg -- --messages 1024 --rounds 2 \
	--warmup 1 --vm-timeout 240 host=raw vm=vm:6.1:confined
if [ -f "$W/vm-point/runs/02-vm.txt" ]; then
	grep -q '^id	task_label	aamed_bench (enforce)' "$W/vm-point/runs/02-vm.txt" &&
		grep -q '^id	qemu_args	.*-icount shift=0' "$W/vm-point/runs/02-vm.txt" &&
		grep -q '^id	lsm	.*apparmor' "$W/vm-point/runs/02-vm.txt" &&
		ok "vm point: confined by the kernel, icount, identity" ||
		bad "vm point: identity"
fi

# ------------------------------------------------------------ instr, decide
if command -v valgrind >/dev/null 2>&1; then
	$AB instr --mode unconfined --messages 256 >"$W/instr.out" 2>&1
	awk -F'\t' '$3 == "aamed_unix_send" && $4 == 256 && $5 > 0 { a = 1 }
		    $3 == "aamed_net_perm" && $4 == 256 && $5 > 0 { b = 1 }
		    END { exit !(a && b) }' "$W/instr.out" &&
		ok "instr: instructions per decision" ||
		{ bad "instr"; cat "$W/instr.out"; }
fi
$AB decide >"$W/decide.out" 2>&1
[ $? -eq 2 ] && grep -q 'bench decide' "$W/decide.out" &&
	ok "bench decide still dispatched" || bad "bench decide dispatch"
$AB run -w unix-send --mode bogus >/dev/null 2>&1
[ $? -eq 2 ] && ok "bad mode: exit 2" || bad "bad mode: exit 2"

# ------------------------------------------------- the program apart
$A bench decide >"$W/gone.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$W/gone.out")" -eq 1 ] &&
	grep -q 'aamed-bench' "$W/gone.out" &&
	ok "aamed bench: one line naming aamed-bench, exit 2" ||
	{ bad "aamed bench: one line naming aamed-bench, exit 2"; cat "$W/gone.out"; }
ldd "$A" >"$W/ldd.out" 2>&1
if grep -q 'libc\.so' "$W/ldd.out"; then
	grep -q 'liburing' "$W/ldd.out" && bad "aamed links liburing" ||
		ok "aamed does not link liburing"
	grep -q 'libm\.so' "$W/ldd.out" && bad "aamed links libm" ||
		ok "aamed does not link libm"
else
	bad "ldd $A"
	cat "$W/ldd.out"
fi
# every aamed-bench object's dependencies (-MMD), read back: only bench/
# and include/aamed.h, nothing of src/ or tools/
deps=0 inner=""
for c in bench/*.c; do
	[ "$c" = bench/guest.c ] && continue
	d=$B/bench/$(basename "$c" .c).d
	if [ -s "$d" ]; then
		deps=$((deps + 1))
		grep -Eq '(^|[ /])(src|tools)/' "$d" && inner="$inner $d"
	else
		inner="$inner $d(missing)"
	fi
done
[ "$deps" -gt 0 ] && [ -z "$inner" ] &&
	ok "aamed-bench: $deps objects built without src/ or tools/ headers" ||
	bad "aamed-bench objects use src/ or tools/:$inner"
grep -q 'include/aamed\.h' "$B/bench/bench_decide.d" 2>/dev/null &&
	ok "aamed-bench: built on include/aamed.h" ||
	bad "aamed-bench: bench_decide.d does not name include/aamed.h"
$AB --help >"$W/help.out" 2>&1 && grep -q 'decide' "$W/help.out" &&
	grep -q 'compare' "$W/help.out" && grep -q 'instr' "$W/help.out" &&
	ok "aamed-bench --help: the subcommands" || bad "aamed-bench --help"

# make install leaves aamed-bench out; make install-bench puts it in
I="$W/inst"
if make --no-print-directory BUILD="$B" install PREFIX="$I" >"$W/inst.log" 2>&1; then
	[ -x "$I/bin/aamed" ] && [ ! -e "$I/bin/aamed-bench" ] &&
		[ ! -e "$I/share/man/man1/aamed-bench.1" ] &&
		ok "make install: aamed without aamed-bench" ||
		bad "make install: aamed without aamed-bench"
else
	bad "make install"
	tail -n 5 "$W/inst.log"
fi
if make --no-print-directory BUILD="$B" install-bench PREFIX="$I" >"$W/inst.log" 2>&1 &&
	[ -x "$I/bin/aamed-bench" ] && [ -s "$I/share/man/man1/aamed-bench.1" ] &&
	[ -s "$I/share/bash-completion/completions/aamed-bench" ]; then
	ok "make install-bench: the program, its man page and completion"
else
	bad "make install-bench"
	tail -n 5 "$W/inst.log"
fi
if command -v bash >/dev/null 2>&1; then
	out=$(bash -c '. completion/aamed-bench.bash; COMP_WORDS=(aamed-bench co); COMP_CWORD=1; _aamed_bench; echo "${COMPREPLY[*]}"')
	[ "$out" = compare ] && ok "completion: aamed-bench co -> compare" ||
		bad "completion: \"aamed-bench co\" gave \"$out\""
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed b); COMP_CWORD=1; _aamed; echo "${COMPREPLY[*]}"')
	[ -z "$out" ] && ok "completion: aamed offers no bench" ||
		bad "completion: \"aamed b\" gave \"$out\""
fi

echo "bench: $(($(date +%s) - t0)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
