# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools/first-hour.sh, sourced by tests/tools/run.sh (its helpers,
# $A, $T, $ROOT, comp): what a new user meets first, from the README, the
# help and the answers on Debian's own profiles. Expectations come from
# AppArmor's semantics and the profiles, never from aamed's output.

# ---------------------------------------------------------------- README
# the command's path before make install, and a bench example that runs
# as written: the policy it names is the one `make bench` writes
if grep -qF '`build/aamed`' README.md; then ok; else ko "README: never says the program is build/aamed"; fi
bpol=$(sed -n 's/.*aamed-bench decide --policy \([^ ]*\).*/\1/p' README.md | head -1)
if [ -n "$bpol" ] && make -n --no-print-directory bench 2>/dev/null | grep -qF -- "-o $bpol "; then ok
else ko "README: aamed-bench's --policy \"$bpol\" is not what make bench writes"; fi
