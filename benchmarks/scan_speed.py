"""Scan-speed benchmark (issue 8): cold and warm scans of a real corpus against PaConvert and the
ast.parse floor, one-file latency, peak memory.

Downloads nothing but the pinned transformers wheel it scans (from the package index, cached in
--cache). PaConvert 3.3.1 is the comparison: install it once into any venv
(`python -m venv /tmp/pac && /tmp/pac/bin/pip install paconvert==3.3.1`; it converts without paddle)
and pass `--paconvert /tmp/pac/bin/paconvert`. Prints medians and ratios measured in this one
process on this machine; asserts nothing.
  python benchmarks/scan_speed.py [--corpus DIR] [--repeat N] [--paconvert PATH] [--memory]
  python benchmarks/scan_speed.py --scaling   # synthetic 2,000 vs 20,000 files: linear time, flat memory
                                              # (without the facts cache, then with it on, an empty cache)
  python benchmarks/scan_speed.py --scaling --small 20000 --factor 2   # 20,000 vs 40,000 files
"""
from __future__ import annotations

import argparse
import ast
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

WHEEL = "transformers==5.23.0"


def corpus(cache: Path) -> Path:
    target = cache / "transformers-5.23.0"
    models = target / "transformers" / "models"
    if models.is_dir():
        return models
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(cache), WHEEL],
                   check=True)
    wheel = next(cache.glob("transformers-5.23.0-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(target)
    return models


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and the child's peak RSS in KiB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    return wall, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


# Peak RSS of this process in KiB (VmHWM starts afresh at exec; ru_maxrss would inherit the parent's).
_HWM = ("def hwm():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM'):\n"
        "            return int(line.split()[1])\n")
# Runs one scan in this child and prints its own peak RSS and its workers' largest, in KiB, and the blocks
# the Python allocator held live when the fingerprints were about to be made (the end of the scan; after a
# full collection): what the scan keeps, without the allocator's slack.
_PEAK = (_HWM + "import gc, resource, runpy, sys\n"
         "import ms_scan.baseline as b\n"
         "live, fingerprints = [0], b.assign_fingerprints\n"
         "def counted(findings):\n"
         "    gc.collect()\n"
         "    live[0] = sys.getallocatedblocks()\n"
         "    return fingerprints(findings)\n"
         "b.assign_fingerprints = counted\n"
         "sys.argv = ['ms-scan'] + sys.argv[1:]\n"
         "try:\n    runpy.run_module('ms_scan', run_name='__main__')\n"
         "except SystemExit:\n    pass\n"
         "print(hwm(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, live[0], file=sys.stderr)\n")
# Holds just the findings of a JSON-lines report, as Finding objects sharing strings the way a scan
# shares them (names, paths, messages of one verdict; a snippet among the findings of its line; the
# fingerprint is each finding's own), and prints its peak RSS in KiB: what "the findings themselves" weigh.
_FINDINGS_ONLY = (_HWM + "import json, sys\n"
                  "from ms_scan.findings import Finding\n"
                  "keep, last = [], None\n"
                  "for line in open(sys.argv[1], encoding='utf-8'):\n"
                  "    d = json.loads(line)\n"
                  "    for k in ('family', 'mindspore', 'tool_version'):\n"
                  "        d.pop(k, None)\n"
                  "    d = {k: sys.intern(v) if isinstance(v, str) and k not in ('fingerprint', 'snippet') else v"
                  " for k, v in d.items()}\n"
                  "    if last is not None and (last.path, last.line) == (d['path'], d['line']):\n"
                  "        d['snippet'] = last.snippet\n"
                  "    last = Finding(**d)\n"
                  "    keep.append(last)\n"
                  "print(hwm(), len(keep))\n")


def memory_growth(tree: Path, work: Path) -> None:
    """Peak RSS of cold scans of a quarter, half and all of the corpus's model folders, next to the peak
    of a process that only holds the same findings: the difference must not grow with the files."""
    folders = sorted(p for p in tree.iterdir() if p.is_dir())
    report = work / "findings.jsonl"
    print("memory: files | findings | scan peak (main process) | largest worker | findings-only process | difference"
          " | scan peak with the findings filtered out (--select MS3: every rule runs, none of its findings stay)"
          " | its live blocks at the end")
    rows = []
    for share in (4, 2, 1):
        part = folders[: len(folders) // share]
        files = sum(1 for d in part for _ in d.rglob("*.py"))
        scan = [sys.executable, "-c", _PEAK, *map(str, part), "--no-cache", "--no-progress", "--exit-zero",
                "--format", "jsonl", "-o", str(report)]
        run = subprocess.run(scan, capture_output=True, text=True, check=False)
        main_kib, worker_kib, _ = map(int, run.stderr.split()[-3:])
        held = subprocess.run([sys.executable, "-c", _FINDINGS_ONLY, str(report)], capture_output=True,
                              text=True, check=True).stdout.split()
        only_kib, count = int(held[0]), int(held[1])
        bare = subprocess.run(scan + ["--select", "MS3"], capture_output=True, text=True, check=False)
        bare_kib, bare_blocks = int(bare.stderr.split()[-3]), int(bare.stderr.split()[-1])
        rows.append((files, main_kib - only_kib, bare_kib, bare_blocks))
        print(f"memory: {files:5d} | {count:7d} | {main_kib / 1024:6.0f} MiB | {worker_kib / 1024:4.0f} MiB | "
              f"{only_kib / 1024:6.0f} MiB | {(main_kib - only_kib) / 1024:5.0f} MiB | {bare_kib / 1024:5.0f} MiB | "
              f"{bare_blocks:,} live blocks")
    (f0, d0, b0, l0), (f1, d1, b1, l1) = rows[0], rows[-1]
    print(f"memory: growth per file beyond the findings, from {f0} to {f1} files: {(d1 - d0) / (f1 - f0):.1f} KiB "
          f"(scan minus findings-only), {(b1 - b0) / (f1 - f0):.1f} KiB (findings filtered out), "
          f"{(l1 - l0) / (f1 - f0):.1f} live blocks (findings filtered out)")


_SYNTHETIC = ("import torch\n"
              "from {pkg}.{prev} import helper as _previous  # a project import: the cross-file passes see it\n\n\n"
              "def helper(x):\n"
              "    return _previous(x) + 1 if x else 0\n")


def synthetic_tree(where: Path, files: int, per_package: int = 200) -> Path:
    """`files` small modules in packages of `per_package` that import torch (nine in ten) and a sibling module
    and use no torch API: a project where every file costs the scan its bookkeeping and nothing is reported."""
    root = where / f"synthetic-{files}"
    for i in range(files):
        pkg = root / f"pkg{i // per_package:04d}"
        if i % per_package == 0:
            pkg.mkdir(parents=True)
            (pkg / "__init__.py").write_text("")
        prev = f"mod{max(i - 1, i - i % per_package):05d}"
        text = _SYNTHETIC.format(pkg=pkg.name, prev=prev)
        if i % 10 == 9:  # a tenth without torch: the scan's second look reads them for project imports
            text = text.replace("import torch\n", "import math\n")
        (pkg / f"mod{i:05d}.py").write_text(text)
    return root


def scaling(work: Path, small: int = 2000, factor: int = 10) -> None:
    """Cold scans of a synthetic project of `small` and `factor` x `small` files: seconds and peak RSS a file
    at each size, without the facts cache and with it on (an empty cache folder: every file's digest and
    facts-cache key made, every file's facts written). A scan that is linear in the files keeps the time a
    file (ratio ~1); its memory beyond the findings (there are none) does not grow with the files."""
    modes = (("no cache", ["--no-cache"]), ("cache on", None))
    rows: dict[str, list] = {mode: [] for mode, _ in modes}
    for n in (small, small * factor):
        tree = synthetic_tree(work, n)
        for mode, flags in modes:
            cache_dir = work / "facts-cache"
            shutil.rmtree(cache_dir, ignore_errors=True)
            scan = [sys.executable, "-c", _PEAK, str(tree), *(flags or ["--cache-dir", str(cache_dir)]),
                    "--no-progress", "--exit-zero", "--format", "json", "-o", os.devnull]
            start = time.perf_counter()
            run = subprocess.run(scan, capture_output=True, text=True, check=False)
            wall = time.perf_counter() - start
            main_kib, worker_kib, blocks = map(int, run.stderr.split()[-3:])
            rows[mode].append((n, wall, main_kib, worker_kib, blocks))
            print(f"scaling: {mode:8s} | {n:6d} files | {wall:6.1f}s | {wall / n * 1000:5.2f} ms a file | main peak "
                  f"{main_kib / 1024:5.1f} MiB | largest worker {worker_kib / 1024:5.1f} MiB | {blocks:,} live blocks",
                  flush=True)
            shutil.rmtree(cache_dir, ignore_errors=True)
        shutil.rmtree(tree, ignore_errors=True)
    for mode, _ in modes:
        (n0, w0, m0, k0, b0), (n1, w1, m1, k1, b1) = rows[mode]
        print(f"scaling: {mode}: time a file at {n1} files = {(w1 / n1) / (w0 / n0):.2f}x the time a file at {n0}; "
              f"main-process peak grows {(m1 - m0) / (n1 - n0) * 1024:.0f} bytes a file, largest worker "
              f"{(k1 - k0) / (n1 - n0) * 1024:.0f} bytes a file, live blocks {(b1 - b0) / (n1 - n0):.2f} a file "
              "(no findings)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, help="folder to scan (default: transformers/models of the pinned wheel)")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "ms-scan-bench")
    ap.add_argument("--repeat", type=int, default=1, help="cold scans to take the median of")
    ap.add_argument("--paconvert", help="a paconvert 3.3.1 executable to compare with (default: none)")
    ap.add_argument("--memory", action="store_true",
                    help="also scan a quarter, half and all of the corpus to show memory grows with the findings only")
    ap.add_argument("--scaling", action="store_true",
                    help="only the synthetic 2,000 vs 20,000-file project: time and memory a file (nothing downloaded)")
    ap.add_argument("--small", type=int, default=2000, help="--scaling: the smaller project's files")
    ap.add_argument("--factor", type=int, default=10, help="--scaling: how many times larger the larger one is")
    args = ap.parse_args()
    if args.scaling:
        work = Path(tempfile.mkdtemp(prefix="ms-scan-scaling-"))
        try:
            scaling(work, args.small, args.factor)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    root = args.corpus or corpus(args.cache)
    files = sorted(root.rglob("*.py"))
    sources = [p.read_bytes() for p in files]
    lines = sum(s.count(b"\n") for s in sources)
    print(f"machine: {os.cpu_count()} cores; corpus: {root} ({len(files)} files, {lines:,} lines)")

    start = time.perf_counter()
    for s in sources:
        try:
            ast.parse(s)
        except SyntaxError:
            pass
    floor = time.perf_counter() - start
    print(f"ast.parse floor (one process, sequential): {floor:.1f}s")

    # ms-scan runs from compiled bytecode, as a pip-installed package does (pip compiles on install; an
    # editable checkout under PYTHONDONTWRITEBYTECODE would otherwise recompile every module per run)
    import ms_scan

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(ms_scan.__file__).parent)], check=True)
    work = Path(tempfile.mkdtemp(prefix="ms-scan-bench-"))
    tree = work / root.name  # a copy, so that the one-changed-file scan can edit a file
    shutil.copytree(root, tree)
    cache_dir = work / "cache"
    scan = [sys.executable, "-m", "ms_scan", str(tree), "--format", "json", "-o", os.devnull,
            "--exit-zero", "--no-progress", "--cache-dir", str(cache_dir)]
    one = min(files, key=lambda p: abs(p.read_bytes().count(b"\n") - 1000))
    edited = tree / one.relative_to(root)
    colds, warms, changed, peaks, warm_peaks = [], [], [], [], []
    for _ in range(args.repeat):
        shutil.rmtree(cache_dir, ignore_errors=True)  # empty cache: a cold scan
        edited.write_bytes(one.read_bytes())
        wall, peak = timed(scan)
        colds.append(wall)
        peaks.append(peak)
        wall, _ = timed(scan)  # nothing changed: the last scan answers
        warms.append(wall)
        edited.write_bytes(one.read_bytes() + b"\n# edited\n")
        changed.append(timed(scan)[0])  # one file changed: it is parsed again, the rest from the facts cache
    cold, warm, one_changed = statistics.median(colds), statistics.median(warms), statistics.median(changed)
    print(f"ms-scan cold scan (all {os.cpu_count()} cores, empty cache): median {cold:.1f}s over {len(colds)} run(s); "
          f"{cold / floor:.1f}x the ast.parse floor; peak RSS of the largest process {max(peaks) / 1024:.0f} MiB")
    print(f"ms-scan warm re-scan (nothing changed): median {warm:.1f}s = {warm / cold:.2f}x the cold scan")
    print(f"ms-scan re-scan after one file changed: median {one_changed:.1f}s = {one_changed / cold:.2f}x the cold scan")
    if args.paconvert:
        out = Path(tempfile.mkdtemp(prefix="paconvert-out-"))
        pac = [timed([args.paconvert, "--in_dir", str(root), "--out_dir", str(out), "--log_level", "WARNING"])[0]
               for _ in range(args.repeat)]
        p = statistics.median(pac)
        print(f"PaConvert 3.3.1 (one process, its defaults): median {p:.1f}s; ms-scan cold = {cold / p:.2f}x PaConvert")

    if args.memory:
        memory_growth(tree, work)
    hook = [sys.executable, "-m", "ms_scan", str(one), "--exit-zero", "--no-progress", "--no-cache"]
    singles = [timed(hook)[0] for _ in range(21)]  # what the pre-commit hook runs on one changed file
    print(f"one ~1,000-line file ({one.name}, start-up included, as the pre-commit hook runs it): "
          f"median {statistics.median(singles):.2f}s over 21 (fastest {min(singles):.2f}s)")
    shutil.rmtree(work, ignore_errors=True)
    if not args.paconvert:
        print("PaConvert 3.3.1 not compared: pass --paconvert PATH (see the docstring)")


if __name__ == "__main__":
    main()
