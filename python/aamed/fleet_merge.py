# SPDX-License-Identifier: GPL-2.0-or-later
"""The reduce step of a fleet replay: partitions' `aamed replay --json`
reports merged as one run over all their files would count them (the
rules of scripts/replay-merge.jq), and a breakdown per host.

Order: one run groups records by request and sorts the groups with
qsort() by direction (now-denied first), then by count, descending;
equal counts are left in whatever order qsort leaves them, which the C
library does not promise. Here ties keep the order in which the groups
were first seen in the input, from their first example (the file's
place in the inputs, then the line): a stable sort of one run's groups,
what glibc's qsort has given in practice. Comparing with single-process output should therefore be done
canonically (tests/fleet/canon.py), not byte for byte.
"""

COUNTS = ("records", "rebuilt", "changed", "now_denied", "now_allowed",
          "not_rebuilt", "other_lines", "input_errors")
EXAMPLES = 3    # aamed replay keeps the first three of a group


def request_key(c):
    """What one run groups changes by: signal and peer count, the
    socket's family and type do not (the detail kept is the first's)."""
    d = c.get("detail") or ""
    d = d if d.startswith("signal=") or d.startswith(" peer=") else None
    return (c["change"], c["label"], c["operation"], c["name"], c["target"],
            c["requested"], d)


def _direction(change):
    return 0 if change == "now-denied" else 1


def _group(groups, order, key, item):
    g = groups.get(key)
    if g is None:
        g = groups[key] = dict(item, examples=list(item["examples"]))
        order.append(key)
        return
    g["count"] += item["count"]
    room = EXAMPLES - len(g["examples"])
    if room > 0:
        g["examples"] += item["examples"][:room]


def _first_seen(inputs):
    """A group's place in the input: its first example's (file, line)."""
    index = {f: i for i, f in enumerate(inputs)}

    def place(g):
        if not g["examples"]:
            return (len(index), 0)
        f, _, line = g["examples"][0].rpartition(":")
        return (index.get(f, len(index)), int(line) if line.isdigit() else 0)
    return place


def _merge_reports(reports, place):
    out = {"version": 1, "command": "replay"}
    for k in COUNTS:
        out[k] = sum(r[k] for r in reports)
    groups, order = {}, []
    reasons, rorder = {}, []
    for r in reports:
        for c in r["changes"]:
            _group(groups, order, request_key(c), c)
        for u in r["unrebuildable"]:
            _group(reasons, rorder, u["reason"], u)
    out["changes"] = sorted((groups[k] for k in order), key=lambda g: (
        _direction(g["change"]), -g["count"], place(g)))
    out["unrebuildable"] = sorted((reasons[k] for k in rorder),
                                  key=lambda g: (-g["count"], place(g)))
    return out


def _profiles(changes):
    """{label: {"now_denied": n, "now_allowed": n}} of a host's changes."""
    out = {}
    for c in changes:
        p = out.setdefault(c["label"], {"now_denied": 0, "now_allowed": 0})
        p["now_denied" if c["change"] == "now-denied" else "now_allowed"] += c["count"]
    return dict(sorted(out.items()))


def merge(results, inputs):
    """results: fleet_task.replay_partition()'s, in input order; inputs:
    every file, in that order. The merged report, with "inputs",
    "hosts" (each host's counts, files, changes merged and changed
    decisions per profile) and "errors" ([{"file", "message"}])."""
    reports = [r["report"] for r in results if r["report"] is not None]
    place = _first_seen(inputs)
    out = _merge_reports(reports, place)
    out["inputs"] = list(inputs)
    hosts, errors = {}, []
    by_host = {}
    for r in results:
        by_host.setdefault(r["host"], []).append(r)
        errors += r["errors"]
    for host, rs in sorted(by_host.items()):
        h = _merge_reports([r["report"] for r in rs
                            if r["report"] is not None], place)
        del h["version"], h["command"]
        h["files"] = [f for r in rs for f in r["files"]]
        h["profiles"] = _profiles(h["changes"])
        hosts[host] = h
    out["hosts"] = hosts
    out["errors"] = errors
    return out
