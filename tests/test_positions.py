"""The ast-anchored positions must equal libcst's PositionProvider exactly, on every corpus file (a fixed sample of
the second-order fixtures: package_sample.sampled_fixture_files)."""
from __future__ import annotations

from pathlib import Path

import pytest

import ms_scan.extract.positions as positions
from ms_scan.extract import extract_source
from package_sample import sampled_fixture_files

ROOT = Path(__file__).resolve().parents[1]
FILES = sampled_fixture_files(sorted([*ROOT.glob("tests/fixtures/**/*.py"), *ROOT.glob("examples/**/*.py"),
                                      *ROOT.glob("tests/dynamic_shape/cases/*.py"), *ROOT.glob("ms_scan/extract/*.py")]))


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


def _text_nodes(data: bytes):
    """The expression nodes extract_source places from the source text, with the walker that saw them."""
    import libcst as cst

    from ms_scan.extract import GradExtractor, _extractor_class, load_catalog

    text = data.decode("utf-8")
    tree = cst.parse_module(text)
    walker = _extractor_class(data)(load_catalog(), "x", False, frozenset())
    walker.walk(tree)
    nodes = walker.shape_nodes() + (walker.grad_nodes() if isinstance(walker, GradExtractor) else [])
    return tree, text, nodes, walker


TEXT_FILES = [p for p in FILES if b"torch" in p.read_bytes()]


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_text_positions_equal_position_provider(path):
    tree, text, nodes, walker = _text_nodes(path.read_bytes())
    fast = positions._from_text(tree, text, nodes, walker)
    if fast is None:  # allowed (the caller falls back), but then nothing to compare
        return
    assert fast == positions._from_libcst(tree, nodes)


MULTILINE = '''\
import torch


class Pool(torch.nn.Module):
    def forward(self, audio_lengths, video_lengths, a, b, window_size, k):
        if (audio_lengths == a.shape[1]).all() or (
            video_lengths == b.shape[1]
        ).all():
            return a
        keep = a[
            audio_lengths > 0
        ]
        bias = b.view(
            window_size[0] * window_size[1] + 1, -1
        )
        return keep[: int(
            k.sum()
        )], bias
'''


def test_multi_line_expressions_in_indented_blocks_are_placed_from_the_text():
    """Continuation lines repeat the block's indentation (libcst's `indent=True`): the text placement
    reproduces it instead of falling back to a whole-file PositionProvider."""
    tree, text, nodes, walker = _text_nodes(MULTILINE.encode())
    multi = [n for n in nodes if "\n" in tree.code_for_node(n)]
    assert len(multi) >= 2
    fast = positions._from_text(tree, text, nodes, walker)
    assert fast is not None
    assert fast == positions._from_libcst(tree, nodes)
