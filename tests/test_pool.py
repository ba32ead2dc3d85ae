"""The supervised worker pool (ms_scan/pool.py): values in file order, a worker that dies or overruns is
replaced, the file it was on gets job.failed(...), and the rest of its chunk is still done."""
from __future__ import annotations

import os
import time

from ms_scan import pool
from ms_scan.settings import Settings


class _Job:
    def __init__(self, crash: set[int] = frozenset(), hang: set[int] = frozenset()):
        self.crash, self.hang = crash, hang

    def __call__(self, n: int):
        if n in self.crash:
            os._exit(3)  # a native crash, as far as the parent can tell
        if n in self.hang:
            time.sleep(60)
        return n * n

    def failed(self, n: int, why: str):
        return ("failed", n, why)


def test_values_come_in_file_order_with_on_result_in_place():
    seen = []
    out = pool.run(list(range(37)), _Job(), Settings(jobs=2), chunk_size=4,
                   on_result=lambda i, v: seen.append(i) or v + 1)
    assert out == [n * n + 1 for n in range(37)]
    assert sorted(seen) == list(range(37))


def test_a_dead_worker_loses_one_file_and_the_rest_of_its_chunk_is_done():
    files = list(range(20))
    out = pool.run(files, _Job(crash={5, 13}), Settings(jobs=2), chunk_size=8)
    assert [o for o in out if isinstance(o, tuple)] == [
        ("failed", 5, "the analysis process crashed on this file (it was replaced; the scan went on)"),
        ("failed", 13, "the analysis process crashed on this file (it was replaced; the scan went on)")]
    assert [o for o in out if not isinstance(o, tuple)] == [n * n for n in files if n not in (5, 13)]


def test_an_overrunning_file_is_stopped_and_the_scan_goes_on():
    out = pool.run(list(range(6)), _Job(hang={2}), Settings(jobs=1, file_timeout=0.5), chunk_size=3)
    assert out[2][0] == "failed" and "longer than 0.5s" in out[2][2]
    assert [o for i, o in enumerate(out) if i != 2] == [0, 1, 9, 16, 25]


def test_no_files():
    ran = []
    assert pool.run([], _Job(), Settings(jobs=2), meanwhile=lambda: ran.append(1)) == [] and ran == [1]


def test_only_what_on_result_keeps_is_kept_in_file_order():
    """pool.run keeps what on_result returns but a None (nothing a file: a scan's results are the few files it
    keeps), in file order whatever order the workers finish in, a failed file's value included."""
    seen = []

    def keep(i, value):
        seen.append(i)
        return value if i % 4 == 0 or isinstance(value, tuple) else None

    files = list(range(41))
    out = pool.run(files, _Job(crash={7}), Settings(jobs=2), chunk_size=3, on_result=keep)
    assert sorted(seen) == files
    why = "the analysis process crashed on this file (it was replaced; the scan went on)"
    assert out == [("failed", 7, why) if n == 7 else n * n for n in files if n % 4 == 0 or n == 7]
    assert pool.run(files, _Job(), Settings(jobs=2), chunk_size=5, on_result=lambda i, v: None) == []
