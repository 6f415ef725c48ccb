# SPDX-License-Identifier: GPL-2.0-or-later
"""Loading, introspection and the errors of a load."""
import errno

import pytest

import aamed


def test_profiles_and_modes(policy):
    # apparmor_parser loads the hat as "t1//h"; flags=(complain) is t2's mode
    names = {p["name"]: p for p in policy.profiles()}
    assert set(names) == {"t1", "t1//h", "t2"}
    assert names["t1"]["mode"] == "enforce"
    assert names["t2"]["mode"] == "complain"
    assert names["t1//h"]["hat"] is True
    assert names["t1"]["ns"] == ""


def test_version():
    # the library's version, as aamed --version and aamed.pc give it
    import re
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", aamed.__version__)


def test_introspection(policy):
    info = policy.info()
    assert info["kernel"] == "6.1"
    assert policy.kernel == "6.1"
    # a blob of the version 5 header carries the kernel ABI >= 5
    assert policy.abi >= 5
    assert isinstance(policy.generation, int)


def test_kernel_choice(blobs):
    with aamed.Policy(blobs["t1"], kernel="6.12") as p:
        assert p.info()["kernel"] == "6.12"
    with pytest.raises(aamed.UsageError):
        aamed.Policy(blobs["t1"], kernel="5.4")


def test_missing_file(tmp_path):
    missing = str(tmp_path / "nothing.bin")
    with pytest.raises(aamed.PolicyError) as e:
        aamed.Policy(missing)
    assert e.value.origin == missing
    assert e.value.offset == -1
    assert e.value.errno == errno.ENOENT
    assert isinstance(e.value, aamed.Error)


def test_not_a_blob(blobs):
    # a profile's source is not a compiled stream: refused at its first byte
    with pytest.raises(aamed.PolicyError) as e:
        aamed.Policy(blobs["source"])
    assert e.value.origin == blobs["source"]
    assert e.value.offset == 0
    assert "version" in e.value.message


def test_truncated_blob(blobs, tmp_path):
    data = open(blobs["t1"], "rb").read()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(aamed.PolicyError) as e:
        aamed.Policy(str(cut))
    assert e.value.origin == str(cut)
    assert 0 <= e.value.offset <= len(data) // 2


def test_replace(blobs):
    with aamed.Policy(blobs["t1"]) as p:
        gen = p.generation
        assert p.query("t1", "file /etc/x r").allowed
        p.replace(blobs["t1new"])
        assert p.generation != gen
        assert not p.query("t1", "file /etc/x r").allowed
        assert {x["name"] for x in p.profiles()} == {"t1", "t2"}


def test_failed_replace_keeps_policy(blobs, tmp_path):
    with aamed.Policy(blobs["t1"]) as p:
        with pytest.raises(aamed.PolicyError):
            p.replace(str(tmp_path / "none.bin"))
        assert p.query("t1", "file /etc/x r").allowed


def test_closed(blobs):
    p = aamed.Policy(blobs["t1"])
    p.close()
    with pytest.raises(ValueError):
        p.query("t1", "file /etc/x r")
