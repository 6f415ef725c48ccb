# SPDX-License-Identifier: GPL-2.0-or-later
"""aamed: AppArmor's mediation engine, in userspace, from Python.

    import aamed
    policy = aamed.Policy("/var/cache/apparmor/...", kernel="6.1")
    d = policy.query("usr.sbin.cupsd", "file /etc/shadow r")
    d.allowed, d.errno, d.records, d.label_after

The query words are aamed query's (docs/query-language.md), read by the
same C code. See docs/python.md.
"""
import json
import os
import threading

from ._aamed import ffi, lib

__all__ = [
    "__version__", "Policy", "Decision", "Replay", "replay", "Error", "PolicyError",
    "QueryError", "LabelError", "LogError", "UsageError", "KERNELS",
]

__version__ = ffi.string(lib.aamed_py_version()).decode()

# aamed query --kernel's words and enum aamed_kernel's numbers
KERNELS = {"6.1": 0, "6.12": 1, "upstream": 2}


class Error(Exception):
    """An error of the library: where (origin, offset) and what (message).

    origin is the file or buffer the problem is in (a policy file, a
    log, or "query" / "label" for the words of a query), offset the byte
    offset in it (-1 when not known), errno the positive errno value.
    """

    def __init__(self, origin, offset, message, errno):
        if offset >= 0:
            text = "%s: offset 0x%x: %s" % (origin, offset, message)
        else:
            text = "%s: %s" % (origin, message)
        # (set after: OSError's __init__, LogError's base, sets errno)
        super().__init__(text)
        self.text = text
        self.origin = origin
        self.offset = offset
        self.message = message
        self.errno = errno

    def __str__(self):
        return self.text


class PolicyError(Error):
    """A policy that cannot be loaded (struct aamed_error)."""


class QueryError(Error, ValueError):
    """Query words the query language refuses."""


class LabelError(Error, LookupError):
    """A label that is malformed (errno EINVAL) or names no profile
    (ENOENT)."""


class LogError(Error, OSError):
    """A log that cannot be read."""


class UsageError(Error, ValueError):
    """An argument out of range (a kernel, a number of jobs)."""


_KINDS = {
    lib.AAMED_PY_E_POLICY: PolicyError,
    lib.AAMED_PY_E_QUERY: QueryError,
    lib.AAMED_PY_E_LABEL: LabelError,
    lib.AAMED_PY_E_LOG: LogError,
    lib.AAMED_PY_E_USAGE: UsageError,
}


class _Scratch(threading.local):
    """A thread's error and fast-answer structures, reused call after
    call (each call fills what it hands back; allocating them anew cost
    more than the decision)."""

    def __init__(self):
        self.err = ffi.new("struct aamed_py_error *")
        self.fast = ffi.new("struct aamed_py_fast *")


_scratch = _Scratch()


def _new_err():
    return _scratch.err


def _raise(err):
    if err.kind == lib.AAMED_PY_E_MEMORY:
        raise MemoryError(ffi.string(err.msg).decode("utf-8", "replace"))
    cls = _KINDS.get(err.kind, Error)
    raise cls(os.fsdecode(ffi.string(err.origin)), err.offset,
              ffi.string(err.msg).decode("utf-8", "replace"), -err.code)


def _text(s, what):
    if isinstance(s, str):
        b = s.encode("utf-8", "surrogateescape")
    elif isinstance(s, bytes):
        b = s
    else:
        raise TypeError("%s: str or bytes, not %s" % (what, type(s).__name__))
    if b"\0" in b:
        raise ValueError("%s: embedded NUL" % what)
    return b


def _paths(paths):
    """One path or a list of them: a C array and what keeps it alive."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    keep = [ffi.new("char[]", _text(os.fsencode(p), "path")) for p in paths]
    if not keep:
        raise ValueError("no path")
    return ffi.new("char *[]", keep), keep


def _take_json(ptr, err):
    """The JSON text the façade wrote (freed here), parsed."""
    if ptr == ffi.NULL:
        _raise(err)
    try:
        return json.loads(ffi.string(ptr).decode("utf-8", "surrogateescape"))
    finally:
        lib.aamed_py_free(ptr)


class Decision:
    """One decision, as the kernel would make it.

    allowed      True when the request goes through (also when the kernel
                 does not mediate it: not_mediated)
    errno        the positive errno of a refusal (EACCES, EPERM...), 0
    records      the audit records the kernel would log: dicts keyed by
                 the audit field names (apparmor, operation, profile,
                 name, requested_mask, denied_mask, ..., text)
    label_after  the label after an allowed exec, change_profile or
                 change_hat; None when the request changes no label
    complain     allowed only because a complain-mode profile let it
    json         aamed query --json's object for the same query
    """

    __slots__ = ("allowed", "errno", "records", "label_after", "complain",
                 "not_mediated", "json")

    def __init__(self, obj):
        ans = obj["answer"]
        self.json = ans
        self.not_mediated = ans["verdict"] == "not-mediated"
        self.allowed = ans["verdict"] != "denied"
        self.errno = -ans["error"]
        self.records = obj["records"]
        self.label_after = obj["label_after"]
        self.complain = obj["complain"]

    @classmethod
    def _fast(cls, f):
        """From struct aamed_py_fast (its records freed here)."""
        d = cls.__new__(cls)
        d.json = None
        d.errno = -f.error
        d.not_mediated = bool(f.not_mediated)
        d.allowed = f.error == 0
        d.complain = bool(f.complain)
        d.label_after = (ffi.string(f.label_after).decode(
            "utf-8", "surrogateescape") if f.have_label_after else None)
        d.records = _take_json(f.records, None) if f.nrecords else []
        return d

    def __bool__(self):
        return self.allowed

    def __repr__(self):
        return "<Decision %s errno=%d records=%d label_after=%r>" % (
            "allowed" if self.allowed else "denied", self.errno,
            len(self.records), self.label_after)


class Policy:
    """A loaded policy: a file or directory of compiled blobs (or a list).

    kernel: "6.1" (the default, Debian 12's), "6.12" or "upstream", as
    aamed query --kernel. Decisions may run from many threads at once,
    and replace() installs a new policy while they run: each decision is
    made wholly against one policy (the library's engine and readers).
    The GIL is released during every call into C.
    """

    def __init__(self, path, kernel="6.1"):
        if kernel not in KERNELS:
            raise UsageError("kernel", -1, "kernel %r: one of %s" % (
                kernel, ", ".join(KERNELS)), 22)
        self.kernel = kernel
        arr, keep = _paths(path)
        err = _new_err()
        h = lib.aamed_py_open(arr, len(keep), KERNELS[kernel], err)
        if h == ffi.NULL:
            _raise(err)
        self._h = ffi.gc(h, lib.aamed_py_close)

    def _handle(self):
        if self._h is None:
            raise ValueError("policy is closed")
        return self._h

    def close(self):
        """Free the policy now (no other thread may be using it)."""
        if self._h is not None:
            h, self._h = self._h, None
            ffi.release(h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def replace(self, path):
        """Load path (same kernel) and install it in place of the
        current policy; decisions under way finish against the old one.
        On error the current policy stays."""
        arr, keep = _paths(path)
        err = _new_err()
        if lib.aamed_py_replace(self._handle(), arr, len(keep), err):
            _raise(err)

    def info(self):
        """{"abi", "kernel", "generation", "profiles": [{"name", "ns",
        "mode", "hat", "attach"}]} of the current policy."""
        err = _new_err()
        return _take_json(lib.aamed_py_info(self._handle(), err), err)

    def profiles(self):
        """The profiles in load order: dicts name, ns, mode, hat, attach."""
        return self.info()["profiles"]

    @property
    def abi(self):
        """The highest kernel ABI of the streams loaded."""
        return self.info()["abi"]

    @property
    def generation(self):
        """A number no other policy of the process has (changes with
        replace())."""
        return self.info()["generation"]

    def query(self, label, words):
        """Decide words ("file /etc/shadow r", any class of aamed query)
        for label; a Decision. QueryError for words the language
        refuses, LabelError for a label that is malformed or unknown."""
        err = _new_err()
        ptr = lib.aamed_py_query(self._handle(), _text(label, "label"),
                                 _text(words, "words"), err)
        return Decision(_take_json(ptr, err))

    def ask(self, label, words):
        """query() with the words already split (a list: a path with
        spaces is one word, no quoting), and without aamed query's JSON
        (Decision.json is None): the fast path the typed helpers use."""
        n = len(words)
        try:
            # all str (the usual case): one join, one encoding
            text = "\0".join(words)
            if n and text.count("\0") != n - 1:
                raise ValueError("word: embedded NUL")
            buf = text.encode("utf-8", "surrogateescape") + b"\0"
        except TypeError:
            buf = b"\0".join([_text(w, "word") for w in words]) + b"\0"
        sc = _scratch
        if lib.aamed_py_ask(self._handle(), _text(label, "label"), buf,
                            len(buf), n, sc.fast, sc.err):
            _raise(sc.err)
        return Decision._fast(sc.fast)

    # The typed helpers: the words of one class, through ask().
    def file(self, label, path, perms, op=None, target=None, fsuid=None,
             ouid=None):
        """A file request: perms as letters ("rw") or names
        ("read,getattr"), op an operation ("open" by default; "link",
        "rename"... with target), fsuid/ouid the task's and owner's."""
        ws = ["file", path, perms]
        if op is not None:
            ws += ["--op", op]
        if target is not None:
            ws += ["--target", target]
        return self.ask(label, ws + _ids(fsuid, ouid))

    def exec(self, label, path, onexec=None, nnp=False, fsuid=None,
             ouid=None):
        """An exec of path: Decision.label_after is the new label."""
        ws = ["file", path, "x"]
        if onexec is not None:
            ws += ["--onexec", onexec]
        if nnp:
            ws.append("--nnp")
        return self.ask(label, ws + _ids(fsuid, ouid))

    def capability(self, label, name, noaudit=False):
        """capable(): name as apparmor.d spells it ("sys_admin")."""
        return self.ask(label, ["capability", name] +
                        (["--noaudit"] if noaudit else []))

    def signal(self, label, peer, signal):
        """label sends signal ("term", "kill", "rtmin+3") to peer; both
        sides decide."""
        return self.ask(label, ["signal", signal, "--peer-label", peer])

    def ptrace(self, label, peer, request="trace"):
        """label traces ("trace") or reads ("read") peer; both sides."""
        return self.ask(label, ["ptrace", request, "--peer-label", peer])

    def network(self, label, family, type, op, protocol=None):
        """A socket operation: family "inet", type "stream", op
        "create", "connect", "sendmsg"..."""
        ws = ["net", family, type, op]
        if protocol is not None:
            ws += ["--protocol", str(protocol)]
        return self.ask(label, ws)

    def change_profile(self, label, target, onexec=False):
        """A change_profile (onexec: at the next exec); label_after."""
        return self.ask(label, ["change_profile", target] +
                        (["--onexec"] if onexec else []))

    def change_hat(self, label, *hats):
        """A change_hat to the first of hats the profile has."""
        return self.ask(label, ["change_hat"] + list(hats))

    def explain(self, label, words, source=None, features=None,
                includes=()):
        """aamed explain --json's object for the query: the decision
        and, for each member of the label, why (the matched state's
        permissions, the reason of a denial, the mode). source: the
        profile's source file, whose rules that grant or deny the
        request each member's "rules" then lists (file, line), as
        aamed explain --source (apparmor_parser compiles it with
        features, a name or file as --features, and the include
        directories includes)."""
        err = _new_err()
        keep = [ffi.new("char[]", _text(os.fsencode(d), "include"))
                for d in includes]
        ptr = lib.aamed_py_explain(
            self._handle(), _text(label, "label"), _text(words, "words"),
            ffi.NULL if source is None else
            _text(os.fsencode(source), "source"),
            ffi.NULL if features is None else _text(features, "features"),
            ffi.new("char *[]", keep) if keep else ffi.NULL, len(keep),
            err)
        return _take_json(ptr, err)

    def _repeat(self, label, words, n):
        """The same decision n times in C (timings, the GIL test)."""
        err = _new_err()
        if lib.aamed_py_query_repeat(self._handle(), _text(label, "label"),
                                     _text(words, "words"), n, err):
            _raise(err)


def _ids(fsuid, ouid):
    ws = []
    if fsuid is not None:
        ws += ["--fsuid", str(int(fsuid))]
    if ouid is not None:
        ws += ["--ouid", str(int(ouid))]
    return ws


class Replay:
    """aamed replay of logs against a policy: iterating gives the changed
    decisions, dicts as aamed replay --json's "changes" (change:
    "now-denied" or "now-allowed", count, label, operation, class, name,
    target, requested, detail, examples: the first "FILE:LINE"s). report is the whole --json object (counts,
    unrebuildable records)."""

    def __init__(self, report):
        self.report = report
        self.changes = report["changes"]

    def __iter__(self):
        return iter(self.changes)

    def __len__(self):
        return len(self.changes)


def replay(policy, logs, jobs=1):
    """Decide every AppArmor record of logs (paths: audit.log, kernel
    logs, journalctl -o json or export; "-" standard input) again
    against policy; a Replay, iterable over the changed decisions.
    LogError names a log that cannot be read."""
    arr, keep = _paths(logs)
    err = _new_err()
    ptr = lib.aamed_py_replay(policy._handle(), arr, len(keep), jobs, err)
    return Replay(_take_json(ptr, err))
