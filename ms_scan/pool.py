"""Supervised worker processes for per-file work (facts from the cache or the extractor, then the
per-file rules: scan.FileJob).

Each worker says which file it starts; the parent kills a worker that overruns the per-file time
limit (native parser code cannot be interrupted by a signal) and replaces one that dies (a parser
crash on pathological input). Either way that file becomes an MS004 finding and the scan goes on.
"""
from __future__ import annotations

import faulthandler
import gc
import multiprocessing as mp
import signal
import sys
import time
from multiprocessing.connection import wait
from operator import itemgetter


GRACE = 2.0  # seconds past the in-worker alarm before the parent kills the worker


def _release_free_memory():
    """glibc keeps the heap a large file's parse (libcst's native parser) freed; hand it back to the OS
    after each chunk, so a worker's size follows the largest file, not the number of files. No-op
    where there is no glibc."""
    try:
        import ctypes

        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    return lambda: trim(0)


def _worker(conn, job) -> None:
    gc.freeze()  # what the worker inherits lives as long as it does: no collection needs to look at it
    release = None  # made after the first chunk, so the first file's result does not wait for ctypes
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    faulthandler.disable()  # a parser crash is expected and reported as MS004, not dumped to stderr
    sys.setrecursionlimit(20_000)  # libcst's visitor recurses per nesting level
    while True:
        try:
            chunk = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        for idx, src in chunk:
            conn.send(("start", idx))
            conn.send(("done", idx, job(src)))
        release = release or _release_free_memory()
        release()
        conn.send(("idle",))


class _Slot:
    def __init__(self, ctx, args):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, *args), daemon=True)
        self.proc.start()
        child.close()
        self.chunk: list = []
        self.settled: set[int] = set()  # the positions of the chunk whose value arrived
        self.current: int | None = None
        self.started = 0.0

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except (BrokenPipeError, OSError):
                pass
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def run(files, job, settings, progress=None, chunk_size=8, meanwhile=None, on_result=None) -> list:
    """`job(src)` for each of `files`, in worker processes; the values in file order. A file whose
    worker overran the time limit or died gets `job.failed(src, why)`, made here. `meanwhile()`
    (optional) runs in this process right after the workers get their first files, so the parent's
    own start-up work overlaps their parsing. `on_result(i, value)` (optional) sees each value as it
    arrives; what it returns is kept in the value's place, and a None is left out (nothing is held for
    a file whose value is not kept: issue #8, a slot a file was 9 bytes a file)."""
    if not files:
        if meanwhile is not None:
            meanwhile()
        return []
    ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    args = (job,)
    # chunks are made as workers ask for them, in file order; a dead worker's unfinished files go first
    count = len(files)
    starts = iter(range(0, count, chunk_size))
    retry: list[list] = []
    results: list[tuple] = []  # (position, value) of the values kept, in the order they arrive
    remaining_files = count
    slots = [_Slot(ctx, args) for _ in range(min(settings.jobs, -(-count // chunk_size)))]
    hard_limit = settings.file_timeout + GRACE if settings.file_timeout > 0 else None

    def settle(slot: _Slot, idx: int, value) -> None:
        """A file's value, from the worker `slot` gave it to (each file is settled once: a worker's unfinished
        files go to another one without the file it was on, which gets job.failed)."""
        nonlocal remaining_files
        kept = on_result(idx, value) if on_result is not None else value
        if kept is not None:
            results.append((idx, kept))
        slot.settled.add(idx)
        remaining_files -= 1
        if progress:
            progress(1)

    def give_work(slot: _Slot) -> None:
        if retry:
            slot.chunk = retry.pop()
        else:
            start = next(starts, None)
            if start is None:
                return
            slot.chunk = [(i, files[i]) for i in range(start, min(start + chunk_size, count))]
        slot.settled.clear()
        slot.conn.send(slot.chunk)

    def fail(slot: _Slot, why: str) -> _Slot:
        idx = slot.current
        remaining = [item for item in slot.chunk if item[0] not in slot.settled and item[0] != idx]
        if idx is not None:
            settle(slot, idx, job.failed(dict(slot.chunk)[idx], why))
        if remaining:
            retry.append(remaining)
        slot.stop(kill=True)
        fresh = _Slot(ctx, args)
        give_work(fresh)
        return fresh

    try:
        for slot in slots:
            give_work(slot)
        if meanwhile is not None:
            meanwhile()
        while remaining_files:
            ready = wait([s.conn for s in slots] + [s.proc.sentinel for s in slots], timeout=0.5)
            for i, slot in enumerate(slots):
                if slot.conn in ready:
                    try:
                        while slot.conn.poll():
                            msg = slot.conn.recv()
                            if msg[0] == "start":
                                slot.current, slot.started = msg[1], time.monotonic()
                            elif msg[0] == "done":
                                slot.current = None
                                settle(slot, msg[1], msg[2])
                            else:  # idle
                                slot.chunk = []
                                give_work(slot)
                    except (EOFError, OSError):
                        pass
                if not slot.proc.is_alive() and remaining_files:
                    slots[i] = fail(slot, "the analysis process crashed on this file (it was "
                                          "replaced; the scan went on)")
                elif hard_limit and slot.current is not None and \
                        time.monotonic() - slot.started > hard_limit:
                    slots[i] = fail(slot, f"analysis took longer than {settings.file_timeout:g}s: "
                                          "stopped")
    finally:
        for slot in slots:
            slot.stop()
    results.sort(key=itemgetter(0))
    return [value for _, value in results]
