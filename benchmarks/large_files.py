"""Large-file benchmark: extraction time of the biggest real Python modules at hand (ms-scan's own
ms_scan/extract/*.py, 900-2,000 lines of mutually recursive methods, or the files given) against
libcst's parse of the same text, the floor every scan pays. Prints medians over --repeat runs and the
ratio extract / parse per file, measured in this one process; asserts nothing.

Before the shape rule's caller-resolution became linear (shapes._resolve_pending: conds that reach no
tensor origin are pruned by one reverse sweep), grad_expand.py took ~30 s to extract (ratio ~60x);
the ratio should now stay within a small constant of the parse for every file.
  python benchmarks/large_files.py [FILES...] [--repeat N]
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import libcst as cst

from ms_scan.extract import extract_source

ROOT = Path(__file__).resolve().parents[1]


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    files = args.files or sorted((ROOT / "ms_scan" / "extract").glob("*.py"), key=lambda p: -p.stat().st_size)[:6]
    print(f"{'file':32} {'lines':>6} {'parse s':>8} {'extract s':>10} {'ratio':>6}")
    ratios = []
    for path in files:
        data = path.read_bytes()
        text = data.decode("utf-8")
        parse = median_time(lambda: cst.parse_module(text), args.repeat)
        extract = median_time(lambda: extract_source(data, path.name), args.repeat)
        ratios.append(extract / parse)
        print(f"{path.name:32} {text.count(chr(10)):6d} {parse:8.3f} {extract:10.3f} {extract / parse:6.2f}")
    print(f"median ratio extract / parse: {statistics.median(ratios):.2f}, max {max(ratios):.2f}")


if __name__ == "__main__":
    main()
