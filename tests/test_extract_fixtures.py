"""Fixture pairs: every `tests/fixtures/extract/NAME.py` must yield exactly the uses in NAME.expected.

Each expected line is `LINE:COL KIND API CONFIDENCE`; any missing or extra use fails the test.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ms_scan.extract import extract_source

CASES = sorted((Path(__file__).parent / "fixtures" / "extract").glob("*.py"))


def _expected(path: Path) -> list[str]:
    lines = path.with_suffix(".expected").read_text().splitlines()
    return sorted(line.strip() for line in lines if line.strip())


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_fixture(case: Path) -> None:
    facts = extract_source(case.read_bytes(), case.name)
    assert facts.problem is None
    got = sorted(f"{u.line}:{u.column} {u.kind} {u.api} {u.confidence}" for u in facts.uses)
    assert got == _expected(case)


def test_reexport_through_project_module(run_scan) -> None:
    root = Path(__file__).parent / "fixtures" / "reexport"
    result = run_scan(root)
    got = sorted(f"{f.path} {f.line}:{f.column} {f.kind} {f.torch_api} {f.confidence}"
                 for f in result.findings if f.path.startswith("pkg/"))
    expected = sorted(l for l in (root / "model.expected").read_text().splitlines() if l.strip())
    assert got == expected


def test_members_defined_by_project_classes(run_scan, tmp_path) -> None:
    """The cross-file class index: `self.register_parameter(...)` in a class whose project base (another
    file, reached through a re-export) overrides it is not nn.Module's; members no project class
    defines, and those of torch classes, are still reported."""
    root = Path(__file__).parent / "fixtures" / "extract" / "class_index"
    result = run_scan(root, cache_dir=str(tmp_path))
    got = sorted(f"{f.path} {f.line}:{f.column} {f.kind} {f.torch_api} {f.confidence}"
                 for f in result.findings if f.path.startswith("pkg/"))
    expected = sorted(l for l in (root / "kern.expected").read_text().splitlines() if l.strip())
    assert got == expected
    assert not any(f.torch_api == "torch.nn.Module.register_parameter" and f.path == "pkg/kern.py"
                   for f in result.findings)
