# SPDX-License-Identifier: GPL-2.0-or-later
"""Decisions and replacements from several threads at once; the GIL is
released while C decides."""
import errno
import threading
import time

import aamed


def test_decide_and_replace_from_two_threads(blobs):
    # two threads each load a policy of their own and then, on one shared
    # policy, decide and replace in turn: every decision is wholly one
    # policy's (t1: /etc/x r allowed; t1new: denied), never an error
    shared = aamed.Policy(blobs["t1"])
    seen = []
    errors = []

    def worker(k):
        try:
            own = aamed.Policy(blobs["t1new" if k else "t1"])
            assert own.query("t1", "file /etc/x r").allowed == (k == 0)
            for i in range(300):
                d = shared.query("t1", "file /etc/x r")
                assert d.allowed or d.errno == errno.EACCES
                # /etc/shadow: w in both, r only in t1new
                assert shared.query("t1", "file /etc/shadow w").allowed
                seen.append(d.allowed)
                if i % 10 == k * 5:
                    shared.replace(blobs["t1new" if (i // 10 + k) % 2
                                         else "t1"])
            own.close()
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(seen) == 600
    # both policies were seen by the deciders
    assert True in seen and False in seen
    shared.replace(blobs["t1new"])
    assert not shared.query("t1", "file /etc/x r").allowed
    shared.close()


def test_gil_released_during_decisions(blobs):
    # while one thread decides in C, another runs Python code. With the
    # GIL held through the call, the counting loop could not run at all
    # between the call's start and its end: it would count nothing.
    p = aamed.Policy(blobs["t1"])
    n = 20000
    t0 = time.perf_counter()
    p._repeat("t1", "file /etc/shadow r", n)
    alone = time.perf_counter() - t0
    # enough repetitions for the call to last about half a second
    n = max(n, int(n * 0.5 / max(alone, 1e-6)))
    started = threading.Event()
    done = threading.Event()
    ticks = 0

    def decide():
        started.set()
        p._repeat("t1", "file /etc/shadow r", n)
        done.set()

    t = threading.Thread(target=decide)
    t.start()
    started.wait()
    while not done.is_set():
        ticks += 1
    t.join()
    assert ticks > 1000
    p.close()
