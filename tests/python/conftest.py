# SPDX-License-Identifier: GPL-2.0-or-later
"""Fixtures of the Python bindings' tests: policies compiled from small
profiles with the aamed command (AAMED, set by run.sh), as the other
suites compile theirs."""
import os
import subprocess

import pytest

AAMED = os.environ.get("AAMED", "build/aamed")


def compile_profile(tmp, name, text):
    """The blob of profile text, compiled by `aamed compile`."""
    src = tmp / (name + ".sd")
    src.write_text(text)
    out = tmp / (name + ".bin")
    subprocess.run([AAMED, "compile", "-o", str(out), str(src)], check=True)
    return str(out)


# t1: an enforce profile with file, deny, capability, exec rules;
# t2: a complain-mode profile (its requests are allowed and logged)
T1 = """
profile t1 {
  audit /etc/x r,
  /etc/shadow w,
  deny /etc/z w,
  capability chown,
  signal send set=(term) peer=t2,
  ptrace trace peer=t2,
  network inet stream,
  /usr/bin/b px -> t2,
  /usr/bin/c ix,
  ^h { }
}
profile t2 flags=(complain) { }
"""

# t1 again, the shadow file now readable, /etc/x no more
T1_NEW = """
profile t1 {
  /etc/shadow rw,
  deny /etc/z w,
  capability chown,
}
profile t2 flags=(complain) { }
"""


@pytest.fixture(scope="session")
def blobs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("blobs")
    return {
        "t1": compile_profile(tmp, "t1", T1),
        "t1new": compile_profile(tmp, "t1new", T1_NEW),
        "source": str(tmp / "t1.sd"),
    }


@pytest.fixture
def policy(blobs):
    import aamed
    with aamed.Policy(blobs["t1"]) as p:
        yield p
