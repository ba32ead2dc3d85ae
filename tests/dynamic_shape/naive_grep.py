"""Naive-grep baseline: flag every line whose text matches an op-name regex, score it per line.
It is the floor the MS2xx rules must beat; it reads case files only and never imports torch."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import judge

NAIVE_RE = re.compile(r"nonzero|masked_select|unique|where|argwhere|bincount|repeat_interleave|one_hot|multinomial|item|tolist")


def score(files) -> dict:
    tp = fp = fn = 0
    for path in files:
        expected = set(judge.expected_lines(path))
        lines = path.read_text().splitlines()
        # the marker comment itself must not help the grep
        flagged = {i for i, line in enumerate(lines, 1) if NAIVE_RE.search(judge.EXPECT_RE.sub("", line))}
        tp += len(flagged & expected)
        fp += len(flagged - expected)
        fn += len(expected - flagged)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f1": f1}


def main() -> int:
    """Rows: `dir` = all files, `dir+` = positive files only."""
    dirs = sys.argv[1:] or list(judge.CASE_DIRS)
    for d in dirs:
        files = judge.case_files((d,))
        positives = [f for f in files if judge.expected_lines(f)]
        # second row: without the trap files, closer to code that was not written to fool a grep
        for label, group in ((d, files), (f"{d}+", positives)):
            s = score(group)
            print(f"{label:9s} tp={s['tp']:3d} fp={s['fp']:3d} fn={s['fn']:3d}  "
                  f"precision={s['precision']:.2f} recall={s['recall']:.2f} F1={s['f1']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
