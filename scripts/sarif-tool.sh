#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Microsoft's SARIF Multitool (npm package @microsoft/sarif-multitool),
# which tests/check uses to validate aamed check --format sarif against
# the SARIF 2.1.0 standard. Installed once into cache/npm (gitignored);
# prints the path of the sarif-multitool command. Exit 1, with the reason on
# stderr, where it cannot be installed (no npm, no registry: CI has
# none, and the test then skips).
# Usage: sh scripts/sarif-tool.sh
set -u
cd "$(dirname "$0")/.."
dir=$(pwd)/cache/npm
bin=$dir/node_modules/.bin/sarif-multitool
if [ ! -x "$bin" ]; then
	command -v npm >/dev/null 2>&1 || { echo "sarif-tool: npm not found" >&2; exit 1; }
	mkdir -p "$dir" || exit 1
	# no registry (CI): fail in minutes, not after npm's own retries
	if ! timeout 300 npm install --prefix "$dir" --no-audit --no-fund \
		--loglevel=error --fetch-retries=1 --fetch-timeout=30000 \
		@microsoft/sarif-multitool >"$dir/install.log" 2>&1; then
		echo "sarif-tool: npm install @microsoft/sarif-multitool failed (see $dir/install.log)" >&2
		exit 1
	fi
fi
# the package runs a .NET program: it must start, not just be there
if ! "$bin" --version >/dev/null 2>&1; then
	echo "sarif-tool: $bin does not run" >&2
	exit 1
fi
echo "$bin"
