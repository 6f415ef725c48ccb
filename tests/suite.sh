# SPDX-License-Identifier: GPL-2.0-or-later
# What a shell suite of the aamed binary sets up before its first check,
# sourced by tests/NAME/run.sh as
#   . "$(dirname "$0")/../suite.sh"
#   suite_begin NAME "$@"
# Afterwards: A is the aamed binary under test (absolute; first argument,
# default build/aamed), B its build directory, the working directory and
# ROOT the project, T a scratch directory removed on exit, and the
# assertions of tests/assert.sh defined.
suite_begin() {
	A=${2:-build/aamed}
	case $A in /*) ;; *) A=$(pwd)/$A ;; esac
	B=$(dirname "$A")
	cd "$(dirname "$0")/../.." || exit 2
	ROOT=$(pwd)
	T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-$1.XXXXXX")
	trap 'rm -rf "$T"' EXIT
	. tests/assert.sh
}
