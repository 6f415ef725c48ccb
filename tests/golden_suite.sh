# SPDX-License-Identifier: GPL-2.0-or-later
# What every golden suite (tests/golden*/run.sh) sets up before its first
# line, sourced as
#   . "$(dirname "$0")/../golden_suite.sh"
#   golden_begin NAME "$@"
# Afterwards: here is the suite's directory, root the project, aamed the
# binary under test (first argument, default build/aamed, made absolute),
# tmp a scratch directory removed on exit, $tmp/counts empty (the
# per-file tallies) and status 0.
golden_begin() {
    here=$(cd "$(dirname "$0")" && pwd)
    root=$(cd "$here/../.." && pwd)
    aamed=${2:-$root/build/aamed}
    case $aamed in
        /*) ;;
        */*) aamed=$(pwd)/$aamed ;;
    esac
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-$1.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 130' INT TERM
    : > "$tmp/counts"
    status=0
}

# golden_compile WHAT OUT ARG...: apparmor_parser ($parser) -Q -S ARG...
# into OUT; on failure the parser's first line under WHAT (the profile
# and its feature set, as the suite names them), OUT removed, status 1
# and a non-zero return.
golden_compile() {
    _what=$1
    _out=$2
    shift 2
    "$parser" -Q -S "$@" > "$_out" 2> "$tmp/parser.err" && return 0
    echo "$_what: apparmor_parser failed: $(head -n 1 "$tmp/parser.err")"
    rm -f "$_out"
    status=1
    return 1
}
