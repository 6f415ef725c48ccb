# SPDX-License-Identifier: GPL-2.0-or-later
"""One partition of a fleet replay, run in a Dask worker: one host's
files replayed with aamed.replay() against the policy, which each
worker process loads once and keeps (the policy of the last job)."""
import gzip
import lzma
import os
import resource
import shutil
import tempfile
import threading

_lock = threading.Lock()    # one replay at a time in a process: see below
_cache = {}                 # (policy paths, kernel) -> aamed.Policy

_OPENERS = {".gz": gzip.open, ".xz": lzma.open}


def _open_zst(path):
    import zstandard
    return zstandard.ZstdDecompressor().stream_reader(open(path, "rb"),
                                                      closefd=True)


_OPENERS[".zst"] = _open_zst


def _policy(paths, kernel):
    import aamed
    key = (tuple(paths), kernel)
    p = _cache.get(key)
    if p is None:
        for old in _cache.values():
            old.close()
        _cache.clear()
        p = _cache[key] = aamed.Policy(list(paths), kernel=kernel)
    return p


def _unpack(path, tmp, i):
    """A compressed log unpacked into tmp (its name: the same without
    the suffix); a plain one as it is."""
    base, ext = os.path.splitext(path)
    opener = _OPENERS.get(ext)
    if opener is None:
        with open(path, "rb"):
            pass    # unreadable: said here, with its file
        return path
    out = os.path.join(tmp, "%d-%s" % (i, os.path.basename(base)))
    with opener(path) as src, open(out, "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    return out


def _rename(examples, names):
    """FILE:LINE examples of the unpacked files named by the originals."""
    out = []
    for ex in examples:
        f, sep, line = ex.rpartition(":")
        out.append(names.get(f, f) + sep + line if sep else ex)
    return out


def replay_partition(part, policy, kernel):
    """part: (host, [path]). {"host", "files", "report", "errors"}: the
    aamed replay --json object of the files that could be read (None
    when none), and [{"file", "message"}] of the others."""
    import aamed
    host, paths = part
    errors, logs, names = [], [], {}
    # libapparmor's parse_record() keeps its parser's state in globals:
    # two replays in one process at once would crash, whatever threads
    # the Dask worker runs
    with _lock, tempfile.TemporaryDirectory(prefix="aamed-fleet.") as tmp:
        for i, p in enumerate(paths):
            try:
                u = _unpack(p, tmp, i)
            except Exception as e:   # OSError, EOFError, zstd's, lzma's
                errors.append({"file": p, "message": str(e) or type(e).__name__})
                continue
            names[u] = p
            logs.append(u)
        report = None
        if logs:
            try:
                report = aamed.replay(_policy(policy, kernel), logs).report
            except aamed.LogError as e:
                errors.append({"file": names.get(e.origin, e.origin),
                               "message": e.message})
        if report is not None:
            for group in report["changes"] + report["unrebuildable"]:
                group["examples"] = _rename(group["examples"], names)
    # the worker process's peak resident set so far (KB): the sizing
    # figure --stats prints
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"host": host, "files": paths, "report": report, "errors": errors,
            "maxrss_kb": rss}
