# SPDX-License-Identifier: GPL-2.0-or-later
"""examples/logprof.py, the aa-logprof-style example of docs/python.md,
on the replay test's log."""
import os
import subprocess
import sys

from conftest import compile_profile
from test_replay import LOG

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def run(policy, log):
    return subprocess.run([sys.executable,
                           os.path.join(ROOT, "examples", "logprof.py"),
                           policy, log], capture_output=True, text=True)


def test_logprof(tmp_path, blobs):
    log = tmp_path / "audit.log"
    log.write_text(LOG)
    # t1new grants /etc/shadow r and lost the audit rule for /etc/x r
    r = run(blobs["t1new"], str(log))
    assert r.returncode == 1, r.stderr
    out = r.stdout.splitlines()
    assert "now allowed  t1  open /etc/shadow r  (2 records: %s:1, %s:2)" \
        % (log, log) in out
    assert "now DENIED   t1  open /etc/x r  (1 records: %s:4)" % log in out
    assert "    t1: no-rule" in out
    assert "    the rule it needs in t1:  /etc/x r," in out
    assert out[-1] == ("4 records, 4 rebuilt, 3 changed "
                       "(1 now denied, 2 now allowed)")


def test_logprof_deny_rule(tmp_path):
    log = tmp_path / "audit.log"
    log.write_text(LOG)
    blob = compile_profile(tmp_path, "d",
                           "profile t1 {\n  deny /etc/x r,\n}\n")
    r = run(blob, str(log))
    out = r.stdout.splitlines()
    assert "    t1: deny-rule" in out
    assert "    a deny rule refuses it: no allow rule can grant it" in out


def test_logprof_errors(tmp_path, blobs):
    r = run(blobs["t1"], str(tmp_path / "none.log"))
    assert r.returncode == 2
    assert "none.log" in r.stderr
