# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the suites that use the newer apparmor_parser builds
# (VERSION/apparmor_parser and VERSION/apparmor.d each).
#
# parsers_dir ROOT - their directory: AAMED_PARSERS_DIR when set, else
# ../shared/tools/apparmor beside the project ROOT (CI's clean clone),
# else beside ROOT's parent (a git worktree of the project). When neither
# exists, the first, as a plain path: the place the README tells a user
# to put them, which is what a skip message should name.
parsers_dir() {
	if [ -n "${AAMED_PARSERS_DIR:-}" ]; then
		echo "$AAMED_PARSERS_DIR"
	elif [ -d "$1/../shared/tools/apparmor" ]; then
		(cd "$1/../shared/tools/apparmor" && pwd)
	elif [ -d "$1/../../shared/tools/apparmor" ]; then
		(cd "$1/../../shared/tools/apparmor" && pwd)
	else
		echo "$(cd "$1/.." && pwd)/shared/tools/apparmor"
	fi
}

# skipped_checks FILE - the checks a suite's output says it skipped: the
# sum of its "(N checks skipped)" notes (make check's per-suite count).
skipped_checks() {
	sed -n 's/.*(\([0-9][0-9]*\) checks* skipped).*/\1/p' "$1" |
		awk '{ t += $1 } END { print t + 0 }'
}
