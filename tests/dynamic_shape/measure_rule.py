"""Line-level precision/recall/F1 of the MS2xx extractor per corpus dir (cases, heldout, heldout2, heldout3),
next to the naive grep's. Reads the case files with ms-scan's own pass; never imports torch.
Run: python tests/dynamic_shape/measure_rule.py [DIR ...]   (default: every dir of judge.CASE_DIRS)"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge  # noqa: E402
import naive_grep  # noqa: E402

from ms_scan.extract.shapes import extract_shape_facts  # noqa: E402


def flagged(path: Path) -> set[tuple[int, str]]:
    return {(f.line, f.code) for f in extract_shape_facts(path.read_text(), path.name)}


def score(files, by_code: bool = True) -> dict:
    """Scores (line, code) pairs; with by_code=False a line counts whatever code it got."""
    tp = fp = fn = 0
    for path in files:
        expected = set(judge.expected_lines(path).items())
        got = flagged(path)
        if not by_code:
            expected, got = {line for line, _ in expected}, {line for line, _ in got}
        tp += len(got & expected)
        fp += len(got - expected)
        fn += len(expected - got)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r,
            "f1": 2 * p * r / (p + r) if p + r else 0.0}


def _row(label: str, s: dict) -> str:
    return (f"{label:24s} tp={s['tp']:3d} fp={s['fp']:3d} fn={s['fn']:3d}  precision={s['precision']:.2f} "
            f"recall={s['recall']:.2f} F1={s['f1']:.2f}")


def main() -> int:
    dirs = sys.argv[1:] or list(judge.CASE_DIRS)
    for d in dirs:
        files = judge.case_files((d,))
        print(_row(f"{d} ms-scan (line+code)", score(files)))
        print(_row(f"{d} ms-scan (line)", score(files, by_code=False)))
        print(_row(f"{d} naive grep (line)", naive_grep.score(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
