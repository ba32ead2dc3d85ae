"""Held-out evaluation of ms-scan's second-order rules (MS301-MS303).

Each ``<name>.py`` here has a hand-written ``<name>.expected.json``::

    {"second_order": bool,
     "flagged_ops": [{"line": N, "api": "torch.nn.AvgPool2d", "alt_lines": [..]}],
     "rationale": "..."}

Package-style cases (used by ``tests/second_order_heldout2``): a folder ``<name>/`` holding the scripts
(e.g. ``models.py`` + ``train.py``) and ``<name>/expected.json`` in the same format. The whole folder is
scanned as one project (so imports between its files resolve), and each flagged op carries
``"file": "models.py"``: the path, relative to the folder, of the file where ``line`` and ``alt_lines`` are.
Two optional per-op fields, both absent in ``tests/second_order_heldout``:

* ``"file"`` (package cases only): a finding matches only if its ``path`` equals it.
* ``"codes"`` (default ``["MS301"]``): the finding codes that may match the op. Labels use
  ``["MS301", "MS303"]`` where the 2.10 registry says an op is second-order OK but the GRAPH-mode CPU probe
  fails (MaxPool, GatherD): MS303 is the code for exactly that, so either code counts as a TP.

The labels were written from the code and from mappings/bprop/2.10 (registry + probe) before
ms-scan was run on these files; they are not to be adjusted to the scanner's output.

Matching rule (fixed before measuring)
--------------------------------------
* Findings considered: every finding whose code starts with ``MS3`` is a "second-order finding"
  (used for the first-order-file check); ``MS301`` findings (and ``MS303`` ones for ops whose
  ``codes`` list it) are matched against ``flagged_ops``. Only unmatched ``MS301`` findings are FPs.
* API equality: the finding's ``torch_api`` equals the expected ``api`` exactly, or the two have
  the same last dotted component (``torch.nn.modules.pooling.AvgPool2d`` ~ ``torch.nn.AvgPool2d``).
  Case matters, so ``torch.nn.ELU`` never matches ``torch.nn.functional.elu``.
* Location: ``line`` is where the API is written (construction line for modules built in
  ``__init__`` / ``nn.Sequential`` / a builder function, the call line for functionals).
  ``alt_lines`` lists the lines where a constructed module is applied (``self.pool(h)``); a finding
  there is accepted for the same expected op.
* An expected op is a TP if at least one MS301 finding with an equal API sits on its ``line`` or on
  one of its ``alt_lines``; otherwise it is an FN. Extra findings on the lines of an op that is
  already matched (the same layer reported at construction and at use) are duplicates: neither TP
  nor FP. Every other MS301 finding is an FP.
* precision = TP / (TP + FP), recall = TP / (TP + FN), summed over all files.
* A file with ``second_order: false`` is "wrongly flagged" if it carries any MS3xx finding.

Usage: python tests/second_order_heldout/measure.py [DIR] [--json] [--isolated]
       (DIR defaults to this folder; e.g. tests/second_order_heldout2)
Each case is scanned as ``ms-scan CASE --format json --exit-zero --no-cache --ms-version 2.10 --target cpu``
run in the case's folder: the cases are shared between two processes that each run ms-scan's command-line
entry once a case (start-up was most of what a case cost); ``--isolated`` starts one ``ms-scan`` process a
case instead (the same findings: tests/test_second_order_heldout.py checks it on a set).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCAN_ARGS = ["--format", "json", "--exit-zero", "--no-cache", "--ms-version", "2.10", "--target", "cpu"]


def _ms_scan_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("ms-scan")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("ms-scan")
    if found:
        return [found]
    return [sys.executable, "-m", "ms_scan"]


def scan(path: Path) -> list[dict]:
    cwd = path if path.is_dir() else path.parent
    proc = subprocess.run(_ms_scan_cmd() + [str(path)] + SCAN_ARGS, capture_output=True, text=True,
                          cwd=str(cwd), env=dict(os.environ))
    if proc.returncode != 0:
        raise RuntimeError(f"ms-scan failed on {path.name} (rc={proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)["findings"]


def scan_batch(paths: list[Path]) -> dict[str, list[dict]]:
    """The findings of each case (by its path as given), from one process that runs ms-scan's command-line entry
    once a case, in the case's folder, as `scan` does in a process of its own (ms-scan keeps nothing from one
    scan to the next)."""
    if not paths:
        return {}
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--scan-batch", *map(str, paths)],
                          capture_output=True, text=True, env=dict(os.environ))
    if proc.returncode != 0:
        raise RuntimeError(f"ms-scan failed in a batch (rc={proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def _scan_batch_here(paths: list[str]) -> int:
    """scan_batch's process: each case's findings, as one JSON object on stdout."""
    from ms_scan.cli import main as ms_scan_main

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        for given in paths:
            path = Path(given)
            os.chdir(path if path.is_dir() else path.parent)
            try:
                ms_scan_main.main([given, *SCAN_ARGS, "-o", report], standalone_mode=False)
            except SystemExit as stop:
                if stop.code:
                    print(f"ms-scan failed on {path.name} (exit {stop.code})", file=sys.stderr)
                    return 1
            out[given] = json.loads(Path(report).read_text())["findings"]
    json.dump(out, sys.stdout)
    return 0


def api_eq(a: str, b: str) -> bool:
    return a == b or a.rsplit(".", 1)[-1] == b.rsplit(".", 1)[-1]


def expected_path(case: Path) -> Path:
    """``<name>.expected.json`` beside a script, ``<name>/expected.json`` inside a package folder."""
    return case / "expected.json" if case.is_dir() else case.with_suffix(".expected.json")


def _norm(path: str) -> str:
    return path.replace("\\", "/").removeprefix("./")


def evaluate_file(script: Path, findings: list[dict] | None = None) -> dict:
    """One case's row; `findings`: its scan's findings (scanned now, in a process of its own, when not given)."""
    expected = json.loads(expected_path(script).read_text())
    package = script.is_dir()
    findings = scan(script) if findings is None else findings
    ms3 = [f for f in findings if f["code"].startswith("MS3")]
    cands = [(f["line"], f.get("torch_api") or "", f["code"], _norm(f.get("path") or "")) for f in ms3
             if f["code"] in ("MS301", "MS303")]

    tp, fn, used = [], [], set()
    for op in expected["flagged_ops"]:
        lines = {op["line"], *op.get("alt_lines", [])}
        codes = set(op.get("codes", ["MS301"]))
        want_file = op.get("file") if package else None
        hits = [i for i, (ln, api, code, path) in enumerate(cands)
                if ln in lines and api_eq(api, op["api"]) and code in codes
                and (want_file is None or path == want_file)]
        if hits:
            tp.append(op)
            used.update(hits)
        else:
            fn.append(op)
    fp = [{"line": ln, "api": api, **({"file": path} if package else {})}
          for i, (ln, api, code, path) in enumerate(cands) if i not in used and code == "MS301"]
    return {
        "file": script.name + ("/" if package else ""),
        "second_order": expected["second_order"],
        "tp": len(tp), "fp": len(fp), "fn": len(fn),
        "fn_ops": fn, "fp_ops": fp,
        "ms3_codes": sorted({f["code"] for f in ms3}),
        "ms3_count": len(ms3),
    }


def cases(folder: Path) -> list[Path]:
    """Single-file scripts with a sibling ``.expected.json``, and package folders with ``expected.json``."""
    scripts = [p for p in folder.glob("*.py") if p.name != "measure.py" and p.with_suffix(".expected.json").exists()]
    packages = [p for p in folder.iterdir() if p.is_dir() and (p / "expected.json").exists()]
    return sorted(scripts + packages, key=lambda p: p.name)


def measure(folder: Path = HERE, jobs: int | None = None, isolated: bool = False) -> dict:
    """The set's figures, rows in case order. The cases are scanned by `jobs` processes side by side (default:
    the machine's cores, up to 2), each running ms-scan once a case (scan_batch), or with `isolated` one
    ms-scan process a case."""
    jobs = jobs or min(2, os.cpu_count() or 1)
    found = cases(folder)
    with ThreadPoolExecutor(jobs) as pool:
        if isolated:
            rows = list(pool.map(evaluate_file, found))
        else:
            findings: dict[str, list[dict]] = {}
            for part in pool.map(scan_batch, [found[i::jobs] for i in range(jobs)]):
                findings.update(part)
            rows = [evaluate_file(case, findings[str(case)]) for case in found]
    tp = sum(r["tp"] for r in rows)
    fp = sum(r["fp"] for r in rows)
    fn = sum(r["fn"] for r in rows)
    fo_rows = [r for r in rows if not r["second_order"]]
    so_rows = [r for r in rows if r["second_order"]]
    return {
        "files": rows,
        "tp": tp, "fp": fp, "fn": fn,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "first_order_files": len(fo_rows),
        "first_order_files_flagged": sum(1 for r in fo_rows if r["ms3_count"]),
        "second_order_files": len(so_rows),
        "second_order_files_without_ms3": sum(1 for r in so_rows if not r["ms3_count"]),
    }


def main(argv: list[str]) -> int:
    if argv[:1] == ["--scan-batch"]:
        return _scan_batch_here(argv[1:])
    dirs = [a for a in argv if not a.startswith("-")]
    folder = Path(dirs[0]).resolve() if dirs else HERE
    if not folder.is_dir():
        print(f"not a directory: {folder}", file=sys.stderr)
        return 2
    res = measure(folder, isolated="--isolated" in argv)
    if "--json" in argv:
        print(json.dumps(res, indent=2))
        return 0
    print(f"{'file':40s} {'2nd':>4s} {'TP':>3s} {'FP':>3s} {'FN':>3s}  MS3xx")
    for r in res["files"]:
        print(f"{r['file']:40s} {str(r['second_order'])[0]:>4s} {r['tp']:3d} {r['fp']:3d} {r['fn']:3d}  "
              f"{','.join(r['ms3_codes']) or '-'}")
        for op in r["fn_ops"]:
            where = f"{op['file']}:" if "file" in op else ""
            print(f"    FN {where}line {op['line']}: {op['api']}")
        for op in r["fp_ops"]:
            where = f"{op['file']}:" if "file" in op else ""
            print(f"    FP {where}line {op['line']}: {op['api']}")
    print(f"\nflagged ops: TP={res['tp']} FP={res['fp']} FN={res['fn']}  "
          f"precision={res['precision']:.3f} recall={res['recall']:.3f}")
    print(f"first-order files with any MS3xx finding: {res['first_order_files_flagged']}/{res['first_order_files']}")
    print(f"second-order files with no MS3xx finding: {res['second_order_files_without_ms3']}/{res['second_order_files']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
