#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/readme: every command block of README.md runs as written.
#
# A command block is an indented block (outside ``` fences) whose first
# word is a command a reader types: aamed, make, build/..., mkdir, printf.
# Its commands run in order in one scratch directory (with `aamed` on the
# PATH as build/aamed, and examples/ and tests/ beside it, as in a
# checkout), `make` and `build/` lines in the project itself. A command
# must exit as its comment says ("exit N"), else 0. An indented YAML block
# after a paragraph ending in "(`FILE`):" is saved as FILE first.
# `make check` is not run (this suite is part of it); `make demo` runs
# as examples/demo.sh, what it runs once deps and the build are done.
#
# Usage: sh tests/readme/run.sh [BUILD]. Ends with "N passed, N failed".
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
case $B in /*) ;; *) B=$ROOT/$B ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-readme.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh

mkdir -p "$T/bin" "$T/work"
ln -s "$B/aamed" "$T/bin/aamed"
ln -s "$ROOT/examples" "$T/work/examples"
ln -s "$ROOT/tests" "$T/work/tests"

# The blocks as a list of steps, one per line:
#   cmd<TAB>EXIT<TAB>LINE<TAB>COMMAND   (continuations joined)
#   file<TAB>NAME<TAB>LINE              (the YAML lines follow, "|"-prefixed)
awk '
function flush_cmd() {
	if (cmd != "") printf "cmd\t%d\t%d\t%s\n", want, cline, cmd
	cmd = ""
}
/^```/ { fence = !fence; next }
fence { next }
/^$/ { flush_cmd(); inblock = 0; kind = ""; next }
/^    / {
	line = substr($0, 5)
	if (!inblock) {
		inblock = 1
		split(line, w, /[ \t]+/)
		if (w[1] ~ /^(aamed|make|mkdir|printf)$/ || w[1] ~ /^build\//)
			kind = "cmd"
		else if (savename != "" && line ~ /^(profile|policy|kernel|tests):/) {
			kind = "yaml"
			printf "file\t%s\t%d\n", savename, NR
		} else
			kind = ""
		savename = ""
	}
	if (kind == "yaml") { print "|" line; next }
	if (kind != "cmd") next
	if (line ~ /^[ \t]*#/) {
		# a comment of the command before it
		if (match(line, /exit [0-9]+/)) want = substr(line, RSTART + 5, RLENGTH - 5)
		next
	}
	if (cont) {
		cmd = cmd " " line
	} else {
		flush_cmd()
		cmd = line
		cline = NR
		want = 0
	}
	cont = (cmd ~ /\\$/)
	if (cont) sub(/[ \t]*\\$/, "", cmd)
	else if (match(cmd, /#.*exit [0-9]+/)) {
		t = substr(cmd, RSTART)
		match(t, /exit [0-9]+/)
		want = substr(t, RSTART + 5, RLENGTH - 5)
	}
	next
}
{
	flush_cmd(); inblock = 0; kind = ""
	if (match($0, /\(`[^`]+`\):$/))
		savename = substr($0, RSTART + 2, RLENGTH - 5)
}
END { flush_cmd() }
' README.md >"$T/steps"

ncmd=$(grep -c '^cmd' "$T/steps")
[ "$ncmd" -ge 20 ] && ok || ko "README: only $ncmd command lines found"
grep -q "^file	" "$T/steps" && ok || ko "README: no manifest block saved as a file"

out=
while IFS= read -r step; do
	case $step in
	file*)
		out=$(printf '%s' "$step" | cut -f2)
		: >"$T/work/$out"
		continue ;;
	"|"*)
		printf '%s\n' "${step#|}" >>"$T/work/$out"
		continue ;;
	esac
	want=$(printf '%s' "$step" | cut -f2)
	n=$(printf '%s' "$step" | cut -f3)
	cmd=$(printf '%s' "$step" | cut -f4-)
	case $cmd in
	"make check"*) continue ;;
	"make demo"*) cmd="sh examples/demo.sh \"$B/aamed\"" ; dir=$ROOT ;;
	make* | build/* | "sh examples/"*) dir=$ROOT ;;
	*) dir=$T/work ;;
	esac
	(cd "$dir" && PATH="$T/bin:$PATH" eval "$cmd") >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq "$want" ]; then
		ok
	else
		ko "README.md:$n: exit $rc, the README says $want: $cmd"
		tail -n 5 "$T/err"
	fi
done <"$T/steps"

echo "readme: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
