# SPDX-License-Identifier: GPL-2.0-or-later
"""aamed.replay(): the changed decisions of a log against a new policy,
as aamed replay --json reports them."""
import json
import subprocess

import pytest

import aamed
from conftest import AAMED

# Three denials under t1 (no rule for them): the new policy t1new gives
# /etc/shadow r, so two records are now allowed; /etc/passwd stays
# denied; /etc/x r was allowed and logged by an audit rule it has no
# more ... (an AUDIT record): now denied.
LOG = """\
type=AVC msg=audit(1700000000.123:42): apparmor="DENIED" operation="open" profile="t1" name="/etc/shadow" pid=100 comm="cat" requested_mask="r" denied_mask="r" fsuid=0 ouid=0
type=AVC msg=audit(1700000000.124:43): apparmor="DENIED" operation="open" profile="t1" name="/etc/shadow" pid=101 comm="cat" requested_mask="r" denied_mask="r" fsuid=0 ouid=0
type=AVC msg=audit(1700000000.125:44): apparmor="DENIED" operation="open" profile="t1" name="/etc/passwd" pid=102 comm="cat" requested_mask="r" denied_mask="r" fsuid=0 ouid=0
type=AVC msg=audit(1700000000.126:45): apparmor="AUDIT" operation="open" profile="t1" name="/etc/x" pid=103 comm="cat" requested_mask="r" fsuid=0 ouid=0
"""


@pytest.fixture
def log(tmp_path):
    p = tmp_path / "audit.log"
    p.write_text(LOG)
    return str(p)


def test_changed_decisions(blobs, log):
    with aamed.Policy(blobs["t1new"]) as p:
        r = aamed.replay(p, [log])
        changes = {(c["change"], c["name"]): c for c in r}
    assert set(changes) == {("now-allowed", "/etc/shadow"),
                            ("now-denied", "/etc/x")}
    c = changes[("now-allowed", "/etc/shadow")]
    assert c["count"] == 2
    assert c["label"] == "t1" and c["operation"] == "open"
    assert c["requested"] == "r"
    assert c["examples"] == [log + ":1", log + ":2"]
    assert r.report["records"] == 4
    assert r.report["changed"] == 3


def test_same_as_cli(blobs, log):
    with aamed.Policy(blobs["t1new"]) as p:
        r = aamed.replay(p, log)
    out = subprocess.run([AAMED, "replay", "--json", "--policy",
                          blobs["t1new"], log], capture_output=True,
                         text=True)
    assert out.returncode == 1  # changes
    assert r.report == json.loads(out.stdout)


def test_nothing_changed(blobs, log):
    # the log's own policy: every record decides as it was logged
    with aamed.Policy(blobs["t1"]) as p:
        r = aamed.replay(p, [log])
    assert list(r) == [] and len(r) == 0
    assert r.report["rebuilt"] == 4


def test_missing_log(blobs, tmp_path):
    with aamed.Policy(blobs["t1"]) as p:
        with pytest.raises(aamed.LogError) as e:
            aamed.replay(p, [str(tmp_path / "none.log")])
    assert e.value.origin == str(tmp_path / "none.log")
    assert e.value.errno == 2


def test_bad_jobs(blobs, log):
    with aamed.Policy(blobs["t1"]) as p:
        with pytest.raises(aamed.UsageError):
            aamed.replay(p, [log], jobs=0)


def test_worker_processes(blobs, log):
    # --jobs 2: the same report as one job
    with aamed.Policy(blobs["t1new"]) as p:
        one = aamed.replay(p, [log]).report
        two = aamed.replay(p, [log], jobs=2).report
    assert one == two


def test_journal_json(blobs, tmp_path):
    # journalctl -o json: the same records, the same changes
    lines = [json.dumps({"MESSAGE": line.split(": ", 1)[1],
                         "_TRANSPORT": "kernel"})
             for line in LOG.splitlines()]
    p = tmp_path / "journal.json"
    p.write_text("\n".join(lines) + "\n")
    with aamed.Policy(blobs["t1new"]) as pol:
        r = aamed.replay(pol, str(p))
    assert {(c["change"], c["name"], c["count"]) for c in r} == {
        ("now-allowed", "/etc/shadow", 2), ("now-denied", "/etc/x", 1)}
