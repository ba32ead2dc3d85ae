"""Scores a scanner's JSON findings against a truth file: recall, precision, top misses and false reports.

Pure Python (no torch). Usage: python score.py truth/transformers-5.23.0.json scan.json [--path-prefix transformers/]
"""
from __future__ import annotations

import argparse
import collections
import functools
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

# Tolerance B: a finding whose name differs from the truth only by namespace among these twins
# (`torch.softmax` vs `torch.nn.functional.softmax`) counts, but is reported as "tolerated".
TWIN_NAMESPACES = ("torch", "torch.nn.functional", "torch.special", "torch.linalg", "torch.fft")


@dataclass
class Score:
    truth: int = 0
    found_exact: int = 0  # same line, same API (or one of its runtime aliases)
    found_span: int = 0  # line inside the multi-line call expression
    found_tolerated: int = 0  # twin-namespace name
    reported: int = 0  # findings in scored files, after de-duplication
    judged: int = 0  # findings on fully executed lines with an observable API
    correct_primary: int = 0
    correct_aux: int = 0  # operators, property reads, indirect calls, super().__init__, methods
    unjudged_unexecuted: int = 0
    unjudged_partial: int = 0
    unjudged_unobservable: int = 0
    missed: collections.Counter = field(default_factory=collections.Counter)
    false: collections.Counter = field(default_factory=collections.Counter)
    missed_sites: list = field(default_factory=list)
    false_sites: list = field(default_factory=list)

    @property
    def found(self) -> int:
        return self.found_exact + self.found_span + self.found_tolerated

    @property
    def recall(self) -> float:
        return self.found / self.truth if self.truth else 1.0

    @property
    def correct(self) -> int:
        return self.correct_primary + self.correct_aux

    @property
    def precision(self) -> float:
        return self.correct / self.judged if self.judged else 1.0

    def add(self, other: "Score") -> None:
        for name in ("truth", "found_exact", "found_span", "found_tolerated", "reported", "judged",
                     "correct_primary", "correct_aux", "unjudged_unexecuted", "unjudged_partial",
                     "unjudged_unobservable"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.missed.update(other.missed)
        self.false.update(other.false)
        self.missed_sites += other.missed_sites
        self.false_sites += other.false_sites


def _ranges_to_set(ranges) -> set[int]:
    out: set[int] = set()
    for a, b in ranges:
        out.update(range(a, b + 1))
    return out


def _split(name: str) -> tuple[str, str]:
    mod, _, last = name.rpartition(".")
    return mod, last


def name_matches(reported: str, truth_api: str, aliases: dict, tolerant: bool = True) -> str | None:
    """'exact' if reported is the truth API or a runtime alias of it, 'tolerated' for twin namespaces."""
    names = {truth_api, *aliases.get(truth_api, ())}
    if reported in names:
        return "exact"
    if tolerant:
        rmod, rlast = _split(reported)
        if rmod in TWIN_NAMESPACES:
            for n in names:
                mod, last = _split(n)
                if last == rlast and mod in TWIN_NAMESPACES:
                    return "tolerated"
    return None


_CATALOGUE = Path(__file__).resolve().parents[2] / "mappings" / "torch" / "2.13.0" / "torch_api.json"


@functools.lru_cache(maxsize=1)
def _aliases() -> dict:
    """Implementation path -> public name, from the generated torch catalogue (the scanner's too)."""
    return json.loads(_CATALOGUE.read_text())["canonical"] if _CATALOGUE.is_file() else {}


def public_name(name: str) -> str:
    """`torch.nn.modules.module.Module.register_buffer` -> `torch.nn.Module.register_buffer`."""
    aliases = _aliases()
    if name in aliases:
        return aliases[name]
    head, _, tail = name.rpartition(".")
    while head:
        if head in aliases:
            return f"{aliases[head]}.{tail}"
        head, _, last = head.rpartition(".")
        tail = f"{last}.{tail}"
    return name


def _truth_records(rows, aux: bool):
    """Normalises [line, api] / [line, api, lo, hi] (/ + kind for aux) to (line, api, lo, hi)."""
    out = []
    for r in rows:
        line, api = r[0], public_name(r[1])
        lo, hi = (r[2], r[3]) if len(r) >= 4 and isinstance(r[2], int) else (line, line)
        out.append((line, api, lo, hi))
    return out


# Finding kinds no runtime recorder can observe: a class statement naming `nn.Module` as a base,
# or `isinstance(m, nn.Conv2d)`, calls nothing in torch; an `argument` finding (MS106) repeats
# its call's API at the keyword's line. Likewise an `attribute` finding outside torch.Tensor: the
# recorder sees tensor property reads, but a read of a module-level constant runs no torch code. They are real API uses for a migration,
# but cannot be judged against what the dispatcher saw, so they are left out of both figures.
UNJUDGEABLE_KINDS = frozenset({"subclass", "reference", "argument"})


def load_findings(scan: dict, path_prefix: str = "") -> dict[str, set[tuple[int, str]]]:
    """Findings per file, keyed by the path relative to site-packages (path_prefix + scanner path)."""
    out: dict[str, set[tuple[int, str]]] = collections.defaultdict(set)
    for f in scan.get("findings", []):
        api = f.get("torch_api")
        if not api or f.get("line") is None or f.get("kind") in UNJUDGEABLE_KINDS:
            continue
        if f.get("kind") == "attribute" and not api.startswith("torch.Tensor."):
            continue  # a read of a module constant (torch.float16, constraints.real): no hook sees it
        code = str(f.get("code", ""))
        if code.startswith("MS") and code[2:].isdigit() and not code.startswith("MS1"):
            continue  # MS2xx/MS3xx are analyses of uses, not API-use reports (and use pseudo-names)
        path = f["path"].replace("\\", "/")
        path = path_prefix + (path[2:] if path.startswith("./") else path)
        out[path].add((int(f["line"]), api))
    return out


def score(truth: dict, findings: dict[str, set[tuple[int, str]]], unobservable: set[str] = frozenset(),
          tolerant: bool = True) -> Score:
    aliases = truth.get("aliases", {})
    total = Score()
    for rel, rec in truth["files"].items():
        executed = _ranges_to_set(rec.get("executed", []))
        if not executed:
            continue  # only files the truth run executed are scored
        partial = set(rec.get("partial", []))
        s = Score()
        uses = _truth_records(rec.get("uses", []), aux=False)
        aux = _truth_records(rec.get("aux", []), aux=True)
        reports = sorted(findings.get(rel, ()))
        s.truth = len(uses)
        s.reported = len(reports)

        # Recall: one finding per truth use; exact lines first, then lines inside the call span.
        free = list(reports)
        unmatched = []
        for line, api, lo, hi in uses:
            hit = next((r for r in free if r[0] == line and name_matches(r[1], api, aliases, False)), None)
            if hit:
                free.remove(hit)
                s.found_exact += 1
            else:
                unmatched.append((line, api, lo, hi))
        still = []
        for line, api, lo, hi in unmatched:
            hit = next((r for r in free if lo <= r[0] <= hi and name_matches(r[1], api, aliases, False)), None)
            if hit:
                free.remove(hit)
                s.found_span += 1
            else:
                still.append((line, api, lo, hi))
        for line, api, lo, hi in still:
            hit = next((r for r in free if lo <= r[0] <= hi and name_matches(r[1], api, aliases, tolerant)), None)
            if hit:
                free.remove(hit)
                s.found_tolerated += 1
            else:
                s.missed[api] += 1
                s.missed_sites.append((rel, line, api))

        # Precision: every finding on a fully executed line with an observable API is judged.
        for line, api in reports:
            if line not in executed:
                s.unjudged_unexecuted += 1
                continue
            if line in partial:
                s.unjudged_partial += 1
                continue
            if api in unobservable:
                s.unjudged_unobservable += 1
                continue
            s.judged += 1
            if any(lo <= line <= hi and name_matches(api, t, aliases, tolerant) for _, t, lo, hi in uses):
                s.correct_primary += 1
            elif any(lo <= line <= hi and name_matches(api, t, aliases, tolerant) for _, t, lo, hi in aux):
                s.correct_aux += 1
            else:
                s.false[api] += 1
                s.false_sites.append((rel, line, api))
        total.add(s)
    return total


def load_unobservable(path: str | None) -> set[str]:
    if not path:
        return set()
    with open(path) as fh:
        return set(json.load(fh)["unobservable"])


def format_score(name: str, s: Score, top: int = 10) -> str:
    lines = [
        f"{name}: recall {s.recall:.2%} ({s.found}/{s.truth}; exact {s.found_exact}, span {s.found_span}, "
        f"tolerated {s.found_tolerated})",
        f"{name}: precision {s.precision:.2%} ({s.correct}/{s.judged} judged; primary {s.correct_primary}, "
        f"aux {s.correct_aux}); unjudged: not executed {s.unjudged_unexecuted}, partial line "
        f"{s.unjudged_partial}, unobservable API {s.unjudged_unobservable}",
    ]
    if top:
        lines.append("  top missed: " + ", ".join(f"{a} x{n}" for a, n in s.missed.most_common(top)))
        lines.append("  top false:  " + ", ".join(f"{a} x{n}" for a, n in s.false.most_common(top)))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("truth")
    ap.add_argument("scan", help="scanner JSON ({'findings': [{'path', 'line', 'torch_api'}]}); '-' for stdin")
    ap.add_argument("--path-prefix", default="",
                    help="prepended to each finding path to make it relative to site-packages, e.g. 'transformers/' "
                         "when the scan root was the package directory")
    ap.add_argument("--unobservable", help="truth/unobservable-torch-*.json: names the judge cannot see")
    ap.add_argument("--strict", action="store_true", help="no twin-namespace tolerance")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--sites", type=int, default=0, help="also list this many missed and false sites")
    args = ap.parse_args(argv)
    with open(args.truth) as fh:
        truth = json.load(fh)
    scan = json.load(sys.stdin if args.scan == "-" else open(args.scan))
    s = score(truth, load_findings(scan, args.path_prefix), load_unobservable(args.unobservable), not args.strict)
    print(format_score(f"{truth['distribution']}-{truth['version']}", s, args.top))
    for title, sites in (("missed", s.missed_sites), ("false", s.false_sites)):
        for rel, line, api in sites[: args.sites]:
            print(f"  {title}: {rel}:{line} {api}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
