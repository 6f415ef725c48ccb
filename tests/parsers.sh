# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the suites that use the newer apparmor_parser builds
# (VERSION/apparmor_parser and VERSION/apparmor.d each).
#
# parsers_dir ROOT - their directory: AAMED_PARSERS_DIR when set, else
# ../shared/tools/apparmor beside the project ROOT (CI's clean clone),
# else beside ROOT's parent (a git worktree of the project).
parsers_dir() {
	if [ -n "${AAMED_PARSERS_DIR:-}" ]; then
		echo "$AAMED_PARSERS_DIR"
	elif [ -d "$1/../shared/tools/apparmor" ]; then
		(cd "$1/../shared/tools/apparmor" && pwd)
	else
		echo "$1/../../shared/tools/apparmor"
	fi
}
