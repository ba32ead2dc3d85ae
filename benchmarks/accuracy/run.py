"""One command for the accuracy benchmark: (re)collect truth if asked, scan the packages, print recall/precision.

Scores ms-scan (or any command given with --scanner) beside the naive baseline, per package and overall.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from score import Score, format_score, load_findings, load_unobservable, score  # noqa: E402

EVAL_PYTHON = "/work/evalvenv/bin/python"
# Tuning set: the scanner was developed against these.
PACKAGES = ["transformers", "diffusers", "kornia", "x_transformers", "monai"]
# Held-out set: only for measuring; never look at its misses or false findings to tune the scanner.
HELDOUT = ["torchmetrics", "pyro", "vector_quantize_pytorch", "torchdiffeq"]
# Fresh held-out set: added after the held-out set had been used for tuning; same rule, never tune on it.
FRESH = ["gpytorch", "e3nn", "torch_geometric", "torchsde"]
# Second fresh held-out set: added after the fresh set had been measured; same rule, never tune on it.
FRESH2 = ["esm", "pytorch_metric_learning", "torch_optimizer", "zuko"]
# Third fresh held-out set: added after the second had been measured; same rule, never tune on it.
FRESH3 = ["snntorch", "botorch", "stable_baselines3", "pytorch_tabnet"]
# Fourth fresh held-out set: added after the third had been measured; same rule, never tune on it.
FRESH4 = ["captum", "torchattacks", "torch_pruning", "nnAudio"]


def site_packages(python: str) -> str:
    out = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def truth_files(truth_dir: str, packages: list[str]) -> dict[str, str]:
    found = {}
    for path in sorted(glob.glob(os.path.join(truth_dir, "*.json"))):
        if os.path.basename(path).startswith("unobservable-"):
            continue
        with open(path) as fh:
            head = json.load(fh)
        if head["package"] in packages:
            found[head["package"]] = path
    return found


def default_scanner() -> str | None:
    """`ms-scan` if on PATH, else `python -m ms_scan` if importable, else None (naive baseline only)."""
    if shutil.which("ms-scan"):
        base = ["ms-scan"]
    elif subprocess.run([sys.executable, "-c", "import ms_scan.__main__"], cwd=REPO, capture_output=True).returncode == 0:
        base = [sys.executable, "-m", "ms_scan"]
    else:
        return None
    top = subprocess.run(base + ["--help"], cwd=REPO, capture_output=True, text=True).stdout
    if "--format" not in top and " scan" in top:  # a CLI with subcommands: `ms-scan scan PATHS`
        base.append("scan")
    helptext = subprocess.run(base + ["--help"], cwd=REPO, capture_output=True, text=True).stdout
    opts = [o for o in ("--no-cache", "--exit-zero") if o in helptext]
    return " ".join(map(shlex.quote, base)) + " {dir} --format json " + " ".join(opts)


def mirror_executed(truth: dict, site: str, dest: str) -> None:
    """Copies the files the truth run executed (paths kept relative to site-packages) into dest."""
    for rel, rec in truth["files"].items():
        if not rec.get("executed") or not os.path.isfile(os.path.join(site, rel)):
            continue
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(site, rel), target)


def run_scanner(template: str, scan_dir: str, repeat: int) -> tuple[dict, list[float]]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(template.format(dir=shlex.quote(scan_dir)), shell=True, cwd=REPO,
                              capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if proc.returncode not in (0, 1) or not proc.stdout.strip():
            raise RuntimeError(f"scanner failed ({proc.returncode}): {proc.stderr[-2000:]}")
        out = proc.stdout
    return json.loads(out), times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--collect", action="store_true", help="re-collect truth first (runs the models, ~1 min)")
    ap.add_argument("--packages", nargs="*",
                    help="import names; default: the tuning set (or the held-out / fresh / fresh2-4 set)")
    ap.add_argument("--heldout", action="store_true",
                    help=f"score the held-out set ({', '.join(HELDOUT)}) instead of the tuning set")
    ap.add_argument("--fresh", action="store_true",
                    help=f"score the fresh held-out set ({', '.join(FRESH)}) instead of the tuning set")
    ap.add_argument("--fresh2", action="store_true",
                    help=f"score the second fresh held-out set ({', '.join(FRESH2)}) instead of the tuning set")
    ap.add_argument("--fresh3", action="store_true",
                    help=f"score the third fresh held-out set ({', '.join(FRESH3)}) instead of the tuning set")
    ap.add_argument("--fresh4", action="store_true",
                    help=f"score the fourth fresh held-out set ({', '.join(FRESH4)}) instead of the tuning set")
    ap.add_argument("--eval-python", default=EVAL_PYTHON,
                    help="python of the venv holding torch and the packages (truth collection, naive scan)")
    ap.add_argument("--truth-dir", default=os.path.join(HERE, "truth"))
    ap.add_argument("--scanner", help="command with {dir} for the scan root; default: ms-scan if available")
    ap.add_argument("--path-prefix", default="",
                    help="prepended to finding paths; the scan root is a site-packages-shaped directory, so ''")
    ap.add_argument("--full", action="store_true",
                    help="scan each whole installed package, not only the files the truth run executed")
    ap.add_argument("--repeat", type=int, default=1, help="scanner runs per package; the median time is shown")
    ap.add_argument("--strict", action="store_true", help="no twin-namespace name tolerance")
    ap.add_argument("--naive-only", action="store_true", help="score only the naive baseline")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    if args.heldout + args.fresh + args.fresh2 + args.fresh3 + args.fresh4 > 1:
        ap.error("--heldout, --fresh, --fresh2, --fresh3 and --fresh4 are separate sets: pick one")
    if args.packages is None:
        args.packages = (FRESH4 if args.fresh4 else FRESH3 if args.fresh3 else FRESH2 if args.fresh2
                         else FRESH if args.fresh else HELDOUT if args.heldout else PACKAGES)

    if args.collect:
        for pkg in args.packages:
            subprocess.run([args.eval_python, os.path.join(HERE, "collect_truth.py"), pkg, "--out", args.truth_dir],
                           check=True)
    site = site_packages(args.eval_python)
    truths = truth_files(args.truth_dir, args.packages)
    unobs_files = sorted(glob.glob(os.path.join(args.truth_dir, "unobservable-torch-*.json")))
    unobservable = load_unobservable(unobs_files[-1]) if unobs_files else set()
    scanner = None if args.naive_only else (args.scanner or default_scanner())
    naive = f"{shlex.quote(args.eval_python)} {shlex.quote(os.path.join(HERE, 'naive_scan.py'))} {{dir}}"
    tools = [("naive", naive)] + ([("scanner", scanner)] if scanner else [])
    if not scanner and not args.naive_only:
        print("ms-scan is not importable yet: scoring the naive baseline only", file=sys.stderr)

    totals = {name: Score() for name, _ in tools}
    rows, figures = [], {}
    with tempfile.TemporaryDirectory(prefix="ms-scan-acc-") as tmp:
        for pkg, tpath in truths.items():
            with open(tpath) as fh:
                truth = json.load(fh)
            if args.full:
                scan_dir, prefix = os.path.join(site, pkg), pkg + "/"
            else:
                scan_dir, prefix = os.path.join(tmp, pkg), args.path_prefix
                mirror_executed(truth, site, scan_dir)
            label = f"{truth['distribution']}-{truth['version']}"
            row = [label, str(sum(len(f["uses"]) for f in truth["files"].values()))]
            for name, template in tools:
                result, times = run_scanner(template, scan_dir, args.repeat)
                s = score(truth, load_findings(result, prefix), unobservable, not args.strict)
                totals[name].add(s)
                row += [f"{s.recall:.2%}", f"{s.precision:.2%}", f"{statistics.median(times):.2f}s"]
                figures.setdefault(label, {})[name] = {
                    "recall": s.recall, "precision": s.precision, "found": s.found, "truth": s.truth,
                    "correct": s.correct, "judged": s.judged, "median_seconds": statistics.median(times)}
                print(format_score(f"{label} [{name}]", s, args.top), file=sys.stderr)
            rows.append(row)
    row = ["overall", str(totals[tools[0][0]].truth)]
    for name, _ in tools:
        row += [f"{totals[name].recall:.2%}", f"{totals[name].precision:.2%}", ""]
        figures.setdefault("overall", {})[name] = {"recall": totals[name].recall, "precision": totals[name].precision}
    rows.append(row)

    header = ["package", "truth uses"]
    for name, _ in tools:
        header += [f"{name} recall", f"{name} precision", f"{name} time"]
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    for r in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(figures, fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
