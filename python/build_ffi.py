# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the C source of the aamed._aamed extension (cffi, API mode).

Usage: python3 build_ffi.py HEADER OUT.c

cffi reads the declarations of HEADER between its CDEF-BEGIN and
CDEF-END marks and writes the module's C source; the Makefile compiles
it with the façade (aamed_py*.c), the tool objects and libaamed.a, so
the build stays make's (flags, dependencies, DESTDIR) and needs no
setuptools. API mode: the C compiler checks every call against the
header, and the GIL is released around each call (cffi's default).
"""
import sys

import cffi


def cdef_of(header):
    with open(header, encoding="utf-8") as f:
        text = f.read()
    start = text.index("/* CDEF-BEGIN */") + len("/* CDEF-BEGIN */")
    end = text.index("/* CDEF-END */")
    return text[start:end]


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: build_ffi.py HEADER OUT.c\n")
        return 2
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(argv[1]))
    ffi.set_source("aamed._aamed", '#include "aamed_py.h"')
    ffi.emit_c_code(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
