#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/abi: the library exports what aamed.h declares and nothing else,
# its ABI is the committed baseline's or a compatible growth of it, and
# every tool builds out of tree against the installed header and
# pkg-config file alone.
#   sh tests/abi/run.sh BUILD     Ends with "N passed, N failed".
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
case $B in /*) ;; *) B=$ROOT/$B ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-abi.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
SO=$B/libaamed.so

# ---------------------------------------------------------------- exports
nm -D --defined-only "$SO" | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$T/exported"
grep -v '^aamed_' "$T/exported" | grep -v '^AAMED_[0-9]*$' >"$T/extra"
if [ -s "$T/extra" ]; then
	ko "exported beyond aamed_*: $(tr '\n' ' ' <"$T/extra" | cut -c1-300)"
else
	ok
fi
# every function the header declares is exported
sed -n 's/^[a-z].*[ *]\(aamed_[a-z0-9_]*\)(.*/\1/p' include/aamed.h | sort -u >"$T/declared"
[ -s "$T/declared" ] || ko "no declarations found in include/aamed.h"
comm -23 "$T/declared" "$T/exported" >"$T/missing"
if [ -s "$T/missing" ]; then
	ko "declared in aamed.h, not exported: $(tr '\n' ' ' <"$T/missing")"
else
	ok
fi
# and nothing is exported that the header does not declare
comm -13 "$T/declared" "$T/exported" | grep '^aamed_' >"$T/undeclared"
if [ -s "$T/undeclared" ]; then
	ko "exported, not in aamed.h: $(tr '\n' ' ' <"$T/undeclared")"
else
	ok
fi

# ---------------------------------------------------------------- ABI baseline
# abidiff's exit status is a bit mask: 1 error, 2 usage, 4 a change,
# 8 an incompatible change. Additions alone are a compatible growth.
if ! command -v abidiff >/dev/null 2>&1; then
	ko "abidiff not installed (abigail-tools; scripts/deps.sh installs it)"
elif [ ! -f abi/libaamed.abi ]; then
	ko "no ABI baseline abi/libaamed.abi (make abi-baseline)"
else
	abidiff --headers-dir2 include abi/libaamed.abi "$SO" >"$T/abidiff" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then
		ok
	elif [ $((rc & 3)) -ne 0 ] || [ $((rc & 8)) -ne 0 ]; then
		ko "abidiff against abi/libaamed.abi: exit $rc"
		head -40 "$T/abidiff"
	elif abidiff --no-added-syms --headers-dir2 include abi/libaamed.abi \
		"$SO" >"$T/abidiff2" 2>&1; then
		echo "note: the ABI grew (compatible additions); refresh the baseline with make abi-baseline:"
		grep -i 'added' "$T/abidiff" | head -5
		ok
	else
		ko "ABI changed against abi/libaamed.abi (not just additions)"
		head -40 "$T/abidiff2"
	fi
fi

# ---------------------------------------------------------------- out of tree
# Install, then build the aamed command from tools/ with nothing but the
# installed header and pkg-config: no -Iinclude, no -Isrc.
make --no-print-directory BUILD="$B" install PREFIX="$T/inst" >"$T/install.log" 2>&1 ||
	{ ko "make install"; tail -5 "$T/install.log"; }
export PKG_CONFIG_PATH="$T/inst/lib/pkgconfig"
if ! pkg-config --exists aamed; then
	ko "pkg-config does not find aamed"
else
	ok
	mkdir -p "$T/oot"
	# shellcheck disable=SC2046
	if cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 \
		$(pkg-config --cflags aamed) -Itools/common -Itools/authors -Itools/analysis \
		-o "$T/oot/aamed" tools/common/*.c tools/cli/*.c tools/authors/*.c tools/analysis/*.c \
		$(pkg-config --libs aamed) -Wl,-rpath,"$T/inst/lib" \
		-lapparmor -ljansson -lyaml -lpthread >"$T/oot.log" 2>&1; then
		ok
		"$T/oot/aamed" version >"$T/v" 2>&1 && grep -q '^aamed ' "$T/v" && ok ||
			ko "the out-of-tree aamed does not run"
		ldd "$T/oot/aamed" | grep -q "$T/inst/lib/libaamed.so" && ok ||
			ko "the out-of-tree aamed is not linked with the installed libaamed.so"
	else
		ko "tools do not build against the installed header alone"
		head -20 "$T/oot.log"
	fi
fi
echo "abi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
