"""Coverage of the 2.10 table: the share of distinct PyTorch APIs that real code uses (the accuracy benchmark's
truth files) for which the lookup gives a status other than `unknown`."""
import ast
import glob
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ACCURACY = os.path.join(ROOT, "benchmarks", "accuracy")


def _measured_sets() -> set[str]:
    """Packages of the sets already measured (run.py's PACKAGES, HELDOUT, FRESH): a newer held-out set (FRESH2)
    stays out of this test until it has been measured (FRESH2 was, blind, and is now in)."""
    with open(os.path.join(ACCURACY, "run.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return {elt.value for node in tree.body if isinstance(node, ast.Assign)
            for name in node.targets if isinstance(name, ast.Name) and name.id in ("PACKAGES", "HELDOUT", "FRESH", "FRESH2")
            for elt in node.value.elts}


def _truth_files() -> list[str]:
    measured = _measured_sets()
    out = []
    for path in sorted(glob.glob(os.path.join(ACCURACY, "truth", "*.json"))):
        with open(path, encoding="utf-8") as f:
            if json.load(f).get("package") in measured:
                out.append(path)
    return out


TRUTH = _truth_files()
MIN_SHARE = 0.95


def truth_apis() -> set[str]:
    """Distinct APIs of the truth files, in the scanner's canonical spelling (as score.py names them)."""
    from ms_scan.extract.catalog import load_catalog

    public = load_catalog().canonical_name
    apis = set()
    for path in TRUTH:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for entry in (data.get("files") or {}).values():
            apis |= {public(use[1]) for use in entry.get("uses", [])}
    return apis


def test_truth_api_coverage_in_2_10():
    assert TRUTH, "the accuracy benchmark's truth files are committed data: they must exist"
    from ms_scan.tables.mapping import load_table
    table = load_table("2.10")
    apis = truth_apis()
    unknown = sorted(a for a in apis if table.lookup(a).status == "unknown")
    share = 1 - len(unknown) / len(apis)
    assert len(apis) >= 200
    assert share >= MIN_SHARE, (round(share, 4), unknown)


PRE_MINT_BRANCHES = {"r1.7", "r1.10", "r2.0", "r2.1", "r2.2", "r2.3", "r2.4.10"}


@pytest.mark.parametrize("release", ["2.5", "2.10"])
def test_pre_mint_alternatives_only_change_unsupported_backends(release):
    """Kept pre-mint rows are fallbacks: where the current target runs, the lookup's answer is unchanged."""
    import csv

    from ms_scan.tables.mapping import MappingTable, load_table
    with open(os.path.join(ROOT, "mappings", release, "api_mapping.csv"), newline="", encoding="utf-8") as f:
        branch = {(r["torch_api"], r["ms_api"]): r["src_branch"] for r in csv.DictReader(f)}
    table = load_table(release)
    n_alt = 0
    for api, rows in table.by_api.items():
        if not any(r.ms_api.startswith("mindspore.mint.") for r in rows):
            continue
        alts = [r for r in rows if not r.ms_api.startswith("mindspore.mint.")
                and branch.get((api, r.ms_api)) in PRE_MINT_BRANCHES]
        if not alts:
            continue
        n_alt += len(alts)
        base = [r for r in rows if r not in alts]
        for target in (None, "ascend"):
            assert MappingTable._best(rows, target)[0] == MappingTable._best(base, target)[0], (api, target)
    assert n_alt >= 200
    cpu = table.lookup("torch.nn.AdaptiveAvgPool2d", target="cpu").row
    assert cpu.ms_api == "mindspore.nn.AdaptiveAvgPool2d" and "CPU" in cpu.backends
