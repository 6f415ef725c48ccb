# SPDX-License-Identifier: GPL-2.0-or-later
"""make install-python: the package in Debian's layout, importable from
there alone (outside the build tree)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("AAMED_BUILD", os.path.join(ROOT, "build"))


def test_install_python(tmp_path, blobs):
    dest = tmp_path / "root"
    r = subprocess.run(["make", "--no-print-directory", "-s", "-C", ROOT,
                        "install-python", "BUILD=" + BUILD,
                        "DESTDIR=" + str(dest), "PREFIX=/usr"],
                       capture_output=True, text=True)
    if r.returncode and "No rule to make target" in r.stderr:
        pytest.skip("no install-python target")
    assert r.returncode == 0, r.stderr
    site = dest / "usr" / "lib" / "python3" / "dist-packages"
    pkg = site / "aamed"
    assert (pkg / "__init__.py").is_file()
    assert [p.name for p in pkg.glob("_aamed*.so")]
    code = ("import aamed, sys; p = aamed.Policy(sys.argv[1]); "
            "print(aamed.__file__); "
            "print(p.query('t1', 'file /etc/shadow r').errno)")
    env = dict(os.environ, PYTHONPATH=str(site))
    r = subprocess.run([sys.executable, "-c", code, blobs["t1"]],
                       capture_output=True, text=True, env=env,
                       cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    path, err = r.stdout.split()
    assert path == str(pkg / "__init__.py")
    assert err == "13"  # EACCES
