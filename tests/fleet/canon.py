# SPDX-License-Identifier: GPL-2.0-or-later
"""tests/fleet/canon.py FLEET.json CLI.json [SUFFIXES]: exit 0 when the
fleet's merged report holds what one `aamed replay --json` run holds,
record for record. Compared canonically: the groups of changes sorted
by their whole content (one run leaves groups of equal count in qsort's
order, which the C library does not fix), every count, field and
example line equal. The fleet's own keys (inputs, hosts, errors) are
checked apart: the hosts' counts must add up to the total. Examples
of compressed inputs name the compressed file; the single run read the
unpacked copy, without the suffix: SUFFIXES (",.gz,.xz,.zst") are
dropped from the fleet's example file names before comparing."""
import json
import sys


def canon(rep, strip):
    def ex(e):
        f, _, line = e.rpartition(":")
        for s in strip:
            if s and f.endswith(s):
                f = f[:-len(s)]
        return f + ":" + line
    out = {k: v for k, v in rep.items() if k not in ("inputs", "hosts", "errors")}
    for key in ("changes", "unrebuildable"):
        groups = [dict(g, examples=[ex(e) for e in g["examples"]]) for g in rep[key]]
        out[key] = sorted(groups, key=lambda g: json.dumps(g, sort_keys=True))
    return out


def main():
    fleet = json.load(open(sys.argv[1]))
    cli = json.load(open(sys.argv[2]))
    strip = sys.argv[3].split(",") if len(sys.argv) > 3 else []
    a, b = canon(fleet, strip), canon(cli, [])
    bad = 0
    if a != b:
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                print("differs: %s\n  fleet %s\n  one run %s" % (
                    k, json.dumps(a.get(k))[:400], json.dumps(b.get(k))[:400]))
        bad = 1
    for k in ("records", "changed", "now_denied", "now_allowed", "input_errors"):
        total = sum(h[k] for h in fleet["hosts"].values())
        if total != fleet[k]:
            print("hosts' %s add up to %d, not %d" % (k, total, fleet[k]))
            bad = 1
    return bad


sys.exit(main())
