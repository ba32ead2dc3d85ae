"""Source positions for the nodes the extractor recorded, computed only for files that have uses.

libcst nodes carry no positions; PositionProvider computes them for the whole tree (about 1.5x the
parse). Keeping this behind one function lets a cheaper strategy replace it without touching rules.
"""
from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider


def locate(module: cst.Module, nodes: list[cst.CSTNode]) -> dict[int, tuple[int, int, int, int]]:
    """id(node) -> (line, column, end_line, end_column), 1-based columns."""
    if not nodes:
        return {}
    ranges = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    out = {}
    for node in nodes:
        r = ranges.get(node)
        if r is not None:
            out[id(node)] = (r.start.line, r.start.column + 1, r.end.line, r.end.column + 1)
    return out
