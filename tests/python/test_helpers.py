# SPDX-License-Identifier: GPL-2.0-or-later
"""The typed helpers (policy.file, exec, capability, signal, ptrace,
network, change_profile, change_hat), policy.ask and policy.explain."""
import errno

import pytest

import aamed


def test_file(policy):
    assert policy.file("t1", "/etc/x", "r").allowed
    d = policy.file("t1", "/etc/shadow", "r")
    assert not d.allowed and d.errno == errno.EACCES
    assert d.records[0]["name"] == "/etc/shadow"
    assert d.json is None  # only query() carries aamed query's JSON
    assert policy.file("t1", "/etc/shadow", "write").allowed
    # the deny rule wins over nothing, quietly
    d = policy.file("t1", "/etc/z", "w")
    assert not d.allowed and d.records == []


def test_exec(policy):
    d = policy.exec("t1", "/usr/bin/b")
    assert d.allowed and d.label_after == "t2"
    d = policy.exec("t1", "/usr/bin/nothing")
    assert not d.allowed and d.label_after is None
    assert d.records[0]["operation"] == "exec"


def test_capability(policy):
    assert policy.capability("t1", "chown").allowed
    d = policy.capability("t1", "sys_module")
    assert d.errno == errno.EPERM
    # CAP_OPT_NOAUDIT: a probe, never logged outside complain mode
    d = policy.capability("t1", "sys_module", noaudit=True)
    assert not d.allowed and d.records == []


def test_signal_ptrace(policy):
    assert policy.signal("t1", "t2", "term").allowed
    assert not policy.signal("t1", "t2", "kill").allowed
    # the rule is for t2 only
    assert not policy.signal("t1", "unconfined", "term").allowed
    assert policy.ptrace("t1", "t2", "trace").allowed
    # peer=t2: tracing another label is not granted
    d = policy.ptrace("t1", "unconfined", "trace")
    assert not d.allowed and d.errno == errno.EACCES
    assert d.records[0]["operation"] == "ptrace"


def test_network(policy):
    assert policy.network("t1", "inet", "stream", "create").allowed
    d = policy.network("t1", "inet", "dgram", "create")
    assert not d.allowed and d.errno == errno.EACCES
    assert d.records[0]["family"] == "inet"
    assert d.records[0]["sock_type"] == "dgram"


def test_change_hat_profile(policy):
    d = policy.change_hat("t1", "nohat", "h")
    assert d.allowed and d.label_after == "t1//h"
    # no change_profile rule: refused
    d = policy.change_profile("t1", "t2")
    assert not d.allowed


def test_helpers_agree_with_query(policy):
    # the helpers and query() go through the same words and code
    pairs = [
        (policy.file("t1", "/etc/x", "r"), "file /etc/x r"),
        (policy.file("t1", "/etc/shadow", "rw"), "file /etc/shadow rw"),
        (policy.exec("t1", "/usr/bin/c"), "file /usr/bin/c x"),
        (policy.capability("t1", "sys_admin"), "capability sys_admin"),
        (policy.signal("t1", "t2", "kill"), "signal kill --peer-label t2"),
        (policy.ptrace("t1", "t2", "read"), "ptrace read --peer-label t2"),
        (policy.network("t1", "inet", "dgram", "create"),
         "net inet dgram create"),
    ]
    for d, words in pairs:
        q = policy.query("t1", words)
        assert (d.allowed, d.errno, d.label_after, d.records) == \
            (q.allowed, q.errno, q.label_after, q.records), words


def test_ask_words_unquoted(blobs, tmp_path):
    from conftest import compile_profile
    blob = compile_profile(tmp_path, "sp",
                           'profile sp {\n  "/srv/a b/c" r,\n}\n')
    with aamed.Policy(blob) as p:
        assert p.ask("sp", ["file", "/srv/a b/c", "r"]).allowed
        assert p.file("sp", "/srv/a b/c", "r").allowed
        assert p.query("sp", "file '/srv/a b/c' r").allowed
        assert not p.file("sp", "/srv/a b/d", "r").allowed


def test_ask_errors(policy):
    with pytest.raises(aamed.QueryError):
        policy.ask("t1", [])
    with pytest.raises(aamed.QueryError):
        policy.ask("t1", ["file", "/etc/x", "qq"])
    with pytest.raises(ValueError):
        policy.ask("t1", ["file", "/etc/x\0", "r"])
    with pytest.raises(aamed.LabelError):
        policy.file("nobody", "/etc/x", "r")
    with pytest.raises(aamed.QueryError):
        policy.capability("t1", "no_such_capability")


def test_explain(policy):
    e = policy.explain("t1", "file /etc/shadow r")
    assert e["command"] == "explain" and e["verdict"] == "denied"
    (m,) = e["members"]
    assert m["profile"] == "t1" and m["reason"] == "no-rule"
    e = policy.explain("t1", "file /etc/z w")
    assert e["members"][0]["reason"] == "deny-rule"
    e = policy.explain("t1", "change_hat h")
    assert e["verdict"] == "allowed" and e["class"] == "change_hat"
    with pytest.raises(aamed.LabelError):
        policy.explain("nobody", "file /etc/x r")
    with pytest.raises(aamed.QueryError):
        policy.explain("t1", "file")


def test_explain_same_as_cli(policy, blobs):
    import json
    import subprocess
    from conftest import AAMED
    for words in ("file /etc/shadow r", "capability chown",
                  "change_hat h"):
        out = subprocess.run([AAMED, "explain", "--json", "--policy",
                              blobs["t1"], "--label", "t1"] + words.split(),
                             capture_output=True, text=True)
        assert policy.explain("t1", words) == json.loads(out.stdout)


def test_explain_source(policy, blobs):
    # the deny rule that refuses /etc/z w, at its line of the source
    e = policy.explain("t1", "file /etc/z w", source=blobs["source"])
    (rule,) = e["members"][0]["rules"]
    assert rule["file"] == blobs["source"]
    assert rule["rule"] == "deny /etc/z w,"
    assert rule["effect"] == "deny"
    src = open(blobs["source"]).read().splitlines()
    assert src[rule["line"] - 1].strip() == "deny /etc/z w,"


def test_explain_bad_source(policy, tmp_path):
    bad = tmp_path / "bad.sd"
    bad.write_text("profile broken {\n  /etc/x rrq,\n")
    with pytest.raises(aamed.PolicyError) as e:
        policy.explain("t1", "file /etc/x r", source=str(bad))
    assert e.value.origin == str(bad)
