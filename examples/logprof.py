#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""What a profile change does to the requests a log recorded, the way
aa-logprof walks a log: each change of decision, why the new policy
decides it so (aamed explain), and the rule a new denial needs.

    examples/logprof.py NEW_POLICY LOG...

NEW_POLICY is the compiled policy with the edited profiles (aamed
compile -o new.bin profile.sd), LOG an audit.log, a kernel log or
journalctl -o json output. Exit 0: nothing changed, 1: some decisions
change, 2: an error. See docs/python.md.
"""
import sys

import aamed


def words_of(change):
    """The query words of a change, for the classes whose record names
    the whole request (None for the others)."""
    if change["class"] == "file" and change["requested"]:
        return "file %s %s" % (change["name"], change["requested"])
    if change["class"] == "capability":
        return "capability %s" % change["name"]
    return None


def rule_for(change):
    """The rule of apparmor.d(5) that grants a change's request."""
    if change["class"] == "file":
        return "%s %s," % (change["name"], change["requested"])
    if change["class"] == "capability":
        return "capability %s," % change["name"]
    return None


def describe(change):
    what = [change["operation"]]
    what += [change[k] for k in ("name", "target", "requested", "detail")
             if change.get(k)]
    return " ".join(what)


def report(policy, change):
    label = change["label"]
    where = ", ".join(change["examples"])
    if change["change"] == "now-allowed":
        print("now allowed  %s  %s  (%d records: %s)" % (
            label, describe(change), change["count"], where))
        return
    print("now DENIED   %s  %s  (%d records: %s)" % (
        label, describe(change), change["count"], where))
    words = words_of(change)
    reasons = set()
    if words:
        why = policy.explain(label, words)
        for m in why["members"]:
            if m["verdict"] == "denied":
                print("    %s: %s" % (m["profile"], m["reason"]))
                reasons.add(m["reason"])
    rule = rule_for(change)
    if "deny-rule" in reasons:
        # a deny rule wins over every allow rule: it has to go
        print("    a deny rule refuses it: no allow rule can grant it")
    elif rule:
        print("    the rule it needs in %s:  %s" % (label, rule))


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    try:
        policy = aamed.Policy(argv[1])
        changes = aamed.replay(policy, argv[2:])
    except aamed.Error as e:
        sys.stderr.write("logprof: %s\n" % e)
        return 2
    for change in changes:
        report(policy, change)
    r = changes.report
    print("%d records, %d rebuilt, %d changed (%d now denied, "
          "%d now allowed)" % (r["records"], r["rebuilt"], r["changed"],
                               r["now_denied"], r["now_allowed"]))
    return 1 if r["changed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
