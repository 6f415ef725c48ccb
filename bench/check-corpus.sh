#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/check-corpus.sh [BLOBS.tar.xz|DIR] [SOURCES.tar.xz|DIR] - the
# speed of the analysis commands on the apparmor.d corpus (issue 23's
# goals: `aamed check` over the whole corpus under 10 s on one core,
# loading included; `aamed who-can` of one request under 0.5 s end to
# end). BLOBS: ../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz
# beside the project by default (or a directory of its blobs); SOURCES:
# ../shared/corpus/apparmor.d-corpus.tar.xz (or its apparmor.d
# directory), for the --source runs, which need apparmor_parser 5.0.2
# (APPARMOR_PARSER, or AAMED_PARSERS_DIR/5.0.2) and are skipped without.
#
# Each run alone on CPU 0 (taskset -c 0), best of ROUNDS (default 3):
#   1. the loading alone (`aamed profiles`, its cost in each command);
#   2. `aamed who-can --policy DIR file /etc/shadow r`;
#   3. `aamed who-can --policy DIR file GLOB MODE` for three globs
#      ('/etc/**' w, '/**' x, '/proc/*/mem' r: each walks the glob's
#      DFA beside every profile's file DFA);
#   4. `aamed check --policy DIR` (every check the blobs answer);
#   5. `aamed check --policy SUB --source SUBSRC` over SOURCE_N files of
#      profiles-a-f (default 10, every 16th file);
#   6. `aamed check --policy DIR --source ALL`, ALL every profile file of
#      the corpus (groups/**, profiles-*, namespaces/**: 1,616, links in
#      one directory), one round (SOURCE_ALL=0 skips it): its CPU, then
#      apparmor_parser's share (each run timed through a wrapper: -p per
#      file, compiles) and what sharing saved (AAMED_SOURCE_STATS);
#   7. with BEFORE=OLD_AAMED: run 6's command over profiles-a-f by the old
#      binary and the new, their CPU and whether the JSON is byte-identical
#      (a difference fails the run);
# then callgrind's instruction counts (valgrind; CALLGRIND=0 skips) of
# 1, 2, 3 ('/etc/**' w), 4 and 5 (aamed's own instructions:
# apparmor_parser, a child, is not traced): stable where wall times vary
# by 10% on a shared machine.
# Each line: the run, wall and CPU seconds (user + sys, children
# included), the goal and the ratio to it. Exit 1 if a run failed; the
# goals are reported, not enforced.
#
# Environment: AAMED (default build/aamed), ROUNDS, SOURCE_N,
# SOURCE_ALL, BEFORE, CALLGRIND, FEATURES (default Debian's features
# file).
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SRC=${1:-$ROOT/../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz}
SSRC=${2:-$ROOT/../shared/corpus/apparmor.d-corpus.tar.xz}
ROUNDS=${ROUNDS:-3}
SN=${SOURCE_N:-10}
A=${AAMED:-$ROOT/build/aamed}
FEAT=${FEATURES:-/usr/share/apparmor-features/features}
case $A in /*) ;; *) A=$ROOT/$A ;; esac
[ -x "$A" ] || { echo "check-corpus.sh: $A not built (make)" >&2; exit 1; }
if [ ! -e "$SRC" ]; then
	echo "check-corpus.sh: SKIP: no corpus at $SRC (give its blobs as the first argument)"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-check-corpus.XXXXXX")
trap 'rm -rf "$T"' EXIT
status=0

. bench/corpus.sh
corpus_blobs "$SRC" "$T/blobs"
echo "corpus: $(ls "$P" | wc -l) blobs, $(du -sm "$P" | cut -f1) MB ($P)"

# best of ROUNDS of one command on CPU 0: "wall cpu" (seconds)
best() {
	b=
	i=0
	while [ $i -lt "$ROUNDS" ]; do
		i=$((i + 1))
		rc=0
		/usr/bin/time -f '%e %U %S' -o "$T/time" taskset -c 0 "$@" \
			>"$T/out" 2>"$T/err" || rc=$?
		# 0 and 1 are answers (1: denied, or findings)
		if [ $rc -gt 1 ]; then
			echo "check-corpus.sh: failed ($rc): $*" >&2
			tail -3 "$T/err" >&2
			status=1
			return 1
		fi
		r=$(tail -n 1 "$T/time" | awk '{ printf "%.2f %.2f", $1, $2 + $3 }')
		if [ -z "$b" ] || [ "$(echo "$r $b" | awk '{ print ($2 < $4) }')" = 1 ]; then
			b=$r
		fi
	done
	echo "$b"
}

# NAME GOAL_S CMD...: one line
row() {
	n=$1 g=$2
	shift 2
	r=$(best "$@") || { echo "$n: FAILED"; return 0; }
	echo "$r" | awk -v n="$n" -v g="$g" '{
		printf "%-28s wall %6.2f s  cpu %6.2f s", n, $1, $2
		if (g > 0) printf "  goal %.1f s: %.2fx of it (cpu)", g, $2 / g
		printf "\n" }'
}

row "load (aamed profiles)" 0 "$A" profiles --policy "$P"
row "who-can file /etc/shadow r" 0.5 "$A" who-can --policy "$P" file /etc/shadow r
row "who-can file /etc/** w" 0.5 "$A" who-can --policy "$P" file '/etc/**' w
row "who-can file /** x" 0.5 "$A" who-can --policy "$P" file '/**' x
row "who-can file /proc/*/mem r" 0.5 "$A" who-can --policy "$P" file '/proc/*/mem' r
row "check (blobs)" 10 "$A" check --policy "$P" --format json
tail -1 "$T/out" | sed -n 's/.*"counts":\({[^}]*}\).*/  findings: \1/p'

# --source: the sources and a parser 5.0.2
PARSER=${APPARMOR_PARSER:-${AAMED_PARSERS_DIR:-$ROOT/../shared/tools/apparmor}/5.0.2/apparmor_parser}
if [ ! -e "$SSRC" ]; then
	echo "SKIP: no corpus sources at $SSRC (--source runs)"
elif [ ! -x "$PARSER" ]; then
	echo "SKIP: no apparmor_parser 5.0.2 at $PARSER (--source runs; set AAMED_PARSERS_DIR)"
else
	# every parser run timed into $T/parser.log: "user sys first-arg"
	mkdir "$T/pbin"
	printf '#!/bin/sh\nexec /usr/bin/time -a -o "%s" -f "%%U %%S $1" "%s" "$@"\n' \
		"$T/parser.log" "$PARSER" >"$T/pbin/apparmor_parser"
	chmod +x "$T/pbin/apparmor_parser"
	PATH=$T/pbin:$PATH
	export PATH
	if [ -d "$SSRC" ]; then
		S=$SSRC
	else
		mkdir "$T/src"
		tar -xJf "$SSRC" -C "$T/src"
		S=$T/src/apparmor.d
	fi
	mkdir "$T/sub" "$T/subsrc"
	for f in $(ls "$S/profiles-a-f" | awk 'NR % 16 == 1' | head -n "$SN"); do
		cp "$S/profiles-a-f/$f" "$T/subsrc/"
		cp "$P/profiles-a-f_$f" "$T/sub/"
	done
	n=$(ls "$T/subsrc" | wc -l)
	# the goal scaled to the share of the corpus
	g=$(awk -v n="$n" -v t="$(ls "$P" | wc -l)" 'BEGIN { printf "%.3f", 10 * n / t }')
	(cd "$S" && row "check --source ($n files)" "$g" "$A" check --policy "$T/sub" \
		--source "$T/subsrc" --features "$FEAT" -I .)
	if [ "${SOURCE_ALL:-1}" != 0 ]; then
		mkdir "$T/all"
		(cd "$S" && find groups profiles-* namespaces -type f 2>/dev/null) |
			sort | while read -r f; do
				ln -s "$S/$f" "$T/all/$(echo "$f" | tr / _)"
			done
		: >"$T/parser.log"
		(cd "$S" && ROUNDS=1 && AAMED_SOURCE_STATS=1 &&
			export AAMED_SOURCE_STATS && row \
			"check --source ($(ls "$T/all" | wc -l) files)" 10 \
			"$A" check --policy "$P" --source "$T/all" \
			--features "$FEAT" -I . --format json)
		tail -1 "$T/out" | sed -n 's/.*"counts":\({[^}]*}\).*/  findings: \1/p'
		sed -n 's/^aamed: --source: /  /p' "$T/err"
		# the run's own CPU (one round: $T/time) less the parser's
		tot=$(tail -n 1 "$T/time" | awk '{ print $2 + $3 }')
		awk -v tot="$tot" '$1 ~ /^[0-9.]+$/ { c = $1 + $2; if ($3 == "-p") { pn++; pc += c } else { cn++; cc += c } }
			END { printf "  apparmor_parser: -p %d runs %.2f s cpu, compile %d runs %.2f s cpu; aamed alone %.2f s cpu\n", pn, pc, cn, cc, tot - pc - cc }' \
			"$T/parser.log"
	fi
	if [ -n "${BEFORE:-}" ]; then
		for w in before after; do
			b=$BEFORE
			[ $w = after ] && b=$A
			(cd "$S" && ROUNDS=1 && row "check --source a-f ($w)" 0 "$b" check \
				--policy "$P" --source profiles-a-f --features "$FEAT" -I . \
				--format json)
			cp "$T/out" "$T/$w.json"
		done
		if cmp -s "$T/before.json" "$T/after.json"; then
			echo "  before/after: JSON byte-identical ($(wc -c <"$T/after.json") bytes)"
		else
			echo "  before/after: JSON DIFFERS"
			status=1
		fi
	fi
fi

if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
	# no pathname expansion of the glob in the split words
	set -f
	for c in "profiles --policy $P" "who-can --policy $P file /etc/shadow r" \
		 "who-can --policy $P file /etc/** w" \
		 "check --policy $P --format json"; do
		# shellcheck disable=SC2086
		valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$A" $c \
			>/dev/null 2>"$T/cg.err" || true
		ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg.err")
		echo "callgrind: aamed $c: ${ir:-?} instructions" |
			sed "s|$P|DIR|"
	done
	if [ -d "$T/subsrc" ]; then
		(cd "$S" && valgrind --tool=callgrind --callgrind-out-file="$T/cg" \
			"$A" check --policy "$T/sub" --source "$T/subsrc" \
			--features "$FEAT" -I . --format json >/dev/null 2>"$T/cg.err" || true)
		ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg.err")
		echo "callgrind: aamed check --source ($(ls "$T/subsrc" | wc -l) files, aamed alone): ${ir:-?} instructions"
	fi
else
	echo "SKIP: callgrind counts (CALLGRIND=0 or no valgrind)"
fi
exit $status
