"""The ast-anchored positions must equal libcst's PositionProvider exactly, on every corpus file."""
from __future__ import annotations

from pathlib import Path

import pytest

import ms_scan.extract.positions as positions
from ms_scan.extract import extract_source

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("tests/fixtures/**/*.py"), *ROOT.glob("examples/**/*.py"),
                *ROOT.glob("tests/dynamic_shape/cases/*.py"), *ROOT.glob("ms_scan/extract/*.py")])


def _uses(data: bytes):
    facts = extract_source(data, "x.py")
    return [(u.line, u.column, u.end_line, u.end_column, u.api, u.keyword_at) for u in facts.uses]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_fast_positions_equal_position_provider(path, monkeypatch):
    data = path.read_bytes()
    calls = {"fallback": 0}
    fast = positions._from_ast

    def counting(*args):
        result = fast(*args)
        calls["fallback"] += result is None
        return result

    monkeypatch.setattr(positions, "_from_ast", counting)
    got = _uses(data)
    monkeypatch.setattr(positions, "_from_ast", lambda *a: None)
    assert got == _uses(data)
    assert calls["fallback"] == 0  # the fast path handled the file on its own


def test_non_ascii_columns_are_characters():
    src = "import torch\ns = 'héllo'; x = torch.ones(1).view(-1)  # ünïcode\n".encode()
    facts = extract_source(src, "x.py")
    line = src.decode().splitlines()[1]
    assert [(u.api, u.column) for u in facts.uses] == [
        ("torch.ones", line.index("torch") + 1), ("torch.Tensor.view", line.index("view") + 1)]
