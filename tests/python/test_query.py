# SPDX-License-Identifier: GPL-2.0-or-later
"""policy.query(): decisions by AppArmor's rules, and the query errors."""
import errno
import json
import subprocess

import pytest

import aamed
from conftest import AAMED


def test_file_allowed_silently(policy):
    # an allow rule grants and, without "audit", logs nothing
    d = policy.query("t1", "file /etc/shadow w")
    assert d.allowed and bool(d)
    assert d.errno == 0
    assert d.records == []
    assert d.label_after is None


def test_audit_rule_logs(policy):
    # "audit /etc/x r": allowed, and logged as AUDIT
    d = policy.query("t1", "file /etc/x r")
    assert d.allowed
    (rec,) = d.records
    assert rec["apparmor"] == "AUDIT"
    assert rec["name"] == "/etc/x" and rec["requested_mask"] == "r"
    assert "denied_mask" not in rec


def test_file_denied_logged(policy):
    # no rule: denied with EACCES, one DENIED record naming what was asked
    d = policy.query("t1", "file /etc/shadow r")
    assert not d.allowed
    assert d.errno == errno.EACCES
    (rec,) = d.records
    assert rec["apparmor"] == "DENIED"
    assert rec["operation"] == "open"
    assert rec["profile"] == "t1"
    assert rec["name"] == "/etc/shadow"
    assert rec["requested_mask"] == "r"
    assert rec["denied_mask"] == "r"
    assert 'apparmor="DENIED"' in rec["text"]


def test_write_only_rule(policy):
    assert policy.query("t1", "file /etc/shadow w").allowed
    assert not policy.query("t1", "file /etc/shadow rw").allowed


def test_explicit_deny_is_quiet(policy):
    # a deny rule refuses without a record unless it says "audit deny"
    d = policy.query("t1", "file /etc/z w")
    assert not d.allowed and d.errno == errno.EACCES
    assert d.records == []


def test_capability(policy):
    assert policy.query("t1", "capability chown").allowed
    d = policy.query("t1", "capability sys_admin")
    # a missing capability is EPERM, as cap_capable() returns
    assert not d.allowed and d.errno == errno.EPERM
    (rec,) = d.records
    assert rec["operation"] == "capable"
    assert rec["capname"] == "sys_admin"


def test_exec_transitions(policy):
    # px -> t2: the task runs under t2 after the exec
    d = policy.query("t1", "file /usr/bin/b x")
    assert d.allowed and d.label_after == "t2"
    assert d.json["transition"]["mode"] == "px"
    # ix: it stays t1
    d = policy.query("t1", "file /usr/bin/c x")
    assert d.allowed and d.label_after == "t1"
    # no x rule: denied, no label change
    d = policy.query("t1", "file /usr/bin/d x")
    assert not d.allowed and d.label_after is None


def test_change_hat(policy):
    d = policy.query("t1", "change_hat h")
    assert d.allowed and d.label_after == "t1//h"


def test_complain_mode(policy):
    # complain mode allows and logs the request as ALLOWED
    d = policy.query("t2", "file /etc/shadow r")
    assert d.allowed and d.complain
    assert d.records[0]["apparmor"] == "ALLOWED"


def test_unconfined(policy):
    d = policy.query("unconfined", "file /etc/shadow rw")
    assert d.allowed and d.records == []


def test_signal_both_sides(policy):
    # t1's rule lets it send term to t2; t2 (complain) receives
    d = policy.query("t1", "signal term --peer-label t2")
    assert d.allowed
    d = policy.query("t1", "signal kill --peer-label t2")
    assert not d.allowed and d.errno == errno.EACCES


def test_same_json_as_cli(policy, blobs):
    # the binding and `aamed query --json` answer through the same code
    for words in ("file /etc/shadow r", "capability sys_admin",
                  "file /usr/bin/b x", "network inet stream connect"):
        d = policy.query("t1", words)
        out = subprocess.run(
            [AAMED, "query", "--policy", blobs["t1"], "--json", "--label",
             "t1"] + words.split(), capture_output=True, text=True)
        assert d.json == json.loads(out.stdout), words


def test_bad_words(policy):
    with pytest.raises(aamed.QueryError) as e:
        policy.query("t1", "fiel /etc/x r")
    assert e.value.origin == "query"
    assert e.value.errno == errno.EINVAL
    assert "fiel" in e.value.message
    with pytest.raises(aamed.QueryError):
        policy.query("t1", "")
    with pytest.raises(aamed.QueryError):
        policy.query("t1", "file /etc/x 'r")  # unterminated quote
    with pytest.raises(aamed.QueryError):
        policy.query("t1", "capability no_such_cap")


def test_unknown_label(policy):
    with pytest.raises(aamed.LabelError) as e:
        policy.query("t3", "file /etc/x r")
    assert e.value.errno == errno.ENOENT
    assert e.value.origin == "label"
    assert e.value.offset == -1
    assert isinstance(e.value, LookupError)


def test_malformed_label(policy):
    with pytest.raises(aamed.LabelError) as e:
        policy.query("t1//&", "file /etc/x r")
    assert e.value.errno == errno.EINVAL


def test_text_types(policy):
    assert policy.query(b"t1", b"file /etc/x r").allowed
    with pytest.raises(TypeError):
        policy.query(1, "file /etc/x r")
    with pytest.raises(ValueError):
        policy.query("t1", "file /etc/x\0 r")
