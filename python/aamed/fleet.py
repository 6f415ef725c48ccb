# SPDX-License-Identifier: GPL-2.0-or-later
"""aamed.fleet: aamed replay over many hosts' logs, on Dask.

    python3 -m aamed.fleet replay --policy NEW [--kernel K]
        [--scheduler tcp://HOST:8786] [--workers N] [--partition-mb M]
        [--hosts-only] LOGS...

LOGS are files, globs or directories (searched recursively). Each file
belongs to a host, taken from its path (see host_of()); a host's files
are cut into partitions of about M MB (whole files: a file is never
split). Each partition is replayed in a Dask worker through
aamed.replay(), the policy loaded once per worker process; the reports
are merged as one `aamed replay --json` over all the files, in the
order of "inputs" (host, then path), would count them, with a per-host
breakdown ("hosts"). Compressed files (.gz, .xz, .zst) are unpacked by
the worker into a temporary file; their examples name the original.

Exit status as aamed replay's: 0 no change, 1 changes, 2 usage or input
errors (each named with its file on standard error and in "errors";
every other partition is still replayed and merged), 3 the policy
cannot be loaded. docs/fleet.md.
"""
import argparse
import glob
import json
import os
import sys

from . import fleet_merge, fleet_task

_COMPRESSED = (".gz", ".xz", ".zst")


def host_of(path, root):
    """The host a log belongs to, from its path: under a directory
    argument ROOT, the first directory below ROOT (ROOT/HOST/...: the
    layout of rsyslog's and journald's remote logs); a file directly in
    ROOT, or named on the command line (or by a glob), is its parent
    directory's name's host, unless that is ROOT itself, then the file
    name up to its first dot (ROOT/HOST.audit.log.gz)."""
    if root is not None:
        rel = os.path.relpath(path, root)
        parts = rel.split(os.sep)
        if len(parts) > 1:
            return parts[0]
        return parts[0].split(".", 1)[0]
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    return parent or os.path.basename(path).split(".", 1)[0]


def discover(args):
    """[(host, path)] of every LOGS argument, sorted by host then path,
    and [(argument, message)] for those that name nothing."""
    found, errors = {}, []
    for arg in args:
        if os.path.isdir(arg):
            n = 0
            for d, subdirs, files in os.walk(arg):
                subdirs.sort()
                for f in sorted(files):
                    p = os.path.join(d, f)
                    found.setdefault(p, host_of(p, arg))
                    n += 1
            if not n:
                errors.append((arg, "directory holds no file"))
            continue
        paths = sorted(glob.glob(arg)) if glob.has_magic(arg) else [arg]
        if not paths:
            errors.append((arg, "no file matches"))
        for p in paths:
            if os.path.isdir(p):
                errors.append((p, "a directory matched by a glob (name it alone)"))
            elif not os.path.exists(p):
                errors.append((p, "no such file"))
            else:
                found.setdefault(p, host_of(p, None))
    # absolute: the workers (perhaps on other machines, on a shared file
    # system) read them, and the examples and "inputs" name them so
    return sorted(((h, os.path.abspath(p)) for p, h in found.items())), errors


def partition(files, target):
    """Cut each host's files, in order, into partitions of about target
    bytes (whole files). Every partition is one host's: [(host, [path])]."""
    parts = []
    cur_host, cur, size = None, [], 0
    for host, path in files:
        try:
            n = os.path.getsize(path)
        except OSError:
            n = 0
        if host != cur_host or (cur and size + n > target):
            if cur:
                parts.append((cur_host, cur))
            cur_host, cur, size = host, [], 0
        cur.append(path)
        size += n
    if cur:
        parts.append((cur_host, cur))
    return parts


def _client(opts):
    from dask.distributed import Client, LocalCluster
    if opts.scheduler:
        return Client(opts.scheduler), None
    # processes, one thread each: libapparmor's parse_record() keeps
    # its state in globals, so two replays may not share a process
    # (fleet_task holds a lock besides, for clusters run otherwise)
    cluster = LocalCluster(n_workers=opts.workers, threads_per_worker=1,
                           processes=True, dashboard_address=None,
                           silence_logs=50)
    return Client(cluster), cluster


def _parser():
    ap = argparse.ArgumentParser(
        prog="python3 -m aamed.fleet",
        description="aamed replay over many hosts' logs, on Dask")
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="decide the logs' records again against NEW")
    r.add_argument("--policy", required=True, action="append",
                   help="the new policy: a compiled blob or a directory of them (repeatable)")
    r.add_argument("--kernel", default="6.1", choices=["6.1", "6.12", "upstream"])
    r.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:8786); "
                   "default: a LocalCluster on this machine")
    r.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="LocalCluster workers (default: the CPUs)")
    r.add_argument("--partition-mb", type=float, default=64.0,
                   help="about this many MB of logs per task (default 64)")
    r.add_argument("--stats", action="store_true",
                   help="records per second on standard error")
    r.add_argument("logs", nargs="+", metavar="LOGS")
    return ap


def main(argv=None):
    import time
    opts = _parser().parse_args(argv)
    if opts.workers < 1 or opts.workers > 1024:
        print("aamed.fleet: --workers %d: a number from 1 to 1024" % opts.workers,
              file=sys.stderr)
        return 2
    if opts.partition_mb <= 0:
        print("aamed.fleet: --partition-mb: more than 0", file=sys.stderr)
        return 2
    files, errors = discover(opts.logs)
    for where, msg in errors:
        print("aamed.fleet: %s: %s" % (where, msg), file=sys.stderr)
    if not files:
        print("aamed.fleet: no log to replay", file=sys.stderr)
        return 2
    # the policy is loaded here first: an error is said once, exit 3
    import aamed
    policy = [os.path.abspath(p) for p in opts.policy]
    try:
        aamed.Policy(policy, kernel=opts.kernel).close()
    except aamed.Error as e:
        print("aamed.fleet: %s" % e, file=sys.stderr)
        return 3
    parts = partition(files,
                      int(opts.partition_mb * 1024 * 1024))
    t_start = time.monotonic()
    client, cluster = _client(opts)
    t0 = time.monotonic()    # the cluster's start is not the replay's
    try:
        futs = client.map(fleet_task.replay_partition, parts,
                          policy=policy, kernel=opts.kernel, pure=False)
        results = client.gather(futs)
        wall = time.monotonic() - t0
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    report = fleet_merge.merge(results, [p for _, p in files])
    report["errors"] = ([{"file": w, "message": m} for w, m in errors] +
                        report["errors"])
    for e in report["errors"][len(errors):]:
        print("aamed.fleet: %s: %s" % (e["file"], e["message"]), file=sys.stderr)
    json.dump(report, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    if opts.stats:
        rss = max(r.get("maxrss_kb", 0) for r in results)
        print("stats: %d records in %.3f s (%.0f records/s, %d partitions, %s; "
              "largest worker peak resident set %.1f MB; cluster start %.1f s)" % (
                  report["records"], wall, report["records"] / wall if wall else 0,
                  len(parts), opts.scheduler or "%d local workers" % opts.workers,
                  rss / 1024, t0 - t_start), file=sys.stderr)
    if report["errors"] or report["input_errors"]:
        return 2
    return 1 if report["changed"] else 0


if __name__ == "__main__":
    sys.exit(main())
