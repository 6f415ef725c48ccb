#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/suggest-real: aamed suggest against the fixes real maintainers
# committed for denials real users reported (docs/suggest-vs-maintainers.md).
#
# Each cases/NAME.case names the profile files of the apparmor.d corpus
# (../shared/corpus, the project's commit 69e3abdd5) the fix touched, the
# fix's rules, and the records the report quoted. Per case:
#   1. the profile as it was before the fix: the corpus file without the
#      fix's rules ("remove"), compiled by apparmor_parser 5.0.2;
#   2. the profile with the fix as the maintainers committed it ("fix",
#      placed in the profile's block), compiled the same way;
#   3. aamed suggest --patch on (1), the patch applied with patch -p1 and
#      compiled again.
# The reported requests (the records; a complain-mode ALLOWED record
# stands for the DENIED one the profile enforced would log) must be
# denied by (1) and allowed by (2): that is what the fix is for, and it
# checks the reconstruction. The suggestion must then allow every
# request the fix allows: each one allowed by (3). A case marked "same"
# (the document's verdict: the suggestion is the maintainers' rules,
# character for character) must have every rule of its fix among the
# suggested lines. What else each allows is the document's judgement,
# not asserted here.
#
# Usage: sh tests/suggest-real/run.sh build/aamed
# Environment: AAMED_PARSERS_DIR (5.0.2/apparmor_parser in it; default as
# tests/parsers.sh), AAMED_CORPUS_SRC (the corpus's sources, default
# ../shared/corpus/apparmor.d-corpus.tar.xz beside the project),
# SUGGEST_REAL_OUT (a directory: each case's suggestion and patch kept
# there as NAME.txt and NAME.diff, for the document), SUGGEST_REAL_CASES
# (names of cases: only those).
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-suggest-real.XXXXXX")
trap 'rm -rf "$T"' EXIT
. "$ROOT/tests/assert.sh"
. "$ROOT/tests/parsers.sh"
HERE=$ROOT/tests/suggest-real
FEAT=$ROOT/tests/features/linux-6.12
# the checks a run makes: five per case, one per rule the fix removed and
# one per rule of the fix of a case marked "same"
nchecks=$(awk 'FNR == 1 { n += 5 + same * fixes; same = fixes = 0 } /^remove / { n++ }
	/^fix / { fixes++ } /^same$/ { same = 1 } END { print n + same * fixes }' "$HERE"/cases/*.case)

skip() {
	echo "SKIP: $1 ($nchecks checks skipped)"
	echo "0 passed, 0 failed"
	exit 0
}

PARSER=$(parsers_dir "$ROOT")/5.0.2/apparmor_parser
[ -x "$PARSER" ] || skip "apparmor_parser 5.0.2 not found ($PARSER; AAMED_PARSERS_DIR)"
if [ -n "${AAMED_CORPUS_SRC:-}" ]; then
	CORPUS=$AAMED_CORPUS_SRC
elif [ -f "$ROOT/../shared/corpus/apparmor.d-corpus.tar.xz" ]; then
	CORPUS=$ROOT/../shared/corpus/apparmor.d-corpus.tar.xz
else
	CORPUS=$ROOT/../../shared/corpus/apparmor.d-corpus.tar.xz
fi
[ -f "$CORPUS" ] || skip "the apparmor.d corpus is absent ($CORPUS; AAMED_CORPUS_SRC)"
command -v patch >/dev/null 2>&1 || skip "patch(1) is not installed"
tar -xJf "$CORPUS" -C "$T" || skip "cannot unpack $CORPUS"
INC=$T/apparmor.d

# drop FILE TEXT OUT: OUT is FILE without its lines whose text (blanks at
# either end dropped) is TEXT; prints how many went
drop() {
	awk -v t="$2" -v out="$3" '
		{ s = $0; sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s) }
		s == t { n++; next }
		{ print > out }
		END { print n + 0 }' "$1"
}

# insert FILE PROFILE RULE: RULE as the first line of PROFILE's block
insert() {
	awk -v p="$2" -v r="$3" '
		{ print }
		!done { s = $0; sub(/^[ \t]+/, "", s)
			if (index(s, "profile " p " ") == 1 || index(s, "profile " p "{") == 1) { print "  " r; done = 1 } }
		END { if (!done) exit 1 }' "$1" >"$1.new" && mv "$1.new" "$1"
}

# the case file's directives into $d/src (before the fix), $d/fix (the
# fix applied) and $d/log (the records as reported)
build_case() {
	cf=$1 d=$2
	cur=
	while IFS= read -r line; do
		kw=${line%% *}
		rest=${line#* }
		case $kw in
		file)
			[ -f "$INC/$rest" ] || { ko "$name: no $rest in the corpus"; return 1; }
			case $rest in
			abstractions/*|tunables/*)
				# an included file: the case's copy shadows the
				# corpus's (-I $d/inc first), before and after
				mkdir -p "$d/inc/$(dirname "$rest")"
				cur=$d/inc/$rest
				cp "$INC/$rest" "$cur"
				curfix= ;;
			*)
				cur=$d/src/$(basename "$rest")
				curfix=$d/fix/$(basename "$rest")
				cp "$INC/$rest" "$cur"
				cp "$INC/$rest" "$curfix" ;;
			esac ;;
		remove)
			for f in "$cur" $curfix; do
				n=$(drop "$f" "$rest" "$f.new")
				mv "$f.new" "$f"
			done
			if [ "$n" -ge 1 ]; then ok; else ko "$name: the fix's rule is not in the corpus's $(basename "$cur"): $rest"; fi ;;
		peer)
			# a profile the records name as a peer: loaded beside the
			# case's, compiled once, not part of the sources
			[ -f "$INC/$rest" ] || { ko "$name: no $rest in the corpus"; return 1; }
			mkdir -p "$d/peer"
			"$A" compile --parser "$PARSER" -I "$INC" --features "$FEAT" \
				-o "$d/peer/$(basename "$rest").bin" "$INC/$rest" 2>"$T/cerr" ||
				{ ko "$name: peer $rest does not compile"; sed 's/^/    /' "$T/cerr" | head -5; return 1; } ;;
		was|fix)
			# fix: the committed rule, in the fixed copy only; was:
			# the rule the fix replaced, in both (the fix covers it)
			prof=${rest%% *}
			rule=${rest#* }
			for f in $curfix $([ "$kw" = was ] && echo "$cur"); do
				insert "$f" "$prof" "$rule" || { ko "$name: no profile $prof in $(basename "$f")"; return 1; }
			done ;;
		record)
			nr=$((nr + 1))
			printf 'Jan  1 00:00:00 h kernel: [%d.0] audit: type=1400 audit(1700000000.%03d:%d): %s\n' \
				"$nr" "$nr" "$nr" "$rest" >>"$d/log" ;;
		same)
			# every rule of the fix must be a suggested line
			[ "$line" = same ] || { ko "$cf: same takes nothing"; return 1; }
			touch "$d/same" ;;
		'#'*|'') ;;
		*) ko "$cf: unknown directive $kw"; return 1 ;;
		esac
	done <"$cf"
}

# compile SRCDIR POLDIR: every profile file, one blob each, and the peers
compile_dir() {
	mkdir -p "$2"
	for f in "$1"/*; do
		"$A" compile --parser "$PARSER" -I "$d/inc" -I "$INC" --features "$FEAT" \
			-o "$2/$(basename "$f").bin" "$f" 2>"$T/cerr" ||
			{ ko "$name: $(basename "$1")/$(basename "$f") does not compile"; sed 's/^/    /' "$T/cerr" | head -5; return 1; }
	done
	[ ! -d "$d/peer" ] || cp "$d"/peer/*.bin "$2"
}

# decided POLDIR: the log's requests (complain-mode ALLOWED records as
# the DENIED ones they stand for) replayed against POLDIR; prints
# "records rebuilt now_allowed"
decided() {
	sed 's/apparmor="ALLOWED"/apparmor="DENIED"/' "$d/log" >"$d/enforced.log"
	"$A" replay --json --kernel 6.12 --policy "$1" "$d/enforced.log" 2>"$T/rerr" |
		sed -n 's/.*"records":\([0-9]*\),"rebuilt":\([0-9]*\),.*"now_allowed":\([0-9]*\),.*/\1 \2 \3/p'
}

for cf in "$HERE"/cases/*.case; do
	name=$(basename "$cf" .case)
	case " ${SUGGEST_REAL_CASES:-$name} " in *" $name "*) ;; *) continue ;; esac
	d=$T/$name
	mkdir -p "$d/src" "$d/fix" "$d/inc"
	nr=0
	build_case "$cf" "$d" || continue
	compile_dir "$d/src" "$d/pol" || continue
	compile_dir "$d/fix" "$d/fixpol" || continue

	# before the fix: every reported request denied
	# shellcheck disable=SC2046 # three numbers, split on purpose
	set -- $(decided "$d/pol")
	if [ "$#" -eq 3 ] && [ "$1" -eq "$nr" ] && [ "$2" -eq "$nr" ] && [ "$3" -eq 0 ]; then ok; else
		ko "$name: before the fix, not every one of the $nr reported requests is rebuilt and denied (records rebuilt now-allowed: $*)"; cat "$T/rerr"; fi
	# the committed fix: every one allowed
	# shellcheck disable=SC2046 # three numbers, split on purpose
	set -- $(decided "$d/fixpol")
	if [ "$#" -eq 3 ] && [ "$2" -eq "$nr" ] && [ "$3" -eq "$nr" ]; then ok; else
		ko "$name: the committed fix does not allow the $nr reported requests (records rebuilt now-allowed: $*)"; fi

	# aamed suggest, its patch applied and compiled
	"$A" suggest --kernel 6.12 --parser "$PARSER" -I "$d/inc" -I "$INC" --features "$FEAT" \
		--policy "$d/pol" --source "$d/src" "$d/log" >"$d/suggest.txt" 2>&1
	"$A" suggest --patch --kernel 6.12 --parser "$PARSER" -I "$d/inc" -I "$INC" --features "$FEAT" \
		--policy "$d/pol" --source "$d/src" "$d/log" >"$d/patch" 2>"$T/serr"
	rc=$?
	if [ -n "${SUGGEST_REAL_OUT:-}" ]; then
		mkdir -p "$SUGGEST_REAL_OUT"
		cp "$d/suggest.txt" "$SUGGEST_REAL_OUT/$name.txt"
		cp "$d/patch" "$SUGGEST_REAL_OUT/$name.diff"
	fi
	if [ "$rc" -eq 1 ]; then ok; else ko "$name: suggest --patch exit $rc, wanted 1"; cat "$T/serr"; continue; fi
	if [ -f "$d/same" ]; then
		sed -n 's/^fix [^ ]* //p' "$cf" | while IFS= read -r rule; do
			if grep -qxF "  $rule" "$d/suggest.txt"; then echo ok; else echo "ko $rule"; fi
		done >"$d/same.res"
		while read -r res rest; do
			if [ "$res" = ok ]; then ok; else ko "$name: the fix's rule is not a suggested line: $rest"; fi
		done <"$d/same.res"
	fi
	cp -r "$d/src" "$d/new"
	if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else
		ko "$name: the patch does not apply"; head "$T/perr" "$d/patch"; continue; fi
	rm -f "$d"/new/*.orig
	compile_dir "$d/new" "$d/newpol" || continue
	# the suggestion allows every reported request the fix allows
	# shellcheck disable=SC2046 # three numbers, split on purpose
	set -- $(decided "$d/newpol")
	if [ "$#" -eq 3 ] && [ "$2" -eq "$nr" ] && [ "$3" -eq "$nr" ]; then ok; else
		ko "$name: the suggestion does not allow every request the committed fix allows (records rebuilt now-allowed: $*)"
		sed 's/^/    /' "$d/suggest.txt" | head -30; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
