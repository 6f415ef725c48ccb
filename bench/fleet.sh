#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/fleet.sh OUTDIR [N] [HOSTS] - records per second of
# `python3 -m aamed.fleet replay` with 1 and 2 LocalCluster workers, and
# of one `aamed replay` process, over a generated log set of N records
# (default 10,000,000) from HOSTS hosts (default 100), against a policy
# whose changes go both ways (tests/fleet/mklogs.sh).
#
# The hosts' logs are hard links to three logs of N/HOSTS records each
# (auditd's form, kernel log lines, journalctl -o json: host h gets the
# form (h-1) mod 3), written once by tests/fleet/mklogs.sh: every record
# is still read, parsed and decided by every run, but generating and
# storing 10 M distinct records would cost more than the runs. The files
# stay in the page cache: reading is not measured, the replay is.
# Needs BUILD (default build) with `make all python`.
set -eu
OUT=${1:?usage: bench/fleet.sh OUTDIR [N] [HOSTS]}
N=${2:-10000000}
HOSTS=${3:-100}
B=${BUILD:-build}
cd "$(dirname "$0")/.."
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
PY=${PYTHON:-/usr/bin/python3}
PER=$((N / HOSTS))
sh tests/fleet/mklogs.sh "$OUT/base" 3 $((PER * 3))
rm -rf "$OUT/fleet"
h=1
while [ "$h" -le "$HOSTS" ]; do
	d=$(printf '%s/fleet/host%04d' "$OUT" "$h")
	src=$(printf '%s/base/logs/host%03d' "$OUT" $(((h - 1) % 3 + 1)))
	mkdir -p "$d"
	for f in "$src"/*; do ln "$f" "$d/$(basename "$f")"; done
	h=$((h + 1))
done
echo "$OUT/fleet: $((PER * HOSTS)) records from $HOSTS hosts ($(du -shl "$OUT/fleet" | cut -f1)); load: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$OUT"/base/logs/*/* >/dev/null
for w in 1 2; do
	echo "fleet, $w workers (load $(cut -d' ' -f1-3 /proc/loadavg)):"
	env PYTHONPATH="$B/python" "$PY" -m aamed.fleet replay --stats --workers "$w" \
		--policy "$OUT/base/new" "$OUT/fleet" 2>&1 >"$OUT/fleet.$w.json" | grep '^stats:' || true
done
echo "one aamed replay process (load $(cut -d' ' -f1-3 /proc/loadavg)):"
"$B/aamed" replay --stats --json --policy "$OUT/base/new" "$OUT"/fleet/*/* 2>&1 >"$OUT/one.json" | grep '^stats:' || true
"$PY" tests/fleet/canon.py "$OUT/fleet.2.json" "$OUT/one.json" && echo "fleet (2 workers) = one aamed replay, canonically"
