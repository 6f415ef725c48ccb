#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fleet: python3 -m aamed.fleet replay over a LocalCluster of 2
# worker processes, on a generated multi-host log set (tests/fleet/mklogs.sh:
# the records real kernels logged, tests/kernel/expected, dealt to 6
# hosts in auditd, kernel log and journal JSON form, 3 of them compressed),
# against a policy with changes both ways. The merged report must hold
# what one `aamed replay --json` over the same files holds, record for
# record (compared canonically: tests/fleet/canon.py says why); each
# host's records are the share the generator dealt it; a bad input is
# named with its file and the rest still merged.
# Usage: sh tests/fleet/run.sh BUILD_DIR     Ends with "N passed, N failed".
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
case $B in /*) ;; *) B=$ROOT/$B ;; esac
PY=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-fleet.XXXXXX")
PIDS=
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$T"' EXIT
. tests/assert.sh
CHECKS=23
skip() { echo "SKIP: $1 ($CHECKS checks skipped)"; echo "0 passed, 0 failed"; exit 0; }
"$PY" -c 'import distributed, zstandard' 2>/dev/null ||
	skip "$PY lacks dask.distributed or zstandard (python3-distributed, python3-zstandard)"
ls "$B"/python/aamed/_aamed*.so >/dev/null 2>&1 || { ko "no $B/python/aamed/_aamed*.so (make python)"; echo "$pass passed, $fail failed"; exit 1; }
sh tests/fleet/mklogs.sh "$T" 6 3000 2>"$T/mk.err" || skip "cannot compile the cases' policies: $(head -1 "$T/mk.err")"
fleet() { env PYTHONPATH="$B/python" PYTHONDONTWRITEBYTECODE=1 "$PY" -m aamed.fleet replay --workers 2 "$@"; }
json() { "$PY" -c "import json, sys; r = json.load(open(sys.argv[1])); print($1)" "$T/out"; }

# three hosts' logs compressed, one format each
"$PY" - "$T/logs" <<'PY'
import gzip, lzma, os, sys, zstandard
d = sys.argv[1]
for host, ext, opener in (("host002", ".gz", gzip.open), ("host003", ".xz", lzma.open),
                          ("host004", ".zst", None)):
    [f] = os.listdir(os.path.join(d, host))
    p = os.path.join(d, host, f)
    data = open(p, "rb").read()
    if opener:
        with opener(p + ext, "wb") as o:
            o.write(data)
    else:
        open(p + ext, "wb").write(zstandard.ZstdCompressor().compress(data))
    os.remove(p)
PY
# a seventh host whose log holds a line that is no record (an other line)
# and one record of a profile the policy lacks (not rebuilt)
mkdir "$T/logs/odd"
printf '%s\n' 'hello, not a record' \
	'type=AVC msg=audit(1700000001.000:9): apparmor="DENIED" operation="open" profile="t_nowhere" name="/x" pid=7 comm="c" requested_mask="r" denied_mask="r" fsuid=0 ouid=0' \
	>"$T/logs/odd/audit.log"

# the whole set, a directory argument, small partitions (several a host)
expect fleet-dir 1 fleet --partition-mb 0.02 --policy "$T/new" "$T/logs"
cp "$T/out" "$T/fleet.json"
[ "$(json 'sorted(r["hosts"])')" = "['host001', 'host002', 'host003', 'host004', 'host005', 'host006', 'odd']" ] && ok || ko "fleet-dir: hosts $(json 'sorted(r["hosts"])')"
# the generator dealt 3000 records round robin to 6 hosts: 500 each
[ "$(json '[h["records"] for n, h in sorted(r["hosts"].items())]')" = "[500, 500, 500, 500, 500, 500, 1]" ] && ok || ko "fleet-dir: per-host records $(json '[h["records"] for h in r["hosts"].values()]')"
[ "$(json 'r["records"], r["other_lines"], r["not_rebuilt"]')" = "3001 1 1" ] && ok || ko "fleet-dir: counts $(json 'r["records"], r["other_lines"], r["not_rebuilt"]')"
# both directions: t_files' denials now allowed, t_audit's writes now denied
[ "$(json 'sorted(set((c["change"], c["label"]) for c in r["changes"]))')" = "[('now-allowed', 't_files'), ('now-denied', 't_audit')]" ] && ok || ko "fleet-dir: changes $(json 'set((c["change"], c["label"]) for c in r["changes"])')"
[ "$(json 'r["hosts"]["host002"]["profiles"]["t_files"]["now_allowed"] > 0')" = True ] && ok || ko "fleet-dir: host002 (gzip) has no t_files change"
# examples name the compressed files themselves
grep -q 'host003/journal.json.xz:[0-9]' "$T/fleet.json" && ok || ko "fleet-dir: no example line of the .xz log"

# one aamed replay over the same files, in the fleet's input order, the
# compressed ones unpacked in place (the same names without the suffix)
"$PY" - "$T"/logs/host002/*.gz "$T"/logs/host003/*.xz "$T"/logs/host004/*.zst <<'PY'
import gzip, lzma, os, sys, zstandard
for p in sys.argv[1:]:
    base, ext = os.path.splitext(p)
    if ext == ".zst":
        data = zstandard.ZstdDecompressor().stream_reader(open(p, "rb")).read()
    else:
        data = {".gz": gzip, ".xz": lzma}[ext].open(p).read()
    open(base, "wb").write(data)
    os.remove(p)
PY
"$PY" -c 'import json, sys; [print(f.rsplit(".", 1)[0] if f.endswith((".gz", ".xz", ".zst")) else f) for f in json.load(open(sys.argv[1]))["inputs"]]' "$T/fleet.json" >"$T/inputs"
[ "$(wc -l <"$T/inputs")" -eq 7 ] && ok || ko "fleet-dir: $(wc -l <"$T/inputs") inputs, wanted 7"
xargs "$B/aamed" replay --json --policy "$T/new" <"$T/inputs" >"$T/one.json"
[ $? -eq 123 ] && ok || ko "aamed replay: not exit 1 (changes)"
"$PY" tests/fleet/canon.py "$T/fleet.json" "$T/one.json" ",.gz,.xz,.zst" && ok || ko "fleet-dir: not the report of one aamed replay"

# a glob of two hosts, the plain files now: the host is the parent directory
expect fleet-glob 1 fleet --policy "$T/new" "$T/logs/host00[12]/*"
[ "$(json 'sorted(r["hosts"])')" = "['host001', 'host002']" ] && ok || ko "fleet-glob: hosts $(json 'sorted(r["hosts"])')"
"$B/aamed" replay --json --policy "$T/new" "$T"/logs/host00[12]/* >"$T/one.json"
"$PY" tests/fleet/canon.py "$T/out" "$T/one.json" && ok || ko "fleet-glob: not the report of one aamed replay"

# --scheduler: the same job on a separate Dask scheduler and worker (one
# worker process of 2 threads: the task's lock keeps its replays apart),
# on a port the scheduler picks, on the loopback only
env PYTHONPATH="$B/python" "$PY" -m distributed.cli.dask_scheduler --host 127.0.0.1 --port 0 \
	--dashboard-address 127.0.0.1:0 --scheduler-file "$T/sched" >"$T/sched.log" 2>&1 &
PIDS="$!"
i=0
while [ ! -s "$T/sched" ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
addr=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["address"])' "$T/sched" 2>/dev/null)
if [ -n "$addr" ]; then
	ok
	env PYTHONPATH="$B/python" "$PY" -m distributed.cli.dask_worker "$addr" --nthreads 2 --no-nanny \
		--dashboard-address 127.0.0.1:0 >"$T/worker.log" 2>&1 &
	PIDS="$PIDS $!"
	expect fleet-scheduler 1 fleet --scheduler "$addr" --partition-mb 0.02 --policy "$T/new" "$T/logs/host00[12]/*"
	"$PY" tests/fleet/canon.py "$T/out" "$T/one.json" && ok || ko "fleet-scheduler: not the report of one aamed replay"
else
	ko "fleet-scheduler: the scheduler did not start"; tail -5 "$T/sched.log"
fi

# a truncated gzip log: named with its file, exit 2, the others merged
head -c 300 "$T/logs/host001/audit.log" | gzip | head -c 60 >"$T/logs/host001/old.log.gz"
expect fleet-bad 2 fleet --policy "$T/new" "$T/logs"
has_err fleet-bad "host001/old.log.gz: "
[ "$(json '[e["file"].endswith("host001/old.log.gz") for e in r["errors"]], r["records"]')" = "[True] 3001" ] && ok || ko "fleet-bad: errors $(json 'r["errors"], r["records"]')"

# the hosts from the paths and the partitions by size, as docs/fleet.md
# says: DIR/HOST/..., DIR/HOST.suffix, a named file's parent directory;
# whole files, one host's each, cut past the size asked
mkdir -p "$T/h/web1/sub" "$T/h/db"
printf '%0100d\n' 0 >"$T/h/web1/a.log"; cp "$T/h/web1/a.log" "$T/h/web1/sub/b.log"
cp "$T/h/web1/a.log" "$T/h/web1/c.log"; cp "$T/h/web1/a.log" "$T/h/mail2.audit.log.gz"
cp "$T/h/web1/a.log" "$T/h/db/x.log"
got=$(cd "$T/h" && PYTHONPATH="$B/python" "$PY" -c '
import os
from aamed.fleet import discover, partition
files, errors = discover(["'"$T/h"'", "db/x.log", "nothing*"])
print(sorted(set(h for h, p in files)), errors)
print([(h, [os.path.relpath(p, "'"$T/h"'") for p in ps]) for h, ps in partition(files, 250) if h == "web1"])')
[ "$(echo "$got" | head -1)" = "['db', 'mail2', 'web1'] [('nothing*', 'no file matches')]" ] && ok || ko "fleet-hosts: $got"
[ "$(echo "$got" | tail -1)" = "[('web1', ['web1/a.log', 'web1/c.log']), ('web1', ['web1/sub/b.log'])]" ] && ok || ko "fleet-partitions: $got"

# usage and policy errors, before any cluster starts
expect fleet-workers 2 fleet --workers 0 --policy "$T/new" "$T/logs"
expect fleet-policy 3 fleet --policy "$T/mk.err" "$T/logs"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
