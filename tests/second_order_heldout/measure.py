"""Held-out evaluation of ms-scan's second-order rules (MS301-MS303).

Each ``<name>.py`` here has a hand-written ``<name>.expected.json``::

    {"second_order": bool,
     "flagged_ops": [{"line": N, "api": "torch.nn.AvgPool2d", "alt_lines": [..]}],
     "rationale": "..."}

The labels were written from the code and from mappings/bprop/2.10 (registry + probe) before
ms-scan was run on these files; they are not to be adjusted to the scanner's output.

Matching rule (fixed before measuring)
--------------------------------------
* Findings considered: every finding whose code starts with ``MS3`` is a "second-order finding"
  (used for the first-order-file check); only ``MS301`` findings are matched against
  ``flagged_ops``.
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

Usage: python tests/second_order_heldout/measure.py [--json]
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
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
    proc = subprocess.run(_ms_scan_cmd() + [str(path)] + SCAN_ARGS, capture_output=True, text=True,
                          cwd=str(HERE), env=dict(os.environ))
    if proc.returncode != 0:
        raise RuntimeError(f"ms-scan failed on {path.name} (rc={proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)["findings"]


def api_eq(a: str, b: str) -> bool:
    return a == b or a.rsplit(".", 1)[-1] == b.rsplit(".", 1)[-1]


def evaluate_file(script: Path) -> dict:
    expected = json.loads(script.with_suffix(".expected.json").read_text())
    findings = scan(script)
    ms3 = [f for f in findings if f["code"].startswith("MS3")]
    ms301 = [(f["line"], f.get("torch_api") or "") for f in ms3 if f["code"] == "MS301"]

    tp, fn, used = [], [], set()
    for op in expected["flagged_ops"]:
        lines = {op["line"], *op.get("alt_lines", [])}
        hits = [i for i, (ln, api) in enumerate(ms301) if ln in lines and api_eq(api, op["api"])]
        if hits:
            tp.append(op)
            used.update(hits)
        else:
            fn.append(op)
    fp = [{"line": ln, "api": api} for i, (ln, api) in enumerate(ms301) if i not in used]
    return {
        "file": script.name,
        "second_order": expected["second_order"],
        "tp": len(tp), "fp": len(fp), "fn": len(fn),
        "fn_ops": fn, "fp_ops": fp,
        "ms3_codes": sorted({f["code"] for f in ms3}),
        "ms3_count": len(ms3),
    }


def measure() -> dict:
    scripts = sorted(p for p in HERE.glob("*.py") if p.name != "measure.py"
                     and p.with_suffix(".expected.json").exists())
    rows = [evaluate_file(s) for s in scripts]
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
    res = measure()
    if "--json" in argv:
        print(json.dumps(res, indent=2))
        return 0
    print(f"{'file':40s} {'2nd':>4s} {'TP':>3s} {'FP':>3s} {'FN':>3s}  MS3xx")
    for r in res["files"]:
        print(f"{r['file']:40s} {str(r['second_order'])[0]:>4s} {r['tp']:3d} {r['fp']:3d} {r['fn']:3d}  "
              f"{','.join(r['ms3_codes']) or '-'}")
        for op in r["fn_ops"]:
            print(f"    FN line {op['line']}: {op['api']}")
        for op in r["fp_ops"]:
            print(f"    FP line {op['line']}: {op['api']}")
    print(f"\nflagged ops: TP={res['tp']} FP={res['fp']} FN={res['fn']}  "
          f"precision={res['precision']:.3f} recall={res['recall']:.3f}")
    print(f"first-order files with any MS3xx finding: {res['first_order_files_flagged']}/{res['first_order_files']}")
    print(f"second-order files with no MS3xx finding: {res['second_order_files_without_ms3']}/{res['second_order_files']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
